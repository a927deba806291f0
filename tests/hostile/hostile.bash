# hostile.bash - shared by tests/hostile/*.bats: bundles are untrusted
# (docs/security.md).  Each test works in $W (also the working folder of
# make) on fresh copies of the example bundles, sim/ and real/, with a
# file F ("keep") that a name like "w>F" would truncate.
: "${S2R_TOP:=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)}"
load ../helpers

PMK="$S2R_TOP/pipelines/parity.mk"
BMK="$S2R_TOP/pipelines/batch.mk"
AMK="$S2R_TOP/pipelines/align.mk"

setup() {
	W="$BATS_TEST_TMPDIR/w"
	mkdir -p "$W"
	cd "$W" || return 1
	cp -R "$S2R_TOP/examples/sim" sim
	cp -R "$S2R_TOP/examples/real" real
	echo keep >F
	BEFORE=$(outside)
}

# Every path under $W but the bundles and OUT (out*): what a run must
# leave as it was.
outside() {
	(cd "$W" && find . -path ./sim -prune -o -path ./real -prune -o \
	    -path './out*' -prune -o -print | LC_ALL=C sort)
}

# parity [VAR=value...]: the parity pipeline on sim/ and real/ into out/,
# under a timeout so that a hang fails instead of blocking.
parity() {
	run --separate-stderr timeout 60 make -s -f "$PMK" SIM=sim REAL=real \
	    OUT=out S2R_BIN="$S2R_BIN" "$@"
}

# refused TEXT: the run stopped before doing anything: exit 2 (not the
# timeout's 124), one line on stderr holding TEXT (the path), no verdicts,
# and nothing created, changed or run outside OUT.
refused() {
	[ "$status" -eq 2 ] || { echo "status $status, want 2: $stderr"; return 1; }
	[ "$(printf '%s\n' "$stderr" | wc -l)" -eq 1 ] ||
		{ echo "stderr not one line: $stderr"; return 1; }
	[[ "$stderr" == *"$1"* ]] || { echo "stderr does not name '$1': $stderr"; return 1; }
	[ ! -e out/verdicts.ndjson ] || { echo "verdicts written"; return 1; }
	[ ! -e out/cells ] || { echo "cells measured"; return 1; }
	nothing_outside
}

nothing_outside() {
	[ "$(cat "$W/F")" = keep ] || { echo "F was changed"; return 1; }
	[ "$(outside)" = "$BEFORE" ] ||
		{ echo "created outside OUT:"; diff <(echo "$BEFORE") <(outside); return 1; }
}

# cell DIR: a copy of a real cell (trace, header, logs) at real/DIR.
cell() {
	mkdir -p "real/$1"
	cp -R real/baseline/chat_mixed/. "real/$1/"
}

# verdicts of the run in out/ as "check phase/workload verdict" lines.
verdict_lines() {
	jq -r '"\(.check) \(.scope.phase)/\(.scope.workload) \(.verdict)"' "${1:-out/verdicts.ndjson}"
}

# summary VERDICTS: the "(N FAIL, N WARN, N MISSING)" a pipeline's last
# line gives for these verdicts.
summary() {
	jq -rs '"(\(map(select(.verdict == "FAIL")) | length) FAIL, \(map(select(.verdict == "WARN")) | length) WARN, \(map(select(.verdict == "MISSING")) | length) MISSING)"' "$1"
}

# nfail VERDICTS: how many FAIL verdicts.
nfail() {
	jq -s 'map(select(.verdict == "FAIL")) | length' "$1"
}
