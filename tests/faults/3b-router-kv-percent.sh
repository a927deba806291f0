# pair: 14b
# plants: code/: the router release the run deployed stores KV usage as a percent: its metrics extractors multiply vLLM's 0-1 gauge by 100 (clone.KVCacheUsagePercent = extractValue(metric) * 100, the field's name taken at its word), while the generated plugin, like the sim, divides it by the 0-1 threshold 0.8: the real KV term is 100 times the simulated one
# catches: 3b transform.kv_usage - => WARN|FAIL ~ 100
# touches: 3a 3b
plant() {
	local f
	for f in code/gaie/pkg/epp/framework/plugins/datalayer/extractor/metrics/extractor.go \
	    code/llmd/pkg/epp/framework/plugins/datalayer/extractor/metrics/extractor.go; do
		sed -i 's/clone.KVCacheUsagePercent = extractValue(\([a-z]*\))$/clone.KVCacheUsagePercent = extractValue(\1) * 100/' "$f"
		grep -q 'extractValue([a-z]*) \* 100$' "$f"
	done
}
