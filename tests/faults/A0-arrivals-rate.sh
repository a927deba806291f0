# pair: hta
# plants: align/sim.csv: the simulation ran the workload at twice the real run's rate (another --rate for the same spec and seed): the same request ids with the same prompt and output lengths, each planned to arrive in half the time (arrival_time_us halved; the sim's send, first and last chunk times move with it)
# catches: A0 align.arrivals.mismatch - => FAIL ~ of 12 matched first-round requests arrive at other planned times
# touches: A0 A3
plant() {
	trace_edit "$ALIGN/sim.csv" '
for r in rows:
    a = int(r["arrival_time_us"])
    d = a // 2 - a
    r["arrival_time_us"] = str(a + d)
    for k in ("send_time_us", "first_chunk_time_us", "last_chunk_time_us"):
        if int(r[k]) > 0:
            r[k] = str(int(r[k]) + d)
'
}
