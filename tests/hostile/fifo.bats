#!/usr/bin/env bats
bats_require_minimum_version 1.5.0
# A FIFO (or another non-regular file) where a tool reads a file would
# block it forever (issue 15, item 3).  The pipelines never open one: the
# run stops with one line naming it, exit 2.  Every run is under
# `timeout`, so a hang fails the test (status 124) instead of blocking.
load hostile

@test "fifo: trace_data.csv as a FIFO: exit 2, one line naming the cell's file" {
	rm real/baseline/chat_mixed/trace_data.csv
	mkfifo real/baseline/chat_mixed/trace_data.csv
	parity
	refused 'real/baseline/chat_mixed/trace_data.csv: expected a regular file, got a FIFO'
}

@test "fifo: a FIFO as a log, a header, a spec, config.md or an EPP config" {
	for f in real/treatment/prefix_heavy/server_logs/x.log \
	    real/baseline/chat_mixed/epp_logs/y.log \
	    real/treatment/chat_mixed/trace_header.yaml \
	    sim/workloads/z.yaml sim/config.md \
	    real/generated/treatment_config.yaml; do
		mkdir -p "$(dirname "$f")"
		mv "$f" "$f.away" 2>/dev/null || true
		mkfifo "$f"
		parity
		refused "$f: expected a regular file, got a FIFO"
		rm "$f"
		mv "$f.away" "$f" 2>/dev/null || true
	done
	# a log folder that is not a folder
	rm -r real/baseline/chat_mixed/server_logs
	mkfifo real/baseline/chat_mixed/server_logs
	parity
	refused 'real/baseline/chat_mixed/server_logs: expected a folder, got a FIFO'
}

@test "fifo: align.mk with a FIFO as REAL_TRACE: exit 2, one line" {
	mkfifo t.csv
	run --separate-stderr timeout 60 make -s -f "$AMK" OUT=out S2R_BIN="$S2R_BIN" REAL_TRACE=t.csv
	[ "$status" -eq 2 ]
	[ "$(printf '%s\n' "$stderr" | wc -l)" -eq 1 ]
	[[ "$stderr" == *"REAL_TRACE=t.csv: expected a regular file, got a FIFO"* ]]
	[ ! -e out/verdicts.ndjson ]
}

@test "fifo: in a batch, the bundle with a FIFO is an ERROR row, the others are done" {
	mkdir -p d/good d/bad
	cp -R real d/bad/real
	rm d/bad/real/baseline/chat_mixed/trace_data.csv
	mkfifo d/bad/real/baseline/chat_mixed/trace_data.csv
	ln -s "$W/real" d/good/real
	ln -s "$W/sim" d/good/sim
	ln -s "$W/sim" d/bad/sim
	run --separate-stderr timeout 120 make -s -f "$BMK" DISCOVER=d OUT=out S2R_BIN="$S2R_BIN"
	[ "$status" -ne 0 ] && [ "$status" -ne 124 ]
	[[ "$(cat out/bundles/good/status)" == "ok fail=$(nfail out/bundles/good/verdicts.ndjson) "* ]]
	[[ "$(cat out/bundles/bad/status)" == "error "* ]]
	[ "$(cat out/bundles/bad/error)" = "$W/d/bad/real/baseline/chat_mixed/trace_data.csv: expected a regular file, got a FIFO" ]
	grep -q '^| bad | ERROR |.*expected a regular file, got a FIFO' out/index.md
}
