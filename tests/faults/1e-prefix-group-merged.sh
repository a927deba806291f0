# pair: aw
# plants: treatment/w3_multi_prefix_contention: the copy of the spec the generator ran left phase2-prefix-B on system-prompt-A (a copy-paste of the phase-1 client), so the second phase reuses the first phase's shared prompt: no system-prompt-B rows, the prefix shares and lengths per window unchanged, and the contention the workload exists to create (a second hot prefix) never happens
# catches: 1e prefix_length.mean phase=treatment,prefix_group=system-prompt-B,workload=w3_multi_prefix_contention => FAIL
# touches: 1e@treatment/w3_multi_prefix_contention
plant() {
	trace_edit "$REAL/treatment/w3_multi_prefix_contention/trace_data.csv" '
for r in rows:
    if r["prefix_group"] == "system-prompt-B":
        r["prefix_group"] = "system-prompt-A"'
}
