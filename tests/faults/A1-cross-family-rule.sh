# pair: hta
# plants: align/labels.rules: the GEMM rule written with a bare "gemm" pattern (as the shipped vLLM rules have it) and moved to the top, "GEMMs first": it takes FBGEMM's fbgemm_gpu:: kernels (permutes, offsets, FP8 quantisation) as mlp_gemm before their own rules see them
# catches: A1 labels.cross_family device=0,rank=0 => WARN|FAIL ~ fbgemm_gpu
# catches: A1 kernel.error.abs device=0,rank=0 => WARN|FAIL ~ mlp_gemm.*Likely a labeling accident
# touches: A1 A2
plant() {
	gemm=$(grep '^rule gemm ' "$ALIGN/labels.rules" | sed 's/|sgemm|gemmk1|gemv|/|gemm|gemv|/')
	grep -v '^rule gemm ' "$ALIGN/labels.rules" |
	    awk -v g="$gemm" '{ print } /^rule memcpy / { print g }' >"$ALIGN/r.tmp"
	mv "$ALIGN/r.tmp" "$ALIGN/labels.rules"
	grep -A1 '^rule memcpy ' "$ALIGN/labels.rules" | grep -q '^rule gemm .*|gemm|gemv|'
}
