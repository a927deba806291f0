#!/usr/bin/env bats
bats_require_minimum_version 1.5.0
# Bundle names that would run shell or make code if they reached make or a
# shell unquoted (issue 15, item 1).  Each is refused before anything runs:
# exit 2, one line naming the path, no file created outside OUT (the
# injected commands would create PWNED in the working folder, or truncate
# F).
load hostile

@test "names: a workload spec named ';touch PWNED;#.yaml' is refused, nothing runs" {
	cp sim/workloads/chat_mixed.yaml 'sim/workloads/;touch PWNED;#.yaml'
	parity
	refused 'sim/workloads/;touch PWNED;#.yaml: spec name'
}

@test "names: \$(shell ...) in a spec, a Go file, a log file is never expanded" {
	cp sim/workloads/chat_mixed.yaml 'sim/workloads/$(shell touch PWNED).yaml'
	parity
	refused 'sim/workloads/$(shell touch PWNED).yaml'
	rm 'sim/workloads/$(shell touch PWNED).yaml'
	echo 'package x' >'real/generated/$(shell touch PWNED).go'
	parity
	refused 'real/generated/$(shell touch PWNED).go: file name'
	rm 'real/generated/$(shell touch PWNED).go'
	cp real/baseline/chat_mixed/server_logs/*7x2kq_vllm.log \
	    'real/treatment/chat_mixed/server_logs/$(shell touch PWNED).log'
	parity
	refused 'real/treatment/chat_mixed/server_logs/$(shell touch PWNED).log'
}

@test "names: cell folders with backquotes, '>' or '&' are refused; F is not truncated" {
	for name in '`touch PWNED`' 'w>F' 'a&touch PWNED&' '$(touch PWNED)'; do
		cell "baseline/$name"
		parity
		refused "real/baseline/$name: folder name \"$name\": expected letters, digits"
		rm -rf "real/baseline/$name"
	done
}

@test "names: spaces, quotes, \$, %, *, :, #, a newline, a leading - or . are refused, naming the folder" {
	for name in 'w 1' "w'1" 'w"1' 'w$x' 'w%' 'w*' 'w:1' 'w#1' 'w
1' '-w' '.w' '..w'; do
		cell "treatment/$name"
		parity
		# a newline is shown as '?'
		refused "real/treatment/$(printf '%s' "$name" | tr '\n' '?')"
		rm -rf "real/treatment/$name"
	done
	# the phase folder is checked as well
	cell 'base line/chat_mixed'
	parity
	refused 'real/base line/chat_mixed: folder name "base line"'
}

@test "names: letters, digits and . _ + = @ , - work, and reach the records as they are" {
	cell 'baseline/qps=10,run@2+x.y-z'
	cp sim/workloads/chat_mixed.yaml 'sim/workloads/qps=10,run@2+x.y-z.yaml'
	parity
	[ "$status" -eq 0 ] || { echo "$stderr"; return 1; }
	jq -e -s 'map(select(.scope.workload == "qps=10,run@2+x.y-z" and .check == "1a")) |
	    length >= 1 and all(.scope.phase == "baseline")' out/verdicts.ndjson
	[ -s 'out/cells/baseline/qps=10,run@2+x.y-z/trace.ndjson' ]
	nothing_outside
}

@test "names: MAP entries must be WORKLOAD=SPEC names, no '..' or '/'" {
	parity MAP='chat_mixed=../../etc/passwd'
	refused 'MAP=chat_mixed=../../etc/passwd: "chat_mixed=../../etc/passwd": expected WORKLOAD=SPEC'
	parity MAP='chat_mixed=nosuch'
	refused 'no spec sim/workloads/nosuch.yaml (specs: chat_mixed prefix_heavy)'
}

@test "names: DISCOVER refuses a bundle folder named '&touch PWNED&' before running anything" {
	mkdir -p d/one "d/'&touch PWNED&'"
	for b in one "'&touch PWNED&'"; do
		ln -s "$W/sim" "d/$b/sim"
		ln -s "$W/real" "d/$b/real"
	done
	BEFORE=$(outside)
	run --separate-stderr timeout 60 make -s -f "$BMK" DISCOVER=d OUT=out S2R_BIN="$S2R_BIN"
	[ "$status" -eq 2 ]
	[ "$(printf '%s\n' "$stderr" | wc -l)" -eq 1 ]
	[[ "$stderr" == *"DISCOVER=d: folder \"'&touch PWNED&'\": a bundle name must be letters, digits"* ]]
	[ ! -e out/bundles ]
	nothing_outside
}

@test "names: a DISCOVER folder whose own path has spaces, quotes and \$(shell) works" {
	D="d \$(shell touch PWNED) 'q'"
	mkdir -p "$D/one"
	ln -s "$W/sim" "$D/one/sim"
	ln -s "$W/real" "$D/one/real"
	BEFORE=$(outside)
	run --separate-stderr timeout 120 make -s -f "$BMK" DISCOVER="$D" OUT=out S2R_BIN="$S2R_BIN"
	# the example bundle has FAILs: the batch exits non-zero, the bundle is no error
	[ "$status" -ne 0 ]
	[ "$(nfail out/bundles/one/verdicts.ndjson)" -gt 0 ]
	[[ "$(cat out/bundles/one/status)" == "ok fail=$(nfail out/bundles/one/verdicts.ndjson) "* ]]
	nothing_outside
}

@test "names: a manifest name '..' and a VAR that is not parity.mk's input are refused" {
	printf '.. %s %s\n' "$W/sim" "$W/real" >m1
	run --separate-stderr make -s -f "$BMK" BUNDLES=m1 OUT=out
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"m1:1: bundle name: expected letters, digits, '.', '_' or '-', got \"..\""* ]]
	printf 'a %s %s SHELL=/tmp/evil\n' "$W/sim" "$W/real" >m2
	run --separate-stderr make -s -f "$BMK" BUNDLES=m2 OUT=out
	[ "$status" -eq 2 ]
	[ "$(printf '%s\n' "$stderr" | wc -l)" -eq 1 ]
	[[ "$stderr" == *"m2:1: field 4: expected one of GAIE=, GAIE_REV=, LLMD=, LLMD_REV=, MAP=, TOLERANCES=, FOLLOW_LINKS=, got \"SHELL=\""* ]]
	[ ! -e out/bundles ]
}
