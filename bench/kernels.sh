#!/bin/sh
# bench/kernels.sh - reading a large vLLM-shaped Kineto trace: s2r-dutycycle
# (whole A2 analysis) and s2r-kernel-match --emit-kernels (kernel records)
# against python3 json.load of the same file and jq extracting the kernel
# events.  Targets: >= 5x json.load; peak RSS < 1/4 of the file size.
#
#   SIZE_MB     trace size to generate (default 1000)
#   RUNS        runs of the s2r tools (default 5)
#   BASE_RUNS   runs of python3 and jq (default 3)
#   S2R_BIN_BEFORE  a second build of the s2r tools (e.g. of an older
#               commit): its rows, "@before", are measured alongside
#
# Besides the median wall time the table gives the median user+sys CPU
# seconds, which move less than wall time on a loaded machine.
set -eu
. bench/lib.sh
size_mb=${SIZE_MB:-1000}
runs=${RUNS:-5}
base_runs=${BASE_RUNS:-3}
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

# measure_cpu NAME RUNS CMD...: like measure (bench/lib.sh), plus the
# median user+sys seconds: "NAME median_s peak_rss_kb median_cpu_s".
measure_cpu() {
	name=$1 runs=$2
	shift 2
	walls="" cpus="" rss=0 i=0
	while [ "$i" -lt "$runs" ]; do
		/usr/bin/time -f '%e %M %U %S' -o "$out/.time" "$@" \
		    >/dev/null 2>"$out/.err" ||
			{ echo "bench: $name failed:" >&2; cat "$out/.err" >&2;
			  return 1; }
		read -r t m u s <"$out/.time"
		walls="$walls $t"
		cpus="$cpus $(echo "$u $s" | awk '{ print $1 + $2 }')"
		[ "$m" -gt "$rss" ] && rss=$m
		i=$((i + 1))
	done
	echo "$name $(median $walls) $rss $(median $cpus)"
}

median() {
	printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END {
		print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2
	}'
}

s2r_rows() {	# BIN SUFFIX
	measure_cpu "s2r-dutycycle$2" "$runs" "$1/s2r-dutycycle" "$trace"
	measure_cpu "s2r-kernel-match-emit$2" "$runs" "$1/s2r-kernel-match" \
	    --emit-kernels "$trace"
}

echo "trace: $trace ($bytes bytes)"
{
	s2r_rows "$S2R_BIN" ""
	if [ -n "${S2R_BIN_BEFORE:-}" ]; then
		s2r_rows "$S2R_BIN_BEFORE" "@before"
	fi
	measure_cpu python3-json.load "$base_runs" /usr/bin/python3 -c \
	    'import json, sys; json.load(open(sys.argv[1]))' "$trace"
	measure_cpu jq-kernel-events "$base_runs" jq -c \
	    '.traceEvents[] | select(.cat == "kernel")' "$trace"
} >"$out/results"
base=$(awk '$1 == "python3-json.load" { print $2 }' "$out/results")
base_cpu=$(awk '$1 == "python3-json.load" { print $4 }' "$out/results")
printf '%-28s %9s %9s %12s %9s %9s %9s\n' tool median_s cpu_s peak_rss_kb \
    vs_json vs_json_cpu rss/file
awk -v base="$base" -v bcpu="$base_cpu" -v kb="$kb" '{
	printf "%-28s %9.2f %9.2f %12d %8.1fx %10.1fx %9.3f\n", $1, $2, $4,
	    $3, ($2 > 0 ? base / $2 : 0), ($4 > 0 ? bcpu / $4 : 0), $3 / kb
}' "$out/results"
