# pair: aw
# plants: baseline/w1_prefix_to_load_shift: pod 45wbm hit CUDA out of memory mid-run; the engine died (traceback, EngineDeadError) and the pod served errors until it was restarted
# catches: 5e log.problems instance=sim2real-aw-decode-79f6f9b4db-45wbm,phase=baseline,workload=w1_prefix_to_load_shift => FAIL
# touches: 5e@baseline/w1_prefix_to_load_shift
plant() {
	local f
	f=$(ls "$REAL"/baseline/w1_prefix_to_load_shift/server_logs/*45wbm_vllm.log)
	awk -v n="$(($(wc -l <"$f") / 2))" '{ print } NR == n {
	print "(APIServer pid=1) (EngineCore_DP0 pid=437) ERROR 04-23 14:13:27 [core.py:935] EngineCore encountered a fatal error."
	print "(APIServer pid=1) (EngineCore_DP0 pid=437) ERROR 04-23 14:13:27 [core.py:935] Traceback (most recent call last):"
	print "(APIServer pid=1) (EngineCore_DP0 pid=437) ERROR 04-23 14:13:27 [core.py:935]   File \"/opt/vllm-source/vllm/v1/engine/core.py\", line 926, in run_engine_core"
	print "(APIServer pid=1) (EngineCore_DP0 pid=437) ERROR 04-23 14:13:27 [core.py:935]     engine_core.run_busy_loop()"
	print "(APIServer pid=1) (EngineCore_DP0 pid=437) ERROR 04-23 14:13:27 [core.py:935]   File \"/opt/vllm-source/vllm/v1/worker/gpu_model_runner.py\", line 3312, in execute_model"
	print "(APIServer pid=1) (EngineCore_DP0 pid=437) ERROR 04-23 14:13:27 [core.py:935] torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.50 GiB. GPU 0 has a total capacity of 79.19 GiB of which 1.21 GiB is free. Process 2211 has 77.97 GiB memory in use."
	print "(APIServer pid=1) ERROR 04-23 14:13:27 [async_llm.py:480] AsyncLLM output_handler failed."
	print "(APIServer pid=1) ERROR 04-23 14:13:27 [async_llm.py:480] vllm.v1.engine.exceptions.EngineDeadError: EngineCore encountered an issue. See stack trace (above) for the root cause."
	print "(APIServer pid=1) INFO:     10.131.4.95:0 - \"POST /v1/completions HTTP/1.1\" 500 Internal Server Error"
	}' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
}
