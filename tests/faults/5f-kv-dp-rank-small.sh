# pair: aw
# plants: treatment/w3_multi_prefix_contention: pod t7ngh runs vLLM with two data-parallel engines (data_parallel_size=2, stats lines per engine: Engine 000, Engine 001), and the GPU of its second engine still holds a leftover process of an earlier job, so EngineCore_DP1 profiled less free memory: its 'GPU KV cache size' line says 151,040 tokens where DP0 and every other pod of both arms say 198,208; the first engine's line alone was judged, so the small engine passed
# catches: 5f kv_cache.tokens instance=sim2real-aw-decode-79f6f9b4db-t7ngh,phase=treatment,rank=001,workload=w3_multi_prefix_contention => FAIL
# catches: 2c arms.kv phase=treatment,workload=w3_multi_prefix_contention => WARN ~ 5 .GPU KV cache size. lines
# touches: 5f@treatment/w3_multi_prefix_contention 5c@treatment/w3_multi_prefix_contention 5a@treatment/w3_multi_prefix_contention 2a@treatment/w3_multi_prefix_contention 2c@*/w3_multi_prefix_contention
plant() {
	local f
	f=$(ls "$REAL"/treatment/w3_multi_prefix_contention/server_logs/*t7ngh_vllm.log)
	awk '/Initializing a V1 LLM engine/ {
		sub(/data_parallel_size=1,/, "data_parallel_size=2,")
	}
	/Engine 000: / {
		print
		sub(/Engine 000: /, "Engine 001: ")
	}
	{ print }
	/EngineCore_DP0 pid=439.*Maximum concurrency for / {
		print "(APIServer pid=1) (EngineCore_DP1 pid=440) INFO 04-23 14:48:18 [gpu_worker.py:424] Available KV cache memory: 23.05 GiB"
		print "(APIServer pid=1) (EngineCore_DP1 pid=440) INFO 04-23 14:48:18 [kv_cache_utils.py:1314] GPU KV cache size: 151,040 tokens"
		print "(APIServer pid=1) (EngineCore_DP1 pid=440) INFO 04-23 14:48:18 [kv_cache_utils.py:1319] Maximum concurrency for 40,960 tokens per request: 3.69x"
	}' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q '151,040 tokens' "$f"
}
