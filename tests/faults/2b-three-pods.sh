# pair: aw
# plants: treatment/w2_stationary: a lost instance: the treatment deployed 3 decode pods instead of 4 (pod b98vq never came up); its requests went to the other three
# catches: 2b instances.count phase=treatment,workload=w2_stationary => FAIL
# catches: 2c arms.instances phase=*,workload=w2_stationary => FAIL
# touches: 2b@treatment/w2_stationary 5a@treatment/w2_stationary 5b@treatment/w2_stationary 5c@treatment/w2_stationary 5e@treatment/w2_stationary 5f@treatment/w2_stationary 2c@*/w2_stationary
plant() {
	local d="$REAL/treatment/w2_stationary/server_logs" gone k=0 f
	gone=$(ls "$d"/*b98vq_vllm.log)
	# its completions, dealt round-robin to the survivors' access logs
	grep '"POST /v1/completions' "$gone" >"$gone.posts"
	rm -f "$gone"
	for f in "$d"/*_vllm.log; do
		awk -v k=$k 'NR % 3 == k' "$gone.posts" >>"$f"
		k=$((k + 1))
	done
	rm -f "$gone.posts"
}
