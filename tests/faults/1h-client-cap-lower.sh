# pair: 14b
# plants: treatment/w1c_14b: blis observe ran with --max-concurrency 48, below the protocol's 3000 and below the requests the load keeps in flight: each request waited for one of 48 slots before its send (its service time after the send unchanged), so sends fell behind their planned arrivals
# catches: 1h sends.late phase=treatment,workload=w1c_14b => FAIL
# touches: 1?@treatment/w1c_14b 5b@treatment/w1c_14b 5d@treatment/w1c_14b
plant() {
	trace_edit "$REAL/treatment/w1c_14b/trace_data.csv" '
import heapq
slots = [0] * 48
for r in sorted(rows, key=lambda r: int(r["arrival_time_us"])):
    send = int(r["send_time_us"])
    wait = max(0, heapq.heappop(slots) - send)
    for k in ("send_time_us", "first_chunk_time_us", "last_chunk_time_us"):
        if int(r[k]) > 0:
            r[k] = str(int(r[k]) + wait)
    end = max(int(r[k]) for k in ("send_time_us", "first_chunk_time_us", "last_chunk_time_us"))
    heapq.heappush(slots, end)'
}
