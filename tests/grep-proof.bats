#!/usr/bin/env bats
# s2r-grep-proof: spans on every Go pitfall class, both router layouts,
# registration chains, exit statuses, absence proofs, git sources, catalog.
load helpers
bats_require_minimum_version 1.5.0

GP="$S2R_BIN/s2r-grep-proof"
GO="$FIXTURES/go"
PIT="$GO/pitfalls"

# want FILE: "start end" from the hand-placed // want-start, // want-end
# markers (grep, not the C code).
want() {
	local s e
	s=$(grep -n 'want-start' "$PIT/$1" | head -1 | cut -d: -f1)
	e=$(grep -n 'want-end' "$PIT/$1" | head -1 | cut -d: -f1)
	echo "$s $e"
}

# span ARGS...: "start end" of the single hit
span() {
	"$GP" --root "$PIT" --label pit "$@" >"$BATS_TEST_TMPDIR/out"
	validate_records "$BATS_TEST_TMPDIR/out"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/out")" -eq 1 ] || { cat "$BATS_TEST_TMPDIR/out"; return 1; }
	jq -r '"\(.source.line) \(.source.end_line)"' "$BATS_TEST_TMPDIR/out"
}

check_span() {
	local file=$1
	shift
	got=$(span "$@")
	exp=$(want "$file")
	[ "$got" = "$exp" ] || { echo "$file: got $got, want $exp"; return 1; }
	jq -e --arg f "$file" '.source.file | endswith($f)' "$BATS_TEST_TMPDIR/out" >/dev/null
}

@test "--help and --version" {
	run "$GP" --help
	[ "$status" -eq 0 ]
	[[ "$output" == usage:* ]]
	run "$GP" --version
	[ "$output" = "s2r-grep-proof 0.1.0" ]
}

@test "pitfalls 1-10: literals and comments never end a function early" {
	check_span p01_raw_string.go --func P01
	check_span p03_backtick_in_string.go --func P03
	check_span p04_backtick_in_comment.go --func P04
	check_span p05_braces_in_strings.go --func P05
	check_span p06_escaped_quotes.go --func P06
	check_span p07_runes.go --func P07
	check_span p08_comment_braces.go --func P08
	check_span p09_slashes_in_strings.go --func P09
	check_span p10_block_opener_in_comment.go --func P10
}

@test "pitfall 2: a struct with raw-string tags is one type span" {
	check_span p02_struct_tags.go --type Spec02
	jq -e '.facts.members == ["Name","Priority","Extra"]' "$BATS_TEST_TMPDIR/out"
}

@test "pitfall 11: receivers (pointer, case-different, unnamed, generic)" {
	check_span p11_receivers.go --func Saturation --recv Detector11
	[ "$(jq -r .symbol "$BATS_TEST_TMPDIR/out")" = "(*Detector11).Saturation" ]
	run "$GP" --root "$PIT" --func Saturation --recv '*detector11'
	[ "$(echo "$output" | jq -r .source.line)" = 10 ]
	run "$GP" --root "$PIT" --func Put --recv Detector11
	[ "$(echo "$output" | jq -r .symbol)" = "(*Detector11).Put" ]
	run "$GP" --root "$PIT" --func TypedName --recv 'Source11[T]'
	[ "$(echo "$output" | jq -r .source.line)" = 16 ]
	run "$GP" --root "$PIT" --func String --recv '*Key11'
	[ "$status" -eq 1 ]
}

@test "pitfall 12: generic funcs, generic types and a generic alias" {
	check_span p12_generics.go --func Redacted12
	run "$GP" --root "$PIT" --type Polling12
	[ "$(echo "$output" | jq -r '"\(.source.line) \(.source.end_line) \(.facts.type_kind)"')" = "19 19 alias" ]
	run "$GP" --root "$PIT" --type Array12
	[ "$(echo "$output" | jq -r .facts.type_kind)" = defined ]
	run "$GP" --root "$PIT" --type PollInput12
	[ "$(echo "$output" | jq -r '"\(.source.line) \(.source.end_line)"')" = "15 17" ]
}

@test "pitfalls 13-17: signatures, closures, one-liners" {
	check_span p13_multiline_signature.go --func Factory13
	[ "$(jq -r .source.doc_line "$BATS_TEST_TMPDIR/out")" = 3 ]
	check_span p14_braces_in_signature.go --func Wait14
	check_span p15_func_types.go --func Parse15
	check_span p16_single_line.go --func InitialTTL
	check_span p17_closures.go --func Pick17
}

@test "pitfall 18: a spec inside a grouped type ( … ) with its doc" {
	check_span p18_grouped.go --type engineParams18
	[ "$(jq -r .source.doc_line "$BATS_TEST_TMPDIR/out")" = 4 ]
	jq -e '.facts.grouped == true' "$BATS_TEST_TMPDIR/out"
}

@test "pitfall 19: a typed const naming another package's const" {
	check_span p19_const_ref.go --const DefaultOrderingPolicyRef19
	jq -e '.facts.values[0].ref == {"package":"fcfs","name":"FCFSOrderingPolicyType","import":"example.com/router/pkg/ordering/fcfs"}' "$BATS_TEST_TMPDIR/out"
}

@test "pitfall 20: an iota const prints its whole block" {
	check_span p20_iota.go --const OutcomeDispatched20
	jq -e '.facts.iota and .facts.block and ([.facts.values[].name] | length == 3)' "$BATS_TEST_TMPDIR/out"
}

@test "pitfall 21: a multi-line call with comments between the arguments" {
	check_span p21_call_comments.go --call '^register21$'
	jq -e '.facts.args == ["\"pd-profile-handler\"","handlerFactory21","handlerParser21"]' "$BATS_TEST_TMPDIR/out"
}

@test "pitfall 22: a composite-literal key with its enclosing element" {
	check_span p22_composite.go --keyval KVUsageSpec --value '"vllm:' --enclosing
	jq -e '.facts.string == "vllm:kv_cache_usage_perc" and .facts.keyval.line == 11' "$BATS_TEST_TMPDIR/out"
}

@test "pitfall 23: prefix collisions need whole identifiers" {
	check_span p23_prefix_collision.go --field KVCacheUsagePercent
	[ "$(jq -r .symbol "$BATS_TEST_TMPDIR/out")" = "Metrics23.KVCacheUsagePercent" ]
}

@test "pitfall 24: same name, many definitions: ambiguous with --unique, exit 3" {
	run --separate-stderr "$GP" --root "$PIT" --func Saturation24 --unique
	[ "$status" -eq 3 ]
	echo "$output" >"$BATS_TEST_TMPDIR/out"
	validate_records "$BATS_TEST_TMPDIR/out"
	[ "$(echo "$output" | jq -r .status | sort -u)" = ambiguous ]
	[ "$(echo "$output" | wc -l)" -eq 3 ]
	check_span p24a/detector.go --func Saturation24 --unique --path p24a/
}

@test "pitfall 25: generated files are skipped unless asked for" {
	run "$GP" --root "$PIT" --func Generated25
	[ "$status" -eq 1 ]
	run "$GP" --root "$PIT" --func Generated25 --generated include
	[ "$status" -eq 0 ]
	check_span p25_handwritten.go --func Handwritten25
}

@test "pitfalls 26-28: directives, gofmt alignment, a func without body" {
	check_span p26_directives.go --func P26
	[ "$(jq -r .source.doc_line "$BATS_TEST_TMPDIR/out")" = 5 ]
	check_span p27_alignment.go --keyval RefreshMetricsInterval
	jq -e '.source.column == 3 and .facts.duration_ns == 50000000' "$BATS_TEST_TMPDIR/out"
	check_span p28_no_body.go --func addVectors28
	jq -e '.facts.has_body == false' "$BATS_TEST_TMPDIR/out"
}

@test "spans in the GAIE layout match the hand-checked lines" {
	G="$GO/gaie"
	while IFS="|" read -r args want; do
		# shellcheck disable=SC2086
		got=$("$GP" --root "$G" $args | jq -r '"\(.source.line)-\(.source.end_line)"' | head -1)
		[ "$got" = "$want" ] || { echo "$args: got $got, want $want"; return 1; }
	done <<-EOF
	--type Metrics|9-19
	--func Saturation --recv Detector --path /utilization/|36-53
	--func Filter --recv Detector|56-71
	--func UtilizationDetectorFactory|20-31
	--const DefaultKVCacheUtilThreshold --whole-block|8-18
	--const DefaultKVCacheUtilThreshold|14-14
	--func rejectIfSheddableAndSaturated|14-21
	--func Admit --recv LegacyAdmissionController|39-45
	--func addQuotesToLabelValues|16-19
	--type engineConfigParams|5-9
	--var defaultEngineConfigs|12-28
	--call NewLegacyAdmissionController|36-39
	--string refresh-metrics-interval|28-31
	--func IsSheddable|4-6
	EOF
}

@test "spans in the llm-d-router layout match the hand-checked lines" {
	L="$GO/llmd"
	while IFS="|" read -r args want; do
		# shellcheck disable=SC2086
		got=$("$GP" --root "$L" $args | jq -r '"\(.source.line)-\(.source.end_line)"' | head -1)
		[ "$got" = "$want" ] || { echo "$args: got $got, want $want"; return 1; }
	done <<-EOF
	--type Metrics|8-18
	--func Saturation --recv Detector|32-44
	--func Saturation --recv detector|11-20
	--func endpointScore|20-28
	--func dumpDelimited|8-26
	--func initAdmissionControl|32-38
	--call fwkplugin.RegisterWithDependencies|24-27
	--field Interval --in-type Config|9-9
	--type HTTPDataSource|14-17
	EOF
}

@test "registration chain: string -> const -> Register call -> factory (GAIE)" {
	"$GP" --root "$GO/gaie" --label gaie --registration random-picker >"$BATS_TEST_TMPDIR/out"
	validate_records "$BATS_TEST_TMPDIR/out"
	run jq -r '"\(.facts.step) \(.source.file):\(.source.line)-\(.source.end_line) \(.symbol)"' "$BATS_TEST_TMPDIR/out"
	[ "${lines[0]}" = "const pkg/epp/framework/plugins/scheduling/picker/random/picker.go:11-11 RandomPickerType" ]
	[ "${lines[1]}" = "register cmd/epp/runner/runner.go:25-25 fwkplugin.Register" ]
	[ "${lines[2]}" = "factory pkg/epp/framework/plugins/scheduling/picker/random/picker.go:20-28 RandomPickerFactory" ]
}

@test "registration chain resolves import aliases and a const alias (llm-d-router)" {
	"$GP" --root "$GO/llmd" --registration random-picker >"$BATS_TEST_TMPDIR/out"
	jq -e -s '.[1].facts.import_alias == "rndpicker" and .[1].facts.factory == "rndpicker.RandomPickerFactory" and .[1].source.end_line == 23' "$BATS_TEST_TMPDIR/out"
	# maxpicker.PluginType: one of three PluginType consts, picked by import
	"$GP" --root "$GO/llmd" --registration max-score-picker >"$BATS_TEST_TMPDIR/out"
	validate_records "$BATS_TEST_TMPDIR/out"
	jq -e -s 'length == 3 and .[1].facts.via_const == "PluginType" and .[2].symbol == "MaxScorePickerFactory" and (.[2].source.file | endswith("picker/maxscore/picker.go"))' "$BATS_TEST_TMPDIR/out"
	# a Register call with a comment between its arguments
	"$GP" --root "$GO/llmd" --registration fcfs-ordering-policy >"$BATS_TEST_TMPDIR/out"
	jq -e -s '.[1].source.line == 24 and .[1].source.end_line == 27 and .[2].symbol == "FCFSOrderingPolicyFactory"' "$BATS_TEST_TMPDIR/out"
}

@test "exit statuses: 0 found, 1 not found, 2 bad usage or source, 3 ambiguous" {
	run "$GP" --root "$GO/gaie" --func IsSheddable
	[ "$status" -eq 0 ]
	run "$GP" --root "$GO/gaie" --func NoSuchFunc
	[ "$status" -eq 1 ]
	[ "$(echo "$output" | jq -r .status)" = not_found ]
	run --separate-stderr "$GP" --root "$GO/gaie" --func Saturation --unique
	[ "$status" -eq 3 ]
	run --separate-stderr "$GP" --root "$GO/gaie"
	assert_bad_input
	run --separate-stderr "$GP" --root "$GO/gaie" --func
	assert_bad_input
	run --separate-stderr "$GP" --root "$GO/nonexistent" --func X
	assert_bad_input
	run --separate-stderr "$GP" --root "$GO/gaie" --regex '(['
	assert_bad_input
	run --separate-stderr "$GP" --git-dir "$BATS_TEST_TMPDIR" --rev HEAD --func X
	assert_bad_input
}

@test "absence proof: a not-found record names the query and how many files" {
	"$GP" --root "$GO/gaie" --label gaie --scale KVCacheUsagePercent --tests exclude --expect-none >"$BATS_TEST_TMPDIR/out"
	validate_records "$BATS_TEST_TMPDIR/out"
	# hand-written, non-test .go files (the deepcopy one is generated)
	n=$(cd "$GO/gaie" && find . -name '*.go' ! -name '*_test.go' -exec grep -L '^// Code generated .* DO NOT EDIT\.$' {} + | wc -l)
	jq -e --argjson n "$n" '.status == "not_found" and .files_scanned == $n and .query.expect_none' "$BATS_TEST_TMPDIR/out"
	# the generated deepcopy file does divide by 100: included on request
	run "$GP" --root "$GO/gaie" --scale KVCacheUsagePercent --generated include --expect-none
	[ "$status" -eq 1 ]
	[ "$(echo "$output" | jq -r .facts.transform)" = divide_by_100 ]
}

@test "git source: blobs at a revision, commit recorded, missing blobs tolerated" {
	repo="$BATS_TEST_TMPDIR/repo"
	cp -R "$GO/gaie" "$repo"
	git -C "$repo" init -q
	git -C "$repo" -c user.email=t@t -c user.name=t add -A
	git -C "$repo" -c user.email=t@t -c user.name=t commit -qm one
	commit=$(git -C "$repo" rev-parse HEAD)
	sed -i 's/return priority < 0/return priority < -1/' "$repo/pkg/epp/util/request/sheddable.go"
	git -C "$repo" -c user.email=t@t -c user.name=t commit -qam two
	"$GP" --git-dir "$repo/.git" --rev "$commit" --label gaie --func IsSheddable >"$BATS_TEST_TMPDIR/out"
	validate_records "$BATS_TEST_TMPDIR/out"
	jq -e --arg c "$commit" '.source.commit == $c and (.snippet | contains("priority < 0"))' "$BATS_TEST_TMPDIR/out"
	# the work tree of the same repo: HEAD is recorded, the edit is seen
	"$GP" --root "$repo" --func IsSheddable | jq -e --arg c "$(git -C "$repo" rev-parse HEAD)" '.source.commit == $c and (.snippet | contains("< -1"))'
	# drop one blob: counted as missing, the rest still answers
	blob=$(git -C "$repo" rev-parse "$commit:pkg/epp/datalayer/runtime.go")
	rm -f "$repo/.git/objects/${blob:0:2}/${blob:2}"
	"$GP" --git-dir "$repo/.git" --rev "$commit" --const NoSuchConst >"$BATS_TEST_TMPDIR/out" || true
	jq -e '.status == "not_found" and .files_missing == 1' "$BATS_TEST_TMPDIR/out"
	run "$GP" --git-dir "$repo/.git" --rev "$commit" --func IsSheddable
	[ "$status" -eq 0 ]
}

@test "snippet sha256 is the SHA-256 of the snippet bytes" {
	"$GP" --root "$GO/gaie" --func Saturation --recv Detector >"$BATS_TEST_TMPDIR/out"
	/usr/bin/python3 - "$BATS_TEST_TMPDIR/out" <<-'PY'
	import hashlib, json, sys
	for line in open(sys.argv[1]):
	    r = json.loads(line)
	    assert hashlib.sha256(r["snippet"].encode()).hexdigest() == r["sha256"], r["claim"]
	PY
}

@test "--max-lines truncates the snippet but not the hash" {
	full=$("$GP" --root "$GO/gaie" --func Saturation --recv Detector | jq -r .sha256)
	"$GP" --root "$GO/gaie" --func Saturation --recv Detector --max-lines 3 >"$BATS_TEST_TMPDIR/out"
	jq -e --arg h "$full" '.truncated and .sha256 == $h and (.snippet | split("\n") | length == 3)' "$BATS_TEST_TMPDIR/out"
}

@test "catalog over both layouts and the bundle: every claim answered, valid, deterministic" {
	args=(--root "$GO/gaie" --label gaie --root "$GO/llmd" --label llmd --real "$GO/real-bug" --sim "$GO/sim" --catalog "$S2R_TOP/pipelines/proofs.yaml")
	run "$GP" "${args[@]}"
	[ "$status" -eq 1 ]	# the buggy plugin refutes an expect_none claim
	echo "$output" >"$BATS_TEST_TMPDIR/a"
	validate_records "$BATS_TEST_TMPDIR/a"
	"$GP" "${args[@]}" >"$BATS_TEST_TMPDIR/b" || true
	cmp "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
	# every catalog id appears for every source it applies to
	ids=$(/usr/bin/python3 -c 'import yaml,sys; print("\n".join(q["id"] for q in yaml.safe_load(open(sys.argv[1]))["queries"]))' "$S2R_TOP/pipelines/proofs.yaml" | sort)
	[ "$(jq -r .claim "$BATS_TEST_TMPDIR/a" | sort -u)" = "$ids" ]
	# router facts on both layouts
	jq -e -s '[.[] | select(.claim == "3c.router-saturation")] | length == 2 and all(.facts.empty_pool.returns == "1.0")' "$BATS_TEST_TMPDIR/a"
	jq -e -s '[.[] | select(.claim == "3c.router-defaults") | .facts.values[] | select(.name == "DefaultKVCacheUtilThreshold") | .number] == [0.8, 0.8]' "$BATS_TEST_TMPDIR/a"
	jq -e -s '[.[] | select(.claim == "3d.refresh-flags" and .facts.key == "MetricsStalenessThreshold") | .facts.duration_ns] == [2000000000, 2000000000]' "$BATS_TEST_TMPDIR/a"
	jq -e -s '[.[] | select(.claim == "3b.router-no-rescale") | .status] == ["not_found", "not_found"]' "$BATS_TEST_TMPDIR/a"
	jq -e -s '[.[] | select(.claim == "4b.controller-selection") | .query.kind] == ["call", "func"]' "$BATS_TEST_TMPDIR/a"
}

@test "3b/4d in the generated plugin: the /100 bug and the swapped tiers are facts" {
	"$GP" --real "$GO/real-bug" --catalog "$S2R_TOP/pipelines/proofs.yaml" --check 3b --check 4d >"$BATS_TEST_TMPDIR/bug" || true
	validate_records "$BATS_TEST_TMPDIR/bug"
	jq -e -s '[.[] | select(.claim == "3b.generated-no-rescale")] | length == 1 and .[0].status == "found" and .[0].facts.transform == "divide_by_100" and .[0].facts.via == "kv" and .[0].source.line == 41' "$BATS_TEST_TMPDIR/bug"
	jq -e -s '[.[] | select(.claim == "4d.generated-dispatch" and .facts.maps_tiers)] | length == 1 and .[0].facts.swapped and .[0].facts.mapping == {"-50":"batch","-10":"sheddable"} and .[0].source.line == 58 and .[0].source.end_line == 65' "$BATS_TEST_TMPDIR/bug"
	run "$GP" --real "$GO/real-ok" --catalog "$S2R_TOP/pipelines/proofs.yaml" --check 3b --check 4d
	echo "$output" >"$BATS_TEST_TMPDIR/ok"
	validate_records "$BATS_TEST_TMPDIR/ok"
	jq -e -s '[.[] | select(.claim == "3b.generated-no-rescale")][0].status == "not_found"' "$BATS_TEST_TMPDIR/ok"
	jq -e -s '[.[] | select(.claim == "4d.generated-dispatch" and .facts.maps_tiers)] | length == 1 and (.[0].facts.swapped | not) and .[0].facts.mismatches == [] and .[0].facts.form == "if"' "$BATS_TEST_TMPDIR/ok"
	# the router claims have no router source here: said so, not dropped
	jq -e -s '[.[] | select(.claim == "3b.populate")][0].status == "no_source"' "$BATS_TEST_TMPDIR/ok"
}

@test "sim algorithm in algorithm/ or algorithms/: formula and ramps" {
	for s in sim sim-plural; do
		"$GP" --sim "$GO/$s" --catalog "$S2R_TOP/pipelines/proofs.yaml" --check 3c --check 4d >"$BATS_TEST_TMPDIR/out" || true
		validate_records "$BATS_TEST_TMPDIR/out"
		jq -e -s '[.[] | select(.claim == "3c.sim-decisions" and .symbol == "computeSaturation")][0] | .source.line == 11 and .source.end_line == 26 and .facts.empty_pool.returns == "1.0" and .facts.metrics[0].action == "adds" and .facts.metrics[0].value == "1.0"' "$BATS_TEST_TMPDIR/out"
		# every function that reads the snapshot or the priority, by name
		[ "$(jq -r 'select(.claim == "3c.sim-decisions") | .symbol' "$BATS_TEST_TMPDIR/out" | sort | tr '\n' ' ')" = "computeSaturation shedRamp " ]
		jq -e -s '[.[] | select(.claim == "4d.sim-dispatch")][0].facts | .mapping == {"-50":"sheddable","-10":"batch"} and .branches[0].numbers == [0.005, 0.05]' "$BATS_TEST_TMPDIR/out"
	done
}

@test "bad catalog: one line naming file:line:column, exit 2" {
	printf 'queries:\n  - id: x\n    func: F\n    bogus: 1\n' >"$BATS_TEST_TMPDIR/c.yaml"
	run --separate-stderr "$GP" --root "$GO/gaie" --catalog "$BATS_TEST_TMPDIR/c.yaml"
	assert_bad_input
	[[ "$stderr" == *c.yaml:4:5:*bogus* ]]
	printf 'queries:\n  - id: x\n    regex: "(["\n' >"$BATS_TEST_TMPDIR/c.yaml"
	run --separate-stderr "$GP" --root "$GO/gaie" --catalog "$BATS_TEST_TMPDIR/c.yaml"
	assert_bad_input
}

@test "--format text prints a header and numbered lines" {
	run "$GP" --root "$GO/gaie" --func IsSheddable --format text --check 4d
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "== 4d func IsSheddable [found] gaie pkg/epp/util/request/sheddable.go:4-6 IsSheddable" ]]
	[[ "${lines[1]}" == *"3 | // IsSheddable"* ]]
}

@test "inputs are never modified" {
	before=$(find "$GO" -type f -exec sha256sum {} + | sort)
	"$GP" --root "$GO/gaie" --root "$GO/llmd" --real "$GO/real-bug" --sim "$GO/sim" --catalog "$S2R_TOP/pipelines/proofs.yaml" >/dev/null || true
	[ "$(find "$GO" -type f -exec sha256sum {} + | sort)" = "$before" ]
}

@test "samples: YAML key paths in real EPP configs" {
	need_samples
	"$GP" --root "$S2R_SAMPLES/aw-real/generated" --label real --yaml-key plugins.type >"$BATS_TEST_TMPDIR/out"
	validate_records "$BATS_TEST_TMPDIR/out"
	# independent count: "type:" items directly under plugins (python yaml)
	want=$(/usr/bin/python3 -c 'import yaml,sys,glob
n=0
for f in sorted(glob.glob(sys.argv[1]+"/*.yaml")):
    for d in yaml.safe_load_all(open(f)):
        n += sum(1 for p in (d or {}).get("plugins", []) if "type" in p)
print(n)' "$S2R_SAMPLES/aw-real/generated")
	n=$(jq -s '.[0].hits' "$BATS_TEST_TMPDIR/out")
	[ "$n" -eq "$want" ]
	jq -e -s 'all(.snippet | test("type:"))' "$BATS_TEST_TMPDIR/out"
}

@test "--readers: every function naming a signal, whatever its name, with metrics and calls facts" {
	cp -R "$GO/real-ok" "$BATS_TEST_TMPDIR/r"
	f="$BATS_TEST_TMPDIR/r/generated/preemptive_shed.go"
	sed -i 's/\<saturation(/poolLoad(/g' "$f"
	run "$GP" --real "$BATS_TEST_TMPDIR/r" --readers GetMetrics --signals priority --facts empty_pool,metrics,calls
	[ "$status" -eq 0 ]
	echo "$output" >"$BATS_TEST_TMPDIR/out"
	validate_records "$BATS_TEST_TMPDIR/out"
	[ "$(jq -r .symbol "$BATS_TEST_TMPDIR/out" | tr '\n' ' ')" = "(*PreemptiveShed).poolLoad (*PreemptiveShed).AdmitRequest " ]
	# the lines, from grep: the nil branch and what it does
	n=$(grep -n 'if m == nil' "$f" | cut -d: -f1)
	jq -e -s --argjson n "$n" '.[0].facts | .reads == ["GetMetrics"] and .metrics == [{"line": $n, "cond": "m == nil", "missing": true, "stale": false, "action": "adds", "value": "1.0"}] and .empty_pool.returns == "1.0"' "$BATS_TEST_TMPDIR/out"
	jq -e -s '.[1].facts | .reads == ["priority"] and (.calls | index("poolLoad")) != null and .empty_pool.returns == "nil"' "$BATS_TEST_TMPDIR/out"
	# --readers without a match: not found, exit 1
	run "$GP" --real "$BATS_TEST_TMPDIR/r" --readers NoSuchSignal
	[ "$status" -eq 1 ]
	run "$GP" --real "$BATS_TEST_TMPDIR/r" --readers GetMetrics --facts bogus
	[ "$status" -eq 2 ]
	[[ "$output" == *"--facts: expected empty_pool, signals, returns, metrics or calls, got bogus"* ]]
}

@test "a query past --max-hits ends in one capped record that lists every other hit" {
	run "$GP" --root "$GO/gaie" --label gaie --tests only --max-hits 3 --regex 'KVCacheUsagePercent[[:space:]]*:[[:space:]]*[0-9.]+'
	[ "$status" -eq 0 ]
	echo "$output" >"$BATS_TEST_TMPDIR/out"
	validate_records "$BATS_TEST_TMPDIR/out"
	# the reference: grep's hits in path order
	(cd "$GO/gaie" && grep -rnE 'KVCacheUsagePercent[[:space:]]*:[[:space:]]*[0-9.]+' --include='*_test.go' . | sed 's|^\./||' | sort -t: -k1,1 -k2,2n | cut -d: -f1,2) >"$BATS_TEST_TMPDIR/want"
	n=$(wc -l <"$BATS_TEST_TMPDIR/want")
	[ "$n" -gt 3 ]
	[ "$(jq -s '[.[] | select(.status == "found")] | length' "$BATS_TEST_TMPDIR/out")" -eq 3 ]
	jq -e -s --argjson n "$n" '.[-1] | .status == "capped" and .hits == $n and .shown == 3 and (.omitted | length) == $n - 3 and (.why | test("other"))' "$BATS_TEST_TMPDIR/out"
	jq -r '"\(.source.file // empty):\(.source.line // empty)", (.omitted[]? | "\(.file):\(.line)")' "$BATS_TEST_TMPDIR/out" | grep -v '^:$' >"$BATS_TEST_TMPDIR/got"
	diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
	# every omitted hit keeps its match, for counts over all hits
	jq -e -s '.[-1].omitted | all(.match | test("^KVCacheUsagePercent"))' "$BATS_TEST_TMPDIR/out"
	# --format text says the cap in one line
	run "$GP" --root "$GO/gaie" --tests only --max-hits 3 --format text --regex 'KVCacheUsagePercent[[:space:]]*:[[:space:]]*[0-9.]+'
	[[ "$output" == *"[capped]"*"hits, 3 shown (max_hits 3)"* ]]
}

@test "4d outcomes: each tier's priority through the guard, the switch and a called function" {
	"$GP" --real "$GO/real-bug" --sim "$GO/sim" --catalog "$S2R_TOP/pipelines/proofs.yaml" --check 4d >"$BATS_TEST_TMPDIR/out" || true
	validate_records "$BATS_TEST_TMPDIR/out"
	f="$GO/real-bug/generated/preemptive_shed.go"
	g=$(grep -n 'if priority >= 0' "$f" | cut -d: -f1)
	b=$(grep -n 'a.p.BatchShedStart' "$f" | cut -d: -f1)
	jq -e -s --argjson g "$g" --argjson b "$b" '[.[] | select(.claim == "4d.generated-dispatch")][0].facts.outcomes |
	    map({(.tier): [.priority, .decision, .ramp, .line]}) | add ==
	    {"critical": [100, "admit", null, ($g + 1)], "standard": [0, "admit", null, ($g + 1)],
	     "batch": [-10, "ramp", "sheddable", ($b + 2)], "sheddable": [-50, "ramp", "batch", $b]}' "$BATS_TEST_TMPDIR/out"
	# the sim's ramp function: tiers from the case comments
	jq -e -s '[.[] | select(.claim == "4d.sim-dispatch")][0].facts.outcomes | map(select(.decision == "ramp") | {(.tier): .ramp}) | add == {"batch": "batch", "sheddable": "sheddable"}' "$BATS_TEST_TMPDIR/out"
}

@test "4d outcomes: a case that ends in fallthrough runs on into the next case's ramp" {
	R="$BATS_TEST_TMPDIR/real"
	mkdir -p "$R/generated"
	cp "$S2R_TOP/tests/faults/fixtures/14b/generated/preemptive_shed.go" "$R/generated/"
	sed -i '/^\tcase prioritySheddable:/{n;s/$/\n\t\tfallthrough/}' "$R/generated/preemptive_shed.go"
	grep -q '^		fallthrough$' "$R/generated/preemptive_shed.go"
	"$GP" --real "$R" --catalog "$S2R_TOP/pipelines/proofs.yaml" --check 4d >"$BATS_TEST_TMPDIR/out" || true
	validate_records "$BATS_TEST_TMPDIR/out"
	jq -e -s '[.[] | select(.claim == "4d.generated-dispatch")][0].facts.outcomes |
	    map({(.tier): [.decision, .ramp]}) | add ==
	    {"critical": ["admit", null], "standard": ["admit", null],
	     "batch": ["ramp", "batch"], "sheddable": ["ramp", "batch"]}' "$BATS_TEST_TMPDIR/out"
	jq -e -s '[.[] | select(.claim == "4d.generated-dispatch")][0].facts.outcomes[] |
	    select(.tier == "sheddable") | .path | any(test("fallthrough"))' "$BATS_TEST_TMPDIR/out"
	# without it, each tier its own ramp
	cp "$S2R_TOP/tests/faults/fixtures/14b/generated/preemptive_shed.go" "$R/generated/"
	"$GP" --real "$R" --catalog "$S2R_TOP/pipelines/proofs.yaml" --check 4d >"$BATS_TEST_TMPDIR/out" || true
	jq -e -s '[.[] | select(.claim == "4d.generated-dispatch")][0].facts.outcomes |
	    map(select(.decision == "ramp") | {(.tier): .ramp}) | add == {"batch": "batch", "sheddable": "sheddable"}' "$BATS_TEST_TMPDIR/out"
}

@test "4d outcomes: a switch on a tier name a helper returns is followed by that name" {
	R="$BATS_TEST_TMPDIR/real"
	mkdir -p "$R/generated"
	f="$R/generated/preemptive_shed.go"
	cp "$S2R_TOP/tests/faults/fixtures/14b/generated/preemptive_shed.go" "$f"
	sed -i -e 's/^\tswitch priority {$/\tswitch tierOf(priority) {/' \
	    -e 's/^\tcase prioritySheddable:/\tcase "sheddable":/' \
	    -e 's/^\tcase priorityBatch:/\tcase "Batch":/' "$f"
	printf '\nfunc tierOf(priority int) string {\n\tswitch priority {\n\tcase prioritySheddable:\n\t\treturn "sheddable"\n\tcase priorityBatch:\n\t\treturn "batch"\n\t}\n\treturn "critical"\n}\n' >>"$f"
	"$GP" --real "$R" --catalog "$S2R_TOP/pipelines/proofs.yaml" --check 4d >"$BATS_TEST_TMPDIR/out" || true
	validate_records "$BATS_TEST_TMPDIR/out"
	# "Batch" is no name tierOf returns: batch falls to the default
	jq -e -s '[.[] | select(.claim == "4d.generated-dispatch" and (.facts.enclosing_func.symbol | test("AdmitRequest")))][0].facts.outcomes |
	    map({(.tier): [.decision, .ramp]}) | add ==
	    {"critical": ["admit", null], "standard": ["admit", null],
	     "batch": ["admit", null], "sheddable": ["ramp", "sheddable"]}' "$BATS_TEST_TMPDIR/out"
	jq -e -s '[.[] | select(.claim == "4d.generated-dispatch" and (.facts.enclosing_func.symbol | test("AdmitRequest")))][0].facts.outcomes[] |
	    select(.tier == "batch") | .path | any(test("switch on \"batch\""))' "$BATS_TEST_TMPDIR/out"
	# spelled right: both tiers reach their ramps
	sed -i 's/case "Batch":/case "batch":/' "$f"
	"$GP" --real "$R" --catalog "$S2R_TOP/pipelines/proofs.yaml" --check 4d >"$BATS_TEST_TMPDIR/out" || true
	jq -e -s '[.[] | select(.claim == "4d.generated-dispatch" and (.facts.enclosing_func.symbol | test("AdmitRequest")))][0].facts.outcomes |
	    map(select(.decision == "ramp") | {(.tier): .ramp}) | add == {"batch": "batch", "sheddable": "sheddable"}' "$BATS_TEST_TMPDIR/out"
}

@test "--regex --whole-block: a line that opens a block spans it, with the block's returns" {
	f="$GO/real-ok/generated/preemptive_shed.go"
	g=$(grep -n 'if sat < shedStart {' "$f" | cut -d: -f1)
	run "$GP" --real "$GO/real-ok" --generated include --code-only --whole-block \
	    --facts returns --regex '\<if\>.*sat[[:space:]]*<[[:space:]]*shedStart'
	[ "$status" -eq 0 ]
	echo "$output" >"$BATS_TEST_TMPDIR/out"
	validate_records "$BATS_TEST_TMPDIR/out"
	jq -e --argjson g "$g" '.source.line == $g and .source.end_line == $g + 2 and
	    (.snippet | test("return nil")) and .facts.match == "if sat < shedStart" and
	    .facts.returns == [{"line": ($g + 1), "code": "return nil"}] and
	    (.facts.enclosing_func.symbol | test("AdmitRequest"))' "$BATS_TEST_TMPDIR/out"
	# without --whole-block the hit is its line alone
	run "$GP" --real "$GO/real-ok" --generated include --code-only \
	    --regex '\<if\>.*sat[[:space:]]*<[[:space:]]*shedStart'
	jq -e --argjson g "$g" '.source.end_line == $g and (.facts | has("returns") | not)' <<<"$output"
	# the catalog's ramp guards: the plugin's and the sim's, with their returns
	"$GP" --real "$S2R_TOP/tests/faults/fixtures/14b" --sim "$S2R_TOP/tests/faults/fixtures/14b" \
	    --catalog "$S2R_TOP/pipelines/proofs.yaml" --check 4d >"$BATS_TEST_TMPDIR/cat" || true
	jq -e -s '[.[] | select(.claim == "4d.generated-ramp-guard")] | length == 1 and
	    .[0].facts.match == "if saturation < shedStart" and .[0].facts.returns[0].code == "return nil"' "$BATS_TEST_TMPDIR/cat"
	jq -e -s '[.[] | select(.claim == "4d.sim-ramp-guard")] | length == 1 and
	    .[0].facts.match == "if full <= start || sat < start" and .[0].facts.returns[0].code == "return true"' "$BATS_TEST_TMPDIR/cat"
}

@test "--scale follows the signal one call deep into a helper of the same file, once" {
	R="$BATS_TEST_TMPDIR/real"
	mkdir -p "$R/generated"
	cat >"$R/generated/plugin.go" <<'GO'
package generated

func asFraction(pct float64) float64 {
	return pct / 100
}

func kvRatio(m *metrics, t float64) float64 {
	return asFraction(m.KVCacheUsagePercent) / t
}

func kvAgain(m *metrics) float64 {
	kv := m.KVCacheUsagePercent
	return asFraction(kv)
}

func untouched(x float64) float64 {
	return x / 100
}
GO
	run -1 "$GP" --real "$R" --scale KVCacheUsagePercent --expect-none
	echo "$output" >"$BATS_TEST_TMPDIR/out"
	validate_records "$BATS_TEST_TMPDIR/out"
	# one hit: the helper's line, reached through the call (not untouched's)
	jq -e -s '[.[] | select(.status == "found")] | length == 1 and .[0].source.line == 4 and
	    .[0].facts.via == "asFraction(KVCacheUsagePercent)" and
	    .[0].facts.signal == "KVCacheUsagePercent" and .[0].facts.transform == "divide_by_100"' "$BATS_TEST_TMPDIR/out"
}

@test "--scale follows the signal into a method of the same file" {
	R="$BATS_TEST_TMPDIR/real"
	mkdir -p "$R/generated"
	cat >"$R/generated/plugin.go" <<'GO'
package generated

type plugin struct{ t float64 }

func (a *plugin) kvFraction(pct float64) float64 {
	return pct / 100
}

func (a *plugin) kvRatio(m *metrics) float64 {
	return a.kvFraction(m.KVCacheUsagePercent) / a.t
}
GO
	run -1 "$GP" --real "$R" --scale KVCacheUsagePercent --expect-none
	echo "$output" >"$BATS_TEST_TMPDIR/out"
	validate_records "$BATS_TEST_TMPDIR/out"
	# the method's line, reached through the call a.kvFraction(...)
	jq -e -s '[.[] | select(.status == "found")] | length == 1 and .[0].source.line == 6 and
	    .[0].facts.via == "kvFraction(KVCacheUsagePercent)" and
	    .[0].facts.transform == "divide_by_100"' "$BATS_TEST_TMPDIR/out"
}

@test "--scale: a rescale in the divisor works the other way on the signal" {
	R="$BATS_TEST_TMPDIR/real"
	mkdir -p "$R/generated"
	cat >"$R/generated/plugin.go" <<'GO'
package generated

func ratios(m *metrics, t float64) (float64, float64, float64) {
	a := m.KVCacheUsagePercent / (t * 100)
	b := m.KVCacheUsagePercent * 100 / t
	c := t / (m.KVCacheUsagePercent * 100)
	return a, b, c
}
GO
	run -1 "$GP" --real "$R" --scale KVCacheUsagePercent --expect-none
	echo "$output" >"$BATS_TEST_TMPDIR/out"
	validate_records "$BATS_TEST_TMPDIR/out"
	# t * 100 under the line divides the signal by 100; the signal's own
	# * 100, above the line or inside the divisor with it, multiplies it
	jq -e -s '[.[] | select(.status == "found") | [.source.line, .facts.transform]] ==
	    [[4, "divide_by_100"], [5, "multiply_by_100"], [6, "multiply_by_100"]]' "$BATS_TEST_TMPDIR/out"
}

@test "--scale: a percent operand is judged by its value, however Go writes it" {
	R="$BATS_TEST_TMPDIR/real"
	mkdir -p "$R/generated"
	cat >"$R/generated/plugin.go" <<'GO'
package generated

const pct = 100
const frac float64 = 1e-2
var scaleBy = float64(100)

func forms(m *metrics, t float64) []float64 {
	const local = 100.00
	hundred := float64(1_00)
	kv := m.KVCacheUsagePercent
	a := m.KVCacheUsagePercent / 1e2
	b := m.KVCacheUsagePercent / float64(100)
	c := m.KVCacheUsagePercent / pct
	d := m.KVCacheUsagePercent * frac
	e := m.KVCacheUsagePercent / local
	f := m.KVCacheUsagePercent / hundred
	kv /= 100
	g := 0x64 * m.KVCacheUsagePercent
	h := m.KVCacheUsagePercent / scaleBy
	i := m.KVCacheUsagePercent / 0.01
	j := m.KVCacheUsagePercent / 10 / t
	k := m.KVCacheUsagePercent / (100 - t)
	l := m.KVCacheUsagePercent / m.pct
	n := m.KVCacheUsagePercent * 1000
	o := math.Round(m.KVCacheUsagePercent*100) / 100
	p := m.KVCacheUsagePercent * 100 / (t * 100)
	return []float64{a, b, c, d, e, f, kv, g, h, i, j, k, l, n, o, p}
}
GO
	run -1 "$GP" --real "$R" --scale KVCacheUsagePercent --expect-none
	echo "$output" >"$BATS_TEST_TMPDIR/out"
	validate_records "$BATS_TEST_TMPDIR/out"
	# 1e2, float64(100), a const, a typed const 1e-2, a local const, a
	# local :=, a compound /=, a hex leading factor, a package var, and
	# "/ 0.01" (a multiply); not / 10, / (100 - t), a field named pct,
	# * 1000, nor rescales that cancel (a rounding to 2 decimals, x * 100
	# over t * 100)
	jq -e -s '[.[] | select(.status == "found") | [.source.line, .facts.transform]] ==
	    [[11, "divide_by_100"], [12, "divide_by_100"], [13, "divide_by_100"],
	     [14, "multiply_by_0.01"], [15, "divide_by_100"], [16, "divide_by_100"],
	     [17, "divide_by_100"], [18, "multiply_by_100"], [19, "divide_by_100"],
	     [20, "multiply_by_100"]]' "$BATS_TEST_TMPDIR/out"
	jq -e -s '[.[] | select(.status == "found") | .facts.op][0:3] == ["/ 1e2", "/ float64(100)", "/ pct"]' "$BATS_TEST_TMPDIR/out"
}
