# pair: aw
# plants: treatment/w2_stationary: blis observe ran the workload with seed 7 instead of the spec's 42 (the header's workload_seed says so): other arrivals and lengths than the simulation's
# catches: 1a workload.seed phase=treatment,workload=w2_stationary => FAIL
# catches: 2c arms.workload phase=*,workload=w2_stationary => FAIL
# touches: 1a@treatment/w2_stationary 2c@*/w2_stationary
plant() {
	sed -i 's/^workload_seed: 42$/workload_seed: 7/' \
	    "$REAL/treatment/w2_stationary/trace_header.yaml"
	grep -q '^workload_seed: 7$' "$REAL/treatment/w2_stationary/trace_header.yaml"
}
