# pair: upstream
# plants: results/blis2/w1_mid: the run's progress.json declares the cell (package blis2, workload w1_mid, status done) but its results never came back
# catches: 1a - phase=blis2,workload=w1_mid => MISSING
# catches: 5a - phase=blis2,workload=w1_mid => MISSING
# touches: *@blis2/w1_mid 2c@*/w1_mid
plant() {
	rm -rf "$REAL/results/blis2/w1_mid"
}
