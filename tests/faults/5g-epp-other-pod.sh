# pair: aw
# plants: baseline/w2_stationary: the EPP log names sim2real-aw-decode-79f6f9b4db-m2c8w where it named 5kqtj: the router routed among four pods, one of them outside the run's server_logs (a pod of another ReplicaSet that matched the InferencePool's selector), while the log of 5kqtj, a pod the router never saw, is judged as one of the run's instances; the pod count (4 and 4) agrees
# catches: 5g epp.pods.names phase=baseline,workload=w2_stationary => FAIL ~ only the EPP's: sim2real-aw-decode-79f6f9b4db-m2c8w; only in server_logs: sim2real-aw-decode-79f6f9b4db-5kqtj
# touches: 5g@baseline/w2_stationary
plant() {
	sed -i 's/sim2real-aw-decode-79f6f9b4db-5kqtj/sim2real-aw-decode-79f6f9b4db-m2c8w/g' \
	    "$REAL"/baseline/w2_stationary/epp_logs/*.log
}
