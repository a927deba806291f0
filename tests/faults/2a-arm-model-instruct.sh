# pair: upstream
# plants: results/blis3: the blis3 arm's PipelineRun deployed meta-llama/Llama-3.1-8B-Instruct (its scenario's model block copied from a chat experiment), and the load generator, pointed at the served model, recorded that name in its trace header: the arm measured another model than the simulation's and the other two arms'
# catches: 2a trace.server_model phase=blis3,workload=w1_mid => FAIL ~ Instruct
# catches: 2a config.deployed phase=blis3,workload=w1_mid => FAIL
# touches: 2a@blis3/w1_mid 2c@*/w1_mid
plant() {
	local f="$REAL/cluster/pipelinerun-w1-mid-blis3.yaml"
	sed -i 's|meta-llama/Llama-3.1-8B|meta-llama/Llama-3.1-8B-Instruct|g' "$f"
	sed -i 's|^    model: meta-llama/Llama-3.1-8B$|    model: meta-llama/Llama-3.1-8B-Instruct|' \
	    "$REAL/results/blis3/w1_mid/trace_header.yaml"
	grep -q 'Llama-3.1-8B-Instruct' "$REAL/results/blis3/w1_mid/trace_header.yaml"
}
