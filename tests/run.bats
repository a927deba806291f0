#!/usr/bin/env bats
bats_require_minimum_version 1.5.0
# Run mode and replicas (issue 14): the parity pipeline over a run
# directory (workspace/runs/<run>/) built in a temporary folder from the
# real upstream samples' files, the enumeration of its declared
# (phase, workload, iteration) cells as PRESENT / MISSING / SKIP, and what
# verdicts say about replicas (which ones they cover, the CV across them,
# the noise-aware tolerance).  Reference numbers come from python3 over
# the trace CSVs, never from the C code.
load helpers

UP="$S2R_SAMPLES/upstream"
CE="$UP/config-exploration/sim2real"

setup() {
	need_samples
	T="$BATS_TEST_TMPDIR"
	mkdir -p "$T/sim/workloads"
	cp "$CE/workloads/chatbot.yaml" "$T/sim/workloads/w1_mid.yaml"
}

# replicas DIR CELL...: the real w1_mid cells blis1.. as DIR/i1, i2, ...
replicas() {
	local dir=$1 i=0 c
	shift
	for c in "$@"; do
		i=$((i + 1))
		mkdir -p "$dir"
		cp -r "$CE/workspace/runs/test/results/$c/w1_mid" "$dir/i$i"
	done
}

parity() {	# parity REAL [make args]: the pipeline into $T/out
	local real=$1
	shift
	make -s -f "$S2R_TOP/pipelines/parity.mk" S2R_BIN="$S2R_BIN" \
	    SIM="$T/sim" OUT="$T/out" "$@" ${real:+REAL="$real"}
}

# python3: the sample CV (n - 1) of the mean of COLUMN over each CSV, the
# way upstream's noise floor takes it; a boolean column counts "true".
py_cv() {	# py_cv COLUMN CSV...
	python3 - "$@" <<'PY'
import csv, statistics, sys
col, files = sys.argv[1], sys.argv[2:]
def num(v):
    return 1.0 if v == "true" else 0.0 if v == "false" else float(v)
means = []
for f in files:
    with open(f, newline="") as fh:
        means.append(statistics.fmean(num(r[col]) for r in csv.DictReader(fh)))
print(statistics.stdev(means) / abs(statistics.fmean(means)))
PY
}

@test "replicas: each verdict covers its own iN, CV across replicas as python computes it" {
	replicas "$T/run/results/baseline/w1_mid" blis1 blis2 blis3
	parity "$T/run"
	V="$T/out/verdicts.ndjson"
	validate_records "$V"
	want=$(py_cv input_tokens "$T"/run/results/baseline/w1_mid/i{1,2,3}/trace_data.csv)
	for i in i1 i2 i3; do
		jq -e -s --arg i "$i" --argjson want "$want" '
		    [.[] | select(.kind == "verdict" and .check == "1c" and
		        .metric == "input_tokens.mean" and .scope.iteration == $i)]
		    | length == 1 and all(.replicas.covers == [$i]
		      and .replicas.of == ["i1", "i2", "i3"] and .replicas.n == 3
		      and ((.replicas.cv - $want) | fabs) < 1e-8 * $want
		      and (.why | test("Replicas: this verdict covers " + $i)))' "$V"
	done
	# max(5 %, 2 CV), in the difference's unit, to the digits shown
	tol=$(python3 -c "print(max(5, 200 * $want))")
	jq -e -s --argjson t "$tol" '[.[] | select(.kind == "verdict" and
	    .metric == "input_tokens.mean") | .replicas.tolerance
	    | capture("^±(?<n>[0-9.]+)%$").n | tonumber]
	    | length == 3 and all(((. - $t) | fabs) < 1e-3 * $t)' "$V"
	# a one-sided bound has no band to widen: CV only
	jq -e -s '[.[] | select(.kind == "verdict" and .metric == "input_tokens.min")]
	    | length == 3 and all(.replicas.cv != null and
	        (.replicas | has("tolerance") | not))' "$V"
}

@test "replicas: one replica off fails alone; the others report the spread it causes" {
	replicas "$T/run/results/baseline/w1_mid" blis1 blis1 blis1
	# fault: the client of i2 did not stream every third request
	python3 - "$T/run/results/baseline/w1_mid/i2/trace_data.csv" <<'PY'
import csv, sys
p = sys.argv[1]
with open(p, newline="") as fh:
    rows = list(csv.DictReader(fh))
for i, r in enumerate(rows):
    if i % 3 == 0:
        r["streaming"] = "false"
with open(p, "w", newline="") as fh:
    w = csv.DictWriter(fh, fieldnames=rows[0].keys(), lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
PY
	parity "$T/run"
	V="$T/out/verdicts.ndjson"
	validate_records "$V"
	sel='select(.kind == "verdict" and .check == "1f")'
	run jq -r "$sel | .scope.iteration + \" \" + .verdict" "$V"
	[ "$output" = "i1 PASS
i2 FAIL
i3 PASS" ]
	want=$(py_cv streaming "$T"/run/results/baseline/w1_mid/i{1,2,3}/trace_data.csv)
	frac=$(python3 -c "
import csv; r = list(csv.DictReader(open('$T/run/results/baseline/w1_mid/i2/trace_data.csv')))
print(sum(x['streaming'] == 'true' for x in r) / len(r))")
	jq -e -s --argjson want "$want" --argjson f "$frac" "[.[] | $sel] | all(
	    .replicas.values[0] == 1 and .replicas.values[2] == 1
	    and ((.replicas.values[1] - \$f) | fabs) < 1e-9
	    and ((.replicas.cv - \$want) | fabs) < 1e-8 * \$want)" "$V"
	# the band in points: max(2 pp, 2 sd * 100), sd = CV * mean; the
	# verdict of i2 stays FAIL although its gap is inside that band
	band=$(python3 -c "
import statistics; print(max(2, 200 * statistics.stdev([1, $frac, 1])))")
	jq -e -s --argjson b "$band" "[.[] | $sel
	    | select(.scope.iteration == \"i2\")] | length == 1 and all(
	    (.replicas.tolerance | capture(\"^±(?<n>[0-9.]+) pp$\").n
	        | tonumber | . - \$b | fabs) < 1e-3 * \$b
	    and .replicas.within == true and .verdict == \"FAIL\")" "$V"
}

@test "replicas: cells without an iteration carry no replica fields" {
	mkdir -p "$T/real/baseline"
	cp -r "$CE/workspace/runs/test/results/blis1/w1_mid" "$T/real/baseline/"
	parity "$T/real"
	jq -e -s '[.[] | select(.kind == "verdict")] | length > 0 and
	    all(has("replicas") | not) and
	    all(.why | test("Replicas:") | not)' "$T/out/verdicts.ndjson"
}
