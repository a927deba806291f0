# pair: vllm
# plants: align/: the simulator's slots name the kernel each cost was profiled on (attention: FlashAttention-3's FlashAttnFwdSm90), and the deployment ran vLLM with the FlashInfer attention backend (VLLM_ATTENTION_BACKEND=FLASHINFER): every attention kernel of the capture is FlashInfer's BatchDecodeWithPagedKVCacheKernel, taking at these shapes what the FA3 cost predicts, so every timing agreed and A1 passed on a backend the simulator never profiled
# catches: A1 kernel.slots.kernel_mismatch device=0,rank=0 => WARN ~ attention ran void flashinfer::BatchDecodeWithPagedKVCacheKernel.*slots name "FlashAttnFwdSm90"
# touches: A1 A2
plant() {
	# the simulator's slots with their profiled kernels
	/usr/bin/python3 "$S2R_TOP/tests/gen-kineto.py" "$ALIGN/vllm_rank0.json" \
	    --slot-kernels --slots "$ALIGN/slots.ndjson"
	# the capture of the FlashInfer deployment
	/usr/bin/python3 "$S2R_TOP/tests/gen-kineto.py" "$ALIGN/vllm_rank0.json" \
	    --swap attention
	grep -q 'flashinfer::BatchDecodeWithPagedKVCacheKernel' "$ALIGN/vllm_rank0.json"
}
