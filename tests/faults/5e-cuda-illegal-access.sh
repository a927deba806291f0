# pair: aw
# plants: treatment/w3_multi_prefix_contention: pod t7ngh logs a CUDA illegal memory access in a worker (a kernel fault) and recovers after a restart of the engine loop
# catches: 5e log.problems instance=sim2real-aw-decode-79f6f9b4db-t7ngh,phase=treatment,workload=w3_multi_prefix_contention => FAIL
# touches: 5e@treatment/w3_multi_prefix_contention
plant() {
	local f
	f=$(ls "$REAL"/treatment/w3_multi_prefix_contention/server_logs/*t7ngh_vllm.log)
	awk -v n="$(($(wc -l <"$f") * 2 / 3))" '{ print } NR == n {
	print "(APIServer pid=1) (EngineCore_DP0 pid=439) ERROR 04-23 15:05:11 [core.py:935] RuntimeError: CUDA error: an illegal memory access was encountered"
	print "(APIServer pid=1) (EngineCore_DP0 pid=439) ERROR 04-23 15:05:11 [core.py:935] CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect."
	print "(APIServer pid=1) (EngineCore_DP0 pid=439) ERROR 04-23 15:05:11 [core.py:935] Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."
	}' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
}
