# pair: lora
# plants: baseline/granite-9adapter.workload: the copy of trace_data.itl.csv off the load generator's pod stopped when its ephemeral volume filled: the file ends after 60 % of its rows (a whole last request kept), so the later requests have no per-chunk times and the ITL percentiles describe the start of the run only
# catches: 1h itl.requests phase=baseline,workload=granite-9adapter.workload => WARN ~ Requests are missing from it
# touches: 1h@baseline/granite-9adapter.workload 6*@baseline/granite-9adapter.workload A*
plant() {
	local f="$REAL/baseline/granite-9adapter.workload/trace_data.itl.csv"
	/usr/bin/python3 - "$f" <<'PY'
import sys
p = sys.argv[1]
with open(p) as f:
    head, *rows = f.read().splitlines()
cut = len(rows) * 6 // 10
last = rows[cut - 1].split(",")[0]
while cut < len(rows) and rows[cut].split(",")[0] == last:
    cut += 1
with open(p, "w") as f:
    f.write("\n".join([head] + rows[:cut]) + "\n")
PY
	[ "$(wc -l <"$f")" -gt 1 ]
}
