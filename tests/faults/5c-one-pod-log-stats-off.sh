# pair: aw
# plants: treatment/w3_multi_prefix_contention: one of the four pods (qr9k4, deployed from a manifest that quiets the log) runs with --disable-log-stats: its startup args say 'disable_log_stats': True and its log has no "Engine 000:" stats lines at all, so nothing shows whether its prefix cache hit
# catches: 5c prefix_cache.hit_rate instance=sim2real-aw-decode-79f6f9b4db-qr9k4,phase=treatment,workload=w3_multi_prefix_contention => WARN
# touches: 5c@treatment/w3_multi_prefix_contention 5f@treatment/w3_multi_prefix_contention 5b@treatment/w3_multi_prefix_contention 5e@treatment/w3_multi_prefix_contention 5a@treatment/w3_multi_prefix_contention 2a@treatment/w3_multi_prefix_contention 2c@*/w3_multi_prefix_contention 3a@treatment/w3_multi_prefix_contention 3b@treatment/w3_multi_prefix_contention 3c@treatment/w3_multi_prefix_contention 3d@treatment/w3_multi_prefix_contention
plant() {
	local f
	f=$(ls "$REAL"/treatment/w3_multi_prefix_contention/server_logs/*qr9k4_vllm.log)
	sed -i -e "s/'enable_prefix_caching': True,/'enable_prefix_caching': True, 'disable_log_stats': True,/" \
	    -e '/\[loggers.py:[0-9]*\] Engine 000:/d' "$f"
	! grep -q 'Engine 000:' "$f"
}
