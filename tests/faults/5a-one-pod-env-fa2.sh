# pair: aw
# plants: baseline/w2_stationary: pod d2r4l still carries VLLM_FLASH_ATTN_VERSION=2 in its environment (a debugging override patched into its deployment and never reverted): its arguments are its siblings', but it logs 'Using FlashAttention version 2' on the same H100 where the other three chose version 3, so its attention kernels, and step times, are not theirs
# catches: 5a vllm.flash_attn_version instance=sim2real-aw-decode-79f6f9b4db-d2r4l,phase=baseline,workload=w2_stationary => WARN|FAIL
# catches: 2a vllm.flash_attn_version phase=baseline,workload=w2_stationary => WARN|FAIL
# touches: 2a@baseline/w2_stationary 5a@baseline/w2_stationary 2c@*/w2_stationary
plant() {
	local f
	f=$(ls "$REAL"/baseline/w2_stationary/server_logs/*d2r4l_vllm.log)
	sed -i 's/Using FlashAttention version 3/Using FlashAttention version 2/' "$f"
	grep -q 'Using FlashAttention version 2' "$f"
}
