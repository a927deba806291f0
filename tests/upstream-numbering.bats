#!/usr/bin/env bats
# s2r-report --upstream: the appendix mapping upstream's check numbering
# (the sim2real-check skill's runtime section: 5c EPP runtime, 5d prefix,
# 5e status, 5f errors, 5g KV) to this report's checks, with each check's
# verdict counts, counted here with jq from the verdicts.
load helpers
bats_require_minimum_version 1.5.0

R() { "$S2R_BIN/s2r-report" "$@"; }

setup() {
	V=$BATS_TEST_TMPDIR/v.ndjson
	jq -c -n '
	  def v($c; $m; $x): {kind: "verdict", check: $c, title: "t",
	    scope: {phase: "baseline", workload: "w1"}, metric: $m,
	    expected: null, actual: null, verdict: $x, why: "w", action: "a"};
	  v("5g"; "epp.flow_control.active"; "PASS"),
	  v("5g"; "epp.objective.priority"; "FAIL"),
	  v("5c"; "prefix_cache.hit_rate"; "WARN"),
	  v("5f"; "kv_cache.tokens"; "PASS"),
	  v("5f"; "kv_cache.tokens"; "PASS")' >"$V"
	verdict_end "$V"
}

# the appendix row of upstream check $1 in report $2
row() {
	awk -v id="$1" -F ' [|] ' '/^## Appendix: upstream/ { on = 1 }
	    on && $1 == "| " id { print; exit }' "$2"
}

@test "--upstream: each upstream runtime check is found under its s2r id, with its verdicts" {
	run R --date 2026-12-01 --upstream -o "$BATS_TEST_TMPDIR/r.md" "$V"
	[ "$status" -eq 1 ]
	r=$BATS_TEST_TMPDIR/r.md
	[[ "$(row 5c "$r")" == *"| 5g EPP runtime | 1 PASS, 1 FAIL |" ]]
	[[ "$(row 5d "$r")" == *"| 5c Prefix-cache hit rate | 1 WARN |" ]]
	[[ "$(row 5g "$r")" == *"| 5f KV cache capacity | $(jq -s '[.[] | select(.check == "5f")] | length' "$V") PASS |" ]]
	[[ "$(row 5e "$r")" == *"| 5d "*"| none |" ]]
	[[ "$(row 5f "$r")" == *"| 5e Errors in the logs | none |" ]]
	[ "$(awk '/^## Appendix: upstream/ { on = 1 } on && /^\| [1-5][a-h] \|/' "$r" | wc -l)" -eq 27 ]
}

@test "without --upstream there is no appendix; it is refused where there is no Markdown report" {
	run R --date 2026-12-01 "$V"
	[[ "$output" != *"Appendix: upstream"* ]]
	run --separate-stderr R --upstream --format html "$V"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--upstream:"*"(see --help)" ]]
	run --separate-stderr R --upstream --diff "$V" "$V"
	[ "$status" -eq 2 ]
}

@test "parity.mk UPSTREAM=1 appends the appendix; without it the report is rewritten without" {
	need_samples
	o=$BATS_TEST_TMPDIR/out
	make -s -f "$S2R_TOP/pipelines/parity.mk" S2R_BIN="$S2R_BIN" SIM="$S2R_SAMPLES/aw-sim" \
	    REAL="$S2R_SAMPLES/aw-real" OUT="$o" UPSTREAM=1 >/dev/null
	[ "$(grep -c '^## Appendix: upstream' "$o/report.md")" -eq 1 ]
	[[ "$(row 5c "$o/report.md")" == *"| 5g EPP runtime | $(jq -s '[.[] | select(.kind == "verdict" and .check == "5g" and .verdict == "PASS")] | length' "$o/verdicts.ndjson") PASS"* ]]
	make -s -f "$S2R_TOP/pipelines/parity.mk" S2R_BIN="$S2R_BIN" SIM="$S2R_SAMPLES/aw-sim" \
	    REAL="$S2R_SAMPLES/aw-real" OUT="$o" >/dev/null
	! grep -q '^## Appendix: upstream' "$o/report.md" || false
}
