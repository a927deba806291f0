# pair: aw
# plants: baseline/w3_multi_prefix_contention is gone (the baseline's w3 run failed and was never collected): the treatment's w3 cell has no baseline to be compared with
# catches: 2c * phase=treatment,workload=w3_multi_prefix_contention => MISSING|FAIL
# touches: *@baseline/w3_multi_prefix_contention 2c@treatment/w3_multi_prefix_contention 5f@treatment/w3_multi_prefix_contention
plant() {
	rm -rf "$REAL/baseline/w3_multi_prefix_contention"
}
