# pair: aw
# plants: treatment/w2_stationary: the cell was recorded by a blis observe build whose trace writer names the finish_reason column stop_reason (a renamed column of a newer layout; values length, stop as before): every row and value is the same, but s2r no longer finds the column that tells an answer stopped at the end of sequence from one that ran to its sampled length, so 1d's check of exact-length mode had nothing to read and its verdict vanished silently
# catches: 1d output_tokens.stopped phase=treatment,workload=w2_stationary => MISSING ~ no finish_reason column .*columns of no known layout: stop_reason
# touches: 1d@treatment/w2_stationary 5d@treatment/w2_stationary
plant() {
	local f="$REAL/treatment/w2_stationary/trace_data.csv"
	grep -q ',finish_reason$' <(head -1 "$f")
	sed -i '1s/,finish_reason$/,stop_reason/' "$f"
}
