# pair: aw
# plants: baseline/w1_prefix_to_load_shift: one of the four pods (ndtn4, whose deployment was patched by hand for a priority test and never reverted) runs with --scheduling-policy priority, a flag config.md does not mention and its three siblings do not set (vLLM's default fcfs): the flag shows only in that pod's non-default args, and this pod orders its queue by request priority while the others serve first come, first served
# catches: 2a vllm.scheduling_policy phase=baseline,workload=w1_prefix_to_load_shift => WARN ~ default
# catches: 5a vllm.scheduling_policy instance=sim2real-aw-decode-79f6f9b4db-ndtn4,phase=baseline,workload=w1_prefix_to_load_shift => WARN
# touches: 2a@baseline/w1_prefix_to_load_shift 5a@baseline/w1_prefix_to_load_shift 2c@*/w1_prefix_to_load_shift
plant() {
	local f
	f=$(ls "$REAL"/baseline/w1_prefix_to_load_shift/server_logs/*ndtn4_vllm.log)
	sed -i "s/'enable_chunked_prefill': True, /'enable_chunked_prefill': True, 'scheduling_policy': 'priority', /" "$f"
	grep -q "'scheduling_policy': 'priority'" "$f"
}
