# pair: 14b
# plants: SIM/workloads/w1c_14b.yaml: the spec paces client batch at a constant interval (arrival: {process: constant}: a batch submitter on a timer) beside three Poisson clients, but the load generator drew every client Poisson (it ignored arrival.process): the trace's batch arrivals have CV 1 where the spec's have 0
# catches: 1g iat.cv client=batch,phase=baseline,workload=w1c_14b => FAIL
# catches: 1g iat.cv client=batch,phase=treatment,workload=w1c_14b => FAIL
# touches: 1a@*/w1c_14b 1g@*/w1c_14b
plant() {
	sed -i '/id: "batch"/,/arrival:/ s/arrival: {process: poisson}/arrival: {process: constant}/' \
	    "$SIM/workloads/w1c_14b.yaml"
	grep -q 'process: constant' "$SIM/workloads/w1c_14b.yaml"
}
