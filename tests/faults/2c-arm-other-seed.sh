# pair: aw
# plants: treatment/w2_stationary/trace_header.yaml: the treatment's w2 cell was rerun by hand with blis observe's default seed (workload_seed 7, not the spec's 42 the baseline ran): the arms' load generators drew different requests for one workload, so the arms compare different request streams; only the header says so (the rows are kept: their lengths are within the spec's distributions either way)
# catches: 2c * phase=*,workload=w2_stationary => FAIL|WARN ~ seed
# touches: 1a@treatment/w2_stationary 1b@treatment/w2_stationary 1c@treatment/w2_stationary 1d@treatment/w2_stationary 1e@treatment/w2_stationary 1f@treatment/w2_stationary 1g@treatment/w2_stationary 2c@*/w2_stationary
plant() {
	sed -i 's/^workload_seed: 42$/workload_seed: 7/' "$REAL/treatment/w2_stationary/trace_header.yaml"
	grep -q '^workload_seed: 7$' "$REAL/treatment/w2_stationary/trace_header.yaml"
}
