#!/usr/bin/env bats
# blis observe's saturation report (saturation.json) in its three shapes:
# s2r-log-extract reads it (--saturation, or CELLDIR/saturation.json) into
# saturation.level records; s2r-verdict shows it per cell (5b) and calls a
# latency gap of an OVERLOADED run load, not the model (A3).  Reference
# values come from jq/grep/python3 on the files, never from the tool.
load helpers
bats_require_minimum_version 1.5.0

U=$S2R_SAMPLES/upstream
OBS=$U/saturation-observed
EX=$U/blis-formats/examples
X() { "$S2R_BIN/s2r-log-extract" "$@"; }
V() { "$S2R_BIN/s2r-verdict" "$@"; }

setup() {
	OUT=$BATS_TEST_TMPDIR/out.ndjson
}

# line:column of the first "KEY": value in file $1 (the value's column)
place() {
	python3 - "$1" "$2" <<'EOF'
import sys
for n, line in enumerate(open(sys.argv[1]), 1):
    at = line.find('"%s":' % sys.argv[2])
    if at >= 0:
        rest = line[at + len(sys.argv[2]) + 3:]
        print("%d:%d" % (n, at + len(sys.argv[2]) + 4 + len(rest) - len(rest.lstrip())))
        break
EOF
}

@test "real saturation reports (old single result): level and its place" {
	need_samples
	for f in "$OBS"/*.saturation.json; do
		X --phase p --workload w --saturation "$f" >"$OUT"
		validate_records "$OUT"
		[ "$(wc -l <"$OUT")" -eq 1 ]
		[ "$(jq -r .value "$OUT")" = "$(jq -r .level "$f")" ]
		[ "$(jq -r '.source | "\(.line):\(.column)"' "$OUT")" = "$(place "$f" level)" ]
		[ "$(jq -r .source.field "$OUT")" = level ]
		[ "$(jq -r 'has("key")' "$OUT")" = false ]
		[ "$(jq -c .scope "$OUT")" = '{"phase":"p","workload":"w"}' ]
		[[ "$(jq -r .source.how "$OUT")" == *"score $(jq -r .score "$f"), confidence $(jq -r .confidence "$f")"* ]]
	done
	X --saturation "$OBS/quarticceiling_balanced_15.saturation.json" >"$OUT"
	[ "$(jq -r .value "$OUT")" = OVERLOADED ]
}

@test "new shape: one record per detector of the final block, n = its trace records" {
	need_samples
	for f in "$EX"/saturation.new.CONSTRUCTED.json "$EX"/saturation.new.final-block.FIXTURE.json; do
		X --saturation "$f" >"$OUT"
		validate_records "$OUT"
		[ "$(jq -r '[.key, .value, .n] | @tsv' "$OUT")" = "$(jq -r '. as $r |
		    .final | to_entries | sort_by(.key)[] | [.key, .value,
		    ([$r.trace[] | select(.detector == .key)] | length)] | @tsv' "$f" |
		    while IFS='	' read -r d l _; do
			printf '%s\t%s\t%s\n' "$d" "$l" "$(jq --arg d "$d" \
			    '[.trace[] | select(.detector == $d)] | length' "$f")"
		    done)" ]
		[ "$(jq -r .source.field "$OUT" | sort -u | grep -vc '^final\.')" -eq 0 ]
	done
	X --saturation "$EX/saturation.new.final-block.FIXTURE.json" >"$OUT"
	[ "$(jq -r 'select(.key == "threshold") | "\(.value) \(.source.line):\(.source.column)"' "$OUT")" \
	    = "OVERLOADED $(place "$EX/saturation.new.final-block.FIXTURE.json" threshold)" ]
}

@test "new shape with an empty trace and no final: no detector ran, no level" {
	need_samples
	X --saturation "$EX/saturation.new.empty.FIXTURE.json" >"$OUT"
	validate_records "$OUT"
	[ "$(jq -r '[.value, .n, .source.field] | @tsv' "$OUT")" = "	0	trace" ]
	[[ "$(jq -r .source.how "$OUT")" == "no detector ran"* ]]
}

@test "old backlog-drift report: the classification read as a level" {
	need_samples
	f=$EX/saturation.old.backlog-drift-report.CONSTRUCTED.json
	X --saturation "$f" >"$OUT"
	validate_records "$OUT"
	[ "$(jq -r .classification "$f")" = UNSATURATED ]
	[ "$(jq -r '[.value, .source.field] | @tsv' "$OUT")" = "STABLE	classification" ]
	[ "$(jq -r '.source | "\(.line):\(.column)"' "$OUT")" = "$(place "$f" classification)" ]
}

@test "a trace without a final block: the plurality of the last 30 s, ties to the more severe" {
	f=$BATS_TEST_TMPDIR/saturation.json
	python3 - "$f" <<'EOF'
import json, random, sys
random.seed(7)
levels = ["STABLE", "BACKLOGGED", "OVERLOADED"]
trace, t = [], 0
for i in range(400):
    t += random.randint(0, 400000)
    for d in ("composite", "threshold"):
        trace.append({"timestamp": t, "detector": d,
                      "result": {"level": random.choice(levels), "score": 0,
                                 "confidence": 0, "signals": {}}})
json.dump({"trace": trace}, open(sys.argv[1], "w"), indent=2)
EOF
	X --saturation "$f" >"$OUT"
	validate_records "$OUT"
	want=$(python3 - "$f" <<'EOF'
import json, sys
trace = json.load(open(sys.argv[1]))["trace"]
sev = {"STABLE": 0, "BACKLOGGED": 1, "OVERLOADED": 2}
for d in sorted({r["detector"] for r in trace}):
    recs = [r for r in trace if r["detector"] == d]
    last = recs[-1]["timestamp"]
    win = [r["result"]["level"] for r in recs if r["timestamp"] >= last - 30000000]
    best = max(sev, key=lambda l: (win.count(l), sev[l]))
    print("%s\t%s\t%d\t%d" % (d, best, len(recs), len(win)))
EOF
)
	[ "$(jq -r '[.key, .value, .n, (.source.how | capture("of the (?<w>[0-9]+) records").w)] | @tsv' "$OUT")" = "$want" ]
	[ "$(jq -r .source.field "$OUT" | sort -u)" = trace ]
}

@test "a cell folder's saturation.json is read with its logs; --text shows it" {
	need_samples
	cell=$BATS_TEST_TMPDIR/b/treatment/w1
	mkdir -p "$cell"
	cp "$OBS/quarticceiling_balanced_15.saturation.json" "$cell/saturation.json"
	X --root "$BATS_TEST_TMPDIR/b" "$cell" >"$OUT"
	validate_records "$OUT"
	[ "$(jq -r 'select(.metric == "saturation.level") | [.value, .source.file, .scope.phase, .scope.workload] | @tsv' "$OUT")" \
	    = "OVERLOADED	treatment/w1/saturation.json	treatment	w1" ]
	run X --format text --root "$BATS_TEST_TMPDIR/b" "$cell"
	[ "$status" -eq 0 ]
	[[ "$output" == *saturation.level*OVERLOADED* ]]
}

@test "bad saturation reports: one located line, exit 2, no records" {
	d=$BATS_TEST_TMPDIR
	printf '{"level": "STABLE",\n "trace": []}\n' >"$d/mix.json"
	printf '{"final": {"composite": 1}}\n' >"$d/type.json"
	printf '{"trace": [{"timestamp": 2, "detector": "c", "result": {"level": "STABLE"}},\n{"timestamp": 1, "detector": "c", "result": {"level": "STABLE"}}]}\n' >"$d/order.json"
	printf '{"level": "STABLE"' >"$d/cut.json"
	printf '{"slope": 0.1}\n' >"$d/none.json"
	for c in "mix.json:1:1: expected one saturation report shape" \
	    "type.json:1:25: expected final: a level" \
	    "order.json:2:1: expected trace records in ascending timestamp order" \
	    "cut.json:1:19:" "none.json:1:1: expected a saturation report"; do
		run --separate-stderr X --saturation "$d/${c%%:*}"
		assert_bad_input
		[[ "$stderr" == "s2r-log-extract: $d/$c"* ]] || { echo "$stderr"; false; }
	done
	mkfifo "$d/fifo.json"
	run --separate-stderr timeout 10 "$S2R_BIN/s2r-log-extract" --saturation "$d/fifo.json"
	assert_bad_input
	[[ "$stderr" == *"expected a regular file, got a FIFO"* ]]
	mkdir -p "$d/cell"
	mkfifo "$d/cell/saturation.json"
	run --separate-stderr timeout 10 "$S2R_BIN/s2r-log-extract" "$d/cell"
	assert_bad_input
}

# A verdict input: the saturation records of $1 in cell p/w, plus s2r-verdict.
sat_verdict() {
	X --phase p --workload w --saturation "$1" >"$BATS_TEST_TMPDIR/m.ndjson"
	V --checks 5b --no-fail-status "$BATS_TEST_TMPDIR/m.ndjson" >"$OUT"
	validate_records "$OUT"
}

@test "5b: a row per cell with a report: STABLE PASS, OVERLOADED or BACKLOGGED WARN, no level INAPPLICABLE" {
	need_samples
	sat_verdict "$OBS/quartic_balanced_10.saturation.json"
	[ "$(jq -r 'select(.metric == "saturation.level") | .verdict' "$OUT")" = PASS ]
	sat_verdict "$OBS/quarticceiling_balanced_15.saturation.json"
	[ "$(jq -r 'select(.metric == "saturation.level") | [.verdict, .actual.value] | @tsv' "$OUT")" = "WARN	OVERLOADED" ]
	[[ "$(jq -r 'select(.metric == "saturation.level") | .why' "$OUT")" == *"load, not the cost model"* ]]
	# detectors disagree: the worst is the row's actual, every one is named
	sat_verdict "$EX/saturation.new.final-block.FIXTURE.json"
	why=$(jq -r 'select(.metric == "saturation.level") | .why' "$OUT")
	[[ "$why" == *"backlog-drift BACKLOGGED"*"composite STABLE"*"threshold OVERLOADED"* ]]
	[ "$(jq -r 'select(.metric == "saturation.level") | .actual.source.field' "$OUT")" = final.threshold ]
	sat_verdict "$EX/saturation.new.empty.FIXTURE.json"
	[ "$(jq -r 'select(.metric == "saturation.level") | .verdict' "$OUT")" = INAPPLICABLE ]
	[[ "$(jq -r 'select(.metric == "saturation.level") | .why' "$OUT")" == *"No detector gave a level"* ]]
}

# The align fixtures with the real trace's first and last chunks moved
# $1 µs later (queueing), and saturation report $2 beside it.
align_run() {
	a=$BATS_TEST_TMPDIR/a
	rm -rf "$a"
	mkdir -p "$a/real"
	cp "$FIXTURES/align/trace_header.yaml" "$a/real/"
	python3 - "$FIXTURES/align/trace_data.csv" "$a/real/trace_data.csv" "$1" <<'EOF'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
shift = int(sys.argv[3])
for r in rows:
    if int(r["first_chunk_time_us"] or 0) > 0:
        for c in ("first_chunk_time_us", "last_chunk_time_us"):
            r[c] = str(int(r[c]) + shift)
w = csv.DictWriter(open(sys.argv[2], "w"), fieldnames=list(rows[0]), lineterminator="\n")
w.writeheader()
w.writerows(rows)
EOF
	[ -z "$2" ] || cp "$2" "$a/real/saturation.json"
	make -s -f "$S2R_TOP/pipelines/align.mk" S2R_BIN="$S2R_BIN" OUT="$a/out" \
	    REAL_TRACE="$a/real/trace_data.csv" SIM_TRACE="$FIXTURES/align/sim.csv" >/dev/null
	validate_records "$a/out/verdicts.ndjson"
}
a3() {
	jq -r --arg m "$1" 'select(.kind == "verdict" and .metric == $m) | .'"$2" "$BATS_TEST_TMPDIR/a/out/verdicts.ndjson"
}

@test "A3: a latency gap of an OVERLOADED real run is load: WARN 'overloaded: not a model gap'" {
	need_samples
	align_run 500000 ""
	[ "$(a3 align.ttft_ms verdict)" = FAIL ]
	[ "$(a3 align.e2e_ms verdict)" = FAIL ]
	align_run 500000 "$OBS/quarticceiling_balanced_15.saturation.json"
	[ -s "$BATS_TEST_TMPDIR/a/out/load.ndjson" ]
	for m in align.ttft_ms align.e2e_ms; do
		[ "$(a3 $m verdict)" = WARN ]
		[[ "$(a3 $m why)" == "Overloaded: not a model gap."* ]]
		[[ "$(a3 $m why)" == *"OVERLOADED ($BATS_TEST_TMPDIR/a/real/saturation.json:2)."* ]]
		[[ "$(a3 $m action)" == *"saturation.json STABLE"* ]]
	done
	# TPOT is untouched by the shift and passes; the report is still named
	[ "$(a3 align.tpot_ms verdict)" = PASS ]
	[[ "$(a3 align.tpot_ms why)" == *"The real run was OVERLOADED"* ]]
}

@test "A3: a STABLE run's gap stays a FAIL; so does an OVERLOADED run's gap where the real side is the fast one" {
	need_samples
	align_run 500000 "$OBS/quartic_balanced_10.saturation.json"
	[ "$(a3 align.ttft_ms verdict)" = FAIL ]
	[[ "$(a3 align.ttft_ms why)" == *"saturation report: STABLE"* ]]
	# the simulation slower than the real run: load cannot explain it
	a=$BATS_TEST_TMPDIR/a
	align_run 0 "$OBS/quarticceiling_balanced_15.saturation.json"
	python3 - "$FIXTURES/align/sim.csv" "$a/sim.csv" <<'EOF'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
for r in rows:
    if int(r["first_chunk_time_us"] or 0) > 0:
        for c in ("first_chunk_time_us", "last_chunk_time_us"):
            r[c] = str(int(r[c]) + 500000)
w = csv.DictWriter(open(sys.argv[2], "w"), fieldnames=list(rows[0]), lineterminator="\n")
w.writeheader()
w.writerows(rows)
EOF
	cp "$FIXTURES/align/sim.yaml" "$a/sim.yaml"
	rm -rf "$a/out"
	make -s -f "$S2R_TOP/pipelines/align.mk" S2R_BIN="$S2R_BIN" OUT="$a/out" \
	    REAL_TRACE="$a/real/trace_data.csv" SIM_TRACE="$a/sim.csv" >/dev/null
	[ "$(a3 align.ttft_ms verdict)" = FAIL ]
	[[ "$(a3 align.ttft_ms why)" == *"OVERLOADED, but its side is the fast one"* ]]
}

@test "parity.mk: a cell's saturation.json is read, and changing it redoes the cell" {
	need_samples
	b=$BATS_TEST_TMPDIR/real
	cp -r "$S2R_SAMPLES/aw-real" "$b"
	chmod -R u+w "$b"
	cp "$OBS/quartic_balanced_10.saturation.json" "$b/treatment/w2_stationary/saturation.json"
	o=$BATS_TEST_TMPDIR/out
	make -s -f "$S2R_TOP/pipelines/parity.mk" S2R_BIN="$S2R_BIN" SIM="$S2R_SAMPLES/aw-sim" REAL="$b" OUT="$o" >/dev/null
	sel='select(.kind == "verdict" and .metric == "saturation.level") | [.scope.phase, .scope.workload, .verdict] | @tsv'
	[ "$(jq -r "$sel" "$o/verdicts.ndjson")" = "treatment	w2_stationary	PASS" ]
	grep -q 'saturation.level' "$o/report.md"
	sleep 1
	cp "$OBS/quarticceiling_balanced_15.saturation.json" "$b/treatment/w2_stationary/saturation.json"
	make -s -f "$S2R_TOP/pipelines/parity.mk" S2R_BIN="$S2R_BIN" SIM="$S2R_SAMPLES/aw-sim" REAL="$b" OUT="$o" >/dev/null
	[ "$(jq -r "$sel" "$o/verdicts.ndjson")" = "treatment	w2_stationary	WARN" ]
}
