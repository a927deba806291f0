# pair: upstream
# plants: results/blis2: the blis2 arm was deployed with blis1's scheduler limit: its pipelinerun's vLLM flags say --max-num-seqs=256, while the arm's scenario (sim2real/baselines/blis-2.yaml) and the run it was meant to be ask for 512, so the config sweep measured blis1's setting twice
# catches: 2a config.deployed phase=blis2,workload=w1_mid => FAIL
# touches: 2a@blis2/w1_mid 2c@*/w1_mid
plant() {
	sed -i 's/--max-num-seqs=512/--max-num-seqs=256/' \
	    "$REAL/cluster/pipelinerun-w1-mid-blis2.yaml"
	grep -q -- '--max-num-seqs=256' "$REAL/cluster/pipelinerun-w1-mid-blis2.yaml"
}
