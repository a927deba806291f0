# pair: aw
# plants: treatment/w2_stationary: the treatment's pods were deployed from a values file that pins the model to an older Hub revision (--revision 5a1a8d1, a commit before the checkpoint's last update), while the baseline's load the default branch: the model path, served name and every other argument are the same, only the 'revision' the engine config line states differs (revision=None in the baseline, '5a1a8d1' in the treatment, the tokenizer following it), so the arms serve different weights
# catches: 2c arms.vllm phase=*,workload=w2_stationary => FAIL ~ revision
# touches: 2a@treatment/w2_stationary 5a@treatment/w2_stationary 2c@*/w2_stationary
plant() {
	sed -i -e "s/'served_model_name': \['Qwen\/Qwen3-14B'\], /'served_model_name': ['Qwen\/Qwen3-14B'], 'revision': '5a1a8d1', /" \
	    -e "s/ revision=None, tokenizer_revision=None,/ revision=5a1a8d1, tokenizer_revision=5a1a8d1,/" \
	    "$REAL"/treatment/w2_stationary/server_logs/*.log
	[ "$(grep -l "revision=5a1a8d1, tokenizer_revision=5a1a8d1" "$REAL"/treatment/w2_stationary/server_logs/*.log | wc -l)" = 4 ]
	[ "$(grep -l "'revision': '5a1a8d1'" "$REAL"/treatment/w2_stationary/server_logs/*.log | wc -l)" = 4 ]
}
