#!/usr/bin/env bats
# A cell's metrics/ folder (stream-metrics: Prometheus scrapes of the vLLM
# and router pods in metrics/raw/<pod>_<unix-s>_metrics.log, after four
# header comments; metrics/processed/metrics_summary.json; the layout of
# docs/formats.md): s2r-log-extract's metrics.* records per pod, series
# and summaries.  The samples hold no metrics/ folder, so the fixtures are
# written here in the documented shape with numbers chosen by the test;
# expected values are computed from them by python3, never by the tool.
load helpers
bats_require_minimum_version 1.5.0

X() { "$S2R_BIN/s2r-log-extract" "$@"; }

setup() {
	B=$BATS_TEST_TMPDIR/b
	CELL=$B/baseline/w1
	M=$CELL/metrics
	OUT=$BATS_TEST_TMPDIR/out.ndjson
	mkdir -p "$M/raw" "$M/processed"
}

# scrapes: 6 per pod, 15 s apart, two vLLM pods (two engines each) and a
# router pod; waiting grows on vllm-b only; the values as JSON in $M/want.
make_scrapes() {
	python3 - "$M" <<'EOF'
import datetime, json, sys
d = sys.argv[1]
t0 = 1789000000
want = {}
def put(pod, g, k, v, comb):
    w = want.setdefault(pod, {}).setdefault(g, [None] * 6)
    w[k] = v if w[k] is None else comb(w[k], v)
for k in range(6):
    t = t0 + 15 * k
    stamp = datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S+0000")
    for pod in ("vllm-a", "vllm-b", "gaie-epp-x"):
        lines = ["# Timestamp: " + stamp, "# Pod: " + pod, "# PodIP: 10.1.2.3",
                 "# Source: prometheus_metrics", ""]
        if pod.startswith("vllm"):
            lines += ["# HELP vllm:num_requests_waiting Number of requests waiting to be processed.",
                      "# TYPE vllm:num_requests_waiting gauge"]
            for eng in ("0", "1"):
                wait = (3 * k + int(eng)) if pod == "vllm-b" else 0
                run = 8 + k + int(eng)
                kv = 0.125 * k + (0.0625 if eng == "1" else 0)
                lines += ['vllm:num_requests_waiting{engine="%s",model_name="m,\\"x\\"}"} %d' % (eng, wait),
                          'vllm:num_requests_running{engine="%s",model_name="m"} %d.0' % (eng, run),
                          'vllm:kv_cache_usage_perc{engine="%s",model_name="m"} %r' % (eng, kv),
                          'vllm:prompt_tokens_total{engine="%s"} 1.2e+06 1789000000000' % eng]
                put(pod, "waiting", k, wait, lambda a, b: a + b)
                put(pod, "running", k, run, lambda a, b: a + b)
                put(pod, "kv", k, kv * 100, max)
        else:
            lines += ['inference_extension_flow_control_pool_saturation{inference_pool="p"} %r' % (0.25 * k),
                      'inference_extension_flow_control_queue_size{fairness_id="a",priority="0"} %d' % k,
                      'inference_extension_flow_control_queue_size{fairness_id="b",priority="-1"} 2',
                      'go_goroutines 42']
            put(pod, "sat", k, 0.25 * k, max)
            put(pod, "q", k, k + 2, lambda a, b: a + b)
        with open("%s/raw/%s_%d_metrics.log" % (d, pod, t), "w") as f:
            f.write("\n".join(lines) + "\n")
open(d + "/raw/collection_debug.log", "w").write("curl: ok\n")
json.dump({"vllm-c": {"metadata": {"namespace": "ns", "files": ["a"]},
                      "metrics": {"vllm:kv_cache_usage_perc": {"mean": 0.5, "stddev": 0.1, "min": 0.1,
                                  "p25": 0.4, "p50": 0.5, "p75": 0.6, "p90": 0.7, "p95": 0.8,
                                  "p99": 0.9, "max": 0.95, "count": 40, "unit": "ratio"},
                                  "vllm:num_requests_waiting": {"mean": 1.5, "max": 7, "count": 40}}},
           "vllm-a": {"metadata": {}, "metrics": {"vllm:num_requests_waiting": {"mean": 5, "max": 99, "count": 3}}}},
          open(d + "/processed/metrics_summary.json", "w"), indent=2)
json.dump(want, open(d + "/../want.json", "w"))
EOF
}

# value of metric $1 for pod $2
val() {
	jq -r --arg m "$1" --arg i "$2" 'select(.metric == $m and .scope.instance == $i) | .value' "$OUT"
}

@test "raw scrapes: per pod max and mean of queue depth, running, KV usage, flow control" {
	make_scrapes
	X --root "$B" "$CELL" >"$OUT"
	validate_records "$OUT"
	w=$CELL/want.json
	for pod in vllm-a vllm-b; do
		for g in waiting:waiting running:running kv:kv_cache_usage_pct; do
			[ "$(val "metrics.${g#*:}.max" $pod)" = "$(jq --arg p $pod --arg g "${g%%:*}" '.[$p][$g] | max' "$w")" ]
			[ "$(val "metrics.${g#*:}.mean" $pod)" = "$(jq --arg p $pod --arg g "${g%%:*}" '.[$p][$g] | add / length' "$w")" ]
		done
		[ "$(val metrics.scrapes $pod)" -eq 6 ]
	done
	[ "$(val metrics.flow_control.pool_saturation.max gaie-epp-x)" = "$(jq '."gaie-epp-x".sat | max' "$w")" ]
	[ "$(val metrics.flow_control.queue_size.mean gaie-epp-x)" = "$(jq '."gaie-epp-x".q | add / length' "$w")" ]
	# a router pod has no vLLM gauges, a vLLM pod no flow control
	[ -z "$(val metrics.waiting.max gaie-epp-x)" ]
	[ -z "$(val metrics.flow_control.pool_saturation.max vllm-a)" ]
	[ "$(jq -r 'select(.metric == "metrics.waiting.max" and .scope.instance == "vllm-b") | [.source.file, .source.field, .n, .scope.phase, .scope.workload] | @tsv' "$OUT")" \
	    = "baseline/w1/metrics/raw	vllm:num_requests_waiting	6	baseline	w1" ]
}

@test "series: one point per scrape, seconds since the cell's first scrape" {
	make_scrapes
	X --root "$B" "$CELL" >"$OUT"
	[ "$(jq -c 'select(.metric == "metrics.series" and .scope.instance == "vllm-b") | .columns' "$OUT")" \
	    = '["t_s","kv_cache_usage_pct","running","waiting"]' ]
	[ "$(jq -c 'select(.metric == "metrics.series" and .scope.instance == "vllm-b") | .points' "$OUT")" \
	    = "$(jq -c '.["vllm-b"] as $p | [range(6) | [. * 15, $p.kv[.], $p.running[.], $p.waiting[.]]]' "$CELL/want.json")" ]
	[ "$(jq -c 'select(.metric == "metrics.flow_control.series") | [.scope.instance, .columns, .points[5]]' "$OUT")" \
	    = "$(jq -c '["gaie-epp-x", ["t_s","pool_saturation","queue_size"], [75, ."gaie-epp-x".sat[5], ."gaie-epp-x".q[5]]]' "$CELL/want.json")" ]
}

@test "the processed summary stands in only for a pod no scrape covers" {
	make_scrapes
	X --root "$B" "$CELL" >"$OUT"
	s=$M/processed/metrics_summary.json
	[ "$(val metrics.kv_cache_usage_pct.max vllm-c)" = "$(jq '."vllm-c".metrics."vllm:kv_cache_usage_perc".max * 100' "$s")" ]
	[ "$(val metrics.waiting.mean vllm-c)" = "$(jq '."vllm-c".metrics."vllm:num_requests_waiting".mean' "$s")" ]
	[ "$(jq -r 'select(.metric == "metrics.kv_cache_usage_pct.max" and .scope.instance == "vllm-c") | [.n, .source.file, .source.line] | @tsv' "$OUT")" \
	    = "40	baseline/w1/metrics/processed/metrics_summary.json	$(grep -n '"vllm:kv_cache_usage_perc"' "$s" | cut -d: -f1)" ]
	# vllm-a's scrapes win over the summary's max 99
	[ "$(val metrics.waiting.max vllm-a)" = 0 ]
}

@test "--metrics DIR alone; --format text; no metrics folder, no metrics records" {
	make_scrapes
	X --phase p --workload w --metrics "$M" >"$OUT"
	validate_records "$OUT"
	[ "$(val metrics.scrapes vllm-a)" -eq 6 ]
	run X --format text --metrics "$M"
	[ "$status" -eq 0 ]
	[[ "$output" == *metrics.kv_cache_usage_pct.max* ]]
	rm -rf "$M"
	X --root "$B" "$CELL" >"$OUT"
	[ "$(jq -r 'select(.metric | startswith("metrics.")) | 1' "$OUT" | wc -l)" -eq 0 ]
}

@test "bad scrapes: one located line, exit 2, no records" {
	make_scrapes
	f=$(ls "$M"/raw/vllm-a_*_metrics.log | head -n 1)
	rel=${f#"$B/"}
	cp "$f" "$BATS_TEST_TMPDIR/keep"
	printf 'vllm:num_requests_waiting{engine="0" 3\n' >>"$f"
	run --separate-stderr X --root "$B" "$CELL"
	assert_bad_input
	[[ "$stderr" == "s2r-log-extract: $rel:$(wc -l <"$f"):26: expected labels closed by '}'" ]] || { echo "$stderr"; false; }
	cp "$BATS_TEST_TMPDIR/keep" "$f"
	printf 'vllm:num_requests_waiting 3x\n' >>"$f"
	run --separate-stderr X --root "$B" "$CELL"
	assert_bad_input
	[[ "$stderr" == *"$rel:$(wc -l <"$f"):27: expected a sample value, got \"3x\"" ]]
	cp "$BATS_TEST_TMPDIR/keep" "$f"
	sed -i 's/^# Timestamp: .*/# Timestamp: yesterday/' "$f"
	run --separate-stderr X --root "$B" "$CELL"
	assert_bad_input
	[[ "$stderr" == *"$rel:1:14: expected a time"* ]]
	# no header and a name without the time: nothing places the scrape
	cp "$BATS_TEST_TMPDIR/keep" "$f"
	grep -v '^# Timestamp' "$f" >"$M/raw/odd_metrics.log"
	run --separate-stderr X --root "$B" "$CELL"
	assert_bad_input
	[[ "$stderr" == *"odd_metrics.log: expected a \"# Timestamp:\""* ]]
	rm "$M/raw/odd_metrics.log"
	printf '{"vllm-c": []}' >"$M/processed/metrics_summary.json"
	run --separate-stderr X --root "$B" "$CELL"
	assert_bad_input
	[[ "$stderr" == *"metrics_summary.json:1:12: expected a pod's {metadata, metrics}"* ]]
	rm "$M/processed/metrics_summary.json"
	mkfifo "$M/raw/fifo_1_metrics.log"
	run --separate-stderr timeout 10 "$S2R_BIN/s2r-log-extract" --root "$B" "$CELL"
	assert_bad_input
	[[ "$stderr" == *"expected a regular file, got a FIFO"* ]]
}

# s2r-verdict over the fixture's records (cell baseline/w1), checks $1.
judge() {
	X --root "$B" "$CELL" >"$BATS_TEST_TMPDIR/m.ndjson"
	"$S2R_BIN/s2r-verdict" --no-fail-status --checks "$1" "${@:2}" \
	    "$BATS_TEST_TMPDIR/m.ndjson" >"$OUT"
	validate_records "$OUT"
}
verdict_of() {
	jq -r --arg m "$1" --arg i "$2" 'select(.kind == "verdict" and .metric == $m and .scope.instance == $i) | .verdict' "$OUT"
}

@test "5b: a pod whose queue is deeper than the pods' mean by more than spread_fail_pct WARNs; the source says metrics" {
	make_scrapes
	judge 5b
	w=$CELL/want.json
	a=$(jq '."vllm-a".waiting | add / length' "$w")
	b=$(jq '."vllm-b".waiting | add / length' "$w")
	# independent: b above (a+b)/2 x 1.4 and at least one request; a not
	python3 -c "import sys; a, b = $a, $b; m = (a + b) / 2; sys.exit(not (b >= 1 and b > m * 1.4 and not (a >= 1 and a > m * 1.4)))"
	[ "$(verdict_of metrics.waiting.mean vllm-b)" = WARN ]
	[ "$(verdict_of metrics.waiting.mean vllm-a)" = PASS ]
	[ "$(jq -r 'select(.kind == "verdict" and .scope.instance == "vllm-b") | .actual.source.file' "$OUT")" = baseline/w1/metrics/raw ]
	# the summary-only pod has no waiting gauge from scrapes of its own here
	[ -z "$(verdict_of metrics.waiting.mean gaie-epp-x)" ]
}

@test "5f: peak KV usage from the scrapes against runtime.kv_usage_warn_pct; 5g: pool saturation at 1 or more WARNs" {
	make_scrapes
	judge 5f,5g
	[ "$(verdict_of metrics.kv_cache_usage_pct.max vllm-a)" = PASS ]
	[ "$(jq -r 'select(.kind == "verdict" and .metric == "metrics.kv_cache_usage_pct.max" and .scope.instance == "vllm-b") | .actual.value' "$OUT")" \
	    = "$(jq '."vllm-b".kv | max' "$CELL/want.json")" ]
	# the processed summary's 95 % for vllm-c is at the default 95: full
	[ "$(verdict_of metrics.kv_cache_usage_pct.max vllm-c)" = WARN ]
	[[ "$(jq -r 'select(.kind == "verdict" and .scope.instance == "vllm-c") | .why' "$OUT")" == *metrics_summary.json* ]]
	[ "$(jq '."gaie-epp-x".sat | max >= 1' "$CELL/want.json")" = true ]
	[ "$(verdict_of metrics.flow_control.pool_saturation.max gaie-epp-x)" = WARN ]
	printf 'runtime:\n  kv_usage_warn_pct: 60\n' >"$BATS_TEST_TMPDIR/t.yaml"
	judge 5f --tolerances "$BATS_TEST_TMPDIR/t.yaml"
	[ "$(verdict_of metrics.kv_cache_usage_pct.max vllm-b)" = WARN ]
	[ "$(jq -r 'select(.kind == "verdict" and .scope.instance == "vllm-b") | .tolerance' "$OUT")" = "< 60%" ]
}

# preempt_scrapes: vllm-a's preemption counter stays at 5 (preemptions of
# its warm-up, before the run), vllm-b's rises and restarts from 0 (the
# engine restarted); vllm-c has one scrape; vllm-d only a processed
# summary.  The increases as JSON in
# $CELL/want.json, by Prometheus's increase() rule, in python.
preempt_scrapes() {
	python3 - "$M" <<'EOF2'
import datetime, json, sys
d = sys.argv[1]
series = {"vllm-a": [5, 5, 5, 5, 5, 5], "vllm-b": [0, 2, 2, 7, 1, 3],
          "vllm-c": [4]}
want = {}
for pod, vals in series.items():
    inc = sum(b - a if b >= a else b for a, b in zip(vals, vals[1:]))
    want[pod] = inc if len(vals) > 1 else None
    for k, v in enumerate(vals):
        t = 1789000000 + 15 * k
        stamp = datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S+0000")
        with open("%s/raw/%s_%d_metrics.log" % (d, pod, t), "w") as f:
            f.write("# Timestamp: %s\n# Pod: %s\n\n" % (stamp, pod))
            f.write("# TYPE vllm:num_preemptions_total counter\n")
            f.write('vllm:num_preemptions_total{engine="0",model_name="m"} %d.0\n' % v)
            f.write('vllm:kv_cache_usage_perc{engine="0",model_name="m"} 0.5\n')
# vllm-d has only the processed summary: its counter's max less its min;
# vllm-b's summary is ignored (its raw scrapes cover it)
json.dump({"vllm-d": {"metrics": {"vllm:num_preemptions_total": {"mean": 6, "min": 3, "max": 9, "count": 20}}},
           "vllm-b": {"metrics": {"vllm:num_preemptions_total": {"mean": 6, "min": 0, "max": 99, "count": 20}}}},
          open(d + "/processed/metrics_summary.json", "w"), indent=2)
want["vllm-d"] = 9 - 3
json.dump(want, open(d + "/../want.json", "w"))
EOF2
}

@test "5f: vLLM's preemption counter, its increase over the scrapes (a drop a reset) or the summary's max - min, WARN when it rose; none from one scrape" {
	preempt_scrapes
	X --root "$B" "$CELL" >"$OUT"
	validate_records "$OUT"
	for p in vllm-a vllm-b; do
		[ "$(val metrics.preemptions.increase $p)" = "$(jq ".\"$p\"" "$CELL/want.json")" ]
	done
	[ "$(val metrics.preemptions.increase vllm-b)" = 10 ]
	[ "$(val metrics.preemptions.increase vllm-d)" = "$(jq '."vllm-d"' "$CELL/want.json")" ]
	[ "$(jq -r 'select(.metric == "metrics.preemptions.increase" and .scope.instance == "vllm-d") | .source.file' "$OUT")" = baseline/w1/metrics/processed/metrics_summary.json ]
	[ "$(jq -s '[.[] | select(.metric == "metrics.preemptions.increase" and .scope.instance == "vllm-b")] | length' "$OUT")" = 1 ]
	[ -z "$(val metrics.preemptions.increase vllm-c)" ]
	jq -s -e '[.[] | select(.metric == "metrics.preemptions.increase" and .scope.instance == "vllm-b") |
	    .n == 6 and .check == "5f" and (.source.how | test("counter resets \\(a drop, counted from 0\\): 1"))] |
	    length == 1 and all' "$OUT" >/dev/null
	judge 5f
	[ "$(verdict_of metrics.preemptions.increase vllm-a)" = PASS ]
	[ "$(verdict_of metrics.preemptions.increase vllm-b)" = WARN ]
	[ "$(verdict_of metrics.preemptions.increase vllm-d)" = WARN ]
	[[ "$(jq -r 'select(.kind == "verdict" and .metric == "metrics.preemptions.increase" and .scope.instance == "vllm-b") | .why' "$OUT")" == *"counter rose by 10 over the run"*"peaked at 50%"* ]]
	# the KV gauge never reached the full-cache bound: only the counter tells
	[ "$(verdict_of metrics.kv_cache_usage_pct.max vllm-b)" = PASS ]
}
