# pair: upstream
# plants: results/blis2: the blis2 arm's PipelineRun deployed a scenario without the arm's --no-enable-prefix-caching (a render that drops a value-less flag: decode.vllm.additionalFlags keeps the other four): the sim's scenario for the arm (sim2real/baselines/blis-2.yaml) turns prefix caching off, the deployed one says nothing, so vLLM ran its default (prefix caching on in V1) and the arm cached prefixes the simulation never did; every parameter both scenarios give still agrees
# catches: 2a config.deployed phase=blis2,workload=w1_mid => WARN ~ does not set 1 parameter.*enable_prefix_caching
# touches: 2a@blis2/w1_mid 2c@*/w1_mid
plant() {
	local f="$REAL/cluster/pipelinerun-w1-mid-blis2.yaml"
	sed -i 's/      - --no-enable-prefix-caching\\n//' "$f"
	! grep -q -- '--no-enable-prefix-caching' "$f" && grep -q -- '--enable-chunked-prefill' "$f"
}
