# pair: corpus
# plants: SIM/workloads/agentic.yaml: the spec replays 256 sessions (total_sessions) and keeps only conversations of 3 rounds or more (min_rounds), but the cell replayed 192 sessions, some of 2 rounds
# catches: 1a sessions.count phase=baseline,workload=agentic => FAIL
# catches: 1a session.rounds.min phase=baseline,workload=agentic => FAIL
# touches: 1a@baseline/agentic
plant() {
	sed -i 's/total_sessions: 192/total_sessions: 256/; s/min_rounds: 2/min_rounds: 3/' \
	    "$SIM/workloads/agentic.yaml"
	grep -q 'min_rounds: 3' "$SIM/workloads/agentic.yaml"
}
