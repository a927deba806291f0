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
	sel='select(.kind == "verdict" and .check == "1f" and .metric == "streaming.fraction")'
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

# A run directory in the newest layout, from the upstream samples' files:
# workspace/runs/r1/ with aw's run_metadata.json plus replicas and the
# translation_hash of lora-2, whose translations folder (translation_output
# listing routetoholder, generated/) is copied beside; the cells are the
# config-exploration traces.  manifest.assembly.yaml has no real sample: it
# is CONSTRUCTED in the shape sim2real assemble writes (a comment line,
# replicas, baselines, algorithms, workload paths).
HASH=43f299e0b7dde9620fdff16474347832f0b00cb3eeac7a724fc916ef730f8628

newest_run() {	# newest_run WS: WS/workspace/{runs/r1,translations/HASH}
	local ws=$1/workspace run=$1/workspace/runs/r1
	mkdir -p "$run/results" "$ws/translations"
	cp -r "$UP/lora-2/workspace/translations/$HASH" "$ws/translations/"
	jq --arg h "$HASH" '. + {replicas: 2, translation_hash: $h}' \
	    "$UP/aw-run-metadata/run_metadata.json" >"$run/run_metadata.json"
	cat >"$run/manifest.assembly.yaml" <<'YAML'
# generated by sim2real assemble at 2026-07-01T14:05:00Z; do not edit
replicas: 2
baselines:
- name: baseline
algorithms:
- name: routetoholder
  source: algorithms/routetoholder.go
  defaults: baseline
- name: ghost
  source: algorithms/ghost.go
workloads:
- workloads/w1_mid.yaml
YAML
	replicas "$run/results/baseline/w1_mid" blis1 blis2
	replicas "$run/results/routetoholder/w1_mid" blis3
	# upstream's own report folder, and a folder that is not an iN
	mkdir -p "$run/check/20260701T140500Z" "$run/results/baseline/w1_mid/i01"
	cp "$CE/workspace/runs/test/results/blis1/w1_mid/trace_data.csv" \
	    "$run/check/20260701T140500Z/"
}

@test "run mode: every declared cell PRESENT, MISSING or SKIP; a MISSING one fails the run" {
	newest_run "$T/ws"
	RUN="$T/ws/workspace/runs/r1"
	run -0 "$S2R_BIN/s2r-run" --root "$RUN" "$RUN"
	printf '%s\n' "$output" >"$T/run.ndjson"
	validate_records "$T/run.ndjson"
	run jq -r 'select(.kind == "cell") | [.scope.phase, .scope.iteration,
	    .status] | join(" ")' "$T/run.ndjson"
	[ "$output" = "baseline i1 PRESENT
baseline i2 PRESENT
routetoholder i1 PRESENT
routetoholder i2 MISSING
ghost i1 SKIP
ghost i2 SKIP" ]
	jq -e -s --arg h "$HASH" '.[0] | .kind == "run" and .shape == "replica"
	    and .replicas == {value: 2, source: {file: "run_metadata.json",
	        field: "replicas"}}
	    and .declared_by.file == "manifest.assembly.yaml"
	    and .translated == ["routetoholder"]
	    and .translation.file == "../../translations/\($h)/translation_output.json"
	    and .generated == "../../translations/\($h)/generated"
	    and .malformed == ["results/baseline/w1_mid/i01"]
	    and .counts == {PRESENT: 3, MISSING: 1, SKIP: 2}' "$T/run.ndjson"
	# the pipeline: the MISSING cell's checks say MISSING, check/ is no
	# cell, the report lists the cells, STRICT=1 fails
	run -0 parity "" RUN="$RUN"
	V="$T/out/verdicts.ndjson"
	jq -e -s '[.[] | select(.kind == "verdict" and
	        .scope.phase == "routetoholder" and .scope.iteration == "i2")]
	    | length >= 18 and all(.verdict == "MISSING") and
	      any(.check == "1a") and any(.check == "5a")' "$V"
	# and say that the run, not the sim bundle, declares the cell
	jq -e -s '[.[] | select(.kind == "verdict" and .scope.phase == "routetoholder"
	        and .scope.iteration == "i2" and .check == "1a")]
	    | length > 0 and all(.why | test("the run declares this cell \\(.+\\) but has no results"))' "$V"
	! jq -e -s 'any(.[]; .scope.phase == "check" or .scope.workload ==
	    "20260701T140500Z")' "$V" || false
	grep -qF '| routetoholder | w1\_mid | i2 | MISSING |' "$T/out/report.md"
	grep -qF '| ghost | w1\_mid | i1 | SKIP |' "$T/out/report.md"
	grep -q '^## Run$' "$T/out/report.md"
	# the EPP configs of the translations layout: one per arm, diffed (2c)
	jq -e -s --arg h "$HASH" 'length > 0 and all(.source.file ==
	    "../../translations/\($h)/generated/baselines/baseline/baseline_config.yaml")' \
	    "$T/out/epp/baseline.ndjson"
	jq -e -s 'any(.[]; .check == "2d") and all(.scope == {phase: "routetoholder"})' \
	    "$T/out/epp/routetoholder.ndjson"
	jq -e -s 'any(.[]; .kind == "diff" and .section == "plugins" and
	    .value == "differs")' "$T/out/epp-diff/baseline--routetoholder.ndjson"
	run parity "" RUN="$RUN" STRICT=1
	[ "$status" -ne 0 ]
	# the HTML report has the same table
	run -0 parity "" RUN="$RUN" html
	grep -qF '<tr><td>routetoholder</td><td>w1_mid</td><td>i2</td><td>MISSING</td>' \
	    "$T/out/report.html"
}

@test "run mode: a legacy run (progress.json, no iN) judges as REAL= does, and its PipelineRuns' specs against the sim's" {
	cp -r "$CE/workspace/runs/test" "$T/run"
	parity "$T/run"
	mv "$T/out" "$T/out-real"
	parity "" RUN="$T/run"
	# the same verdicts but for 1a workload.conflict and 2c run.namespace,
	# which only run mode can judge: this sim's w1_mid is chatbot.yaml,
	# the PipelineRuns gave the run the real w1_mid (aggregate_rate 90,
	# not 10); each ran in the run's namespace
	cmp <(jq -c 'select(.kind == "verdict" and .metric != "workload.conflict" and .metric != "run.namespace")' "$T/out-real/verdicts.ndjson") \
	    <(jq -c 'select(.kind == "verdict" and .metric != "workload.conflict" and .metric != "run.namespace")' "$T/out/verdicts.ndjson")
	jq -e -s '[.[] | select(.metric == "run.namespace")] | length == 3 and
	    all(.verdict == "PASS" and (.why | test("namespace kalantar-0 .*the run.s is kalantar-0")))' \
	    "$T/out/verdicts.ndjson"
	! jq -e -s 'any(.[]; .metric == "workload.conflict")' "$T/out-real/verdicts.ndjson" || false
	jq -e -s '[.[] | select(.metric == "workload.conflict")] | length == 3 and
	    all(.verdict == "FAIL" and (.why | test("qps.intended 90 there, 10 in the sim")))' \
	    "$T/out/verdicts.ndjson"
	jq -e -s '[.[] | select(.kind == "cell")] | length == 3 and
	    all(.status == "PRESENT" and (.scope | has("iteration") | not))' \
	    "$T/out/run.ndjson"
	jq -e -s '.[0].shape == "legacy" and .[0].declared_by.file ==
	    "progress.json"' "$T/out/run.ndjson"
}

@test "run mode: the spec the run's PipelineRuns embed judges a workload the sim bundle lacks" {
	cp -r "$CE/workspace/runs/test" "$T/run"
	rm "$T/sim/workloads/w1_mid.yaml"
	cp "$CE/workloads/chatbot.yaml" "$T/sim/workloads/"
	run -0 --separate-stderr parity "" RUN="$T/run"
	[[ "$stderr" == *"no spec in $T/sim/workloads for workload w1_mid"*"the specs the run's PipelineRuns embed stand in"* ]]
	V="$T/out/verdicts.ndjson"
	validate_records "$V"
	# judged, against the embedded spec: aggregate_rate 90, num_requests 16200
	jq -e -s '[.[] | select(.kind == "verdict" and .scope.workload == "w1_mid"
	        and .check == "1a" and .metric == "qps.intended")] | length == 3 and
	    all(.expected.value == 90 and .expected.source.file ==
	        "cluster/pipelinerun-w1-mid-blis1.yaml" and
	        .expected.source.field == "workloadSpec: aggregate_rate")' "$V"
	! jq -e -s 'any(.[]; .kind == "verdict" and .scope.workload == "w1_mid"
	    and (.check | test("^1")) and .verdict == "MISSING")' "$V" || false
	grep -qF 'spec 90 req/s (cluster/pipelinerun-w1-mid-blis1.yaml:33 workloadSpec: aggregate\_rate)' "$T/out/report.md"
	# an edited PipelineRun reruns the expectations
	sed -i 's/{aggregate_rate: 90,/{aggregate_rate: 45,/' "$T/run/cluster/pipelinerun-w1-mid-blis"*.yaml
	parity "" RUN="$T/run" 2>/dev/null
	jq -e -s '[.[] | select(.kind == "verdict" and .scope.workload == "w1_mid"
	    and .metric == "qps.intended")] | length == 3 and all(.expected.value == 45)' "$V"
	# REAL= reads no PipelineRun: MISSING, as before
	parity "$T/run" 2>/dev/null
	jq -e -s 'any(.[]; .kind == "verdict" and .scope.workload == "w1_mid"
	    and .check == "1a" and .verdict == "MISSING")' "$V"
}

@test "run mode: a PipelineRun with a hostile name, a link out of the run or a FIFO stops the run, naming it" {
	cp -r "$CE/workspace/runs/test" "$T/run"
	chmod -R u+w "$T/run"
	c="$T/run/cluster"
	cp "$c/pipelinerun-w1-mid-blis1.yaml" "$c/pipelinerun-\$(touch PWNED).yaml"
	run --separate-stderr parity "" RUN="$T/run"
	[ "$status" -ne 0 ] && [ ! -e PWNED ] && [ ! -e "$T/out/verdicts.ndjson" ]
	[[ "$stderr" == *'pipelinerun-$(touch PWNED).yaml: file name'*'rename it'* ]]
	rm "$c/pipelinerun-\$(touch PWNED).yaml"
	ln -s /etc/passwd "$c/pipelinerun-x.yaml"
	run --separate-stderr parity "" RUN="$T/run"
	[ "$status" -ne 0 ] && [[ "$stderr" == *"pipelinerun-x.yaml: a link to /etc/passwd, outside RUN: refused"* ]]
	rm "$c/pipelinerun-x.yaml"
	mkfifo "$c/pipelinerun-f.yaml"
	run --separate-stderr timeout 60 make -s -f "$S2R_TOP/pipelines/parity.mk" S2R_BIN="$S2R_BIN" \
	    SIM="$T/sim" OUT="$T/out" RUN="$T/run"
	[ "$status" -ne 0 ] && [ "$status" -ne 124 ]
	[[ "$stderr" == *"pipelinerun-f.yaml: expected a regular file, got a FIFO"* ]]
}

@test "run mode: repeat folders results.<N>/ of older runs are the iterations" {
	mkdir -p "$T/run/results.1/baseline" "$T/run/results.2/baseline"
	cp -r "$CE/workspace/runs/test/results/blis1/w1_mid" "$T/run/results.1/baseline/"
	cp -r "$CE/workspace/runs/test/results/blis2/w1_mid" "$T/run/results.2/baseline/"
	# progress.json declares treatment too: it ran in neither repeat
	jq -n '{"wl-w1-mid-baseline": {workload: "w1_mid", package: "baseline",
	    status: "done"}, "wl-w1-mid-treatment": {workload: "w1_mid",
	    package: "treatment", status: "failed"}}' >"$T/run/progress.json"
	parity "" RUN="$T/run"
	run jq -r 'select(.kind == "cell") | [.scope.phase, .scope.iteration,
	    .status] | join(" ")' "$T/out/run.ndjson"
	[ "$output" = "baseline results.1 PRESENT
treatment results.1 MISSING
baseline results.2 PRESENT
treatment results.2 MISSING" ]
	want=$(py_cv input_tokens "$T"/run/results.{1,2}/baseline/w1_mid/trace_data.csv)
	jq -e -s --argjson want "$want" '[.[] | select(.kind == "verdict" and
	    .metric == "input_tokens.mean" and .scope.phase == "baseline")]
	    | length == 2 and all(.replicas.of == ["results.1", "results.2"]
	        and ((.replicas.cv - $want) | fabs) < 1e-8 * $want)' \
	    "$T/out/verdicts.ndjson"
}

@test "run mode: a hostile name in a run folder stops the run; in the manifest it is only data" {
	newest_run "$T/ws"
	RUN="$T/ws/workspace/runs/r1"
	mkdir -p "$T/pw"
	cd "$T/pw"
	mkdir -p "$RUN/results/\$(shell touch pwned)/w1_mid"
	cp -r "$RUN/results/baseline/w1_mid/i1" "$RUN/results/\$(shell touch pwned)/w1_mid/"
	run --separate-stderr parity "" RUN="$RUN"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *'/results/$(shell touch pwned)/w1_mid/i1: folder name'*'rename it'* ]]
	[ ! -e pwned ] && [ ! -e "$T/out/verdicts.ndjson" ]
	rm -rf "$RUN/results/\$(shell touch pwned)"
	# a phase named like a command in manifest.assembly.yaml: a string in
	# the records, never a word for make or a shell
	sed -i 's/^- name: ghost$/- name: "a;touch pwned`touch pwned`"/' \
	    "$RUN/manifest.assembly.yaml"
	sed -i 's/^- name: baseline$/- name: "x$(shell touch pwned)"/' \
	    "$RUN/manifest.assembly.yaml"
	run -0 parity "" RUN="$RUN"
	[ ! -e pwned ]
	jq -e -s '[.[] | select(.kind == "cell" and .status == "MISSING")
	    | .scope.phase] | unique == ["routetoholder", "x$(shell touch pwned)"]' \
	    "$T/out/run.ndjson"
	jq -e -s '[.[] | select(.kind == "cell" and .status == "SKIP")
	    | .scope.phase] == ["a;touch pwned`touch pwned`",
	    "a;touch pwned`touch pwned`"]' "$T/out/run.ndjson"
	jq -e -s 'any(.[]; .kind == "verdict" and .verdict == "MISSING" and
	    .scope.phase == "x$(shell touch pwned)")' "$T/out/verdicts.ndjson"
	[ ! -e pwned ]
}

@test "s2r-run: a malformed run file is one line naming it, exit 2" {
	mkdir -p "$T/run/results"
	printf '{"version": 1, "replicas": "three"}\n' >"$T/run/run_metadata.json"
	run --separate-stderr "$S2R_BIN/s2r-run" "$T/run"
	assert_bad_input
	[[ "$stderr" == *"run_metadata.json: replicas: expected a whole number"* ]]
	printf '{"version": 1,\n "replicas": 2,,}\n' >"$T/run/run_metadata.json"
	run --separate-stderr "$S2R_BIN/s2r-run" "$T/run"
	assert_bad_input
	[[ "$stderr" == *"run_metadata.json:2:"* ]]
	rm "$T/run/run_metadata.json"
	printf 'baselines:\n- name: b\n- 3\n' >"$T/run/manifest.assembly.yaml"
	run --separate-stderr "$S2R_BIN/s2r-run" "$T/run"
	assert_bad_input
	[[ "$stderr" == *"manifest.assembly.yaml:3:3: expected a mapping with a name:"* ]]
	run --separate-stderr "$S2R_BIN/s2r-run" "$T/nowhere"
	assert_bad_input
}

@test "s2r-run: an iN beyond the declared replicas is listed, not declared; one without a trace is not a cell" {
	replicas "$T/run/results/baseline/w1_mid" blis1 blis2
	mkdir -p "$T/run/results/baseline/w1_mid/i3"
	printf '{"version": 1, "replicas": 1}\n' >"$T/run/run_metadata.json"
	run -0 "$S2R_BIN/s2r-run" --root "$T/run" "$T/run"
	printf '%s\n' "$output" >"$T/r.ndjson"
	validate_records "$T/r.ndjson"
	run jq -r 'select(.kind == "cell") | "\(.scope.iteration) \(.status) \(.declared)"' "$T/r.ndjson"
	[ "$output" = "i1 PRESENT true
i2 PRESENT false" ]
	# only the declared cell is an expectation
	run jq -r 'select(.kind == "expect") | .scope.iteration' "$T/r.ndjson"
	[ "$output" = "i1" ]
}

@test "run mode: a link out of the translation's generated/ is refused, as one out of a bundle" {
	newest_run "$T/ws"
	RUN="$T/ws/workspace/runs/r1"
	cfg="$T/ws/workspace/translations/$HASH/generated/routetoholder/routetoholder_config.yaml"
	rm "$cfg"
	ln -s /etc/passwd "$cfg"
	run --separate-stderr parity "" RUN="$RUN"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"routetoholder_config.yaml: a link to /etc/passwd, outside RUN: refused"* ]]
	[ ! -e "$T/out/verdicts.ndjson" ]
}
