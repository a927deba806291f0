# pair: aw
# plants: baseline/w2_stationary and treatment/w2_stationary: the whole w2 run (both arms) was scheduled on A100-SXM4-80GB nodes, not the H100-SXM-80GB config.md names; the cells keep no gpu_logs, and vLLM's arguments and KV cache (80 GB either way) are the same, but every pod chose FlashAttention 2 ('Using FlashAttention version 2'), which vLLM does not pick on a Hopper GPU: the arms agree with each other, so only config.md's GPU tells the run was not on the hardware simulated
# catches: 2a vllm.hardware phase=baseline,workload=w2_stationary => WARN ~ FlashAttention version 2
# catches: 2a vllm.hardware phase=treatment,workload=w2_stationary => WARN ~ FlashAttention version 2
# touches: 2a@*/w2_stationary 5a@*/w2_stationary
plant() {
	sed -i 's/Using FlashAttention version 3$/Using FlashAttention version 2/' \
	    "$REAL"/*/w2_stationary/server_logs/*.log
	[ "$(grep -l 'Using FlashAttention version 2$' "$REAL"/*/w2_stationary/server_logs/*.log | wc -l)" = 8 ]
}
