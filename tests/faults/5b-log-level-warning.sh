# pair: aw
# plants: baseline/w2_stationary: pod d2r4l was deployed with VLLM_LOGGING_LEVEL=WARNING and uvicorn's --log-level warning (a values file copied from a production deployment that keeps logs small): its log holds only the warnings and the lines outside vLLM's logger (the safetensors progress, Python warnings), no startup args, no stats lines and no access lines, although the pod served its quarter of the run as the others did
# catches: 5b instance.share instance=sim2real-aw-decode-79f6f9b4db-d2r4l,phase=baseline,workload=w2_stationary => WARN ~ INFO
# catches: 2b instances.count phase=baseline,workload=w2_stationary => WARN ~ no INFO line at all
# touches: 5a@baseline/w2_stationary 5b@baseline/w2_stationary 5c@baseline/w2_stationary 5e@baseline/w2_stationary 5f@baseline/w2_stationary 2a@baseline/w2_stationary 2b@baseline/w2_stationary 2c@*/w2_stationary
plant() {
	local f
	f=$(ls "$REAL"/baseline/w2_stationary/server_logs/*d2r4l_vllm.log)
	grep -v -e ') INFO ' -e ') INFO:  ' "$f" >"$f.tmp" || true
	mv "$f.tmp" "$f"
	! grep -q 'Engine 000:' "$f"
}
