#!/bin/sh
# bench/kernels.sh - reading a large vLLM-shaped Kineto trace: s2r-dutycycle
# (whole A2 analysis) and s2r-kernel-match --emit-kernels (kernel records)
# against python3 json.load of the same file and jq extracting the kernel
# events.  Targets: >= 5x json.load; peak RSS < 1/4 of the file size.
#
#   SIZE_MB  trace size to generate (default 1000)
#   RUNS     runs of the s2r tools (default 3); the baselines run once
set -eu
. bench/lib.sh
size_mb=${SIZE_MB:-1000}
runs=${RUNS:-3}
out=bench/out/kernels
mkdir -p "$out"
trace=$out/trace-${size_mb}mb.json
if [ ! -s "$trace" ]; then
	# iterations scale the size: measure one small trace first
	/usr/bin/python3 tests/gen-kineto.py "$out/probe.json" --iters 4 --graph \
	    --layers 32
	per=$(( $(wc -c <"$out/probe.json") / 4 ))
	iters=$(( size_mb * 1000000 / per + 1 ))
	/usr/bin/python3 tests/gen-kineto.py "$trace" --iters "$iters" \
	    --layers 32 --graph
	rm -f "$out/probe.json"
fi
bytes=$(wc -c <"$trace")
kb=$((bytes / 1024))
echo "trace: $trace ($bytes bytes)"
{
	measure s2r-dutycycle "$runs" "$S2R_BIN/s2r-dutycycle" "$trace"
	measure s2r-kernel-match-emit "$runs" "$S2R_BIN/s2r-kernel-match" \
	    --emit-kernels "$trace"
	measure python3-json.load 1 /usr/bin/python3 -c \
	    'import json, sys; json.load(open(sys.argv[1]))' "$trace"
	measure jq-kernel-events 1 jq -c \
	    '.traceEvents[] | select(.cat == "kernel")' "$trace"
} >"$out/results"
base=$(awk '$1 == "python3-json.load" { print $2 }' "$out/results")
printf '%-24s %10s %12s %10s %12s\n' tool median_s peak_rss_kb vs_json.load rss/file
awk -v base="$base" -v kb="$kb" '{
	printf "%-24s %10.2f %12d %10.1fx %12.3f\n", $1, $2, $3,
	    ($2 > 0 ? base / $2 : 0), $3 / kb
}' "$out/results"
