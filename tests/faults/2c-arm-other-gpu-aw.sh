# pair: aw
# plants: treatment/w2_stationary: the treatment's pods were scheduled on A100-SXM4-80GB nodes (the arm's node selector lost), the baseline's on the H100s config.md names; the cell keeps no gpu_logs and vLLM's arguments and KV cache (80 GB either way) are the same, but vLLM chose FlashAttention 2 (FA3 runs on Hopper only): 'Using FlashAttention version 2' in every treatment log where the baseline's say 3, so the arms ran on different GPU generations
# catches: 2c arms.vllm phase=*,workload=w2_stationary => FAIL ~ flash_attn_version
# touches: 2a@treatment/w2_stationary 5a@treatment/w2_stationary 2c@*/w2_stationary
plant() {
	sed -i 's/Using FlashAttention version 3$/Using FlashAttention version 2/' \
	    "$REAL"/treatment/w2_stationary/server_logs/*.log
	[ "$(grep -l 'Using FlashAttention version 2$' "$REAL"/treatment/w2_stationary/server_logs/*.log | wc -l)" = 4 ]
}
