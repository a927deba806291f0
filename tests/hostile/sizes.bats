#!/usr/bin/env bats
bats_require_minimum_version 1.5.0
# Size is no weapon (issue 15, items 4 and 7): YAML loads in linear time
# (a map's duplicate-key check used to be quadratic: 81 s for a 2 MB EPP
# config, over 240 s for a 200,000-bin empirical table), and what would
# take unbounded memory stops at a limit with one line saying how to
# raise it.  The timeouts are generous (ASan, a shared machine); the
# quadratic code took minutes.
load hostile

# big_map N FILE: an EPP config whose plugin has N parameters.
big_map() {
	{
		printf 'apiVersion: inference.networking.x-k8s.io/v1alpha1\nkind: EndpointPickerConfig\n'
		printf 'plugins:\n  - name: big\n    type: queue-scorer\n    parameters:\n'
		seq 0 $(($1 - 1)) | sed 's/.*/      key&: &/'
		printf 'schedulingProfiles:\n  - name: default\n    plugins:\n      - pluginRef: big\n'
	} >"$2"
}

@test "sizes: a 2 MB EPP config and a 200,000-bin empirical table load in seconds" {
	big_map 100000 big.yaml
	[ "$(wc -c <big.yaml)" -gt 1500000 ]
	run --separate-stderr timeout 120 "$S2R_BIN/s2r-config" --epp big.yaml
	[ "$status" -eq 0 ]
	# every parameter, by a python3 count of the keys
	[ "$(jq -s 'map(select(.metric == "epp.plugin.parameter")) | length' <<<"$output")" -eq \
	    "$(/usr/bin/python3 -c 'import sys; print(sum(1 for l in open(sys.argv[1]) if l.startswith("      key")))' big.yaml)" ]
	{
		printf 'version: "2"\nseed: 1\naggregate_rate: 10\nnum_requests: 100\nclients:\n'
		printf '  - id: c\n    rate_fraction: 1\n    arrival: {process: poisson}\n'
		printf '    output_distribution: {type: constant, params: {value: 8}}\n'
		printf '    input_distribution:\n      type: empirical\n      params:\n'
		seq 1 200000 | sed 's/.*/        "&": 1/'
	} >bins.yaml
	run --separate-stderr timeout 120 "$S2R_BIN/s2r-expect" bins.yaml
	[ "$status" -eq 0 ]
	# uniform over 1..200000: mean 100000.5, by hand
	[ "$(jq -r 'select(.metric == "input_tokens.mean") | .value' <<<"$output")" = 100000.5 ]
}

@test "sizes: a repeated key in a big map, a repeated bin, are found where they repeat" {
	big_map 5000 big.yaml
	sed -i '2000a\      key10: again' big.yaml
	run --separate-stderr "$S2R_BIN/s2r-config" --epp big.yaml
	assert_bad_input
	[ "$stderr" = 's2r-config: big.yaml:2001:7: duplicate mapping key "key10"' ]
	cp sim/workloads/chat_mixed.yaml spec.yaml
	sed -i 's/input_distribution: {type: gaussian, params: {mean: 512, std_dev: 128, min: 64, max: 1024}}/input_distribution: {type: empirical, params: {"10": 1, "20": 0, "010": 2}}/' spec.yaml
	grep -q '"010": 2' spec.yaml
	line=$(grep -n '"010": 2' spec.yaml | head -n 1 | cut -d: -f1)
	col=$(($(head -n "$line" spec.yaml | tail -n 1 | grep -b -o '"010"' | head -n 1 | cut -d: -f1) + 1))
	run --separate-stderr "$S2R_BIN/s2r-expect" spec.yaml
	assert_bad_input
	[[ "$stderr" == "s2r-expect: spec.yaml:$line:$col: "*"each token count once"* ]]
}

@test "sizes: s2r-synth refuses a spec of 2e12 requests at its key, at once; --requests overrides" {
	sed 's/^num_requests: .*/num_requests: 2e12/' sim/workloads/chat_mixed.yaml >big.yaml
	line=$(grep -n '^num_requests:' big.yaml | cut -d: -f1)
	run --separate-stderr timeout 10 "$S2R_BIN/s2r-synth" big.yaml out-s
	assert_bad_input
	[ "$stderr" = "s2r-synth: big.yaml:$line:15: num_requests: expected at most 5000000 requests to synthesise (they are held in memory to be ordered), got 2000000000000; --requests N synthesises N" ]
	[ ! -e out-s/trace_data.csv ]
	run --separate-stderr timeout 60 "$S2R_BIN/s2r-synth" --requests 50 big.yaml out-s
	[ "$status" -eq 0 ]
	[ "$(($(wc -l <out-s/trace_data.csv) - 1))" -eq 50 ]
}

@test "sizes: a small .json.gz that expands to more events than the limit is refused" {
	/usr/bin/python3 - <<'EOF'
import gzip
ev = '{"ph":"X","cat":"kernel","name":"k","ts":1,"dur":1,"pid":0,"tid":7},'
with gzip.open("bomb.json.gz", "wt", compresslevel=9) as f:
    f.write('{"traceEvents":[' + ev * 30000 + '{"ph":"i","name":"end","ts":1,"pid":0,"tid":7}]}')
EOF
	[ "$(wc -c <bomb.json.gz)" -lt 100000 ]
	for tool in s2r-dutycycle "s2r-kernel-match --emit-kernels"; do
		run --separate-stderr env S2R_MAX_EVENTS=20000 timeout 60 $S2R_BIN/$tool bomb.json.gz
		assert_bad_input
		[ "$stderr" = "${tool%% *}: bomb.json.gz: expected at most 20000 kernels, launches and markers (each held in memory), got more: S2R_MAX_EVENTS=N reads up to N (about 64 bytes each)" ]
	done
	# under the limit it is read
	run --separate-stderr env S2R_MAX_EVENTS=40000 timeout 60 "$S2R_BIN/s2r-kernel-match" --emit-kernels bomb.json.gz
	[ "$status" -eq 0 ]
	[ "$(grep -c '"kind":"kernel"' <<<"$output")" -eq 30000 ]
	run --separate-stderr env S2R_MAX_EVENTS=lots "$S2R_BIN/s2r-dutycycle" bomb.json.gz
	assert_bad_input
	[ "$stderr" = 's2r-dutycycle: S2R_MAX_EVENTS: expected a positive number of events, got "lots"' ]
}

@test "sizes: s2r-synth --model is a YAML value, never YAML keys" {
	run --separate-stderr "$S2R_BIN/s2r-synth" --requests 5 --model $'evil\nmode: generated\n"x\\' sim/workloads/chat_mixed.yaml out-s
	[ "$status" -eq 0 ]
	/usr/bin/python3 - <<'EOF'
import yaml
h = yaml.safe_load(open("out-s/trace_header.yaml"))
assert h["server"]["model"] == 'evil\nmode: generated\n"x\\', h
assert h["mode"] == "real", h
EOF
	# a plain name stays plain
	"$S2R_BIN/s2r-synth" --requests 5 --model Qwen/Qwen3-14B sim/workloads/chat_mixed.yaml out-s
	grep -qx '    model: Qwen/Qwen3-14B' out-s/trace_header.yaml
	"$S2R_BIN/s2r-synth" --requests 5 --model null sim/workloads/chat_mixed.yaml out-s
	grep -qx '    model: "null"' out-s/trace_header.yaml
}

@test "sizes: index links are paths, whatever the folder is called" {
	"$S2R_BIN/s2r-verdict" -n "$S2R_TOP/tests/fixtures/judge/pass.ndjson" >v.ndjson
	for d in 'javascript:alert(1)' '#top' 'a b?c'; do
		mkdir -p "$d"
		cp v.ndjson "$d/verdicts.ndjson"
		touch "$d/report.md" "$d/report.html"
	done
	# (pass.ndjson leaves checks MISSING: the index exits 1)
	"$S2R_BIN/s2r-report" --index 'javascript:alert(1)' '#top' 'a b?c' >index.md || [ $? -eq 1 ]
	grep -qF '[md](./javascript:alert%281%29/report.md)' index.md
	grep -qF '[md](./%23top/report.md)' index.md
	grep -qF '[html](./a%20b%3Fc/report.html)' index.md
	"$S2R_BIN/s2r-report" --index --format html 'javascript:alert(1)' >index.html || [ $? -eq 1 ]
	grep -qF '<a href="./javascript:alert%281%29/report.html">' index.html
	! grep -q 'href="javascript' index.html
}

@test "sizes: a trace with a new slo_class or client on every row is refused at the row that passes the limit" {
	t=real/baseline/chat_mixed/trace_data.csv
	# the 257th distinct class (header is line 1, so data row 257 is line 258)
	awk -F, -v OFS=, 'NR > 1 && NR <= 400 { $4 = "c" NR } { print }' "$t" >cls.csv
	run --separate-stderr timeout 10 "$S2R_BIN/s2r-trace-stats" --no-header cls.csv
	assert_bad_input
	[ "$stderr" = "s2r-trace-stats: cls.csv:258:4: slo_class: expected at most 256 distinct values (each held in memory with its statistics), got more: S2R_MAX_CLASSES=N reads up to N" ]
	S2R_MAX_CLASSES=1000 run --separate-stderr timeout 30 "$S2R_BIN/s2r-trace-stats" --no-header cls.csv
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | jq -r 'select(.metric == "class.fraction") | .scope.class' | sort -u | wc -l)" -gt 256 ]
	# clients likewise (column 2)
	awk -F, -v OFS=, 'NR > 1 { $2 = "u" NR } { print }' "$t" >cli.csv
	S2R_MAX_CLIENTS=50 run --separate-stderr timeout 10 "$S2R_BIN/s2r-trace-stats" --no-header cli.csv
	assert_bad_input
	[ "$stderr" = "s2r-trace-stats: cli.csv:52:2: client_id: expected at most 50 distinct values (each held in memory with its statistics), got more: S2R_MAX_CLIENTS=N reads up to N" ]
}

@test "sizes: a sim bundle whose spec has 2,000 clients is read in seconds (conflicts were sought pairwise)" {
	# s2r-expect SIMDIR compared every expectation with every other for
	# config.conflict: 14,000 records, minutes (a spec of 1,200 clients
	# took 2 minutes, one of 3,000 nine)
	{
		printf 'version: "2"\nseed: 1\naggregate_rate: 10\nnum_requests: 100\nclients:\n'
		seq 1 2000 | sed 's/.*/  - {id: c&, rate_fraction: 1, arrival: {process: poisson}, input_distribution: {type: constant, params: {value: 8}}, output_distribution: {type: constant, params: {value: 8}}}/'
	} >sim/workloads/many.yaml
	run --separate-stderr timeout 60 "$S2R_BIN/s2r-expect" sim
	[ "$status" -eq 0 ] || { echo "status $status: $stderr"; return 1; }
	[ "$(jq -s 'map(select(.scope.workload == "many" and .scope.client != null)) | [.[].scope.client] | unique | length' <<<"$output")" -eq 2000 ]
	# a conflict is still found, once, naming both values in the
	# bundle's order: config.md, then the one baseline's scenario
	mkdir sim/baselines
	printf 'scenario:\n- decode:\n    vllm:\n      additionalFlags: [--max-num-seqs=7]\n' >sim/baselines/b.yaml
	printf 'baselines:\n  - name: b\n    scenario: baselines/b.yaml\n' >sim/transfer.yaml
	run --separate-stderr timeout 60 "$S2R_BIN/s2r-expect" sim
	[ "$status" -eq 0 ] || { echo "status $status: $stderr"; return 1; }
	[ "$(jq -c 'select(.metric == "config.conflict") | [.value, [.values[] | .value, .source.file]]' <<<"$output")" = '["vllm.max_num_seqs",[256,"config.md",7,"baselines/b.yaml"]]' ]
}
