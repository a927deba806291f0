#!/usr/bin/env bats
# s2r-trace-stats over hand-written traces in every TraceV2 layout.
#
# The fixtures (tests/fixtures/trace/*/, written by mkfixtures.py) hold the
# same seven requests; the expected numbers below are worked out by hand:
#   arrivals 0,1,2,3,4,6,8 s; sends span 10 s; classes critical (3 rows:
#   client a) and sheddable (4 rows: client b); input 100..700 step 100;
#   successful rows: output 11, 21, 5; TTFT 50, 40, 100 ms; TPOT 10, 20,
#   25 ms; E2E 150, 440, 200 ms; one shed (HTTP 429), one HTTP 502 error
#   whose quoted body holds "" and a newline, one timeout, one failed_empty.
load helpers
bats_require_minimum_version 1.5.0

T="$FIXTURES/trace"

setup() {
	OUT="$BATS_TEST_TMPDIR/out.ndjson"
}

# stats DIR [OPTIONS...]: run the tool on DIR/trace_data.csv into $OUT.
stats() {
	local dir=$1
	shift
	"$S2R_BIN/s2r-trace-stats" "$@" "$T/$dir/trace_data.csv" >"$OUT"
}

# val METRIC [JQ-CONDITION]: the value of the one matching record.
val() {
	local n
	n=$(jq -c --arg m "$1" "select(.metric == \$m)${2:+ | select($2)}" "$OUT" | wc -l)
	[ "$n" -eq 1 ] || { echo "$n records for $1 ${2:-}" >&2; return 1; }
	jq -r --arg m "$1" "select(.metric == \$m)${2:+ | select($2)} | .value" "$OUT"
}

# one METRIC [JQ-CONDITION]: the matching records, one per line.
one() {
	jq -c --arg m "$1" "select(.metric == \$m)${2:+ | select($2)}" "$OUT"
}

# calc EXPR: an awk expression with all the digits.
calc() {
	awk "BEGIN { printf \"%.17g\", $1 }"
}

# near GOT WANT: equal within 1e-9 relative (records carry 10 digits).
near() {
	awk -v a="$1" -v b="$2" 'BEGIN {
		d = a - b; if (d < 0) d = -d; s = b < 0 ? -b : b
		if (d <= 1e-9 * s || d == 0) exit 0
		printf "got %s, want %s\n", a, b; exit 1 }'
}

# The numbers every layout must give.
check_core() {
	[ "$(val requests.count)" = 7 ]
	near "$(val qps.intended)" 0.875
	near "$(val qps.actual)" 0.7
	[ "$(val class.count '.scope.class == "critical"')" = 3 ]
	near "$(val class.fraction '.scope.class == "sheddable"')" "$(calc '4/7')"
	[ "$(val input_tokens.mean)" = 400 ]
	[ "$(val input_tokens.stdev)" = 200 ]
	[ "$(val input_tokens.min)" = 100 ]
	[ "$(val input_tokens.max)" = 700 ]
	[ "$(val input_tokens.p50)" = 400 ]
	[ "$(val input_tokens.p90)" = 640 ]
	[ "$(val input_tokens.p99)" = 694 ]
	near "$(val output_tokens.mean)" "$(calc '37/3')"
	near "$(val output_tokens.stdev)" "$(calc 'sqrt(((11-37/3)^2+(21-37/3)^2+(5-37/3)^2)/3)')"
	[ "$(val output_tokens.p90)" = 19 ]
	near "$(val output_tokens.p99)" 20.8
	near "$(val prefix.fraction)" "$(calc '3/7')"
	near "$(val streaming.fraction)" "$(calc '6/7')"
	near "$(val iat.cv '.scope.client == "a"')" "$(calc '1/3')"
	near "$(val iat.cv '.scope.client == "b"')" "$(calc 'sqrt(2)/4')"
	near "$(val iat.cv_merged)" "$(calc 'sqrt(2)/4')"
	[ "$(val status.count '.scope.class == "critical" and .status == "ok"')" = 2 ]
	[ "$(val status.count '.scope.class == "critical" and .status == "failed_empty"')" = 1 ]
	[ "$(val status.count '.scope.class == "sheddable" and .status == "shed"')" = 1 ]
	[ "$(val status.count '.scope.class == "sheddable" and .status == "http_error"')" = 1 ]
	[ "$(val status.count '.scope.class == "sheddable" and .status == "timeout"')" = 1 ]
	[ "$(val status.count '.scope.class == "sheddable" and .status == "error"')" = 0 ]
	[ "$(val shed.rate '.scope.class == "sheddable"')" = 0.25 ]
	[ "$(val shed.rate '.scope.class == "critical"')" = 0 ]
	near "$(val success.fraction '.scope.class == "critical"')" "$(calc '2/3')"
	near "$(val ttft_ms.mean 'has("scope") and (.scope | has("class") | not)')" "$(calc '190/3')"
	[ "$(val ttft_ms.p50 '.scope | has("class") | not')" = 50 ]
	[ "$(val ttft_ms.max '.scope | has("class") | not')" = 100 ]
	[ "$(val tpot_ms.p50 '.scope | has("class") | not')" = 20 ]
	[ "$(val e2e_ms.max '.scope | has("class") | not')" = 440 ]
	[ "$(val e2e_ms.p50 '.scope.class == "critical"')" = 295 ]
	[ "$(val ttft_ms.mean '.scope.class == "sheddable"')" = 100 ]
	validate_records "$OUT"
}

@test "--help and --version" {
	run "$S2R_BIN/s2r-trace-stats" --help
	[ "$status" -eq 0 ]
	[[ "$output" == usage:* ]]
	run "$S2R_BIN/s2r-trace-stats" --version
	[ "$status" -eq 0 ]
	[[ "$output" == "s2r-trace-stats "[0-9]* ]]
}

@test "bad usage exits 2 with one line" {
	run --separate-stderr "$S2R_BIN/s2r-trace-stats" --format xml "$T/l27/trace_data.csv"
	assert_bad_input
	run --separate-stderr "$S2R_BIN/s2r-trace-stats"
	assert_bad_input
}

@test "27 columns (AW layout): every number by hand" {
	stats l27
	check_core
	[ "$(val prefix_length.mean '.scope | has("prefix_group") | not')" = "$(awk 'BEGIN{printf "%.10g", 300/7}')" ]
	[ "$(val prefix_length.p50 '.scope | has("prefix_group") | not')" = 0 ]
	[ "$(val prefix_length.max '.scope | has("prefix_group") | not')" = 100 ]
	[ "$(val prefix_length.mean '.scope.prefix_group == "g1"')" = 100 ]
	[ "$(val prefix_length.p50 '.scope.prefix_group == "g1"')" = 100 ]
	[ "$(val output_tokens.mean '.n == 3')" = "$(awk 'BEGIN{printf "%.10g", 37/3}')" ]
	# no sim status in a real trace
	[ "$(jq -c 'select(.status == "incomplete")' "$OUT" | wc -l)" -eq 0 ]
}

@test "a status the format does not define: its own status.count, named, its first row cited; none shown where no row has one" {
	stats l27
	[ "$(jq -c 'select(.status == "unknown")' "$OUT" | wc -l)" -eq 0 ]
	# the first two rows' ok turned into names no version of the client writes
	mkdir "$BATS_TEST_TMPDIR/unk"
	awk -F, -v OFS=, 'NR == 2 { $25 = "rejected" } NR == 3 { $25 = "cancelled" } 1' \
	    "$T/l27/trace_data.csv" >"$BATS_TEST_TMPDIR/unk/trace_data.csv"
	"$S2R_BIN/s2r-trace-stats" --no-header "$BATS_TEST_TMPDIR/unk/trace_data.csv" >"$OUT"
	validate_records "$OUT"
	[ "$(val status.count '.scope.class == "critical" and .status == "unknown"')" = 2 ]
	[ "$(val status.count '.scope.class == "critical" and .status == "ok"')" = 0 ]
	[ "$(val status.count '.scope.class == "critical" and .status == "error"')" = 0 ]
	[ "$(val status.count '.scope.class == "sheddable" and .status == "unknown"')" = 0 ]
	jq -c 'select(.metric == "status.count" and .scope.class == "critical" and .status == "unknown")' "$OUT" |
	    jq -e '.source.line == 2 and (.source.how | test("does not define.*the first: \"rejected\""))'
}

@test "every record has check, source.file, field, how and a cell scope" {
	stats l27 --phase baseline --workload w1 --iteration i0 --root "$T"
	jq -e -s 'all(.[]; .check and (.source.file == "l27/trace_data.csv"
	    or .source.file == "l27/trace_header.yaml")
	    and .source.field and .source.how
	    and .scope.phase == "baseline" and .scope.workload == "w1"
	    and .scope.iteration == "i0")' "$OUT"
	jq -e -s 'map(.scope | keys_unsorted) | all(.[]; .[0:3] == ["phase","workload","iteration"])' "$OUT"
	grep -q '"how":"mean over all 7 rows"' "$OUT"
	validate_records "$OUT"
}

@test "record order is fixed: metrics, then classes/clients/groups by name" {
	stats l27
	jq -r '.metric' "$OUT" | awk '!seen[$0]++' >"$BATS_TEST_TMPDIR/order"
	[ "$(head -4 "$BATS_TEST_TMPDIR/order" | tr '\n' ' ')" = "requests.count qps.intended qps.actual class.count " ]
	[ "$(jq -r 'select(.metric == "iat.cv") | .scope.client' "$OUT" | tr '\n' ' ')" = "a b " ]
	[ "$(jq -r 'select(.metric == "class.count") | .scope.class' "$OUT" | tr '\n' ' ')" = "critical sheddable " ]
	[ "$(jq -r 'select(.metric == "status.count" and .scope.class == "critical") | .status' "$OUT" | tr '\n' ' ')" = "ok shed http_error error timeout failed_empty aborted " ]
}

@test "output is byte-for-byte deterministic, file or stdin" {
	stats l27
	cp "$OUT" "$BATS_TEST_TMPDIR/a"
	stats l27
	cmp "$OUT" "$BATS_TEST_TMPDIR/a"
	"$S2R_BIN/s2r-trace-stats" --no-header - <"$T/l27/trace_data.csv" >"$OUT"
	one requests.count | jq -e '.source.file == "<stdin>"'
	check_core
}

@test "server_input_tokens.ratio: the server's prompt counts over the trace's, successful rows only" {
	stats l27
	# rows 3, 1, 0 are ok with counts: (300 + 200 + 400) / (300 + 200 + 400)
	[ "$(val server_input_tokens.ratio)" = 1 ]
	one server_input_tokens.ratio | jq -e '.n == 3 and .check == "1c" and
	    .source.field == "server_input_tokens" and
	    (.source.how | test("900\\) / sum of prefix_length \\+ input_tokens \\(900"))'
	# another tokenizer: the server counts 1.3x, one row unrecorded (0)
	/usr/bin/python3 - "$T/l27/trace_data.csv" \
	    "$BATS_TEST_TMPDIR/trace_data.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
for r in rows:
    if r["request_id"] == "1":
        r["server_input_tokens"] = "0"
    elif int(r["server_input_tokens"]) > 0:
        r["server_input_tokens"] = str(int((int(r["prefix_length"]) +
            int(r["input_tokens"])) * 1.3))
w = csv.DictWriter(open(sys.argv[2], "w", newline=""),
                   fieldnames=list(rows[0]), lineterminator="\n")
w.writeheader()
w.writerows(rows)
PY
	"$S2R_BIN/s2r-trace-stats" "$BATS_TEST_TMPDIR/trace_data.csv" >"$OUT"
	near "$(val server_input_tokens.ratio)" "$(calc '(390 + 520) / (300 + 400)')"
	[ "$(one server_input_tokens.ratio | jq .n)" = 2 ]
	# the least-squares line through (300, 390) and (400, 520): slope
	# 130 / 100, intercept 390 - 1.3 x 300 = 0
	near "$(one server_input_tokens.ratio | jq .slope)" 1.3
	one server_input_tokens.ratio | jq -e '.intercept | fabs < 1e-9'
	# two points lie on their line: no slope_se under 3 rows
	one server_input_tokens.ratio | jq -e 'has("slope_se") | not'
	validate_records "$OUT"
	# no server_input_tokens column (22) or no prefix_length (25): none
	stats l22
	[ -z "$(one server_input_tokens.ratio)" ]
	stats l25
	[ -z "$(one server_input_tokens.ratio)" ]
	# a real trace whose server reported no usage (every count 0): the
	# record says so, value null; no header saying real: none
	mkdir "$BATS_TEST_TMPDIR/nousage"
	cp "$T/l27/trace_header.yaml" "$BATS_TEST_TMPDIR/nousage/"
	awk -F, -v OFS=, 'NR > 1 && NF > 20 { $19 = 0 } 1' "$T/l27/trace_data.csv" \
	    >"$BATS_TEST_TMPDIR/nousage/trace_data.csv"
	"$S2R_BIN/s2r-trace-stats" "$BATS_TEST_TMPDIR/nousage/trace_data.csv" >"$OUT"
	validate_records "$OUT"
	one server_input_tokens.ratio | jq -e '.value == null and .n == 3 and
	    (.source.how | test("0 on all 3 successful rows: the server reported no usage"))'
	"$S2R_BIN/s2r-trace-stats" --no-header "$BATS_TEST_TMPDIR/nousage/trace_data.csv" >"$OUT"
	[ -z "$(one server_input_tokens.ratio)" ]
}

@test "prefix.server_share: the prefix tokens the server counted in the prefixed rows' prompts" {
	stats l27
	# rows 3 and 1 carry prefix g1 (100 tokens): (300 + 200 - 200 - 100)
	# / (100 + 100), one unprefixed row (0): no fit, slope 1, intercept 0
	[ "$(val prefix.server_share)" = 1 ]
	one prefix.server_share | jq -e '.n == 2 and .unprefixed_rows == 1 and
	    .check == "1e" and (.source.how | test("too few unprefixed rows"))'
	# the prefix recorded but not sent: the server counts the suffixes
	/usr/bin/python3 - "$T/l27/trace_data.csv" \
	    "$BATS_TEST_TMPDIR/trace_data.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
for r in rows:
    if int(r["server_input_tokens"]) > 0:
        r["server_input_tokens"] = r["input_tokens"]
w = csv.DictWriter(open(sys.argv[2], "w", newline=""),
                   fieldnames=list(rows[0]), lineterminator="\n")
w.writeheader()
w.writerows(rows)
PY
	"$S2R_BIN/s2r-trace-stats" --no-header "$BATS_TEST_TMPDIR/trace_data.csv" >"$OUT"
	[ "$(val prefix.server_share)" = 0 ]
	validate_records "$OUT"
	# no prefix_length column (25): none
	stats l25
	[ -z "$(one prefix.server_share)" ]
}

@test "warm_up.rows: a real trace's rows below the header's warm_up_requests" {
	stats l27
	# warm-up 0: nothing to count
	[ -z "$(one warm_up.rows)" ]
	cp "$T/l27/trace_data.csv" "$BATS_TEST_TMPDIR/"
	sed 's/^warm_up_requests: 0$/warm_up_requests: 2/' \
	    "$T/l27/trace_header.yaml" >"$BATS_TEST_TMPDIR/trace_header.yaml"
	"$S2R_BIN/s2r-trace-stats" "$BATS_TEST_TMPDIR/trace_data.csv" >"$OUT"
	# request_id 1 (line 3) and 0 (line 5) are warm-up requests
	[ "$(val warm_up.rows)" = 2 ]
	one warm_up.rows | jq -e '.check == "1h" and .n == 7 and
	    .source.line == 3 and (.source.how | test("smallest request_id 0"))'
	validate_records "$OUT"
	# a simulated trace numbers its own rows: none
	sed -i 's/^mode: real$/mode: generated/' "$BATS_TEST_TMPDIR/trace_header.yaml"
	"$S2R_BIN/s2r-trace-stats" "$BATS_TEST_TMPDIR/trace_data.csv" >"$OUT"
	[ -z "$(one warm_up.rows)" ]
}

@test "iat.cv_send per client: the gaps between sorted send_time_us, real traces only" {
	stats l27
	# client a sends at 1, 3, 4 s (gaps 2, 1); b at 0, 2, 6, 10 s (2, 4, 4)
	near "$(val iat.cv_send '.scope.client == "a"')" "$(calc '0.5/1.5')"
	near "$(val iat.cv_send '.scope.client == "b"')" \
	    "$(calc 'sqrt(((2-10/3)^2+2*(4-10/3)^2)/3)/(10/3)')"
	one iat.cv_send '.scope.client == "b"' | jq -e '.n == 3 and
	    .check == "1g" and .source.field == "send_time_us"'
	# without a header saying mode real (a sim trace sends at arrival)
	stats l27 --no-header
	[ -z "$(one iat.cv_send)" ]
}

@test "finish_reason abort: status ok but aborted, not a success, left out of the output statistics" {
	d=$BATS_TEST_TMPDIR/c
	mkdir -p "$d"
	cp "$T/l27/trace_header.yaml" "$d/"
	# request 1 (client a, critical, output 21, finish_reason stop) aborted
	sed '/^1,a,/s/,stop$/,abort/' "$T/l27/trace_data.csv" >"$d/trace_data.csv"
	[ "$(grep -c ',abort$' "$d/trace_data.csv")" -eq 1 ]
	"$S2R_BIN/s2r-trace-stats" "$d" >"$OUT"
	validate_records "$OUT"
	[ "$(val status.count '.scope.class == "critical" and .status == "aborted"')" = 1 ]
	[ "$(val status.count '.scope.class == "critical" and .status == "ok"')" = 1 ]
	one status.count '.status == "aborted" and .scope.class == "critical"' |
	    jq -e --argjson l "$(grep -n '^1,a,' "$d/trace_data.csv" | cut -d: -f1)" \
	    '.source.line == $l and (.source.how | test("finish_reason abort"))'
	near "$(val success.fraction '.scope.class == "critical"')" "$(calc '1/3')"
	# output statistics over the two remaining successful rows: 11 and 5
	[ "$(val output_tokens.mean)" = 8 ]
	[ "$(val status.count '.scope.class == "sheddable" and .status == "aborted"')" = 0 ]
}

@test "22 columns (no prefix_length, model, deadline, server_input, finish_reason)" {
	stats l22
	check_core
	[ "$(jq -c 'select(.metric | startswith("prefix_length"))' "$OUT" | wc -l)" -eq 0 ]
	one prefix.fraction | jq -e '.source.field == "prefix_group"
	    and (.source.how | test("no prefix_length column"))'
	one status.count '.status == "failed_empty" and .scope.class == "critical"' |
	    jq -e '.source.how | test("no finish_reason column")'
}

@test "25 columns (+model, deadline_us, server_input_tokens)" {
	stats l25
	check_core
	[ "$(jq -c 'select(.metric | startswith("prefix_length"))' "$OUT" | wc -l)" -eq 0 ]
}

@test "26 columns (+finish_reason)" {
	stats l26
	check_core
	one status.count '.status == "failed_empty" and .scope.class == "critical"' |
	    jq -e '.source.how | test("no finish_reason column") | not'
}

@test "28 columns with vllm_priority; warm_up_requests is reported" {
	stats l28
	check_core
	one requests.count | jq -e '.source.how
	    | test("warm_up_requests 200 .*trace_header.yaml:5.*request_id 200")'
}

@test "trace.server_model: the header's server.model with its line; absent, none; not a string, one line and exit 2" {
	stats l27
	line=$(grep -n '^    model:' "$T/l27/trace_header.yaml" | cut -d: -f1)
	one trace.server_model | jq -e --argjson l "$line" '.value ==
	    "Qwen/Qwen3-14B" and .check == "2a" and .source.line == $l and
	    .source.field == "server.model" and
	    (.source.file | endswith("trace_header.yaml"))'
	d=$BATS_TEST_TMPDIR/c
	mkdir -p "$d"
	cp "$T/l27/trace_data.csv" "$d/"
	grep -v '^    model:' "$T/l27/trace_header.yaml" >"$d/trace_header.yaml"
	"$S2R_BIN/s2r-trace-stats" "$d" >"$OUT"
	[ -z "$(one trace.server_model)" ]
	sed 's/^    model: .*/    model: [a, b]/' "$T/l27/trace_header.yaml" \
	    >"$d/trace_header.yaml"
	run --separate-stderr "$S2R_BIN/s2r-trace-stats" "$d"
	[ "$status" -eq 2 ]
	[ -z "$output" ]
	[[ "$stderr" == *"trace_header.yaml:$line:"*"model"*"string"* ]]
	[ "$(printf '%s\n' "$stderr" | wc -l)" -eq 1 ]
}

@test "29 columns with x_request_id (trace_version 3)" {
	stats l29
	check_core
}

@test "30 columns: further trailing columns are ignored" {
	stats l30
	check_core
}

@test "adapter.fraction: rows per LoRA adapter (\"\" the base model) over all rows, by name; none without the column" {
	mkdir -p "$BATS_TEST_TMPDIR/a"
	# the seven requests, adapters a2 a1 "" a1 a2 a1 "" in row order
	/usr/bin/python3 - "$T/l30/trace_data.csv" "$BATS_TEST_TMPDIR/a/trace_data.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
cols = list(rows[0].keys())
for r, a in zip(rows, ["a2", "a1", "", "a1", "a2", "a1", ""]):
    r["adapter"] = a
w = csv.DictWriter(open(sys.argv[2], "w", newline=""), fieldnames=cols, lineterminator="\n")
w.writeheader()
w.writerows(rows)
PY
	"$S2R_BIN/s2r-trace-stats" "$BATS_TEST_TMPDIR/a/trace_data.csv" >"$OUT"
	validate_records "$OUT"
	[ "$(one adapter.fraction | jq -r '.scope.adapter' | tr '\n' ,)" = ",a1,a2," ]
	near "$(val adapter.fraction '.scope.adapter == "a1"')" "$(calc '3/7')"
	near "$(val adapter.fraction '.scope.adapter == "a2"')" "$(calc '2/7')"
	near "$(val adapter.fraction '.scope.adapter == ""')" "$(calc '2/7')"
	one adapter.fraction '.scope.adapter == ""' | jq -e '.check == "1b" and .n == 7 and .source.field == "adapter" and (.source.how | test("empty adapter"))'
	# per client: its rows per adapter, clients and adapters by name,
	# summing to the adapter's rows
	jq -e -s '[.[] | select(.metric == "client.adapter.count")] |
	    all(.check == "1b" and .source.field == "adapter") and
	    (map(.value) | add) == 7 and
	    ([.[] | select(.scope.adapter == "a1") | .value] | add) == 3 and
	    (group_by(.scope.client) | all(map(.scope.adapter) == (map(.scope.adapter) | sort)))' "$OUT"
	stats l29
	[ -z "$(one adapter.fraction)" ]
	[ -z "$(one client.adapter.count)" ]
}

@test "columns in another order are found by name" {
	stats reordered
	check_core
	[ "$(val prefix_length.mean '.scope.prefix_group == "g1"')" = 100 ]
}

@test "CRLF line ends" {
	stats crlf
	check_core
}

@test "UTF-8 BOM before the header" {
	stats bom
	check_core
}

@test "quoted error body with \"\" and an embedded newline is one field" {
	stats l27
	[ "$(val status.count '.scope.class == "sheddable" and .status == "http_error"')" = 1 ]
	# the row after it starts on line 9 of the file: a bad value there says so
	sed 's/^6,b,,sheddable,,0,,0,true,700,/6,b,,sheddable,,0,,0,true,7x0,/' \
	    "$T/l27/trace_data.csv" >"$BATS_TEST_TMPDIR/t.csv"
	run --separate-stderr "$S2R_BIN/s2r-trace-stats" "$BATS_TEST_TMPDIR/t.csv"
	assert_bad_input
	[[ "$stderr" == *"t.csv:9:10: input_tokens: expected an integer, got \"7x0\"" ]]
}

@test "simulated trace: time_unit microseconds, incomplete status" {
	stats sim
	[ "$(val requests.count)" = 4 ]
	# send = arrival in a sim trace: both rates are the same
	[ "$(val qps.intended)" = "$(val qps.actual)" ]
	near "$(val qps.intended)" 1
	[ "$(val status.count '.scope.class == "critical" and .status == "incomplete"')" = 1 ]
	[ "$(val status.count '.scope.class == "critical" and .status == "ok"')" = 2 ]
	[ "$(val ttft_ms.p50 '.scope | has("class") | not')" = 50 ]
	one requests.count | jq -e '.source.how | test("mode generated")'
	validate_records "$OUT"
}

@test "--header and --no-header" {
	stats l22 --header "$T/l28/trace_header.yaml"
	one requests.count | jq -e '.source.how | test("warm_up_requests 200")'
	stats l27 --no-header
	one qps.actual | jq -e '.source.how | test("no trace header")'
	check_core
}

@test "--format text: the same statistics as an aligned table" {
	stats l27 --format text
	head -2 "$OUT" | tail -1 | grep -q '^check  metric'
	grep -Eq '^1c +input_tokens\.p90 +- +640 +tokens +7$' "$OUT"
	grep -Eq '^5d +status\.count +class="sheddable" status=shed +1 +count +4$' "$OUT"
	# one line per record, plus the title and the column heads; the
	# distribution records (points, bins) have no one value to show
	stats l27
	[ $(( $(jq -c 'select(.points == null and .bins == null)' "$OUT" | wc -l) + 2 )) -eq "$("$S2R_BIN/s2r-trace-stats" --format text "$T/l27/trace_data.csv" | wc -l)" ]
	# every value line is as wide as the head line up to the unit column
	"$S2R_BIN/s2r-trace-stats" --format text "$T/l27/trace_data.csv" | tail -n +2 |
	    awk '{ match($0, /  (tokens|count|req\/s|fraction|cv|ms|us|unit) /)
	        if (NR == 1) w = RSTART; else if (RSTART != w && $0 !~ /seed|\.ratio |server_model/) exit 1 }'
}

@test "independent recomputation (python csv module) on a generated trace" {
	"$S2R_TOP/bench/gen-trace" 3000 7 >"$BATS_TEST_TMPDIR/g.csv"
	"$S2R_BIN/s2r-trace-stats" "$BATS_TEST_TMPDIR/g.csv" >"$OUT"
	run /usr/bin/python3 "$T/trace_ref.py" "$BATS_TEST_TMPDIR/g.csv" "$OUT"
	echo "$output"
	[ "$status" -eq 0 ]
	validate_records "$OUT"
}

@test "independent recomputation on every fixture layout" {
	for d in l27 l28 l29 l30 reordered crlf bom; do
		stats "$d"
		/usr/bin/python3 "$T/trace_ref.py" "$T/$d/trace_data.csv" "$OUT"
	done
}

# ---- bad input: one line file:line:column, exit 2, nothing on stdout ----

bad() {
	run --separate-stderr "$S2R_BIN/s2r-trace-stats" --root "$T" "$@"
	assert_bad_input
}

@test "missing file" {
	bad "$T/bad/nope.csv"
	[ "$stderr" = "s2r-trace-stats: bad/nope.csv: cannot open: No such file or directory" ]
}

@test "empty file" {
	bad "$T/bad/empty.csv"
	[[ "$stderr" == *"bad/empty.csv:1:1: expected a header row, got an empty file" ]]
}

@test "missing required column" {
	bad "$T/bad/missing-col.csv"
	[[ "$stderr" == *'bad/missing-col.csv:1:1: expected a column named "input_tokens"'* ]]
}

@test "non-numeric field" {
	bad "$T/bad/non-numeric.csv"
	[ "$stderr" = 's2r-trace-stats: bad/non-numeric.csv:3:10: input_tokens: expected an integer, got "12a"' ]
}

@test "negative token count" {
	bad "$T/bad/after-newline.csv"
	[[ "$stderr" == *'bad/after-newline.csv:4:11: output_tokens: expected an integer >= 0, got "-21"' ]]
}

@test "truncated last line" {
	bad "$T/bad/truncated.csv"
	[[ "$stderr" == *"bad/truncated.csv:3:21: expected 27 fields as in the header, got 20"* ]]
}

@test "wrong delimiter" {
	bad "$T/bad/semicolon.csv"
	[[ "$stderr" == *"bad/semicolon.csv:1:1: "*"wrong delimiter"* ]]
	tr ';' '\t' <"$T/bad/semicolon.csv" >"$BATS_TEST_TMPDIR/tab.csv"
	bad "$BATS_TEST_TMPDIR/tab.csv"
	[[ "$stderr" == *"tab.csv:1:1: "*'\t'*"wrong delimiter"* ]]
}

@test "binary garbage" {
	bad "$T/bad/binary.csv"
	[[ "$stderr" == *"bad/binary.csv:2:5: expected CSV text, got binary data"* ]]
	bad "$T/bad/garbage.bin"
	[[ "$stderr" == *"bad/garbage.bin:"*"binary data"* ]]
}

@test "unterminated quote at end of file" {
	bad "$T/bad/unterminated.csv"
	[[ "$stderr" == *"bad/unterminated.csv:5:27: expected a closing quote"* ]]
}

@test "stray quote inside an unquoted field" {
	bad "$T/bad/stray-quote.csv"
	[[ "$stderr" == *"bad/stray-quote.csv:3:27: "*"stray"* ]]
}

@test "malformed header YAML" {
	bad "$T/bad/yaml/trace_data.csv"
	[[ "$stderr" == *"bad/yaml/trace_header.yaml:3:5: "* ]]
}

@test "bad time_unit" {
	bad "$T/bad/unit/trace_data.csv"
	[[ "$stderr" == *'bad/unit/trace_header.yaml:2:12: time_unit: expected "us" or "microseconds", got "ms"' ]]
}

@test "bad mode and a header that is not a map" {
	printf 'time_unit: us\nmode: observed\n' >"$BATS_TEST_TMPDIR/h.yaml"
	bad --header "$BATS_TEST_TMPDIR/h.yaml" "$T/l27/trace_data.csv"
	[[ "$stderr" == *"h.yaml:2:7: mode: expected real, generated or replayed"* ]]
	printf -- '- a\n' >"$BATS_TEST_TMPDIR/h.yaml"
	bad --header "$BATS_TEST_TMPDIR/h.yaml" "$T/l27/trace_data.csv"
	[[ "$stderr" == *"h.yaml:1:1: expected a TraceV2 header"* ]]
}

@test "header only: zero rows, nothing computable is null" {
	head -1 "$T/l27/trace_data.csv" >"$BATS_TEST_TMPDIR/h.csv"
	"$S2R_BIN/s2r-trace-stats" "$BATS_TEST_TMPDIR/h.csv" >"$OUT"
	[ "$(val requests.count)" = 0 ]
	[ "$(val qps.intended)" = null ]
	[ "$(val input_tokens.p50)" = null ]
	validate_records "$OUT"
}

# The distribution records (for the report's charts) against an
# independent python computation: every CDF point of every latency,
# overall and per class, and every histogram bin.
@test "distributions: CDF points and histogram bins match python" {
	"$S2R_TOP/bench/gen-trace" 2000 11 >"$BATS_TEST_TMPDIR/g.csv"
	"$S2R_BIN/s2r-trace-stats" "$BATS_TEST_TMPDIR/g.csv" >"$OUT"
	validate_records "$OUT"
	# 3 latencies x (overall + each class), 101 points each
	ncls=$(jq -r 'select(.metric == "class.count") | .scope.class' "$OUT" | wc -l)
	[ "$(jq -c 'select(.metric | endswith(".cdf"))' "$OUT" | wc -l)" -eq $((3 * (ncls + 1))) ]
	[ "$(jq -r 'select(.metric | endswith(".cdf")) | .points | length' "$OUT" | sort -u)" = 101 ]
	/usr/bin/python3 - "$BATS_TEST_TMPDIR/g.csv" "$OUT" <<-'PY'
	import csv, json, math, sys
	rows = list(csv.DictReader(open(sys.argv[1], newline="")))
	recs = [json.loads(l) for l in open(sys.argv[2])]
	def ok(r):
	    out = int(r["output_tokens"])
	    return r["status"] == "ok" and (out > 0 or r.get("finish_reason", "") != "")
	def q7(xs, q):
	    xs = sorted(xs); h = (len(xs) - 1) * q; lo = math.floor(h)
	    if lo + 1 >= len(xs): return float(xs[-1])
	    return xs[lo] + (h - lo) * (xs[lo + 1] - xs[lo])
	def lat(r, w):
	    s, f, l, o = (int(r[k]) for k in ("send_time_us", "first_chunk_time_us", "last_chunk_time_us", "output_tokens"))
	    if w == "ttft_ms": return f - s if f > 0 else None
	    if w == "e2e_ms": return l - s if l > 0 else None
	    return (l - f) / (o - 1) if f > 0 and l > 0 and o > 1 else None
	checked = 0
	for rec in recs:
	    m = rec["metric"]
	    if not m.endswith(".cdf"): continue
	    w, cls = m[:-4], rec["scope"].get("class")
	    xs = [lat(r, w) for r in rows if ok(r) and (cls is None or r["slo_class"] == cls)]
	    xs = [x for x in xs if x is not None]
	    assert rec["n"] == len(xs), (m, cls, rec["n"], len(xs))
	    for i, (q, x) in enumerate(rec["points"]):
	        assert q == i / 100, (m, q)
	        want = q7(xs, i / 100) / 1000
	        assert abs(x - want) <= 1e-9 * max(1, abs(want)), (m, cls, q, x, want)
	        checked += 1
	def width(lo, hi):
	    b = 1
	    while True:
	        for k in (1, 2, 5):
	            w = b * k
	            if (hi - lo // w * w) // w + 1 <= 40: return w
	        b *= 10
	for m, col, rowsel in (("input_tokens.hist", "input_tokens", lambda r: True),
	                       ("output_tokens.hist", "output_tokens", ok)):
	    xs = sorted(int(r[col]) for r in rows if rowsel(r))
	    rec = [r for r in recs if r["metric"] == m][0]
	    w = width(xs[0], xs[-1])
	    edges = range(xs[0] // w * w, xs[-1] + 1, w)
	    want = [[e, e + w, sum(1 for x in xs if e <= x < e + w)] for e in edges]
	    assert rec["bins"] == want, (m, rec["bins"][:3], want[:3])
	    assert sum(b[2] for b in rec["bins"]) == len(xs) == rec["n"]
	    checked += len(want)
	print("checked", checked)
	PY
}

@test "distributions: a hand-worked CDF point and histogram bin (l27)" {
	stats l27
	# TTFT of the successful rows: 40, 50, 100 ms; q = 0.25: h = 0.5 -> 45
	[ "$(jq -c 'select(.metric == "ttft_ms.cdf" and .scope.class == null) | .points[25]' "$OUT")" = "[0.25,45]" ]
	[ "$(jq -c 'select(.metric == "ttft_ms.cdf" and .scope.class == null) | .points[100]' "$OUT")" = "[1,100]" ]
	# input 100..700 step 100: width 20 (700/10 = 70 > 40 bins), first bin [100,120) holds one row
	[ "$(jq -c 'select(.metric == "input_tokens.hist") | .bins[0]' "$OUT")" = "[100,120,1]" ]
	[ "$(jq -c 'select(.metric == "input_tokens.hist") | [.bins[] | .[2]] | add' "$OUT")" = 7 ]
	# header only: no rows, empty arrays, value null
	head -1 "$T/l27/trace_data.csv" >"$BATS_TEST_TMPDIR/h.csv"
	"$S2R_BIN/s2r-trace-stats" "$BATS_TEST_TMPDIR/h.csv" >"$OUT"
	[ "$(jq -c 'select(.metric == "input_tokens.hist") | [.value, .bins]' "$OUT")" = "[null,[]]" ]
	[ "$(jq -c 'select(.metric == "e2e_ms.cdf") | [.value, .points]' "$OUT")" = "[null,[]]" ]
	validate_records "$OUT"
}

# tests/fixtures/trace/v3: two sessions of one client (s1: rounds 0-2,
# s2: rounds 0-1), every optional column (vllm_priority, slo_target_us,
# x_request_id, adapter, think_time_us), a version 3 header and the
# per-chunk ITL file.  Hand-worked values: s1 runs 0-11 s and s2 0.5-6 s
# (2 sessions at once); requests [0,1] [0.5,2] [4,5] [4,6] [10,11] s (2
# in flight at once); think times 3, 2, 5 s; 4 gaps in 10 s of arrivals.
@test "TraceV3: sessions, think times, in flight, header keys and the ITL file" {
	stats v3 --root "$T"
	validate_records "$OUT"
	[ "$(val sessions.count)" = 2 ]
	[ "$(val sessions.concurrent_max)" = 2 ]
	[ "$(val session.rounds.min)" = 2 ]
	[ "$(val session.rounds.mean)" = 2.5 ]
	[ "$(val session.rounds.max)" = 3 ]
	[ "$(val think_time_us.max)" = 5000000 ]
	[ "$(val think_time_us.mean)" = 3333333.333 ]
	[ "$(jq -r 'select(.metric=="think_time_us.max") | .source.field' "$OUT")" = think_time_us ]
	# three rounds follow another, each sent exactly its think time after
	# the previous round's last chunk, each prompt longer (100, 220, 340;
	# 80, 190)
	[ "$(val session.rounds.early)" = 0 ]
	[ "$(jq -r 'select(.metric=="session.rounds.early") | .n' "$OUT")" = 3 ]
	[ "$(val session.rounds.grown)" = 1 ]
	[ "$(val inflight.max)" = 2 ]
	[ "$(val client.rate '.scope.client=="chat"')" = 0.4 ]
	[ "$(val run.duration_us)" = 10000000 ]
	# header values cite the header
	[ "$(val workload.seed)" = 11 ]
	[ "$(jq -r 'select(.metric=="workload.seed") | .source | "\(.file):\(.line)"' "$OUT")" = v3/trace_header.yaml:6 ]
	[ "$(val session.context_growth)" = accumulate ]
	[ "$(val goodput.ttft_ms '.scope.class=="critical"')" = 100 ]
	[ "$(val goodput.e2e_ms '.scope.class=="critical"')" = 5000 ]
	[ "$(val goodput.ttft_ms '.scope.class=="standard"')" = 500 ]
	[ "$(jq -c 'select(.metric=="goodput.e2e_ms" and .scope.class=="standard")' "$OUT")" = "" ]
	[ "$(val kv.observed_hit_rate)" = 0.25 ]
	# three requests in six chunk rows
	[ "$(val itl.requests)" = 3 ]
	[ "$(jq -r 'select(.metric=="itl.requests") | "\(.n) \(.source.file)"' "$OUT")" = "6 v3/trace_data.itl.csv" ]
	# each of them this trace's: chunk 0 at its row's first_chunk_time_us
	[ "$(val itl.own)" = 3 ]
}

@test "TraceV3: without a think_time_us column, think times are the gaps between rounds" {
	mkdir -p "$BATS_TEST_TMPDIR/nt"
	cut -d, -f1-31 "$T/v3/trace_data.csv" >"$BATS_TEST_TMPDIR/nt/trace_data.csv"
	"$S2R_BIN/s2r-trace-stats" --no-header "$BATS_TEST_TMPDIR/nt/trace_data.csv" >"$OUT"
	# s1: 1 -> 4 s and 5 -> 10 s; s2: 2 -> 4 s (same as the column here)
	[ "$(val think_time_us.max)" = 5000000 ]
	[ "$(val think_time_us.mean)" = 3333333.333 ]
	[ "$(jq -r 'select(.metric=="think_time_us.max") | .source.field' "$OUT")" = send_time_us ]
	# s1's second round sent at 0.5 s, before its first round ended (1 s):
	# early by 0.5 s without a think time to add; its gap is no think time
	awk -F, -v OFS=, '$1 == 2 { $23 = 1700000000500000 } 1' \
	    "$BATS_TEST_TMPDIR/nt/trace_data.csv" >"$BATS_TEST_TMPDIR/nt/early.csv"
	"$S2R_BIN/s2r-trace-stats" --no-header "$BATS_TEST_TMPDIR/nt/early.csv" >"$OUT"
	[ "$(val session.rounds.early)" = 1 ]
	jq -r 'select(.metric=="session.rounds.early") | .source.how' "$OUT" | grep -q "largest shortfall 500000 us"
	[ "$(val think_time_us.max)" = 5000000 ]
	[ "$(val think_time_us.mean)" = 3500000 ]
	# no header: no seed, growth or warm-up records
	[ "$(jq -c 'select(.metric=="workload.seed" or .metric=="session.context_growth" or .metric=="warm_up.requests")' "$OUT")" = "" ]
}

@test "--itl FILE, --no-itl; a bad ITL file is one line and exit 2" {
	stats v3 --no-itl
	[ "$(jq -c 'select(.metric=="itl.requests")' "$OUT")" = "" ]
	stats l27 --itl "$T/v3/trace_data.itl.csv"
	[ "$(val itl.requests)" = 3 ]
	printf 'request_id,chunk_index,timestamp_us\n0,0,soon\n' >"$BATS_TEST_TMPDIR/bad.itl.csv"
	run --separate-stderr "$S2R_BIN/s2r-trace-stats" --itl "$BATS_TEST_TMPDIR/bad.itl.csv" "$T/l27/trace_data.csv"
	assert_bad_input
	[[ "$stderr" == *"bad.itl.csv:2:"* ]]
	run --separate-stderr "$S2R_BIN/s2r-trace-stats" --itl x --no-itl "$T/l27/trace_data.csv"
	[ "$status" -eq 2 ]
}

# One ITL reader for s2r-trace-stats and s2r-latency: the checks of
# lib/itl.c (chunks numbered from 0 without gaps, each once, in time
# order; a request trace refused) hold for --itl too.
@test "--itl: a chunk skipped, repeated or out of time order, or a trace given, is one line and exit 2" {
	local d=$BATS_TEST_TMPDIR
	printf 'request_id,chunk_index,timestamp_us\n0,0,100\n0,2,200\n' >"$d/skip.itl.csv"
	printf 'request_id,chunk_index,timestamp_us\n0,0,100\n0,0,200\n' >"$d/twice.itl.csv"
	printf 'request_id,chunk_index,timestamp_us\n0,0,300\n0,1,200\n' >"$d/back.itl.csv"
	run --separate-stderr "$S2R_BIN/s2r-trace-stats" --itl "$d/skip.itl.csv" "$T/l27/trace_data.csv"
	assert_bad_input
	[[ "$stderr" == *"skip.itl.csv:3:2: chunk_index: expected chunk 1 of request 0"* ]]
	run --separate-stderr "$S2R_BIN/s2r-trace-stats" --itl "$d/twice.itl.csv" "$T/l27/trace_data.csv"
	assert_bad_input
	[[ "$stderr" == *"twice.itl.csv:3:2: chunk_index: expected each chunk of request 0 once"* ]]
	run --separate-stderr "$S2R_BIN/s2r-trace-stats" --itl "$d/back.itl.csv" "$T/l27/trace_data.csv"
	assert_bad_input
	[[ "$stderr" == *"back.itl.csv:3:3: timestamp_us: expected a time at or after chunk 0's"* ]]
	run --separate-stderr "$S2R_BIN/s2r-trace-stats" --itl "$T/l27/trace_data.csv" "$T/l27/trace_data.csv"
	assert_bad_input
	[[ "$stderr" == *"expected a per-chunk ITL file"*"got a request trace"* ]]
}

@test "TraceV3 header: a malformed goodput target is one line and exit 2" {
	mkdir -p "$BATS_TEST_TMPDIR/g"
	cp "$T/v3/trace_data.csv" "$BATS_TEST_TMPDIR/g/"
	sed 's/ttft_ms: 500/ttft_ms: fast/' "$T/v3/trace_header.yaml" >"$BATS_TEST_TMPDIR/g/trace_header.yaml"
	run --separate-stderr "$S2R_BIN/s2r-trace-stats" "$BATS_TEST_TMPDIR/g/trace_data.csv"
	assert_bad_input
	[[ "$stderr" == *"trace_header.yaml:18:"*"goodput_slo_targets.standard: expected a number >= 0"* ]]
}

@test "-o FILE: the same records, written whole beside the file; a file that cannot be made is one line, exit 2, nothing left" {
	d=l22
	mkdir "$BATS_TEST_TMPDIR/o"
	"$S2R_BIN/s2r-trace-stats" -o "$BATS_TEST_TMPDIR/o/t.ndjson" "$T/$d/trace_data.csv"
	"$S2R_BIN/s2r-trace-stats" "$T/$d/trace_data.csv" | cmp - "$BATS_TEST_TMPDIR/o/t.ndjson"
	[ "$(ls -A "$BATS_TEST_TMPDIR/o")" = t.ndjson ]
	"$S2R_BIN/s2r-trace-stats" --format text --output "$BATS_TEST_TMPDIR/o/t.txt" "$T/$d/trace_data.csv"
	"$S2R_BIN/s2r-trace-stats" --format text "$T/$d/trace_data.csv" | cmp - "$BATS_TEST_TMPDIR/o/t.txt"
	run --separate-stderr "$S2R_BIN/s2r-trace-stats" -o "$BATS_TEST_TMPDIR/none/t.ndjson" "$T/$d/trace_data.csv"
	[ "$status" -eq 2 ]
	[ -z "$output" ]
	[ "$stderr" = "s2r-trace-stats: $BATS_TEST_TMPDIR/none/t.ndjson: cannot create a temporary file: No such file or directory" ]
	# bad input: no file, no temporary
	printf 'not,a\n"trace\n' >"$BATS_TEST_TMPDIR/bad.csv"
	run "$S2R_BIN/s2r-trace-stats" -o "$BATS_TEST_TMPDIR/o/bad.ndjson" "$BATS_TEST_TMPDIR/bad.csv"
	[ "$status" -eq 2 ]
	[ "$(ls -A "$BATS_TEST_TMPDIR/o" | tr '\n' ' ')" = "t.ndjson t.txt " ]
}

# l27: three successful streamed rows of 2+ output tokens (ids 0, 1, 3),
# each in several chunks; row 4 (ok, 0 output tokens) and the errors do
# not count.
@test "streaming.chunked: the streamed answers that came in chunks; a sim trace has none" {
	stats l27
	[ "$(val streaming.chunked)" = 1 ]
	[ "$(jq -r 'select(.metric=="streaming.chunked") | "\(.n) \(.source.field)"' "$OUT")" = "3 num_chunks" ]
	# id 1 answered whole (one chunk), id 3 buffered (first = last)
	mkdir -p "$BATS_TEST_TMPDIR/w"
	awk -F, -v OFS=, '$1 == 1 { $24 = 1 } $1 == 3 { $22 = $23 } 1' "$T/l27/trace_data.csv" \
	    >"$BATS_TEST_TMPDIR/w/trace_data.csv"
	"$S2R_BIN/s2r-trace-stats" "$BATS_TEST_TMPDIR/w/trace_data.csv" >"$OUT"
	[ "$(val streaming.chunked)" = 0.3333333333 ]
	# the source's line is the first row answered whole (id 3, line 2)
	[ "$(jq -r 'select(.metric=="streaming.chunked") | .source.line' "$OUT")" = 2 ]
	# per client: a's two (ids 1, 3) both whole, its first at line 2; b's
	# one (id 0) in chunks
	[ "$(jq -r 'select(.metric=="client.streaming.chunked") | "\(.scope.client) \(.value) \(.n) \(.source.line)"' "$OUT" | tr '\n' ' ')" = "a 0 2 2 b 1 1 null " ]
	stats sim
	[ "$(jq -r 'select(.metric=="streaming.chunked") | "\(.value) \(.n)"' "$OUT")" = "null 0" ]
}

@test "streaming.tokens_per_chunk: output tokens over chunks of the answers that came in chunks; the first coarse row cited; a sim trace has none" {
	stats l27
	# ids 3, 1, 0: (11 + 21 + 5) / (12 + 22 + 6)
	[ "$(jq -r 'select(.metric=="streaming.tokens_per_chunk") | "\(.value) \(.n) \(.unit) \(.check) \(.source.line)"' "$OUT")" = "0.925 3 tokens 1f null" ]
	# id 1's 21 tokens in 2 chunks (coalesced): 37 / 20, line 3 cited
	mkdir -p "$BATS_TEST_TMPDIR/w"
	awk -F, -v OFS=, '$1 == 1 { $24 = 2 } 1' "$T/l27/trace_data.csv" \
	    >"$BATS_TEST_TMPDIR/w/trace_data.csv"
	"$S2R_BIN/s2r-trace-stats" "$BATS_TEST_TMPDIR/w/trace_data.csv" >"$OUT"
	[ "$(jq -r 'select(.metric=="streaming.tokens_per_chunk") | "\(.value) \(.source.line)"' "$OUT")" = "1.85 3" ]
	stats sim
	[ -z "$(jq -r 'select(.metric=="streaming.tokens_per_chunk")' "$OUT")" ]
}
