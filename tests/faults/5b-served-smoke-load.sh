# pair: aw
# plants: baseline/w3_multi_prefix_contention: a teammate's smoke-test loop (one completion every half second through the same gateway) ran for the whole cell: the four pods served 300 completions more than the trace's 1999 (+15 %), with no warm-up or prewarm stated anywhere in the bundle (the trace header's warm_up_requests is 0); an excess up to the trace's own size used to pass as unstated warm-up and prewarm
# catches: 5b requests.served phase=baseline,workload=w3_multi_prefix_contention => WARN ~ requests from outside this cell
# touches: 5b@baseline/w3_multi_prefix_contention 5g@baseline/w3_multi_prefix_contention
plant() {
	logs_add_requests "$REAL"/baseline/w3_multi_prefix_contention 300
}
