# pair: 14b
# plants: the simulation was run with --num-instances 2 (the flag copied from the 2-GPU pilot's run.sh), where the deployment it models has 4 instances (config.md's vLLM table) and the real run's four pods logged: config.md's BLIS flags table records the value the simulation ran, so every simulated cell modelled half the capacity that served the real run
# catches: 2b instances.count phase=baseline,workload=w1c_14b => FAIL ~ --num-instances 2
# catches: 2b instances.count phase=baseline,workload=w2_14b_burst => FAIL
# touches: 2b@* 2a@*
plant() {
	local f="$SIM/config.md"
	grep -q '^| 4 instances | `--num-instances` | 4 |$' "$f"
	sed -i 's/^| 4 instances | `--num-instances` | 4 |$/| 4 instances | `--num-instances` | 2 |/' "$f"
}
