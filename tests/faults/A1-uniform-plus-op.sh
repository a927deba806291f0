# pair: hta
# plants: align/slots.ndjson: both at once: every slot 15 % below the capture (clock shift) and the dense GEMMs a further 50 % below (a different GEMM tile): two causes, one uniform, one concentrated
# catches: A1 kernel.error.abs device=0,rank=0 => FAIL ~ (uniform|same factor).*mlp_gemm|mlp_gemm.*(uniform|same factor)
# touches: A1 A2
plant() {
	jq -c '.unit_ns = ((.unit_ns * 0.85 * (if .op == "mlp_gemm" then 0.5 else 1 end)) | round)' \
	    "$ALIGN/slots.ndjson" >"$ALIGN/s.tmp"
	mv "$ALIGN/s.tmp" "$ALIGN/slots.ndjson"
}
