# pair: corpus
# plants: SIM/workloads/agentic.yaml: the spec's replay pool is 64 concurrent sessions, but the cell ran the bootstrap's 128 (the spec was changed after the run, or the run ignored it)
# catches: 1a sessions.concurrent_max phase=baseline,workload=agentic => FAIL
# touches: 1a@baseline/agentic
plant() {
	sed -i 's/concurrent_sessions: 128/concurrent_sessions: 64/' \
	    "$SIM/workloads/agentic.yaml"
	grep -q 'concurrent_sessions: 64' "$SIM/workloads/agentic.yaml"
}
