# pair: aw
# plants: treatment/w1_prefix_to_load_shift: the image tag was pushed again between runs and pod h6rzm's node still had the older image under that tag (imagePullPolicy IfNotPresent): it runs vLLM 0.17.0 while its three siblings run 0.17.1; config.md names no version, but the arm's instances do not run one engine
# catches: 2a vllm.version phase=treatment,workload=w1_prefix_to_load_shift => FAIL ~ disagree
# catches: 5a vllm.version instance=sim2real-aw-decode-79f6f9b4db-h6rzm,phase=treatment,workload=w1_prefix_to_load_shift => WARN
# touches: 2a@treatment/w1_prefix_to_load_shift 5a@treatment/w1_prefix_to_load_shift 2c@*/w1_prefix_to_load_shift
plant() {
	local f
	f=$(ls "$REAL"/treatment/w1_prefix_to_load_shift/server_logs/*h6rzm_vllm.log)
	sed -i -e 's/ version 0\.17\.1\(\r*\)$/ version 0.17.0\1/' \
	    -e 's/V1 LLM engine (v0\.17\.1)/V1 LLM engine (v0.17.0)/' "$f"
	grep -q 'engine (v0.17.0)' "$f" && grep -q "version 0.17.0" "$f"
}
