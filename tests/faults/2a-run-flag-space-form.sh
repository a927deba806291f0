# pair: upstream
# plants: results/blis2: the blis2 arm's PipelineRun renders its scheduler limit as one list item with a space, "--max-num-seqs 256" (a values file written for a chart that joins the flags into the shell command line, where the item splits into flag and value), carrying blis1's 256 where the arm's scenario (sim2real/baselines/blis-2.yaml) asks for --max-num-seqs=512: vLLM ran 256 seqs
# catches: 2a config.deployed phase=blis2,workload=w1_mid => FAIL ~ max_num_seqs
# touches: 2a@blis2/w1_mid 2c@*/w1_mid
plant() {
	sed -i 's/--max-num-seqs=512/--max-num-seqs 256/' \
	    "$REAL/cluster/pipelinerun-w1-mid-blis2.yaml"
	grep -q -- '--max-num-seqs 256' "$REAL/cluster/pipelinerun-w1-mid-blis2.yaml"
}
