# pair: aw
# plants: treatment/w2_stationary: the treatment's pods were deployed from an older vLLM image (the arm's values file still pinned the previous release's tag, v0.15.1, while the baseline's ran the run's v0.17.1): every argument, the model and the KV cache are the same, only the version the banner and the engine line state differs, so the arms compare two builds of the serving engine (scheduler and kernels changed between them) as well as the routing policy
# catches: 2c arms.vllm phase=*,workload=w2_stationary => FAIL|WARN ~ version|0\.15\.1
# touches: 2a@treatment/w2_stationary 5a@treatment/w2_stationary 2c@*/w2_stationary 5e@treatment/w2_stationary
plant() {
	sed -i -e 's/ version 0\.17\.1\b/ version 0.15.1/' \
	    -e 's/Initializing a V1 LLM engine (v0\.17\.1)/Initializing a V1 LLM engine (v0.15.1)/' \
	    "$REAL"/treatment/w2_stationary/server_logs/*.log
	[ "$(grep -l 'LLM engine (v0.15.1)' "$REAL"/treatment/w2_stationary/server_logs/*.log | wc -l)" = 4 ]
	! grep -q '0\.17\.1' "$REAL"/treatment/w2_stationary/server_logs/*.log
}
