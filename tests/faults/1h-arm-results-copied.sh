# pair: upstream
# plants: results/blis3/w1_mid: the collection step copied the blis2 arm's results into blis3's folder (a loop variable reused), so blis3's cell holds blis2's trace: the same requests, the same timestamps, the same run; the comparison of the two arms compares one run with itself
# catches: 1h trace.copied phase=blis3,workload=w1_mid => FAIL ~ blis2
# catches: 1h trace.copied phase=blis2,workload=w1_mid => FAIL ~ blis3
# touches: 1a@blis3/w1_mid 1b@blis3/w1_mid 1c@blis3/w1_mid 1d@blis3/w1_mid 1g@blis3/w1_mid 1h@blis3/w1_mid 5d@blis3/w1_mid 1h@blis2/w1_mid
plant() {
	cp "$REAL/results/blis2/w1_mid/trace_data.csv" \
	    "$REAL/results/blis2/w1_mid/trace_header.yaml" \
	    "$REAL/results/blis3/w1_mid/"
}
