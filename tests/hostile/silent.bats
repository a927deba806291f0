#!/usr/bin/env bats
bats_require_minimum_version 1.5.0
# Nothing silently lost (issue 15, item 5): an input that would hide part
# of itself from the checks is a located error, one line, exit 2; logs in
# colour read as the same logs.
load hostile

# gotree FILE TEXT: a one-file Go tree in tree/.
gotree() {
	mkdir -p tree
	printf '%s' "$2" >"tree/$1"
}

@test "silent: a Go raw string or block comment left open is refused where it opens" {
	gotree a.go $'package p\n\nvar s = `left open\n\nfunc Hidden() {}\n'
	run --separate-stderr "$S2R_BIN/s2r-grep-proof" --root tree --func Hidden
	assert_bad_input
	[ "$stderr" = "s2r-grep-proof: a.go:3:9: unterminated raw string: expected a closing \` (not Go: whatever follows would be hidden from every code proof)" ]
	# a proof of absence over it is no longer a pass
	run --separate-stderr "$S2R_BIN/s2r-grep-proof" --root tree --func Hidden --expect-none
	[ "$status" -eq 2 ]
	gotree a.go $'package p\n/* open\nfunc Hidden() {}\n'
	run --separate-stderr "$S2R_BIN/s2r-grep-proof" --root tree --func Hidden
	assert_bad_input
	[[ "$stderr" == "s2r-grep-proof: a.go:2:1: unterminated block comment: expected */ "* ]]
	gotree a.go $'package p\nvar s = "open\nfunc Hidden() {}\n'
	run --separate-stderr "$S2R_BIN/s2r-grep-proof" --root tree --func Hidden
	assert_bad_input
	[[ "$stderr" == "s2r-grep-proof: a.go:2:9: unterminated string: expected a closing \" on its line "* ]]
	# closed, the function is found
	gotree a.go $'package p\n\nvar s = `closed`\n\nfunc Hidden() {}\n'
	run --separate-stderr "$S2R_BIN/s2r-grep-proof" --root tree --func Hidden
	[ "$status" -eq 0 ]
	[ "$(jq -r '.source.line' <<<"$output")" = 5 ]
}

@test "silent: a cut config.md (a fence left open) is an error, not half the records" {
	"$S2R_BIN/s2r-config" sim >whole.ndjson
	# cut inside the first fenced block: everything after it was lost
	n=$(grep -n '^```' sim/config.md | head -n 1 | cut -d: -f1)
	[ -n "$n" ]
	head -n $((n + 2)) sim/config.md >cut.md
	mv cut.md sim/config.md
	run --separate-stderr "$S2R_BIN/s2r-config" sim
	assert_bad_input
	[[ "$stderr" == "s2r-config: config.md:$n:1: expected the code fence opened here to be closed, got the end of the file (a cut file? what follows would be read as "* ]]
	run --separate-stderr "$S2R_BIN/s2r-expect" sim
	assert_bad_input
	[[ "$stderr" == *"config.md:$n:1: expected the code fence opened here to be closed"* ]]
}

@test "silent: a trace whose header names a column twice is refused at the second" {
	f=real/baseline/chat_mixed/trace_data.csv
	# the second input_tokens column holds other numbers: which one?
	awk -F, -v OFS=, 'NR == 1 { print $0, "input_tokens"; next } { print $0, 1 }' "$f" >t.csv
	col=$(head -n 1 t.csv | tr ',' '\n' | grep -n -x input_tokens | cut -d: -f1 | tr '\n' ' ')
	ncol=$(head -n 1 t.csv | tr ',' '\n' | wc -l)
	[ "$col" = "$(head -n 1 "$f" | tr ',' '\n' | grep -n -x input_tokens | cut -d: -f1) $ncol " ]
	run --separate-stderr "$S2R_BIN/s2r-trace-stats" --no-header t.csv
	assert_bad_input
	[ "$stderr" = "s2r-trace-stats: t.csv:1:$ncol: expected the column \"input_tokens\" once in the header, got it again (columns ${col%% *} and $ncol)" ]
	run --separate-stderr "$S2R_BIN/s2r-latency" --real t.csv --no-header
	assert_bad_input
}

@test "silent: vLLM logs in colour give the records the plain logs give" {
	cell=real/baseline/chat_mixed
	"$S2R_BIN/s2r-log-extract" --phase b --workload w "$cell" >plain.ndjson
	for f in "$cell"/server_logs/*.log; do
		# what vLLM writes on a terminal: level and source coloured
		sed -i 's/ \(INFO\|WARNING\|ERROR\|DEBUG\) \([0-9-]* [0-9:]*\) \[\([^]]*\)\]/ \x1b[32m\1\x1b[0m \x1b[2m\2 [\3]\x1b[0m/' "$f"
	done
	grep -q $'\x1b\\[32mINFO' "$cell"/server_logs/*.log
	"$S2R_BIN/s2r-log-extract" --phase b --workload w "$cell" >colour.ndjson
	jq -e -s 'map(select(.metric | startswith("vllm."))) | length > 3' plain.ndjson
	cmp plain.ndjson colour.ndjson
}
