#!/usr/bin/env bats
bats_require_minimum_version 1.5.0
# Two runs into one OUT (issue 15, item 6): the second waits for the
# first (OUT/.s2r/lock) and says so; neither destroys the other's work.
# No timing: the test holds the lock itself, or just lets two runs race
# and checks what both leave.
load hostile

@test "concurrency: a run into a locked OUT says it waits, writes nothing, then finishes" {
	mkdir -p out/.s2r
	exec 8>>out/.s2r/lock
	flock 8
	timeout 120 make -s -f "$PMK" SIM=sim REAL=real OUT=out S2R_BIN="$S2R_BIN" \
	    >run.out 2>run.err 8>&- &
	pid=$!
	for _ in $(seq 600); do
		grep -q 'is busy' run.err && break
		sleep 0.1
	done
	[ "$(cat run.err)" = "parity: OUT=out is busy (another run holds out/.s2r/lock): waiting" ]
	[ ! -e out/cells ] && [ ! -e out/verdicts.ndjson ]
	exec 8>&-
	wait "$pid"
	[ "$(cat run.out)" = "parity: out/report.md $(summary out/verdicts.ndjson)" ]
}

@test "concurrency: two parity runs at once both finish with the verdicts of one" {
	parity
	mv out one
	timeout 120 make -s -j2 -f "$PMK" SIM=sim REAL=real OUT=out S2R_BIN="$S2R_BIN" all html >a.out 2>&1 &
	a=$!
	timeout 120 make -s -j2 -f "$PMK" SIM=sim REAL=real OUT=out S2R_BIN="$S2R_BIN" all html >b.out 2>&1 &
	b=$!
	wait "$a"
	wait "$b"
	grep -qxF "parity: out/report.md $(summary one/verdicts.ndjson)" a.out
	grep -qxF "parity: out/report.md $(summary one/verdicts.ndjson)" b.out
	cmp one/verdicts.ndjson out/verdicts.ndjson
	[ -s out/report.html ]
	[ -z "$(find out -name '*.tmp*')" ]
}

@test "concurrency: two identical batch runs at once: every bundle done, none in error" {
	"$S2R_TOP/tests/fixtures/batch/gen-bundles" "$S2R_BIN" g 4
	timeout 300 make -s -j2 -f "$BMK" BUNDLES=g/manifest OUT=out S2R_BIN="$S2R_BIN" >a.out 2>&1 &
	a=$!
	timeout 300 make -s -j2 -f "$BMK" BUNDLES=g/manifest OUT=out S2R_BIN="$S2R_BIN" >b.out 2>&1 &
	b=$!
	wait "$a" || true
	wait "$b" || true
	for n in b01 b02 b03 b04; do
		[[ "$(cat "out/bundles/$n/status")" == "ok fail="* ]]
		[ ! -e "out/bundles/$n/error" ]
		# what the status says is what the verdicts say
		want=$(jq -s 'map(select(.verdict == "FAIL")) | length' "out/bundles/$n/verdicts.ndjson")
		[[ "$(cat "out/bundles/$n/status")" == "ok fail=$want "* ]]
	done
	# the summary line of both runs, its counts from jq
	nf=$(for v in out/bundles/*/verdicts.ndjson; do jq -s 'any(.verdict == "FAIL")' "$v"; done | grep -c true)
	nm=$(for v in out/bundles/*/verdicts.ndjson; do jq -s 'any(.verdict == "MISSING")' "$v"; done | grep -c true)
	line="batch: out/index.md: 4 bundles, $nf with a FAIL, $nm with a MISSING, 0 failed to process"
	grep -qxF "$line" a.out
	grep -qxF "$line" b.out
	[ "$(grep -c '^| b0[1-4] | ' out/index.md)" -eq 4 ]
}
