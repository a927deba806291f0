# pair: aw
# plants: baseline/w2_stationary: the load generator's pod clock was stepped forward 3 s by NTP halfway through the run (a node clock that had fallen behind, corrected mid-run): every request sent after the step has its wall-clock times (send_time_us, first_chunk_time_us, last_chunk_time_us) 3 s later, while arrival_time_us (the generator's schedule, on its monotonic clock) is unchanged; each request's own latencies are intact, and half the sends look 3 s late, which read as a client that held its requests back (raise --max-concurrency) where the clock moved
# catches: 1h sends.clock_forward phase=baseline,workload=w2_stationary => WARN ~ went forward
# touches: 1a@baseline/w2_stationary 1h@baseline/w2_stationary 1g@baseline/w2_stationary
plant() {
	trace_edit "$REAL/baseline/w2_stationary/trace_data.csv" '
sends = sorted(int(r["send_time_us"]) for r in rows)
mid = sends[len(sends) // 2]
for r in rows:
    if int(r["send_time_us"]) >= mid:
        for c in ("send_time_us", "first_chunk_time_us", "last_chunk_time_us"):
            r[c] = str(int(r[c]) + 3000000)'
}
