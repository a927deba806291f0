# pair: aw
# plants: treatment/w2_stationary: pod b98vq crashed at startup (CUDA out of memory while loading the weights: another job held part of its GPU) and sat in CrashLoopBackOff for the whole run; kubectl logs saved its last attempt, the startup lines up to the crash, no server start, no stats line, no request; the gateway sent its share to the other three, so three instances served a run simulated with four, while server_logs/ still holds four logs with vLLM lines
# catches: 2b instances.count phase=treatment,workload=w2_stationary => FAIL ~ b98vq_vllm.log.* holds no stats line and no request
# catches: 5e log.problems instance=sim2real-aw-decode-79f6f9b4db-b98vq,phase=treatment,workload=w2_stationary => FAIL
# touches: 2b@treatment/w2_stationary 2c@*/w2_stationary 5*@treatment/w2_stationary 2a@treatment/w2_stationary
plant() {
	local d="$REAL/treatment/w2_stationary/server_logs" gone k=0 f
	gone=$(ls "$d"/*b98vq_vllm.log)
	# its completions, dealt round-robin to the survivors' access logs
	grep '"POST /v1/completions' "$gone" >"$d/posts"
	# its startup until the weights were loaded, then the crash
	sed -n '1,/Loading safetensors checkpoint shards: 100%/p' "$gone" >"$d/start"
	grep -q 'Loading safetensors' "$d/start"
	{
		cat "$d/start"
		printf '(APIServer pid=1) (EngineCore_DP0 pid=439) ERROR 04-23 14:40:31 [core.py:708] EngineCore failed to start.\n'
		printf '(APIServer pid=1) (EngineCore_DP0 pid=439) ERROR 04-23 14:40:31 [core.py:708] torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.95 GiB. GPU 0 has a total capacity of 79.19 GiB of which 1.02 GiB is free.\n'
		printf '(APIServer pid=1) RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}\n'
	} >"$gone"
	rm -f "$d/start"
	for f in "$d"/*_vllm.log; do
		[ "$f" = "$gone" ] && continue
		awk -v k=$k 'NR % 3 == k' "$d/posts" >>"$f"
		k=$((k + 1))
	done
	rm -f "$d/posts"
}
