#!/usr/bin/env bats
bats_require_minimum_version 1.5.0
# Symbolic links in a bundle (docs/security.md): a link that stays inside
# the bundle is followed; one that leads out of it (a cell, a log that is
# /etc/passwd) is refused, naming the link and its target, unless
# FOLLOW_LINKS=1 (bundles you trust), and then only read.
load hostile

@test "links: a cell linked to a folder outside the bundle is refused, naming both" {
	mkdir elsewhere
	mv real/treatment/chat_mixed elsewhere/cm
	ln -s "$W/elsewhere/cm" real/treatment/chat_mixed
	BEFORE=$(outside)
	parity
	refused "real/treatment/chat_mixed: a link to $(pwd -P)/elsewhere/cm, outside REAL: refused (FOLLOW_LINKS=1"
}

@test "links: FOLLOW_LINKS=1 reads the linked cell, and writes nothing there" {
	mkdir elsewhere
	mv real/treatment/chat_mixed elsewhere/cm
	ln -s "$W/elsewhere/cm" real/treatment/chat_mixed
	BEFORE=$(outside)
	theirs=$(cd elsewhere && find . -exec stat -c '%n %s %Y' {} + | sort)
	parity FOLLOW_LINKS=1
	[ "$status" -eq 0 ] || { echo "$stderr"; return 1; }
	jq -e -s 'map(select(.scope.phase == "treatment" and .scope.workload == "chat_mixed"
	    and .check == "1a")) | length >= 1' out/verdicts.ndjson
	[ "$(cd elsewhere && find . -exec stat -c '%n %s %Y' {} + | sort)" = "$theirs" ]
	nothing_outside
}

@test "links: a link inside the bundle is followed" {
	parity
	[ "$status" -eq 0 ]
	mv out plain
	mkdir real/snapshots
	mv real/treatment/chat_mixed real/snapshots/cm
	ln -s ../snapshots/cm real/treatment/chat_mixed
	parity
	[ "$status" -eq 0 ] || { echo "$stderr"; return 1; }
	cmp plain/verdicts.ndjson out/verdicts.ndjson
}

@test "links: a log linked to /etc/passwd, a spec linked out of SIM are refused" {
	ln -s /etc/passwd real/baseline/chat_mixed/server_logs/passwd.log
	parity
	refused 'real/baseline/chat_mixed/server_logs/passwd.log: a link to /etc/passwd, outside REAL'
	rm real/baseline/chat_mixed/server_logs/passwd.log
	ln -s /etc/hostname sim/workloads/host.yaml
	parity
	refused 'sim/workloads/host.yaml: a link to /etc/hostname, outside SIM'
}

@test "links: a dangling trace and a link loop are named in one line" {
	rm real/baseline/chat_mixed/trace_data.csv
	ln -s nowhere.csv real/baseline/chat_mixed/trace_data.csv
	parity
	refused 'real/baseline/chat_mixed/trace_data.csv: expected a regular file, got a dangling link'
	rm real/baseline/chat_mixed/trace_data.csv
	cp real/baseline/prefix_heavy/trace_data.csv real/baseline/chat_mixed/
	ln -s .. real/baseline/chat_mixed/up
	parity
	refused 'REAL=real: find: File system loop detected'
}
