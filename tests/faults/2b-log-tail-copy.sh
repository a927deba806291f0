# pair: aw
# plants: treatment/w2_stationary: a debugging step of collect-results saved kubectl logs --tail=2000 deploy/sim2real-aw-decode (which reads one of its pods: b98vq) as sim2real-aw-decode_vllm.log beside the four pods' logs: the last 2,000 lines of b98vq's log, no startup lines, a second copy of its stats and access lines; five files with vLLM lines for a four-pod deployment, one of them no instance of its own
# catches: 2b instances.count phase=treatment,workload=w2_stationary => WARN ~ sim2real-aw-decode_vllm.log is .*b98vq_vllm.log
# touches: 2b@treatment/w2_stationary
plant() {
	local d="$REAL/treatment/w2_stationary/server_logs" f
	f=$(ls "$d"/*b98vq_vllm.log)
	tail -n 2000 "$f" >"$d/sim2real-aw-decode_vllm.log"
}
