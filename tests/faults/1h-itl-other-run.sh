# pair: lora
# plants: baseline/granite-9adapter.workload: the cell was run twice and the copy step kept the first attempt's trace_data.itl.csv (an hour earlier, --record-itl as the protocol says) beside the rerun's trace: the same request_ids, as many requests and chunks, but every chunk time is the other run's, so no request's chunk 0 is its first_chunk_time_us
# catches: 1h itl.requests phase=baseline,workload=granite-9adapter.workload => FAIL ~ another run
# touches: 1h@baseline/granite-9adapter.workload 6*@baseline/granite-9adapter.workload A*
plant() {
	local f="$REAL/baseline/granite-9adapter.workload/trace_data.itl.csv"
	/usr/bin/python3 - "$f" <<'PY'
import sys
p = sys.argv[1]
with open(p) as f:
    head, *rows = f.read().splitlines()
out = [head]
for line in rows:
    rid, k, ts = line.split(",")
    out.append("%s,%s,%d" % (rid, k, int(ts) - 3600000000))
with open(p, "w") as f:
    f.write("\n".join(out) + "\n")
PY
	grep -q '^request_id,chunk_index,timestamp_us$' "$f"
}
