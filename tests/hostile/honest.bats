#!/usr/bin/env bats
bats_require_minimum_version 1.5.0
# Nothing silently missing, and a quiet front door (issues 11 and 13): a
# missing tool is an error naming it, not a report full of MISSING; the
# summary line counts FAIL, WARN and MISSING (from jq over the verdicts);
# STRICT=1 fails on a FAIL or a MISSING; cells without a spec are named up
# front with the MAP= to give; one line per step, the commands with V=1.
load hostile

# summary FILE: the summary line the verdicts in FILE call for.
@test "honest: a tool missing from S2R_BIN stops the run naming it (no 69 MISSING)" {
	mkdir bin
	for t in "$S2R_BIN"/s2r-*; do
		ln -s "$t" bin/
	done
	rm bin/s2r-log-extract
	BEFORE=$(outside)
	run --separate-stderr timeout 60 make -s -f "$PMK" SIM=sim REAL=real OUT=out S2R_BIN=bin
	[ "$status" -eq 2 ]
	[ "$(printf '%s\n' "$stderr" | wc -l)" -eq 1 ]
	[[ "$stderr" == *"s2r-log-extract: not found in S2R_BIN=bin (build the tools with make"* ]]
	[ ! -e out/report.md ]
	# align.mk and batch.mk say the same
	rm bin/s2r-latency
	run --separate-stderr make -s -f "$AMK" OUT=out S2R_BIN=bin
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"s2r-latency: not found in S2R_BIN=bin"* ]]
	run --separate-stderr make -s -f "$BMK" DISCOVER=. OUT=out S2R_BIN=bin
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"s2r-log-extract: not found in S2R_BIN=bin"* ]]
	# and with the tools on PATH only
	run --separate-stderr env PATH=/usr/bin:/bin make -s -f "$PMK" SIM=sim REAL=real OUT=out S2R_BIN=
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"s2r-expect: not found on PATH"* ]]
}

@test "honest: the summary counts FAIL, WARN and MISSING; STRICT=1 fails on either" {
	parity
	[ "$status" -eq 0 ]
	[ "$output" = "parity: out/report.md $(summary out/verdicts.ndjson)" ]
	# the examples have FAILs: STRICT=1 fails, after the same summary line
	parity STRICT=1
	[ "$status" -eq 2 ]
	[ "$output" = "parity: out/report.md $(summary out/verdicts.ndjson)" ]
	# MISSING alone fails it too: no FAIL, but cells without a spec
	rm -rf real/treatment
	rm sim/workloads/prefix_heavy.yaml
	parity
	[ "$status" -eq 0 ]
	jq -e -s 'any(.verdict == "MISSING") and all(.verdict != "FAIL")' out/verdicts.ndjson
	[ "$output" = "parity: out/report.md $(summary out/verdicts.ndjson)" ]
	parity STRICT=1
	[ "$status" -eq 2 ]
}

@test "honest: cells with no spec are named up front, with the MAP= that fixes them" {
	mv sim/workloads/chat_mixed.yaml sim/workloads/chat.yaml
	parity
	[ "$status" -eq 0 ]
	[ "${stderr%%$'\n'*}" = 'parity: no spec in sim/workloads for workload chat_mixed (baseline/chat_mixed, treatment/chat_mixed): their workload checks will say MISSING; name the spec with MAP="chat_mixed=<spec>" (specs: chat prefix_heavy)' ]
	jq -e -s 'map(select(.scope.workload == "chat_mixed" and .check == "1a")) |
	    length > 0 and all(.verdict == "MISSING")' out/verdicts.ndjson
	parity MAP=chat_mixed=chat
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	jq -e -s 'map(select(.scope.workload == "chat_mixed" and .check == "1a")) |
	    length > 0 and all(.verdict != "MISSING")' out/verdicts.ndjson
}

@test "honest: one line per step and the summary last; V=1 the commands; a rerun only the summary" {
	# (--no-print-directory: under make test, make is a sub-make and says where it is)
	run --separate-stderr make --no-print-directory -f "$PMK" SIM=sim REAL=real OUT=out S2R_BIN="$S2R_BIN" all html
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	n=$(jq -rs 'map(.scope | "\(.phase)/\(.workload)") | unique | length' out/cells/*/*/trace.ndjson)
	# expect, proof, trace and logs per cell, an epp per phase, a diff,
	# compare (both phases ran the example's workloads), verdict, report, html
	[ -s out/compare.ndjson ]
	[ "$(printf '%s\n' "$output" | wc -l)" -eq $((2 + 2 * n + 2 + 1 + 1 + 3 + 1)) ]
	[ "$(printf '%s\n' "$output" | grep -c '^  compare  ')" -eq 1 ]
	[ "$(printf '%s\n' "$output" | grep -c '^  trace    ')" -eq "$n" ]
	[[ "$(printf '%s\n' "$output" | tail -n 1)" == "parity: out/report.md ("* ]]
	[[ "$output" != *s2r-trace-stats* ]]
	run make --no-print-directory -f "$PMK" SIM=sim REAL=real OUT=out S2R_BIN="$S2R_BIN" all html
	[ "$output" = "parity: out/report.md $(summary out/verdicts.ndjson)" ]
	rm -rf out
	run make --no-print-directory -f "$PMK" SIM=sim REAL=real OUT=out S2R_BIN="$S2R_BIN" V=1
	[ "$(printf '%s\n' "$output" | grep -c "s2r-trace-stats' --root 'real'")" -eq "$n" ]
	[[ "$output" != *"  trace    "* ]]
}
