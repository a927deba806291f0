#!/usr/bin/env bats
# Every tool behaves alike (docs/architecture.md §4): -h/--help and
# -V/--version, bad usage in one line with exit 2, every option in --help
# and the man page, --format text wherever a tool measures, a CHECKS
# section in every measuring tool's man page, and operands taken as the
# user means them.
load helpers
bats_require_minimum_version 1.5.0

TOOLS="s2r-config s2r-dutycycle s2r-expect s2r-grep-proof s2r-kernel-match
    s2r-latency s2r-log-extract s2r-report s2r-run s2r-synth s2r-trace-stats s2r-verdict"
F=$FIXTURES

# One run of each measuring tool over the fixtures, as "tool args...".
measuring() {
	cat <<EOF
s2r-trace-stats $F/trace/l27/trace_data.csv
s2r-log-extract $F/logs/bundle/baseline/w1
s2r-expect $S2R_TOP/examples/sim
s2r-config $S2R_TOP/examples/sim
s2r-latency --real $F/align/trace_data.csv --sim $F/align/sim.csv
s2r-kernel-match --check --rules $S2R_TOP/pipelines/rules/vllm-dense.rules $F/kernels/tiny.json
s2r-dutycycle $F/kernels/tiny.json
EOF
}

# The long options a tool's source lists (its struct option table).
source_options() {
	grep -oE '\{ *"[a-z][a-z0-9-]*", *(required_argument|no_argument|optional_argument|[0-2])' \
	    "$S2R_TOP/tools/$1.c" | sed 's/{ *"\([^"]*\)".*/\1/'
}

# The man page as text, its escapes undone.
man_text() {
	sed 's/\\-/-/g; s/\\f[BIRP]//g' "$S2R_TOP/docs/man/$1.1"
}

# A man page's section NAME, as text.
man_section() {
	man_text "$1" | awk -v s=".SH $2" '$0 == s { on = 1; next } /^\.SH / { on = 0 } on'
}

@test "every tool: -h and --help print the usage, -V and --version the version" {
	for t in $TOOLS; do
		run "$S2R_BIN/$t" --help
		[ "$status" -eq 0 ] && [[ "$output" == usage:* ]] || { echo "$t --help: $output"; return 1; }
		long=$output
		run "$S2R_BIN/$t" -h
		[ "$status" -eq 0 ] && [ "$output" = "$long" ] || { echo "$t -h differs"; return 1; }
		run "$S2R_BIN/$t" --version
		[ "$status" -eq 0 ] && [ "$output" = "$t 0.1.0" ] || { echo "$t --version: $output"; return 1; }
		run "$S2R_BIN/$t" -V
		[ "$status" -eq 0 ] && [ "$output" = "$t 0.1.0" ] || { echo "$t -V: $output"; return 1; }
	done
}

@test "every tool: an unknown option is named in one line, exit 2, nothing on stdout" {
	for t in $TOOLS; do
		run --separate-stderr "$S2R_BIN/$t" --no-such-option
		assert_bad_input || { echo "$t"; return 1; }
		[ "$stderr" = "$t: unknown option --no-such-option (see --help)" ] ||
		    { echo "$t: $stderr"; return 1; }
		run --separate-stderr "$S2R_BIN/$t" -Q
		assert_bad_input || { echo "$t -Q"; return 1; }
		[ "$stderr" = "$t: unknown option -Q (see --help)" ] || { echo "$t: $stderr"; return 1; }
	done
}

@test "every tool: an option missing its argument is named, exit 2" {
	for t in $TOOLS; do
		opt=$(grep -oE '\{ *"[a-z][a-z0-9-]*", *(required_argument|1)' "$S2R_TOP/tools/$t.c" |
		    head -1 | sed 's/{ *"\([^"]*\)".*/\1/')
		[ -n "$opt" ] || continue
		run --separate-stderr "$S2R_BIN/$t" "--$opt"
		assert_bad_input || { echo "$t --$opt"; return 1; }
		[ "$stderr" = "$t: --$opt: expected an argument (see --help)" ] ||
		    { echo "$t: $stderr"; return 1; }
	done
}

@test "every option of every tool is in its --help and its man page" {
	for t in $TOOLS; do
		help=$("$S2R_BIN/$t" --help)
		man=$(man_text "$t")
		for o in $(source_options "$t") help version; do
			grep -qE -- "--$o([^a-z-]|$)" <<<"$help" || { echo "$t: --$o not in --help"; return 1; }
			grep -qE -- "--$o([^a-z-]|$)" <<<"$man" || { echo "$t: --$o not in its man page"; return 1; }
		done
	done
}

@test "every option --help lists is one the tool takes" {
	for t in $TOOLS; do
		known=" $(source_options "$t" | tr '\n' ' ') help version "
		# option entries: lines that start with an option or a usage
		for o in $("$S2R_BIN/$t" --help | grep -E '^(usage:| +(-[a-zA-Z], )?--| +\[|sources|queries|filters|output)' |
		    grep -oE -- '--[a-z][a-z0-9-]*' | sort -u); do
			case $known in *" ${o#--} "*) ;; *) echo "$t: --help names $o"; return 1 ;; esac
		done
	done
}

@test "every measuring tool: --format text is an aligned table of its records" {
	while read -r t args; do
		"$S2R_BIN/$t" $args >"$BATS_TEST_TMPDIR/r.ndjson"
		run --separate-stderr "$S2R_BIN/$t" --format text $args
		[ "$status" -eq 0 ] || { echo "$t: $stderr"; return 1; }
		[[ "${lines[0]}" == "# "* ]] || { echo "$t: ${lines[0]}"; return 1; }
		# the records with a metric (but distributions), one line each
		want=$(jq -c 'select(.metric != null and .points == null and .bins == null)' \
		    "$BATS_TEST_TMPDIR/r.ndjson" | wc -l)
		[ "$want" -gt 0 ] || { echo "$t: no metric records"; return 1; }
		[[ "${lines[1]}" == "check  metric  "* ]] || { echo "$t: ${lines[1]}"; return 1; }
		got=$(printf '%s\n' "$output" | awk 'NR > 2 && /^$/ { exit } NR > 2' | wc -l)
		[ "$got" -eq "$want" ] || { echo "$t: $got rows for $want records"; return 1; }
		# the unit column starts at the same place in every row
		printf '%s\n' "$output" | awk 'NR == 2 { w = index($0, "  unit") } NR > 2 && /^$/ { exit }
		    NR > 2 && substr($0, w, 2) != "  " { print "row " NR ": " $0; bad = 1 } END { exit bad }' ||
		    { echo "$t: unaligned"; return 1; }
		run --separate-stderr "$S2R_BIN/$t" --format xml $args
		assert_bad_input || { echo "$t --format xml"; return 1; }
	done < <(measuring)
}

# One run of each tool that writes records (the measuring ones and the
# rest), as "tool args...".
writing() {
	measuring
	cat <<EOF
s2r-verdict -n $F/judge/pass.ndjson
s2r-grep-proof --root $F/go/pitfalls --string nosuchliteral
s2r-compare ab --timeline --cell a/w $F/trace/l27/trace_data.csv --cell b/w $F/trace/l27/trace_data.csv
EOF
	[ ! -d "$S2R_SAMPLES/upstream/config-exploration" ] ||
		echo "s2r-run $S2R_SAMPLES/upstream/config-exploration/sim2real/workspace/runs/test"
}

@test "every tool that writes records: -o FILE holds what stdout would (status too); a FILE that cannot be made or written is one line, exit 2, nothing left" {
	while read -r t args; do
		# s2r-config's -o is --overlay
		o=-o
		[ "$t" = s2r-config ] && o=--output
		d=$BATS_TEST_TMPDIR/$t
		mkdir -p "$d"
		run --separate-stderr "$S2R_BIN/$t" $args
		want=$status
		printf '%s\n' "$output" >"$d/stdout"
		[ -n "$output" ] || { echo "$t: nothing on stdout"; return 1; }
		run --separate-stderr "$S2R_BIN/$t" $args $o "$d/out"
		[ "$status" -eq "$want" ] && [ -z "$output" ] ||
		    { echo "$t $o: status $status (want $want), stdout: $output"; return 1; }
		printf '%s\n' "$(cat "$d/out")" | cmp - "$d/stdout" || { echo "$t: -o differs"; return 1; }
		run --separate-stderr "$S2R_BIN/$t" $args $o "$d/none/out"
		assert_bad_input || { echo "$t $o none/out"; return 1; }
		[ "${#stderr_lines[@]}" -eq 1 ] && [[ "$stderr" == *"$d/none/out"* ]] ||
		    { echo "$t: $stderr"; return 1; }
		[ "$(ls "$d")" = "$(printf 'out\nstdout')" ] || { echo "$t: left $(ls "$d")"; return 1; }
		# A write that fails (a file-size limit of 0: EFBIG, as on a
		# full disk): one line naming the file, exit 2, nothing left.
		# stderr goes through a pipe, which the limit does not cover.
		run --separate-stderr bash -c 'set -o pipefail; trap "" XFSZ
		    { ulimit -f 0; exec "$@"; } 2>&1 | cat' _ "$S2R_BIN/$t" $args $o "$d/full"
		[ "$status" -eq 2 ] && [ "${#lines[@]}" -eq 1 ] &&
		    [[ "$output" == "$t: $d/full: write error: "* ]] ||
		    { echo "$t: on a failed write: status $status, $output"; return 1; }
		[ "$(ls "$d")" = "$(printf 'out\nstdout')" ] || { echo "$t: left $(ls "$d") after a failed write"; return 1; }
	done < <(writing)
}

@test "--format text: fractions as percentages, other numbers to 4 digits" {
	"$S2R_BIN/s2r-trace-stats" "$F/trace/l27/trace_data.csv" >"$BATS_TEST_TMPDIR/r.ndjson"
	"$S2R_BIN/s2r-trace-stats" --format text "$F/trace/l27/trace_data.csv" >"$BATS_TEST_TMPDIR/r.txt"
	# the same numbers, formatted by python
	/usr/bin/python3 - "$BATS_TEST_TMPDIR/r.ndjson" "$BATS_TEST_TMPDIR/r.txt" <<'EOF'
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
rows = [l.split() for l in open(sys.argv[2]).read().split("\n")[2:] if l]
recs = [r for r in recs if "points" not in r and "bins" not in r]
assert len(rows) == len(recs), (len(rows), len(recs))
def text(v, unit):
    if v is None:
        return "-"
    if isinstance(v, str):      # trace.server_model: the header's text
        return v
    if unit == "fraction":
        v *= 100
    if v == int(v) or abs(v) >= 999.95:
        s = "%.0f" % v
    else:
        s = "%.4g" % v
    return s + ("%" if unit == "fraction" else "")
for row, r in zip(rows, recs):
    want = text(r["value"], r.get("unit"))
    assert want in row, (want, row, r["metric"])
    assert row[1] == r["metric"], row
EOF
}

# names_check ID TEXT: TEXT names check ID, alone ("2b") or in a range
# ("2a\(en2d", "1a-1g").
names_check() {
	local id=$1 area=${1%?} r
	grep -qE "(^|[^0-9A-Za-z])$id([^0-9a-z]|$)" <<<"$2" && return 0
	for r in $(sed 's/\\(en/-/g' <<<"$2" | grep -oE "$area[a-z]-$area[a-z]"); do
		[[ ! "$id" < "${r%-*}" && ! "$id" > "${r#*-}" ]] && return 0
	done
	return 1
}

@test "names_check reads ids and ranges" {
	names_check 2b "2a\(en2d, 3c" && names_check 3c "2a\(en2d, 3c"
	names_check 1g "1a-1g" && ! names_check 2e "2a\(en2d" && ! names_check 1a "A1 1b"
}

@test "every measuring tool's man page lists the checks its records feed" {
	while read -r t args; do
		ids=$("$S2R_BIN/$t" $args | jq -r '.check // empty' | sort -u)
		section=$(man_section "$t" CHECKS)
		[ -n "$section" ] || { echo "$t: no CHECKS section"; return 1; }
		for id in $ids; do
			names_check "$id" "$section" || { echo "$t: check $id not in CHECKS"; return 1; }
		done
		# the tolerance sections it names exist in tolerances.yaml
		for s in $(grep -oE '^\.B (workload|alignment|runtime|[a-z]+)$' <<<"$section" | cut -d' ' -f2); do
			grep -q "^$s:" "$S2R_TOP/pipelines/tolerances.yaml" ||
			    { echo "$t: no tolerance section $s"; return 1; }
		done
	done < <(measuring; echo "s2r-grep-proof --root $F/go/gaie --label gaie --real $F/go/real-bug --sim $F/go/sim --catalog $S2R_TOP/pipelines/proofs.yaml")
}

@test "s2r-log-extract: a log file is read as a server log, a server_logs folder as one" {
	d=$F/logs/bundle/baseline/w1/server_logs
	f=$(ls "$d"/*.log | head -1)
	"$S2R_BIN/s2r-log-extract" --server-logs "$f" >"$BATS_TEST_TMPDIR/want"
	run --separate-stderr "$S2R_BIN/s2r-log-extract" "$f"
	[ "$status" -eq 0 ]
	diff <(printf '%s\n' "$output") "$BATS_TEST_TMPDIR/want"
	"$S2R_BIN/s2r-log-extract" --server-logs "$d" >"$BATS_TEST_TMPDIR/want"
	"$S2R_BIN/s2r-log-extract" "$d" | diff - "$BATS_TEST_TMPDIR/want"
	"$S2R_BIN/s2r-log-extract" --epp-logs "$F/logs/bundle/baseline/w1/epp_logs/" \
	    >"$BATS_TEST_TMPDIR/want" 2>/dev/null
	"$S2R_BIN/s2r-log-extract" "$F/logs/bundle/baseline/w1/epp_logs/" 2>/dev/null |
	    diff - "$BATS_TEST_TMPDIR/want"
	run --separate-stderr "$S2R_BIN/s2r-log-extract"
	assert_bad_input
}

@test "s2r-config: a file that holds no configuration is an error, not silence" {
	run --separate-stderr "$S2R_BIN/s2r-config" "$F/trace/l27/trace_data.csv"
	assert_bad_input
	[[ "$stderr" == *"trace_data.csv: expected a config.md or README"* ]]
	run --separate-stderr "$S2R_BIN/s2r-config" "$S2R_TOP/examples/sim/workloads/chat_mixed.yaml"
	assert_bad_input
	# a config.md still reads
	"$S2R_BIN/s2r-config" "$S2R_TOP/examples/sim/config.md" | grep -q '"check":"2a"'
}

@test "s2r-latency: no side at all is bad usage; a cell folder is its trace" {
	run --separate-stderr "$S2R_BIN/s2r-latency"
	assert_bad_input
	[[ "$stderr" == *"expected --real FILE, --sim FILE or both (see --help)" ]]
	run --separate-stderr "$S2R_BIN/s2r-latency" --window-ms 1.5 --real "$F/align/trace_data.csv"
	assert_bad_input
	"$S2R_BIN/s2r-latency" --real "$F/align/trace_data.csv" >"$BATS_TEST_TMPDIR/want"
	"$S2R_BIN/s2r-latency" --real "$F/align" | diff - "$BATS_TEST_TMPDIR/want"
}

@test "s2r-trace-stats: a cell folder is its trace_data.csv; a folder without one is bad usage" {
	"$S2R_BIN/s2r-trace-stats" "$F/trace/l27/trace_data.csv" >"$BATS_TEST_TMPDIR/want"
	"$S2R_BIN/s2r-trace-stats" "$F/trace/l27" | diff - "$BATS_TEST_TMPDIR/want"
	run --separate-stderr "$S2R_BIN/s2r-trace-stats" "$F/trace"
	assert_bad_input
	[[ "$stderr" == *"trace: expected a trace_data.csv, got a folder without one"* ]]
}

@test "s2r-verdict: no input records is said on stderr; the verdicts stay as they were" {
	run --separate-stderr "$S2R_BIN/s2r-verdict" --checks 3 /dev/null
	[ "$status" -eq 0 ]
	[[ "$stderr" == "s2r-verdict: no input records"* ]]
	[ "$(printf '%s\n' "$output" | jq -r 'select(.kind == "verdict") | .verdict' | sort -u)" = INAPPLICABLE ]
	run --separate-stderr "$S2R_BIN/s2r-verdict" "$FIXTURES/judge/pass.ndjson"
	[ -z "$stderr" ]
}

@test "pipelines/align.mk with nothing to align says so" {
	run --separate-stderr make -s -f "$S2R_TOP/pipelines/align.mk" S2R_BIN="$S2R_BIN" \
	    OUT="$BATS_TEST_TMPDIR/out"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"nothing to align: expected TRACE=, REAL_TRACE= or SIM_TRACE="* ]]
}
