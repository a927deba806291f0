# pair: corpus
# plants: SIM/workloads/agentic.yaml: the spec cuts think times at 15 s (max_think_time), but the cell replayed pauses of up to 44 s (a corpus conversion with a 60 s cap)
# catches: 1g think_time_us.max phase=baseline,workload=agentic => FAIL
# touches: 1g@baseline/agentic
plant() {
	sed -i 's/max_think_time: 60s/max_think_time: 15s/' \
	    "$SIM/workloads/agentic.yaml"
	grep -q 'max_think_time: 15s' "$SIM/workloads/agentic.yaml"
}
