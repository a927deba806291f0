# pair: aw
# plants: treatment/w2_stationary: a pod of the previous deployment was left running (its ReplicaSet 5c6d7f8b9d never scaled down after a rollout that changed only a label) and stayed behind the InferencePool's selector: five vLLM pods served the run where the simulation had four; its log is b98vq's run shifted to its own pod name, so the run's requests were shared by five
# catches: 2b instances.count phase=treatment,workload=w2_stationary => FAIL
# catches: 2c arms.instances phase=*,workload=w2_stationary => FAIL
# touches: 2b@treatment/w2_stationary 2c@*/w2_stationary 5*@treatment/w2_stationary
plant() {
	local d="$REAL/treatment/w2_stationary/server_logs" f
	f=$(ls "$d"/*b98vq_vllm.log)
	# a log of its own: every other line of b98vq's requests and stats
	awk '!/"POST \/v1\/completions/ || NR % 2' "$f" \
	    >"$d/sim2real-aw-decode-5c6d7f8b9d-x7k2p_vllm.log"
}
