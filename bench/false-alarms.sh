#!/bin/sh
# bench/false-alarms.sh - how often the workload checks (1a-1g) cry wolf:
# SEEDS (default 20) correct runs of each spec, drawn by s2r-synth with
# seeds 1..SEEDS (BLIS's generator: a run that did exactly what the spec
# says, differing from it by chance only), each measured by
# s2r-trace-stats and judged by s2r-verdict against s2r-expect's records.
# Every FAIL there is a false alarm.  Prints, per spec, the runs and the
# FAILs and WARNs per metric (workload.seed left out: the seeds differ on
# purpose).  The specs: examples/sim/workloads/ and, when the samples are
# there (S2R_SAMPLES, default ../shared/samples), their workloads/; a spec
# s2r-synth cannot draw (corpus, multi-turn) is listed as skipped.
# OLD_BIN= judges the same traces with another build too (its own
# s2r-expect, -trace-stats and -verdict), one more column.
set -eu
. bench/lib.sh
SEEDS=${SEEDS:-20}
samples=${S2R_SAMPLES:-../shared/samples}
out=bench/out/false-alarms
rm -rf "$out"
mkdir -p "$out"

# judge BIN LABEL SPEC DIR: FAIL and WARN verdicts of one run, "VERDICT
# metric".
judge() {
	w=$(basename "$3" .yaml)
	"$1/s2r-trace-stats" --workload "$w" "$4/trace_data.csv" |
		cat "$4/../expect-$2.ndjson" - |
		"$1/s2r-verdict" --checks 1a,1b,1c,1d,1e,1f,1g --no-fail-status |
		jq -r 'select(.kind == "verdict" and (.verdict == "FAIL" or
		    .verdict == "WARN") and .metric != "workload.seed") |
		    "\(.verdict) \(.metric)"'
}

# counts FILE: "metric F/W, ..." over one spec's runs.
counts() {
	sort "$1" | uniq -c | awk '{ n[$3] = n[$3] ""; if ($2 == "FAIL") f[$3] += $1; else w[$3] += $1 }
	    END { for (m in n) printf "%s %d/%d\n", m, f[m], w[m] }' | sort |
	    awk '{ printf "%s%s %s", (NR > 1 ? ", " : ""), $1, $2 } END { if (NR == 0) printf "none" }'
}

total() {	# total FILE: FAILs in it
	grep -c '^FAIL' "$1" || true
}

printf '| spec | runs | FAILs | FAIL/WARN per metric |%s\n' "${OLD_BIN:+ FAILs, old build |}"
printf '|---|---:|---:|---|%s\n' "${OLD_BIN:+---:|}"
for spec in examples/sim/workloads/*.yaml "$samples"/workloads/*.yaml; do
	[ -f "$spec" ] || continue
	w=$(basename "$spec" .yaml)
	d=$out/$w
	mkdir -p "$d"
	if ! "$S2R_BIN/s2r-synth" --seed 1 "$spec" "$d/s1" >/dev/null 2>"$d/err"; then
		printf '| %s | skipped: %s | | |\n' "$w" "$(head -c 80 "$d/err" | tr '|\n' '/ ')"
		continue
	fi
	"$S2R_BIN/s2r-expect" "$spec" >"$d/expect-new.ndjson"
	[ -z "${OLD_BIN:-}" ] || "$OLD_BIN/s2r-expect" "$spec" >"$d/expect-old.ndjson"
	s=1
	while [ "$s" -le "$SEEDS" ]; do
		[ -d "$d/s$s" ] || "$S2R_BIN/s2r-synth" --seed "$s" "$spec" "$d/s$s" >/dev/null
		judge "$S2R_BIN" new "$spec" "$d/s$s" >>"$d/new"
		[ -z "${OLD_BIN:-}" ] || judge "$OLD_BIN" old "$spec" "$d/s$s" >>"$d/old"
		s=$((s + 1))
	done
	touch "$d/new" "$d/old"
	printf '| %s | %d | %d | %s |%s\n' "$w" "$SEEDS" "$(total "$d/new")" \
	    "$(counts "$d/new")" "${OLD_BIN:+ $(total "$d/old") |}"
done
