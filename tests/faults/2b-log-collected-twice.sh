# pair: aw
# plants: treatment/w2_stationary: collect-results saved the logs pod by pod and then once more by deployment (kubectl logs deploy/sim2real-aw-decode, which reads one of its pods: b98vq), earlier in the run's teardown: server_logs/ holds sim2real-aw-decode_vllm.log, the first nine tenths of b98vq's log, beside the four pods' logs: five files with vLLM lines for a four-pod deployment, one of them no instance of its own
# catches: 2b instances.count phase=treatment,workload=w2_stationary => WARN ~ sim2real-aw-decode_vllm.log is the start of .*b98vq_vllm.log
# touches: 2b@treatment/w2_stationary
plant() {
	local d="$REAL/treatment/w2_stationary/server_logs" f
	f=$(ls "$d"/*b98vq_vllm.log)
	head -n $(( $(wc -l <"$f") * 9 / 10 )) "$f" >"$d/sim2real-aw-decode_vllm.log"
}
