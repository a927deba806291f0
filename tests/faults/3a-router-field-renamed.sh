# pair: 14b
# plants: code/: the router release the run deployed renamed the endpoint metric field KVCacheUsagePercent to KVCacheUsage (struct, extractor, detector); the generated plugin still reads KVCacheUsagePercent, a signal this router does not have
# catches: 3a signal.kv_utilization - => FAIL
# touches: 3a 3b 3c
plant() {
	grep -rl 'KVCacheUsagePercent\b' code | xargs sed -i 's/\bKVCacheUsagePercent\b/KVCacheUsage/g'
	! grep -rqw KVCacheUsagePercent code
}
