# pair: hta
# plants: align/sim.csv: SIM_TRACE is the workload trace blis wrote before any simulation (the requests generated from the spec and seed: ids, classes, lengths and planned arrivals, but no send, first-chunk or last-chunk time and no chunk count: zeros), given in place of the simulation's output; every request matches the real one, and nothing about the simulator's timing is in it
# catches: A0 sim.requests.untimed - => FAIL ~ no time of any chunk
# catches: A3 align.ttft_ms - => MISSING ~ untimed
# touches: A0 A3
plant() {
	trace_edit "$ALIGN/sim.csv" '
for r in rows:
    for k in ("send_time_us", "first_chunk_time_us", "last_chunk_time_us", "num_chunks"):
        r[k] = "0"'
	rm -f "$ALIGN/sim.itl.csv"
}
