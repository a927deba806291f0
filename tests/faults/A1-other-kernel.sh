# pair: vllm
# plants: align/vllm_rank0.json + align/slots.ndjson: in decode the framework launches another attention implementation (FlashInfer's BatchDecodeWithPagedKVCacheKernel instead of the FlashAttention-3 kernel it runs in prefill), and the simulator's decode attention cost is still the one it profiled for FA3 (40 % below what the decode kernel takes)
# catches: A1 kernel.error.abs device=0,rank=0 => WARN|FAIL ~ attention.*Likely a different kernel.*BatchDecodeWithPagedKVCacheKernel
# touches: A1 A2
plant() {
	/usr/bin/python3 - "$ALIGN/vllm_rank0.json" <<'PY'
import re, sys
path = sys.argv[1]
fa3 = '"name": "void cutlass::device_kernel<flash::enable_sm90_or_later<flash::FlashAttnFwdSm90<'
fi = ('"name": "void flashinfer::BatchDecodeWithPagedKVCacheKernel<false, '
      '(flashinfer::PosEncodingMode)0, 2u, 4u, 8u, 16u, 1u, 8u, __nv_bfloat16, '
      'int>(__nv_bfloat16*, flashinfer::paged_kv_t<__nv_bfloat16, int>, float)", ')
lines = open(path).read().split("\n")
ts = lambda l: float(re.search(r'"ts": ([0-9.]+)', l).group(1))
marks = sorted(ts(l) for l in lines if '"cat": "user_annotation"' in l)
for i, l in enumerate(lines):
    # kernels after the prefill iteration (the first marker) are decode
    if fa3 in l and ts(l) >= marks[1]:
        lines[i] = re.sub(r'"name": "(?:[^"\\]|\\.)*", ', lambda m: fi, l, count=1)
open(path, "w").write("\n".join(lines))
PY
	jq -c 'if .op == "attention" and .stage == "decode" then .unit_ns = ((.unit_ns * 0.6) | round) else . end' \
	    "$ALIGN/slots.ndjson" >"$ALIGN/s.tmp"
	mv "$ALIGN/s.tmp" "$ALIGN/slots.ndjson"
}
