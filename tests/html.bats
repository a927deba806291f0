#!/usr/bin/env bats
bats_require_minimum_version 1.5.0
# s2r-report --format html: one self-contained page with inline SVG
# charts.  Chart counts come from jq over the input records; the page is
# rendered in a real headless Chromium (skipped when it is absent or does
# not start), which must log no console error, and leaves a screenshot in
# build/screenshots/ for people to look at.
load helpers

R="$S2R_BIN/s2r-report"
FX="$FIXTURES/batch"

setup() {
	T="$BATS_TEST_TMPDIR"
}

# Every chart's data-points attribute, one per line.
points() {
	grep -o '<svg [^>]*data-points="[0-9]*"' "$1" |
	    sed 's/.*data-points="\([0-9]*\)"/\1/'
}

# The examples' parity run with HTML, plus the hand-written instance and
# injection records, plus alignment records from the kernel tools.
full_report() {
	make -s -f "$S2R_TOP/pipelines/parity.mk" SIM="$S2R_TOP/examples/sim" \
	    REAL="$S2R_TOP/examples/real" OUT="$T/out" S2R_BIN="$S2R_BIN" \
	    all html >/dev/null
	/usr/bin/python3 "$S2R_TOP/tests/gen-kineto.py" "$T/t_{rank}.json" \
	    --slots "$T/slots.ndjson" --expect "$T/truth.json" >/dev/null
	"$S2R_BIN/s2r-kernel-match" --rules "$S2R_TOP/pipelines/rules/vllm-dense.rules" \
	    --slots "$T/slots.ndjson" "$T/t_0.json" >"$T/a1.ndjson"
	"$S2R_BIN/s2r-dutycycle" "$T/t_0.json" >"$T/a2.ndjson"
	"$R" --format html --real examples/real --sim examples/sim -o "$T/full.html" \
	    "$T/out/verdicts.ndjson" "$T/out/expect.ndjson" "$T"/out/cells/*/*/*.ndjson \
	    "$FX/charts.ndjson" "$FX/verdicts-inject.ndjson" "$T/a1.ndjson" \
	    "$T/a2.ndjson" || [ $? -eq 1 ]
}

chromium_or_skip() {
	command -v chromium >/dev/null ||
	    skip "chromium not installed (scripts/ensure-deps browser)"
}

# chromium ARGS...: headless, fresh profile, console messages on stderr
# ($T/chromium.err).  Skips when the browser cannot start at all.
chromium_run() {
	local u rc=0
	u=$(mktemp -d)
	timeout 90 chromium --headless --no-sandbox --disable-gpu \
	    --disable-dev-shm-usage --user-data-dir="$u" --enable-logging=stderr \
	    --v=0 "$@" 2>"$T/chromium.err" || rc=$?
	rm -rf "$u"
	# A browser that cannot run in this container (no display, no
	# sandbox, a crash before the page) is the machine's, not the
	# report's: skip, saying why.  Once it ran, the page is judged.
	[ "$rc" -eq 0 ] ||
	    skip "chromium does not run here (exit $rc: $(grep -m1 -i 'error\|fatal' "$T/chromium.err" | cut -c1-120))"
}

@test "html: --help names the format, --format html needs no extra input" {
	run "$R" --help
	[ "$status" -eq 0 ]
	[[ "$output" == *"--format FMT"*html* ]]
	run --separate-stderr "$R" --format pdf
	assert_bad_input
	[[ "$stderr" == *"--format: expected md, html or ndjson"* ]]
}

@test "html: one self-contained page: no script, no external reference" {
	run "$R" --format html -o "$T/r.html" "$FX/charts.ndjson" "$FX/verdicts-inject.ndjson"
	[ "$status" -eq 1 ]	# the injected verdict is a FAIL
	head -c 15 "$T/r.html" | grep -qx '<!DOCTYPE html>'
	! grep -qi '<script' "$T/r.html" || false
	! grep -qi '<link\|<iframe\|<img\|@import\|url(' "$T/r.html" || false
	# the only URL is the SVG namespace name, which is never fetched
	[ "$(grep -o 'https\?://[^"]*' "$T/r.html" | sort -u)" = "http://www.w3.org/2000/svg" ]
	grep -q "Content-Security-Policy\" content=\"default-src 'none'" "$T/r.html"
}

@test "html: values from logs and YAML are escaped, never markup" {
	"$R" --format html -o "$T/r.html" "$FX/charts.ndjson" "$FX/verdicts-inject.ndjson" || true
	grep -q '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;' "$T/r.html"
	grep -q 'Look at &lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;script&gt;alert(2)' "$T/r.html"
	grep -q 'Errors &lt;b&gt;in&lt;/b&gt; logs' "$T/r.html"
	# an instance named like an image tag stays text, in the chart too
	grep -q '&lt;img src=x onerror=alert(1)&gt;' "$T/r.html"
	! grep -q '<img' "$T/r.html" || false
	! grep -q '<b>in' "$T/r.html" || false
}

@test "html: one chart per data group, with as many points as records" {
	"$R" --format html -o "$T/r.html" "$FX/charts.ndjson" || true
	# TTFT: one chart (w1, all classes), a point per quantile record
	want_ttft=$(jq -s '[.[] | select(.metric | test("^ttft_ms\\.(min|p50|p90|p99|max)$"))] | length' "$FX/charts.ndjson")
	want_req=$(jq -s '[.[] | select(.metric == "instance.requests")] | length' "$FX/charts.ndjson")
	want_kv=$(jq -s '[.[] | select(.metric | startswith("stats.kv_cache_usage_pct."))] | length' "$FX/charts.ndjson")
	want_q=$(jq -s '[.[] | select(.metric | test("^stats\\.(waiting\\.(mean|max)|running\\.mean)$"))] | length' "$FX/charts.ndjson")
	run points "$T/r.html"
	[ "$output" = "$(printf '%s\n' "$want_ttft" "$want_req" "$want_kv" "$want_q")" ]
	# every chart has a title, both axis labels, a legend and its source
	[ "$(grep -c '<svg ' "$T/r.html")" -eq 4 ]
	[ "$(grep -c 'class="title"' "$T/r.html")" -eq 4 ]
	[ "$(grep -c 'class="label"' "$T/r.html")" -eq 8 ]
	[ "$(grep -c '>Source: ' "$T/r.html")" -eq 4 ]
	# legends: real+sim, requests, min/mean/max/last, waiting mean/max + running mean
	[ "$(grep -c 'class="legend"' "$T/r.html")" -eq $((2 + 1 + 4 + 3)) ]
	# the sim side of the CDF is dashed and named
	grep -q 'stroke-dasharray="6 4" points=' "$T/r.html"
	grep -q '>sim baseline<' "$T/r.html"
}

@test "html: chart colours follow the verdicts, like the tables" {
	"$R" --format html -o "$T/r.html" "$FX/charts.ndjson" "$FX/verdicts-inject.ndjson" || true
	# the 5b WARN on pod-b: the request-spread chart is framed and badged WARN
	grep -q 'data-points="3" data-status="WARN"' "$T/r.html"
	grep -q '<rect x="[0-9]*" y="6" width="96" height="20" rx="3" fill="#9a6700"/>' "$T/r.html"
	grep -q '\.v-WARN{background:#fff8c5;color:#9a6700' "$T/r.html"
	grep -q '<td class="v-FAIL">FAIL (<a href="#item-[0-9]*">item [0-9]*</a>)</td>' "$T/r.html"
}

@test "html: a cell's chart takes the colour of its own iteration's verdicts, not its replicas'" {
	# The fixture's request spread and its 5b WARN as iterations i1 and
	# i2 of one cell: the WARN is i1's, i2's verdict is a PASS.
	for it in i1 i2; do
		jq -c --arg it "$it" 'select(.metric == "instance.requests") |
		    .scope.iteration = $it' "$FX/charts.ndjson"
	done >"$T/recs.ndjson"
	{
		jq -c 'select(.check == "5b") | .scope.iteration = "i1"' \
		    "$FX/verdicts-inject.ndjson"
		jq -c 'select(.check == "5b") | .scope.iteration = "i2" |
		    .verdict = "PASS"' "$FX/verdicts-inject.ndjson"
		echo '{"kind":"end","verdicts":2}'
	} >"$T/v.ndjson"
	"$R" --format html -o "$T/r.html" "$T/v.ndjson" "$T/recs.ndjson"
	# the two request-spread charts in page order, i1's first
	run grep -o 'data-points="3" data-status="[A-Z]*"' "$T/r.html"
	[ "${lines[*]}" = 'data-points="3" data-status="WARN" data-points="3" data-status="PASS"' ]
	run grep -o 'Requests per instance [^<]*' "$T/r.html"
	[ "${lines[0]}" = "${lines[1]}" ] && [[ ${lines[0]} == *baseline/w1/i1 ]]
	[[ ${lines[2]} == *baseline/w1/i2 ]]
}

# anchors_resolve PAGE: every href="#x" names an id="x" of the page, and
# prints how many links there are.
anchors_resolve() {
	/usr/bin/python3 - "$1" <<-'PY'
	import re, sys
	page = open(sys.argv[1]).read()
	ids = re.findall(r' id="([^"]+)"', page)
	assert len(ids) == len(set(ids)), "duplicate ids"
	hrefs = re.findall(r'href="#([^"]*)"', page)
	bad = [h for h in hrefs if h not in set(ids)]
	assert not bad, bad[:5]
	print(len(hrefs))
	PY
}

@test "html: headline, contents, Action Items linked to their evidence, details with full sources" {
	"$S2R_BIN/s2r-verdict" --checks 1 --no-fail-status "$FIXTURES"/judge/*.ndjson >"$T/v.ndjson"
	"$R" --format html --date 2026-01-01 -o "$T/r.html" "$T/v.ndjson" || [ $? -eq 1 ]
	[ "$(anchors_resolve "$T/r.html")" -gt 20 ]
	grep -q '<p class="headline"><strong>Does this run support the simulated experiment? No: ' "$T/r.html"
	[ "$(sed -n '/<ul class="headline">/,/<\/ul>/p' "$T/r.html" | grep -c '^<li>')" -le 4 ]
	grep -q '<nav>Contents: <a href="#summary">Summary</a> · <a href="#actions">Action Items</a>' "$T/r.html"
	# the order: summary, action items, charts, the categories
	[ "$(grep -o 'id="\(summary\|actions\|charts\|cat-1\)"' "$T/r.html" | tr '\n' ' ')" = 'id="summary" id="actions" id="charts" id="cat-1" ' ]
	# an item per finding, each cell a link to its check's heading
	nitems=$(grep -c '^<li id="item-[0-9]*">' "$T/r.html")
	[ "$nitems" -eq "$(jq -s '[.[] | select(.verdict == "FAIL" or .verdict == "MISSING" or .verdict == "WARN")] | length' "$T/v.ndjson")" ]
	grep -q '^<li id="item-[0-9]*"><span class="v-WARN">WARN</span> 1a Arrival rate (QPS) — qps.actual: sim 40 req/s (workloads/wwarn.yaml:4 aggregate_rate), real .* In 1 cell: <a href="#k-1a-baseline-wwarn-">baseline/wwarn</a>\. Do: Client-side ceiling' "$T/r.html"
	grep -q '<h5 id="k-1a-baseline-wwarn-">1a\. Arrival rate (QPS) — <span class="v-WARN">WARN</span></h5>' "$T/r.html"
	# rows not judged say so, a heading over them says how many
	[ "$(grep -c '<td class="v-INAPPLICABLE">not judged</td>' "$T/r.html")" -eq "$(jq -s '[.[] | select(.verdict == "INAPPLICABLE")] | length' "$T/v.ndjson")" ]
	grep -q '<span class="v-PASS">PASS, [0-9]* of [0-9]* not judged</span></h5>' "$T/r.html"
	# one table per check, the why and the full source (with how) collapsed
	[ "$(grep -c '^<details><summary>Why, and where each value comes from</summary>' "$T/r.html")" -eq "$(grep -c '^<h5 id=' "$T/r.html")" ]
	grep -q '<br><span class="src">sim: workloads/wpass.yaml:4 aggregate_rate: the configured value</span><br><span class="src">real: baseline/wpass/trace_data.csv arrival_time_us: ' "$T/r.html"
	[ "$(grep -c '>Sources<' "$T/r.html")" -eq 0 ]
	# alignment holds the framework (real) as expected, the simulator as
	# actual: the details and the table say so
	jq -c 'select(.kind == "verdict" and .verdict == "PASS" and .expected.source.file != null) | .check = "A3" | .title = "Latency"' "$T/v.ndjson" | head -n 1 >"$T/al.ndjson"
	verdict_end "$T/al.ndjson"
	"$R" --format html --date 2026-01-01 -o "$T/al.html" "$T/al.ndjson"
	grep -q '<th>Metric</th><th>Real (framework)</th><th>Sim</th>' "$T/al.html"
	grep -q '<br><span class="src">real: workloads/' "$T/al.html"
	grep -q '</span><br><span class="src">sim: baseline/' "$T/al.html"
}

@test "html: the same records give the same bytes" {
	full_report
	cp "$T/full.html" "$T/first.html"
	full_report
	cmp "$T/first.html" "$T/full.html"
}

@test "html: every chart kind is drawn from the pipeline's records" {
	full_report
	grep -q '>TTFT CDF ' "$T/full.html"
	# latencies on a log axis, the n of each arm in the legend
	grep -q '>TTFT (ms, log scale)<' "$T/full.html"
	[ "$(grep -c 'class="label"[^>]*>[A-Z0-9]* (ms, log scale)<' "$T/full.html")" -eq "$(grep -c 'class="title"[^>]*>[A-Z0-9]* CDF ' "$T/full.html")" ]
	grep -q 'class="legend"[^>]*>real [^<]* (n=[0-9]*)<' "$T/full.html"
	grep -q '>TPOT CDF ' "$T/full.html"
	grep -q '>E2E CDF ' "$T/full.html"
	grep -q '>Requests per instance ' "$T/full.html"
	grep -q '>KV-cache usage per instance ' "$T/full.html"
	grep -q '>Queue depth per instance ' "$T/full.html"
	grep -q '>Input tokens ' "$T/full.html"
	grep -q '>Output tokens ' "$T/full.html"
	grep -q '>Per-operation time, measured vs simulated ' "$T/full.html"
	grep -q '>Duty-cycle decomposition per iteration ' "$T/full.html"
	# per-operation bars: one measured and one simulated bar per aggregated op record
	ops=$(jq -s '[.[] | select(.kind == "op" and .scope.iteration == null)] | length' "$T/a1.ndjson")
	grep -A10000 '>Per-operation time' "$T/full.html" | sed '/<\/svg>/q' >"$T/ops.svg"
	[ "$(grep -c '<rect class="bar"' "$T/ops.svg")" -eq $((ops * 2)) ]
	# duty: a stacked part per term present in each iteration record
	parts=$(jq -s '[.[] | select(.kind == "duty" and .window == "iteration") |
	    .measured_ns, .idle_internal_ns, .idle_boundary_ns, .gap_ns | numbers] | length' "$T/a2.ndjson")
	grep -A10000 '>Duty-cycle decomposition' "$T/full.html" | sed '/<\/svg>/q' >"$T/duty.svg"
	[ "$(grep -c '<rect class="bar"' "$T/duty.svg")" -eq "$parts" ]
	! points "$T/full.html" | grep -qx 0 || false
}

@test "html: renders in headless Chromium without console errors; screenshot" {
	chromium_or_skip
	full_report
	chromium_run --dump-dom "file://$T/full.html" >"$T/dom.html"
	! grep -i 'CONSOLE\|Refused to\|Uncaught' "$T/chromium.err" || false
	# the DOM has every chart, each with marks in it
	[ "$(grep -o '<svg [^>]*class="chart"' "$T/dom.html" | wc -l)" -eq \
	    "$(grep -c '<svg ' "$T/full.html")" ]
	/usr/bin/python3 - "$T/dom.html" <<-'EOF'
	import re, sys
	dom = open(sys.argv[1]).read()
	svgs = re.findall(r'<svg [^>]*class="chart".*?</svg>', dom, re.S)
	assert svgs, "no charts in the DOM"
	for s in svgs:
	    assert re.search(r'<(polyline|rect class="(bar|bin)")', s), s[:200]
	assert "<script" not in dom.lower()
	assert '&lt;script&gt;alert("x")&lt;/script&gt;' in dom
	# every in-page link resolves to an element of the rendered page
	ids = set(re.findall(r' id="([^"]+)"', dom))
	hrefs = re.findall(r'href="#([^"]*)"', dom)
	assert hrefs and all(h in ids for h in hrefs), [h for h in hrefs if h not in ids][:5]
	EOF
	chromium_run --window-size=1280,4000 --screenshot="$T/report.png" \
	    "file://$T/full.html" >/dev/null
	! grep -i 'CONSOLE\|Refused to\|Uncaught' "$T/chromium.err" || false
	[ "$(head -c 8 "$T/report.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]
	[ "$(stat -c %s "$T/report.png")" -gt 20000 ]
	mkdir -p "$S2R_TOP/build/screenshots"
	cp "$T/report.png" "$S2R_TOP/build/screenshots/report.png"
	cp "$T/full.html" "$S2R_TOP/build/screenshots/report.html"
}

@test "html: the sample bundles: a request-spread chart per measured cell" {
	need_samples
	make -s -f "$S2R_TOP/pipelines/parity.mk" SIM="$S2R_SAMPLES/aw-sim" \
	    REAL="$S2R_SAMPLES/aw-real" OUT="$T/aw" S2R_BIN="$S2R_BIN" html >/dev/null
	cells=$(cat "$T"/aw/cells/*/*/logs.ndjson | jq -r 'select(.metric == "instance.requests") | "\(.scope.phase)/\(.scope.workload)"' | sort -u | wc -l)
	[ "$cells" -gt 0 ]
	[ "$(grep -c 'class="title"[^>]*>Requests per instance ' "$T/aw/report.html")" -eq "$cells" ]
	# a chart's badge is the state of its check in its cell: the input
	# token histogram of a cell whose 1c mean was not judged (lifecycle
	# windows) says so, never a plain PASS
	want=$(jq -rs '[.[] | select(.kind == "verdict" and .check == "1c" and .scope.phase == "baseline" and .scope.workload == "w1_prefix_to_load_shift") | .verdict]
	    | if any(. == "FAIL") then "FAIL" elif any(. == "MISSING") then "MISSING" elif any(. == "WARN") then "WARN"
	      elif all(. == "INAPPLICABLE") then "NOT JUDGED" elif any(. == "INAPPLICABLE") then "PART JUDGED" else "PASS" end' "$T/aw/verdicts.ndjson")
	[ "$want" = "PART JUDGED" ]
	grep -A3 'data-status="[^"]*"' "$T/aw/report.html" | grep -B3 '<title>Input tokens histogram — baseline/w1_prefix_to_load_shift<' | grep -q "data-status=\"$want\""
	! grep -qi '<script' "$T/aw/report.html" || false
	! points "$T/aw/report.html" | grep -qx 0 || false
}

# The coordinate pairs of every polyline in the chart titled $2 (a
# prefix) of page $1, one count per line.
polyline_points() {
	/usr/bin/python3 - "$1" "$2" <<-'PY'
	import re, sys
	page = open(sys.argv[1]).read()
	for svg in re.findall(r'<svg .*?</svg>', page, re.S):
	    if not re.search(r'<title>' + re.escape(sys.argv[2]), svg):
	        continue
	    for pts in re.findall(r'<polyline [^>]*points="([^"]*)"', svg):
	        print(len(pts.split()))
	PY
}

@test "html: real CDF curves, KV/queue over time and token histograms from the pipeline" {
	full_report
	cells="$T"/out/cells/*/*/*.ndjson
	# one TTFT curve of 101 points per ttft_ms.cdf record (every
	# workload has several classes: all of them are drawn)
	want=$(cat $cells | jq -c 'select(.metric == "ttft_ms.cdf")' | wc -l)
	[ "$(polyline_points "$T/full.html" 'TTFT CDF ' | grep -cx 101)" -eq "$want" ]
	# the rest: charts.ndjson's w1, summary quantiles only (5 points)
	[ "$(polyline_points "$T/full.html" 'TTFT CDF ' | wc -l)" -eq \
	    $((want + $(polyline_points "$T/full.html" 'TTFT CDF — workload w1,' | grep -cx '[1-5]'))) ]
	grep -q '>Source: ttft_ms.cdf measure records (s2r-trace-stats' "$T/full.html"
	# KV usage over time: per cell, one curve per instance with as many
	# points as its stats.series record
	cell=$(ls -d "$T"/out/cells/*/* | head -1)
	name="KV-cache usage over time — $(basename "$(dirname "$cell")")/$(basename "$cell")"
	jq -r 'select(.metric == "stats.series") | .points | length' "$cell/logs.ndjson" >"$T/want"
	polyline_points "$T/full.html" "$name" >"$T/got"
	[ -s "$T/want" ]
	diff "$T/want" "$T/got"
	# queue depth: waiting and running per instance
	[ "$(polyline_points "$T/full.html" "Queue depth over time — ${name#KV-cache usage over time — }" | wc -l)" -eq $((2 * $(wc -l <"$T/want"))) ]
	# input tokens: one histogram rect per bin, expected mean ± stdev marked
	bins=$(jq -r 'select(.metric == "input_tokens.hist") | .bins | length' "$cell/trace.ndjson")
	grep -A100000 ">Input tokens histogram — ${name#KV-cache usage over time — }<" "$T/full.html" |
	    sed '/<\/svg>/q' >"$T/hist.svg"
	[ "$(grep -c '<rect class="bin"' "$T/hist.svg")" -eq "$bins" ]
	[ "$(grep -c '<line [^>]*class="marker"' "$T/hist.svg")" -eq 4 ]
	grep -q '>expected mean (sim spec)<' "$T/hist.svg"
	grep -q '>Source: input_tokens.hist (bins)' "$T/hist.svg"
	# no summary stand-ins where the real data is there
	! grep -q '>Input tokens — ' "$T/full.html" || false
	! grep -q "KV-cache usage per instance — ${name#KV-cache usage over time — }<" "$T/full.html" || false
}

@test "html: sim traces (mode generated) are dashed CDFs; s2r-latency's real vs sim quantiles" {
	TS="$S2R_BIN/s2r-trace-stats"
	"$TS" --phase real --workload w1 "$FIXTURES/trace/l27/trace_data.csv" >"$T/real.ndjson"
	"$TS" --phase sim --workload w1 "$FIXTURES/trace/sim/trace_data.csv" >"$T/sim.ndjson"
	"$S2R_BIN/s2r-latency" --real "$FIXTURES/align/trace_data.csv" \
	    --sim "$FIXTURES/align/sim.csv" >"$T/lat.ndjson"
	validate_records "$T/real.ndjson" "$T/sim.ndjson" "$T/lat.ndjson"
	"$R" --format html -o "$T/r.html" "$T/real.ndjson" "$T/sim.ndjson" "$T/lat.ndjson"
	# all classes: the real curve solid, the sim one dashed, 101 points each
	polyline_points "$T/r.html" 'E2E CDF — workload w1, all classes' >"$T/got"
	[ "$(cat "$T/got")" = "$(printf '101\n101')" ]
	grep -A100000 '>E2E CDF — workload w1, all classes<' "$T/r.html" | sed '/<\/svg>/q' >"$T/e2e.svg"
	[ "$(grep -c 'stroke-dasharray="6 4" points=' "$T/e2e.svg")" -eq 1 ]
	grep -q '>sim sim (n=3)<' "$T/e2e.svg"
	grep -q '>real real (n=3)<' "$T/e2e.svg"
	# s2r-latency: seven quantiles per side
	nreal=$(jq -c 'select(.metric | test("^real\\.ttft_ms\\.p[0-9]+$")) | select(.value != null)' "$T/lat.ndjson" | wc -l)
	nsim=$(jq -c 'select(.metric | test("^sim\\.ttft_ms\\.p[0-9]+$")) | select(.value != null)' "$T/lat.ndjson" | wc -l)
	[ "$nreal" -eq 7 ]
	[ "$(polyline_points "$T/r.html" 'TTFT CDF, real vs sim' | tr '\n' ' ')" = "$nreal $nsim " ]
}
