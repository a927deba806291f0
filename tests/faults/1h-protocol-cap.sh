# pair: 14b
# plants: SIM/measurement.yaml: the bundle's protocol caps blis observe at 20 requests in flight, but the cells ran with the 3000 of config.md: 87 to 766 requests were in flight at once
# catches: 1h inflight.max phase=*,workload=* => FAIL
# touches: 1h@*/*
plant() {
	sed -i 's/^maxConcurrency: 3000 /maxConcurrency: 20 /' "$SIM/measurement.yaml"
	grep -q '^maxConcurrency: 20 ' "$SIM/measurement.yaml"
}
