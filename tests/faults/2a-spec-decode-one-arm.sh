# pair: aw
# plants: treatment/w1_prefix_to_load_shift: the treatment's pods run n-gram speculative decoding (--speculative-config '{"method": "ngram", "num_speculative_tokens": 4, "prompt_lookup_max": 4}', left in the treatment's values file from a latency experiment): each decode step verifies up to four draft tokens, so step times and tokens per step are not those the simulation modelled, in one arm only; config.md does not mention speculative decoding
# catches: 2a vllm.speculative_config phase=treatment,workload=w1_prefix_to_load_shift => WARN|FAIL
# catches: 2c arms.vllm phase=*,workload=w1_prefix_to_load_shift => FAIL
# touches: 2a@treatment/w1_prefix_to_load_shift 5a@treatment/w1_prefix_to_load_shift 2c@*/w1_prefix_to_load_shift
plant() {
	local d="$REAL"/treatment/w1_prefix_to_load_shift/server_logs
	sed -i -e "s/'max_num_seqs': 256, /'max_num_seqs': 256, 'speculative_config': {'method': 'ngram', 'num_speculative_tokens': 4, 'prompt_lookup_max': 4}, /" \
	    -e "s/ speculative_config=None,/ speculative_config=SpeculativeConfig(method='ngram', model=None, num_spec_tokens=4),/" "$d"/*_vllm.log
	[ "$(grep -l "'speculative_config': {'method': 'ngram'" "$d"/*_vllm.log | wc -l)" = 4 ] &&
	    [ "$(grep -l "speculative_config=SpeculativeConfig(method='ngram'" "$d"/*_vllm.log | wc -l)" = 4 ]
}
