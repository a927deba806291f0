#!/usr/bin/env bats
bats_require_minimum_version 1.5.0
# pipelines/batch.mk (many bundles, the index), s2r-report --index and
# s2r-report --diff.  Bundles are generated with s2r-synth
# (tests/fixtures/batch/gen-bundles); expected counts come from jq over
# each bundle's verdicts, never from the C code.
load helpers

R="$S2R_BIN/s2r-report"
BMK="$S2R_TOP/pipelines/batch.mk"

setup_file() {
	G="$BATS_FILE_TMPDIR/in"
	"$S2R_TOP/tests/fixtures/batch/gen-bundles" "$S2R_BIN" "$G" 5 1
	export G
}

setup() {
	T="$BATS_TEST_TMPDIR"
}

batch() {	# batch OUT [make args...]
	local out=$1
	shift
	make -s -f "$BMK" BUNDLES="$G/manifest" OUT="$out" S2R_BIN="$S2R_BIN" "$@"
}

# "P/W/F/M" for category $2 (check id prefix) of verdict file $1.
counts() {
	jq -rs --arg c "$2" '[.[] | select(.kind == "verdict") | select(.check | startswith($c))] |
	    "\(map(select(.verdict == "PASS")) | length)/\(map(select(.verdict == "WARN")) | length)/\(map(select(.verdict == "FAIL")) | length)/\(map(select(.verdict == "MISSING")) | length)"' "$1"
}

@test "batch: every bundle processed, a failing one reported, exit non-zero" {
	run --separate-stderr batch "$T/o" -j2
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"zz-broken: "*"no cells"* ]]
	[[ "$stderr" == *"6 bundles, "*" failed to process"* ]]
	for b in b01 b02 b03 b04 b05; do
		[ -s "$T/o/bundles/$b/report.md" ]
		[ -s "$T/o/bundles/$b/report.html" ]
		[ ! -e "$T/o/bundles/$b/error" ]
	done
	grep -q 'no cells' "$T/o/bundles/zz-broken/error"
	# one row per bundle, in name order, PASS/WARN/FAIL/MISSING per category from jq
	[ "$(grep -c '^| b0[1-5] |\|^| zz-broken |' "$T/o/index.md")" -eq 6 ]
	for b in b01 b02 b03 b04 b05; do
		v="$T/o/bundles/$b/verdicts.ndjson"
		want="| $b | $(jq -rs 'if any(.verdict == "FAIL") then "FAIL" elif any(.verdict == "MISSING") then "MISSING" elif any(.verdict == "WARN") then "WARN" else "PASS" end' "$v") |"
		for c in 1 2 3 4 5 A; do
			want="$want $(counts "$v" "$c") |"
		done
		grep -qF "$want" "$T/o/index.md"
		grep -qF "[md](./bundles/$b/report.md) [html](./bundles/$b/report.html)" "$T/o/index.md"
	done
	grep -q '^| zz-broken | ERROR | — |.*no cells.*\[error\](./bundles/zz-broken/error) |$' "$T/o/index.md"
	# b05 runs chat_mixed slow in treatment (gen-bundles): its worst finding is that FAIL
	grep -q '^| b05 | FAIL |.*| FAIL 1a Arrival rate (QPS) (treatment/chat\\_mixed' "$T/o/index.md"
	grep -q '<td class="v-ERROR">ERROR</td>' "$T/o/index.html"
	grep -q '<a href="./bundles/b01/report.html">html</a>' "$T/o/index.html"
}

@test "batch: a second run rebuilds nothing" {
	batch "$T/o" -j2 2>/dev/null || true
	touch "$T/stamp"
	sleep 1
	batch "$T/o" -j2 2>/dev/null || true
	run sh -c "find '$T/o' -type f -newer '$T/stamp' ! -name make.log ! -name .batch-progress | sort"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

@test "batch: a rebuilt tool redoes what the old one wrote, in every bundle" {
	cp -R "$S2R_BIN" "$T/bin"
	batch "$T/o" -j2 S2R_BIN="$T/bin" 2>/dev/null || true
	touch "$T/stamp"
	sleep 1
	touch "$T/bin/s2r-verdict"
	batch "$T/o" -j2 S2R_BIN="$T/bin" 2>/dev/null || true
	for b in b01 b02 b03 b04 b05; do
		for f in verdicts.ndjson report.md expect.ndjson; do
			[ "$T/o/bundles/$b/$f" -nt "$T/stamp" ] || { echo "$b/$f kept"; return 1; }
		done
	done
	# and a third run, with nothing rebuilt, does nothing
	touch "$T/stamp"
	sleep 1
	batch "$T/o" -j2 S2R_BIN="$T/bin" 2>/dev/null || true
	run sh -c "find '$T/o' -type f -newer '$T/stamp' ! -name make.log ! -name .batch-progress"
	[ -z "$output" ]
}

@test "batch: one changed file redoes only its cell and its bundle" {
	batch "$T/o" -j2 2>/dev/null || true
	touch "$T/stamp"
	sleep 1
	touch "$G/b03/real/treatment/prefix_heavy/trace_data.csv"
	batch "$T/o" -j2 2>/dev/null || true
	run sh -c "cd '$T/o' && find . -type f -newer '$T/stamp' ! -name make.log ! -name .batch-progress | sort"
	# same content, same verdicts: the status and so the index stay; the
	# workload's A/B comparison is redone
	[ "$output" = "$(printf '%s\n' ./bundles/b03/cells/treatment/prefix_heavy/logs.ndjson \
	    ./bundles/b03/cells/treatment/prefix_heavy/trace.ndjson \
	    ./bundles/b03/compare.ndjson \
	    ./bundles/b03/report.html ./bundles/b03/report.md ./bundles/b03/verdicts.ndjson)" ]
}

@test "batch: changed verdicts rewrite the status and the index" {
	cp -R "$G" "$T/g"
	sed "s|$G|$T/g|g" "$G/manifest" >"$T/g/manifest"
	make -s -f "$BMK" BUNDLES="$T/g/manifest" OUT="$T/o" S2R_BIN="$S2R_BIN" -j2 2>/dev/null || true
	touch "$T/stamp"
	sleep 1
	# b02 treatment/chat_mixed regenerated at half its rate: a new FAIL
	rm -rf "$T/g/b02/real/treatment/chat_mixed"
	"$S2R_BIN/s2r-synth" --seed 7 --rate-scale 0.5 --start-epoch-us 1777046400000000 \
	    "$S2R_TOP/examples/sim/workloads/chat_mixed.yaml" "$T/g/b02/real/treatment/chat_mixed" >/dev/null
	make -s -f "$BMK" BUNDLES="$T/g/manifest" OUT="$T/o" S2R_BIN="$S2R_BIN" -j2 2>/dev/null || true
	run sh -c "cd '$T/o' && find . -type f -newer '$T/stamp' ! -name make.log ! -name .batch-progress ! -path './bundles/b02/cells/*' | sort"
	[ "$output" = "$(printf '%s\n' ./bundles/b02/compare.ndjson \
	    ./bundles/b02/report.html ./bundles/b02/report.md \
	    ./bundles/b02/status ./bundles/b02/verdicts.ndjson ./index.html ./index.md)" ]
	grep -q '^| b02 | FAIL |' "$T/o/index.md"
}

@test "batch: STOP_ON_ERROR=1 makes a failing bundle stop the run" {
	run batch "$T/o" STOP_ON_ERROR=1 bundle-zz-broken
	[ "$status" -ne 0 ]
	[ ! -e "$T/o/bundles/zz-broken/status" ]
	# without it the bundle target succeeds and records the error
	run batch "$T/o" bundle-zz-broken
	[ "$status" -eq 0 ]
	grep -q '^error ' "$T/o/bundles/zz-broken/status"
}

@test "batch: task TASK=i is the i-th bundle; list names them" {
	run batch "$T/o" list
	[ "$output" = "$(printf '%s\n' b01 b02 b03 b04 b05 zz-broken)" ]
	batch "$T/o" task TASK=2
	[ -s "$T/o/bundles/b03/report.md" ]
	[ "$(ls "$T/o/bundles")" = b03 ]
	run --separate-stderr batch "$T/o" task TASK=6
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"TASK=6: expected a bundle number 0..6 - 1"* ]]
	# the index over what is there: the others are "not run"
	run batch "$T/o" index
	grep -q '^| b01 | ERROR |.*not run' "$T/o/index.md"
	run --separate-stderr batch "$T/o" check
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"5 not run"* ]]
}

@test "batch: DISCOVER finds folder/NAME/{sim,real}" {
	mkdir -p "$T/d/one" "$T/d/two" "$T/d/notabundle/real"
	ln -s "$S2R_TOP/examples/sim" "$T/d/one/sim"
	ln -s "$G/b01/real" "$T/d/one/real"
	ln -s "$S2R_TOP/examples/sim" "$T/d/two/sim"
	ln -s "$G/b04/real" "$T/d/two/real"
	run make -s -f "$BMK" DISCOVER="$T/d" OUT="$T/o" S2R_BIN="$S2R_BIN" list
	[ "$output" = "$(printf '%s\n' one two)" ]
	make -s -f "$BMK" DISCOVER="$T/d" OUT="$T/o" S2R_BIN="$S2R_BIN" 2>/dev/null || true
	cmp "$T/o/bundles/one/verdicts.ndjson" <(make -s -f "$BMK" BUNDLES="$G/manifest" \
	    OUT="$T/m" S2R_BIN="$S2R_BIN" bundle-b01 >/dev/null; cat "$T/m/bundles/b01/verdicts.ndjson")
}

@test "batch: a bad manifest line is named, nothing runs" {
	printf 'ok %s %s\nbad x\n' "$S2R_TOP/examples/sim" "$G/b01/real" >"$T/m1"
	run --separate-stderr make -s -f "$BMK" BUNDLES="$T/m1" OUT="$T/o"
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"m1:2: expected \"name sim-bundle real-bundle [VAR=value ...]\", got 2 fields"* ]]
	printf 'a/b x y\n' >"$T/m2"
	run --separate-stderr make -s -f "$BMK" BUNDLES="$T/m2" OUT="$T/o"
	[[ "$stderr" == *"m2:1: bundle name: expected letters, digits"* ]]
	printf 'a x y\na x y\n' >"$T/m3"
	run --separate-stderr make -s -f "$BMK" BUNDLES="$T/m3" OUT="$T/o"
	[[ "$stderr" == *"m3:2: bundle name \"a\" already used on line 1"* ]]
	printf 'a x y gaie=/src\n' >"$T/m4"
	run --separate-stderr make -s -f "$BMK" BUNDLES="$T/m4" OUT="$T/o"
	[[ "$stderr" == *"m4:1: field 4: expected VAR=value, got \"gaie=/src\""* ]]
	[ ! -e "$T/o/bundles" ]
}

@test "batch: relative manifest paths are relative to the manifest" {
	mkdir -p "$T/rel"
	ln -s "$G/b01/real" "$T/rel/real1"
	ln -s "$S2R_TOP/examples/sim" "$T/rel/sim"
	printf '# comment\n\nr1 sim real1\n' >"$T/rel/manifest"
	(cd / && make -s -f "$BMK" BUNDLES="$T/rel/manifest" OUT="$T/o" S2R_BIN="$S2R_BIN" 2>/dev/null) || true
	[ -s "$T/o/bundles/r1/verdicts.ndjson" ]
}

@test "batch: a progress line per bundle when stderr is a terminal" {
	run script -qec "make -s -f '$BMK' BUNDLES='$G/manifest' OUT='$T/o' S2R_BIN='$S2R_BIN' bundle-b01 bundle-b02" /dev/null
	[[ "$output" == *"batch: 1/6 bundles done, elapsed "*" s, ETA "*" s (b0"* ]]
	[[ "$output" == *"batch: 2/6 bundles done"* ]]
	# not on a pipe
	run --separate-stderr batch "$T/o2" bundle-b01
	[[ "$stderr" != *"bundles done"* ]]
}

@test "index: --index over folders, md and html, exit 1 on FAIL, MISSING or error" {
	batch "$T/o" -j2 2>/dev/null || true
	cd "$T/o"
	run "$R" --index bundles/b03 bundles/b04
	[ "$status" -eq "$(cat bundles/b0[34]/verdicts.ndjson | jq -s 'if any(.verdict == "FAIL" or .verdict == "MISSING") then 1 else 0 end')" ]
	[[ "$output" == "# Sim2Real Batch Index"* ]]
	run "$R" --index bundles/zz-broken
	[ "$status" -eq 1 ]
	run "$R" --index --format html --title 'T <x>' bundles/b04
	[[ "$output" == *"<title>T &lt;x&gt;</title>"* ]]
	run --separate-stderr "$R" --index
	assert_bad_input
	mkdir -p bad && echo '{"kind":"verdict","check":"9z"}' >bad/verdicts.ndjson
	run --separate-stderr "$R" --index bad
	assert_bad_input
	[[ "$stderr" == "s2r-report: bad/verdicts.ndjson:1:1: "* ]]
}

@test "diff: flipped checks and moved metrics, as jq finds them" {
	batch "$T/o" bundle-b04 bundle-b05 2>/dev/null
	old="$T/o/bundles/b04/verdicts.ndjson" new="$T/o/bundles/b05/verdicts.ndjson"
	run --separate-stderr "$R" --diff --format ndjson "$old" "$new"
	# b05 has FAILs b04 has not: something got worse
	[ "$status" -eq 1 ]
	printf '%s\n' "$output" >"$T/ch.ndjson"
	validate_records "$T/ch.ndjson"
	key='"\(.check)|\(.metric)|\(.scope | to_entries | map("\(.key)=\(.value)") | join(","))"'
	want=$(jq -rs --slurpfile n "$new" "map(select(.kind == \"verdict\") | {key: ($key), value: .verdict}) | from_entries as \$o |
	    [\$n[] | select(.kind == \"verdict\" and \$o[$key] != null and \$o[$key] != .verdict) | $key] | sort | .[]" "$old")
	got=$(jq -r "select(.change == \"flipped\") | $key" "$T/ch.ndjson" | sort)
	[ -n "$want" ]
	[ "$got" = "$want" ]
	# the slow treatment chat_mixed: 1a flipped to FAIL, with its move in %
	jq -se 'map(select(.change == "flipped" and .check == "1a" and .metric == "qps.actual")) |
	    length == 1 and (.[0] | .direction == "worse" and .new.verdict == "FAIL" and .move.unit == "%")' "$T/ch.ndjson"
	# every "moved" kept its verdict and moved beyond a "±N%" tolerance
	jq -e -s '[.[] | select(.change == "moved" and (.tolerance // "" | test("^±[0-9.]+%"))) |
	    (.tolerance | ltrimstr("±") | rtrimstr("%") | tonumber) as $t |
	    select(.old.verdict != .new.verdict or (.move.value | fabs) <= $t)] | length == 0' "$T/ch.ndjson"
	run "$R" --diff "$old" "$new"
	[[ "$output" == *"## Checks that flipped"* ]]
	[[ "$output" == *"| 1a | treatment/chat\\_mixed | qps.actual | PASS | FAIL |"* ]]
}

@test "diff: a flip that a changed tolerance alone explains says so" {
	batch "$T/o" bundle-b04 2>/dev/null
	v="$T/o/bundles/b04/verdicts.ndjson"
	# the same values; one PASS judged against a tighter tolerance (FAIL),
	# one with a tolerance changed and its value moved too
	jq -c 'if .kind == "verdict" and .check == "1a" and .metric == "qps.actual" and .scope.phase == "baseline"
	    then .tolerance = "±0%" | .verdict = "FAIL" | .action = "x"
	    elif .kind == "verdict" and .check == "1a" and .metric == "qps.intended" and .scope.phase == "baseline"
	    then .tolerance = "±1%" | .actual.value = (.actual.value * 2) | .verdict = "FAIL" | .action = "x"
	    else . end' "$v" >"$T/tight.ndjson"
	run --separate-stderr "$R" --diff --format ndjson "$v" "$T/tight.ndjson"
	[ "$status" -eq 1 ]
	printf '%s\n' "$output" >"$T/ch.ndjson"
	validate_records "$T/ch.ndjson"
	n=$(jq -s '[.[] | select(.kind == "verdict" and .check == "1a" and .scope.phase == "baseline" and (.metric == "qps.actual" or .metric == "qps.intended"))] | length' "$v")
	[ "$n" -ge 2 ]
	[ "$(jq -s 'map(select(.change == "flipped")) | length' "$T/ch.ndjson")" -eq "$n" ]
	jq -se --arg t "$(jq -rs 'map(select(.kind == "verdict" and .metric == "qps.actual" and .scope.phase == "baseline"))[0].tolerance' "$v")" '
	    map(select(.metric == "qps.actual")) | all(.old_tolerance == $t and .tolerance == "±0%" and
	    (.why | endswith("The tolerance changed from \($t) to ±0%: the measured value did not move, the tolerance alone made this change.")))' "$T/ch.ndjson"
	jq -se 'map(select(.metric == "qps.intended")) | all(.why | endswith(", and the measured value moved too."))' "$T/ch.ndjson"
	run --separate-stderr "$R" --diff "$v" "$T/tight.ndjson"
	nq=$(jq -s 'map(select(.metric == "qps.actual")) | length' "$T/ch.ndjson")
	[[ "$output" == *"| Flipped by a changed tolerance alone | $nq |"* ]]
	[[ "$output" == *" | ±5% → ±0% |"* ]]
}

@test "diff: the same run twice has no changes; bad input is named" {
	batch "$T/o" bundle-b04 2>/dev/null
	v="$T/o/bundles/b04/verdicts.ndjson"
	run "$R" --diff "$v" "$v"
	[ "$status" -eq 0 ]
	[[ "$output" == *"No changes: every verdict is the same"* ]]
	run "$R" --diff --format ndjson "$v" "$v"
	[ -z "$output" ]
	# a verdict only on one side is added/removed
	head -n 3 "$v" >"$T/less.ndjson"
	verdict_end "$T/less.ndjson"
	run --separate-stderr "$R" --diff --format ndjson "$T/less.ndjson" "$v"
	[ "$(printf '%s\n' "$output" | jq -s 'map(select(.change == "added")) | length')" -eq $(($(grep -c '"kind":"verdict"' "$v") - 3)) ]
	# three verdicts in common: said, on stderr and in the Markdown
	n=$(grep -c '"kind":"verdict"' "$v")
	[ "$stderr" = "s2r-report: $T/less.ndjson and $v share 3 of the $n verdicts either has: are they runs of the same experiment?" ]
	run --separate-stderr "$R" --diff "$T/less.ndjson" "$v"
	[[ "$output" == *"**Warning**: the runs share 3 of the $n verdicts either has: fewer than half."* ]]
	[[ "$output" == *"| In both runs | 3 |"* ]]
	# the same run twice: no warning
	run --separate-stderr "$R" --diff "$v" "$v"
	[ -z "$stderr" ]
	run --separate-stderr "$R" --diff "$v"
	assert_bad_input
	printf '{"kind":"verdict","check":"1a","verdict":"MAYBE"}\n' >"$T/bad.ndjson"
	run --separate-stderr "$R" --diff "$v" "$T/bad.ndjson"
	assert_bad_input
	[[ "$stderr" == *"bad.ndjson:1:1: verdict record: expected \"verdict\" PASS, WARN"* ]]
	run --separate-stderr "$R" --diff --format html "$v" "$v"
	assert_bad_input
}

@test "batch: a rerun keeps each bundle's last real make.log; a real rerun replaces it" {
	batch "$T/o" bundle-b01 2>/dev/null
	log="$T/o/bundles/b01/make.log"
	grep -q '^  trace    baseline/chat_mixed$' "$log"
	cp "$log" "$T/first.log"
	batch "$T/o" bundle-b01 2>/dev/null
	cmp "$T/first.log" "$log"
	# a changed input: the log of that run, which did the work
	touch -d '+2 seconds' "$G/b01/real/treatment/prefix_heavy/trace_data.csv"
	batch "$T/o" bundle-b01 2>/dev/null
	grep -q '^  trace    treatment/prefix_heavy$' "$log"
	! grep -q '^  trace    baseline/chat_mixed$' "$log" || false
	touch -d '-2 seconds' "$G/b01/real/treatment/prefix_heavy/trace_data.csv"
}

@test "batch: with STRICT=1 a bundle with FAILs is a finding, not an error; MISSING is counted" {
	run --separate-stderr batch "$T/o" STRICT=1 bundle-b05 bundle-b01 check
	[ "$status" -ne 0 ]
	for b in b01 b05; do
		v="$T/o/bundles/$b/verdicts.ndjson"
		[ ! -e "$T/o/bundles/$b/error" ]
		[ "$(cat "$T/o/bundles/$b/status")" = "ok fail=$(jq -s 'map(select(.verdict == "FAIL")) | length' "$v") warn=$(jq -s 'map(select(.verdict == "WARN")) | length' "$v") missing=$(jq -s 'map(select(.verdict == "MISSING")) | length' "$v") sum=$(cksum <"$v" | tr ' ' :)" ]
	done
	[[ "$stderr" == *"6 bundles, 2 with a FAIL, 2 with a MISSING, 0 failed to process, 4 not run"* ]]
}

@test "batch: make install puts s2r-slurm-batch on PATH, and it finds the installed batch.mk" {
	make -s -C "$S2R_TOP" install-data DESTDIR="$T/root" PREFIX=/usr
	[ -x "$T/root/usr/bin/s2r-slurm-batch" ]
	[ -f "$T/root/usr/share/s2r/pipelines/parity.mk" ]
	[ -f "$T/root/usr/share/man/man7/s2r-pipelines.7" ]
	# a stand-in sbatch: records its arguments, answers a job id
	mkdir -p "$T/fake"
	printf '#!/bin/sh\necho "$*" >>"%s/sbatch.args"\necho 4$(wc -l <"%s/sbatch.args")\n' "$T" "$T" >"$T/fake/sbatch"
	chmod +x "$T/fake/sbatch"
	cd "$T"
	run --separate-stderr env PATH="$T/root/usr/bin:$T/fake:$PATH" s2r-slurm-batch -n \
	    BUNDLES="$G/manifest" OUT="$T/o" S2R_BIN="$S2R_BIN"
	[ "$status" -eq 0 ]
	[ "$output" = "41 42" ]
	[[ "$stderr" == *"array job 41: 6 bundle(s)"* ]]
	grep -qF -- "-f '$T/root/usr/share/s2r/pipelines/batch.mk'" "$T/o/slurm/task.sh"
	grep -q -- '--array=0-5 ' "$T/sbatch.args"
	grep -q -- '--dependency=afterany:41 ' "$T/sbatch.args"
}
