# pair: aw
# plants: treatment/w2_stationary/saturation.json: blis observe's saturation report of the real run says OVERLOADED (a copy of the real report of upstream/saturation-observed whose cell could not keep up): the cell's latency is queueing, which 5b now says
# catches: 5b saturation.level phase=treatment,workload=w2_stationary => WARN ~ overloaded
# touches: 5b@treatment/w2_stationary
plant() {
	cp "$S2R_SAMPLES/upstream/saturation-observed/quarticceiling_balanced_15.saturation.json" \
	    "$REAL/treatment/w2_stationary/saturation.json"
}
