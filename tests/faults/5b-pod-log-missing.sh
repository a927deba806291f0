# pair: aw
# plants: baseline/w2_stationary: the collect step listed the pods with kubectl get pods before the last one was Ready (a slow model load) and fetched the logs of the three it saw: pod k48j7 served its quarter of the run, but its server log is not in the bundle; the EPP log still names it
# catches: 5b requests.served phase=baseline,workload=w2_stationary => WARN|FAIL
# catches: 5g epp.pods.names phase=baseline,workload=w2_stationary => FAIL
# touches: 5a@baseline/w2_stationary 5b@baseline/w2_stationary 5c@baseline/w2_stationary 5e@baseline/w2_stationary 5f@baseline/w2_stationary 5g@baseline/w2_stationary 2a@baseline/w2_stationary 2b@baseline/w2_stationary 2c@*/w2_stationary
plant() {
	rm -f "$REAL"/baseline/w2_stationary/server_logs/*k48j7_vllm.log
}
