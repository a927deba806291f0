#!/bin/sh
# bench/log-extract.sh - s2r-log-extract against the floor (grep -c -E with
# the same patterns) and a python3 `re` script extracting the same facts,
# on ~100 MB of real-format vLLM log (the real AW logs when present, else
# the fixtures, repeated into bench/out; nothing is written elsewhere).
set -eu
. bench/lib.sh
RUNS=${RUNS:-3}
MB=${MB:-100}
big=bench/out/log-extract-big_vllm.log
src=${S2R_SAMPLES:-../shared/samples}/aw-real/baseline/w1_prefix_to_load_shift/server_logs
[ -d "$src" ] || src=tests/fixtures/logs/bundle/baseline/w1/server_logs
if [ ! -s "$big" ] || [ "$(($(wc -c <"$big") / 1000000))" -lt "$MB" ]; then
	: >"$big"
	while [ "$(($(wc -c <"$big") / 1000000))" -lt "$MB" ]; do
		cat "$src"/*.log >>"$big"
	done
fi
size=$(($(wc -c <"$big") / 1000000))

cat >bench/out/log-extract.py <<'PY'
import re, sys
hdr = re.compile(r'^(?:\([^)]+ pid=\d+\) )*(DEBUG|INFO|WARNING|ERROR|CRITICAL) \d\d-\d\d \d\d:\d\d:\d\d \[[^\]]+\] (.*)$')
acc = re.compile(r'^(?:\([^)]+ pid=\d+\) )*INFO: +\S+ - "(\S+) (\S+) HTTP/[\d.]+" (\d+)')
kv = re.compile(r'GPU KV cache size: ([\d,]+) tokens')
stats = re.compile(r'Engine (\d+): Avg prompt throughput: ([\d.]+) tokens/s, Avg generation throughput: ([\d.]+) tokens/s, Running: (\d+) reqs, Waiting: (\d+) reqs.*GPU KV cache usage: ([\d.]+)%, Prefix cache hit rate: ([\d.]+)%')
prob = re.compile(r'CUDA out of memory|CUDA error|Traceback \(most recent call last\)|EngineDeadError')
counts, levels, kvs, st = {}, {}, [], []
with open(sys.argv[1], encoding='utf-8', errors='replace') as f:
    for line in f:
        m = acc.match(line)
        if m:
            k = (m.group(1), m.group(2), m.group(3)); counts[k] = counts.get(k, 0) + 1
            continue
        m = hdr.match(line)
        if m:
            levels[m.group(1)] = levels.get(m.group(1), 0) + 1
            msg = m.group(2)
            s = stats.search(msg)
            if s: st.append(s.groups()); continue
            k = kv.search(msg)
            if k: kvs.append(int(k.group(1).replace(',', '')))
        if prob.search(line):
            levels['problem'] = levels.get('problem', 0) + 1
print(len(counts), levels, kvs[:1], len(st))
PY

pat='"POST /v1/(chat/)?completions |"GET /metrics |"GET /health |Engine [0-9]+: |GPU KV cache size: |Maximum concurrency for |non-default args: |Initializing a V1 LLM engine| (ERROR|WARNING|CRITICAL) [0-9]|CUDA out of memory|CUDA error|Traceback|EngineDeadError'
echo "input: $big (${size} MB), median of $RUNS runs"
r1=$(measure s2r-log-extract "$RUNS" "$S2R_BIN/s2r-log-extract" --server-logs "$big")
# GNU grep stops at the first match when its output is /dev/null (as
# measure makes it): write the count to a file to time the real scan.
r2=$(measure grep-c-E "$RUNS" sh -c 'grep -c -E "$1" "$2" >bench/out/.grep' sh "$pat" "$big")
r3=$(measure python3-re 1 /usr/bin/python3 bench/out/log-extract.py "$big")
printf '%s\n%s\n%s\n' "$r1" "$r2" "$r3" | awk '
	NR == 1 { base = $2 + 0 }
	{ t[NR] = $2; n[NR] = $1; m[NR] = $3 }
	END {
		printf "%-16s %10s %12s %14s\n", "tool", "median s", "peak RSS KB", "s / s2r";
		for (i = 1; i <= NR; i++) {
			r = 0
			if (base > 0)
				r = t[i] / base
			printf "%-16s %10.2f %12d %14.2f\n", n[i], t[i], m[i], r
		}
	}'
