# pair: hta
# plants: align/trace_data.itl.csv: the real decode stalls every fifth token (a chunked prefill of other requests runs between decode steps: that gap takes 1.8 units, the other four 0.8), each request's first and last chunk and chunk count unchanged, so TPOT (first to last chunk per token) stays the same while the inter-token latencies the simulator predicts (no stalls) no longer match
# catches: A3 align.itl_ms - => FAIL ~ Median ITL: sim \+
# touches: A3
plant() {
	/usr/bin/python3 - "$ALIGN/trace_data.itl.csv" <<'PY'
import csv, sys
path = sys.argv[1]
rows = list(csv.DictReader(open(path, newline="")))
by = {}
for r in rows:
    by.setdefault(r["request_id"], []).append(r)
for rs in by.values():
    rs.sort(key=lambda r: int(r["chunk_index"]))
    t0, t1, n = int(rs[0]["timestamp_us"]), int(rs[-1]["timestamp_us"]), len(rs) - 1
    w = [1.8 if k % 5 == 4 else 0.8 for k in range(n)]
    acc = 0
    for k in range(1, n):
        acc += w[k - 1]
        rs[k]["timestamp_us"] = str(t0 + int((t1 - t0) * acc / sum(w)))
with open(path, "w", newline="") as f:
    out = csv.DictWriter(f, fieldnames=["request_id", "chunk_index", "timestamp_us"],
                         lineterminator="\n")
    out.writeheader()
    out.writerows(rows)
PY
}
