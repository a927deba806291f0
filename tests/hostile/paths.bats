#!/usr/bin/env bats
bats_require_minimum_version 1.5.0
# The paths given on the command line: SIM, REAL and TOLERANCES may hold
# any character but a newline (make sees them only through links in
# OUT/.s2r/); OUT is a name make uses, so one with a space or a quote
# stops the run with one line before anything is written (it used to
# write outside OUT).  Issue 15, item 1.
load hostile

@test "paths: SIM and REAL with spaces, quotes and \$(shell ...) give the verdicts of plain paths" {
	parity
	[ "$status" -eq 0 ]
	mv out plain
	S="s p 'q' \$(shell touch PWNED)"
	R="r p \"q\" \$x"
	mv sim "$S"
	mv real "$R"
	BEFORE=$(outside)
	run --separate-stderr timeout 60 make -s -f "$PMK" SIM="$S" REAL="$R" OUT=out S2R_BIN="$S2R_BIN"
	[ "$status" -eq 0 ] || { echo "$stderr"; return 1; }
	[ "$output" = "parity: out/report.md $(summary plain/verdicts.ndjson)" ]
	cmp plain/verdicts.ndjson out/verdicts.ndjson
	# the report names the bundles as given
	grep -qF "$R" out/report.md
	nothing_outside
	# the environment is no way around it
	rm -rf out
	SIM="$S" REAL="$R" run --separate-stderr timeout 60 make -s -f "$PMK" OUT=out S2R_BIN="$S2R_BIN"
	[ "$status" -eq 0 ]
	cmp plain/verdicts.ndjson out/verdicts.ndjson
	nothing_outside
}

@test "paths: OUT with a space, a quote or a leading - stops at once, nothing written" {
	for o in 'o p' "o'p" 'o;p' '-o'; do
		run --separate-stderr timeout 60 make -s -f "$PMK" SIM=sim REAL=real OUT="$o" S2R_BIN="$S2R_BIN"
		[ "$status" -eq 2 ]
		[ "$(printf '%s\n' "$stderr" | wc -l)" -eq 1 ]
		[[ "$stderr" == *"OUT=$o: "* ]]
		nothing_outside
	done
	# the same in batch.mk and align.mk
	run --separate-stderr make -s -f "$BMK" DISCOVER=. OUT='o p'
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"OUT=o p: make cannot use this folder name"* ]]
	run --separate-stderr make -s -f "$AMK" OUT='o p'
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"OUT=o p: make cannot use this folder name"* ]]
	nothing_outside
}

@test "paths: a REAL or SIM that is missing, a file or a cell is named in one line" {
	parity REAL=nosuch
	refused 'REAL=nosuch: no such folder'
	parity SIM=F
	refused 'SIM=F: expected a folder'
	parity REAL=real/baseline/chat_mixed
	refused 'REAL is a cell, not a bundle'
	parity REAL=real/baseline
	refused 'real/baseline/chat_mixed/trace_data.csv: expected <phase>/<workload>/[<iteration>/]trace_data.csv'
	parity SIM=real
	refused 'real: expected a sim bundle with workloads/*.yaml'
}

@test "paths: a cell deeper than phase/workload/iteration, or in both shapes, is named" {
	cell baseline/w/i1/extra
	parity
	refused 'real/baseline/w/i1/extra/trace_data.csv: expected <phase>/<workload>/[<iteration>/]trace_data.csv (or under results/), got 4 folders'
	rm -rf real/baseline/w
	cell results/baseline/chat_mixed
	parity
	refused 'real/results/baseline/chat_mixed/trace_data.csv: the same cell as real/baseline/chat_mixed/trace_data.csv'
}

@test "paths: TOLERANCES with a space works, and a changed file reruns the verdicts" {
	printf 'workload:\n  rate_pct: 50\n' >'tol erances.yaml'
	parity TOLERANCES='tol erances.yaml'
	[ "$status" -eq 0 ] || { echo "$stderr"; return 1; }
	parity TOLERANCES='tol erances.yaml'
	[ "$status" -eq 0 ]
	touch -d '+2 seconds' 'tol erances.yaml'
	run --separate-stderr make -f "$PMK" SIM=sim REAL=real OUT=out S2R_BIN="$S2R_BIN" \
	    TOLERANCES='tol erances.yaml'
	[ "$status" -eq 0 ]
	[[ "$output" == *"  verdict  out/verdicts.ndjson"* ]]
	[[ "$output" != *"  trace "* ]]
	parity TOLERANCES='no such.yaml'
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"TOLERANCES=no such.yaml: no such file"* ]]
}
