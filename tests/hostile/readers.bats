#!/usr/bin/env bats
bats_require_minimum_version 1.5.0
# Every reader of every tool, given a FIFO (or a device, or a folder)
# where it reads a file (issue 15, item 3): each used to block for ever
# in open().  Now every input is opened through lib/infile: anything but
# a regular file is refused with one line naming it, exit 2, at once
# (`timeout 5`: a hang fails as status 124; one second was too tight for
# an ASan build on a machine busy with a fuzzer).  Folders the tools
# walk: a cell's log folders refuse a non-regular *.log; a Go tree skips
# a non-regular .go file with a warning (docs/security.md says why).
load hostile

# refused_fast WHAT TOOL ARGS...: TOOL refuses, naming WHAT, in time.
refused_fast() {
	local what=$1
	shift
	run --separate-stderr timeout 5 "$S2R_BIN/$@"
	[ "$status" -eq 2 ] || { echo "$1: status $status (124: it blocked): $stderr"; return 1; }
	[ -z "$output" ] || { echo "$1: wrote records: $output"; return 1; }
	[ "$(printf '%s\n' "$stderr" | wc -l)" -eq 1 ] || { echo "$1: $stderr"; return 1; }
	[[ "$stderr" == *"$what: expected a regular file, got a FIFO"* ]] ||
	    { echo "$1: $stderr"; return 1; }
}

@test "readers: every tool refuses a FIFO where it reads a file, at once" {
	mkfifo p
	refused_fast p s2r-trace-stats p
	refused_fast p s2r-trace-stats --header p real/baseline/chat_mixed/trace_data.csv
	refused_fast p s2r-expect p
	refused_fast p s2r-config p
	refused_fast p s2r-config --epp p
	refused_fast p s2r-config --diff real/generated/baseline_config.yaml p
	refused_fast p s2r-log-extract --server-logs p
	refused_fast p s2r-log-extract --epp-logs p
	refused_fast p s2r-log-extract --gpu-logs p
	refused_fast p s2r-verdict p
	refused_fast p s2r-verdict --tolerances p /dev/null
	refused_fast p s2r-report p
	refused_fast p s2r-report --diff p p
	refused_fast p s2r-dutycycle p
	refused_fast p s2r-kernel-match --emit-kernels p
	refused_fast p s2r-kernel-match --rules p --slots /dev/null "$S2R_TOP/tests/fixtures/kernels/tiny.json"
	refused_fast p s2r-trace-stats --itl p real/baseline/chat_mixed/trace_data.csv
	refused_fast p s2r-latency --real p
	refused_fast p s2r-latency --sim p
	refused_fast p s2r-latency --real real/baseline/chat_mixed/trace_data.csv --real-itl p
	refused_fast p s2r-compare ab --arm a p --arm b real/baseline/chat_mixed/trace_data.csv
	refused_fast p s2r-compare ab --targets p --arm a real/baseline/chat_mixed/trace_data.csv --arm b real/treatment/chat_mixed/trace_data.csv
	refused_fast p s2r-compare calibrate --real p --sim real/baseline/chat_mixed/trace_data.csv
	refused_fast p s2r-compare calibrate --real real/baseline/chat_mixed/trace_data.csv --real-header p --sim real/baseline/chat_mixed/trace_data.csv
	refused_fast p s2r-compare timeline --arm a p
	refused_fast p s2r-grep-proof --root "$S2R_TOP/tests/fixtures/go/gaie" --catalog p
	refused_fast p s2r-synth p out-synth
}

@test "readers: FIFOs inside a bundle: a spec, config.md, a trace header, a log" {
	mkfifo sim/workloads/z.yaml
	refused_fast workloads/z.yaml s2r-expect sim	# cited relative to SIM
	rm sim/workloads/z.yaml
	rm sim/config.md
	mkfifo sim/config.md
	refused_fast sim/config.md s2r-config sim
	rm real/baseline/chat_mixed/trace_header.yaml
	mkfifo real/baseline/chat_mixed/trace_header.yaml
	refused_fast real/baseline/chat_mixed/trace_header.yaml s2r-trace-stats real/baseline/chat_mixed/trace_data.csv
	# the same header, read by s2r-compare for a cell's goodput targets
	refused_fast real/baseline/chat_mixed/trace_header.yaml s2r-compare ab --arm a real/baseline/chat_mixed/trace_data.csv --arm b real/treatment/chat_mixed/trace_data.csv
	# an ITL file beside the trace, found by the one lookup (itl_beside)
	mkfifo real/treatment/chat_mixed/trace_data.itl.csv
	refused_fast real/treatment/chat_mixed/trace_data.itl.csv s2r-trace-stats real/treatment/chat_mixed/trace_data.csv
	refused_fast real/treatment/chat_mixed/trace_data.itl.csv s2r-latency --real real/treatment/chat_mixed/trace_data.csv
	mkfifo real/treatment/chat_mixed/server_logs/x.log
	refused_fast real/treatment/chat_mixed/server_logs/x.log s2r-log-extract real/treatment/chat_mixed
}

@test "readers: a folder or a device where a file is read says which" {
	run --separate-stderr timeout 5 "$S2R_BIN/s2r-verdict" real
	assert_bad_input
	[ "$stderr" = "s2r-verdict: real: expected a regular file, got a folder" ]
	# s2r-trace-stats takes a cell folder for its trace: one without one
	run --separate-stderr timeout 5 "$S2R_BIN/s2r-trace-stats" real
	assert_bad_input
	[ "$stderr" = "s2r-trace-stats: real: expected a trace_data.csv, got a folder without one (see --help)" ]
	run --separate-stderr timeout 5 "$S2R_BIN/s2r-verdict" /dev/zero
	assert_bad_input
	[ "$stderr" = "s2r-verdict: /dev/zero: expected a regular file, got a character device" ]
	# /dev/null is the empty input, and stdin and <(...) stay usable
	run --separate-stderr timeout 5 "$S2R_BIN/s2r-verdict" /dev/null
	[ "$status" -eq 0 ]
	run --separate-stderr timeout 5 bash -c "'$S2R_BIN/s2r-trace-stats' <(cat real/baseline/chat_mixed/trace_data.csv) | head -n 1"
	[ "$status" -eq 0 ]
	[[ "$output" == '{"kind":"measure"'* ]]
}

@test "readers: a cell's log folder that is a file or a FIFO is refused, not read as no logs" {
	rm -r real/baseline/chat_mixed/server_logs
	echo 'not a folder' >real/baseline/chat_mixed/server_logs
	run --separate-stderr timeout 5 "$S2R_BIN/s2r-log-extract" real/baseline/chat_mixed
	assert_bad_input
	[ "$stderr" = "s2r-log-extract: real/baseline/chat_mixed/server_logs: expected a folder of *.log files, got a regular file" ]
	rm real/baseline/chat_mixed/server_logs
	mkfifo real/baseline/chat_mixed/server_logs
	run --separate-stderr timeout 5 "$S2R_BIN/s2r-log-extract" real/baseline/chat_mixed
	assert_bad_input
	[ "$stderr" = "s2r-log-extract: real/baseline/chat_mixed/server_logs: expected a folder of *.log files, got a FIFO" ]
	# absent is still a cell without those logs (logs.present false)
	rm real/baseline/chat_mixed/server_logs
	run --separate-stderr timeout 5 "$S2R_BIN/s2r-log-extract" real/baseline/chat_mixed
	[ "$status" -eq 0 ]
	jq -e -s 'map(select(.metric == "logs.present.server_logs"))[0].value == false' <<<"$output"
}

@test "readers: a FIFO .go in a Go tree is skipped with a warning, the rest proved" {
	cp -R "$S2R_TOP/tests/fixtures/go/gaie" tree
	"$S2R_BIN/s2r-grep-proof" --root tree --catalog "$S2R_TOP/pipelines/proofs.yaml" >before.ndjson || [ $? -le 3 ]
	mkfifo tree/zz_fifo.go
	run --separate-stderr timeout 5 "$S2R_BIN/s2r-grep-proof" --root tree --catalog "$S2R_TOP/pipelines/proofs.yaml"
	[ "$status" -ne 124 ] && [ "$status" -ne 2 ]
	[ "$stderr" = "s2r-grep-proof: tree/zz_fifo.go: skipped: expected a regular file, got a FIFO" ]
	[ "$output" = "$(cat before.ndjson)" ]
}
