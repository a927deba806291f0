# pair: hta
# plants: align/sim.itl.csv: the simulation's per-chunk file is left from an earlier run of the same workload, before the decode cost was raised 25 % (each request's chunks span 0.8 of what sim.csv now says: same requests, same chunk counts, earlier last chunks), so the sim ITL compared is not the run whose TTFT, TPOT and E2E are
# catches: A3 align.itl_ms - => FAIL ~ 13 requests of the sim ITL file disagree with its trace
# touches: A3
plant() {
	/usr/bin/python3 - "$ALIGN/sim.itl.csv" <<'PY'
import csv, sys
path = sys.argv[1]
rows = list(csv.DictReader(open(path, newline="")))
first = {}
for r in rows:
    if r["chunk_index"] == "0":
        first[r["request_id"]] = int(r["timestamp_us"])
for r in rows:
    t0 = first[r["request_id"]]
    r["timestamp_us"] = str(t0 + (int(r["timestamp_us"]) - t0) * 4 // 5)
with open(path, "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=["request_id", "chunk_index", "timestamp_us"],
                       lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
PY
}
