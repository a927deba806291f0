# pair: aw
# plants: the baseline's w3 cell was lost, and the treatment ran w3 on three pods (pod t7ngh never came up): the arms' instance counts differ although no workload ran in both with them
# catches: 2c arms.instances phase=treatment,workload=w3_multi_prefix_contention => FAIL
# catches: 2c arms.cell phase=treatment,workload=w3_multi_prefix_contention => MISSING
# touches: *@baseline/w3_multi_prefix_contention 5c@treatment/w3_multi_prefix_contention 2b@treatment/w3_multi_prefix_contention 2c@treatment/w3_multi_prefix_contention 5b@treatment/w3_multi_prefix_contention 5e@treatment/w3_multi_prefix_contention 5f@treatment/w3_multi_prefix_contention 5a@treatment/w3_multi_prefix_contention
plant() {
	rm -rf "$REAL/baseline/w3_multi_prefix_contention"
	rm -f "$REAL"/treatment/w3_multi_prefix_contention/server_logs/*t7ngh_vllm.log
	[ "$(ls "$REAL"/treatment/w3_multi_prefix_contention/server_logs/*_vllm.log | wc -l)" -eq 3 ]
}
