# pair: aw
# plants: treatment/w2_stationary: the log of pod b98vq was not collected: its node's kubelet timed out when collect-results ran kubectl logs, so server_logs/ holds kubectl's error in its place (the pod served its share of the run); three files with vLLM lines for a four-pod deployment
# catches: 2b instances.count phase=treatment,workload=w2_stationary => WARN ~ 1 more log file holds no vLLM line
# touches: 2b@treatment/w2_stationary 5*@treatment/w2_stationary 2a@treatment/w2_stationary 2c@*/w2_stationary
plant() {
	local f
	f=$(ls "$REAL"/treatment/w2_stationary/server_logs/*b98vq_vllm.log)
	printf 'Error from server: Get "https://10.130.3.21:10250/containerLogs/kalantar/sim2real-aw-decode-79f6f9b4db-b98vq/vllm": dial tcp 10.130.3.21:10250: i/o timeout\n' >"$f"
}
