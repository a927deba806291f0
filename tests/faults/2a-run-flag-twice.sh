# pair: upstream
# plants: results/blis2: the blis2 arm's PipelineRun renders its scenario with blis1's scheduler limit appended after the arm's own flags (an overlay that adds --max-num-seqs=256 at the end of decode.vllm.additionalFlags, behind the arm's --max-num-seqs=512): vLLM's argparse keeps the last value, so the arm ran 256 seqs, not the 512 its scenario (sim2real/baselines/blis-2.yaml) asks for
# catches: 2a config.deployed phase=blis2,workload=w1_mid => FAIL ~ max_num_seqs 256 deployed, 512
# touches: 2a@blis2/w1_mid 2c@*/w1_mid
plant() {
	local f="$REAL/cluster/pipelinerun-w1-mid-blis2.yaml"
	sed -i 's/- --dtype=bfloat16\\n  huggingface:/- --dtype=bfloat16\\n      - --max-num-seqs=256\\n  huggingface:/' "$f"
	grep -q -- '--max-num-seqs=512' "$f" && grep -q -- '--max-num-seqs=256' "$f"
}
