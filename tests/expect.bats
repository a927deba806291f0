#!/usr/bin/env bats
# s2r-expect: workload expectations (checks 1a-1h) from BLIS specs, corpus workloads and measurement protocols.
# Reference moments come from an independent Python summation below
# (math.erf/math.exp over the integer support), never from the C code.

bats_require_minimum_version 1.5.0
load helpers

W="$FIXTURES/workload"

setup_file() {
	cat >"$BATS_FILE_TMPDIR/ref.py" <<'PY'
import json, math, sys

def Phi(z):
    return 0.5 * math.erfc(-z / math.sqrt(2))

def law(d):
    """P(K = k) of BLIS's sampler: round half away, clamp, floor 1."""
    t, p = d["type"], d.get("params", {})
    if t == "constant":
        return {max(1, int(p["value"])): 1.0}
    if t == "empirical":
        tot = sum(p.values())
        return {int(k): v / tot for k, v in p.items() if v > 0}
    if t == "gaussian":
        mu, s, lo, hi = p["mean"], abs(p["std_dev"]), int(p["min"]), int(p["max"])
        F = lambda x: Phi((x - mu) / s)
    elif t == "exponential":
        m = p["mean"]
        lo, hi = int(p.get("min", 0)), int(p.get("max", 0))
        F = lambda x: 0.0 if x <= 0 else 1 - math.exp(-x / m)
    elif t == "lognormal":
        mu, s = p["mu"], p["sigma"]
        lo, hi = int(p.get("min", 0)), int(p.get("max", 0))
        F = lambda x: 0.0 if x <= 0 else Phi((math.log(x) - mu) / s)
    lo = max(lo, 1)
    top = hi if hi > 0 else 200000
    P = {lo: F(lo + 0.5)}
    for k in range(lo + 1, top):
        P[k] = F(k + 0.5) - F(k - 0.5)
    if hi > 0:
        P[hi] = 1 - F(hi - 0.5)
    return P

def moments(d):
    P = law(d)
    m = sum(k * v for k, v in P.items())
    return m, sum(k * k * v for k, v in P.items()) - m * m

spec = json.load(sys.stdin)
key = sys.argv[1]
tot = sum(c["rate_fraction"] for c in spec["clients"])
mean = m2 = 0.0
for c in spec["clients"]:
    w = c["rate_fraction"] / tot
    m, v = moments(c[key])
    mean += w * m
    m2 += w * (v + m * m)
print(f"{mean:.6f} {math.sqrt(m2 - mean * mean):.6f}")
PY
}

expect() {
	run --separate-stderr "$S2R_BIN/s2r-expect" "$@"
	[ "$status" -eq 0 ] || { echo "$stderr"; return 1; }
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/out.ndjson"
	validate_records "$BATS_TEST_TMPDIR/out.ndjson"
}

# value METRIC [JQ-FILTER]: the value of the one matching record.
value() {
	jq -r --arg m "$1" "select(.metric == \$m) ${2:+| select($2)} | .value" \
	    "$BATS_TEST_TMPDIR/out.ndjson"
}

# The spec as JSON (python3 yaml is not a dependency: use a tiny
# converter through the flow style the fixtures use).
spec_json() {
	/usr/bin/python3 - "$1" <<'PY'
import json, re, sys
try:
    import yaml
except ImportError:
    sys.exit(77)
print(json.dumps(yaml.safe_load(open(sys.argv[1]))))
PY
}

near() {	# near GOT WANT EPS
	awk -v g="$1" -v w="$2" -v e="$3" 'BEGIN { d = g - w; if (d < 0) d = -d; exit !(d <= e) }' ||
		{ echo "got $1, want $2 (eps $3)"; return 1; }
}

@test "--help and --version" {
	run "$S2R_BIN/s2r-expect" --help
	[ "$status" -eq 0 ]
	[[ "$output" == usage:* ]]
	run "$S2R_BIN/s2r-expect" --version
	[ "$output" = "s2r-expect 0.1.0" ]
}

@test "mixed spec: lengths are the rate-share mixture of exact per-client moments" {
	expect "$W/mixed.yaml"
	json=$(spec_json "$W/mixed.yaml") || skip "python3-yaml not installed"
	read -r mean sd < <(printf '%s' "$json" | /usr/bin/python3 "$BATS_FILE_TMPDIR/ref.py" input_distribution)
	near "$(value input_tokens.mean)" "$mean" 0.001
	near "$(value input_tokens.stdev)" "$sd" 0.001
	read -r mean sd < <(printf '%s' "$json" | /usr/bin/python3 "$BATS_FILE_TMPDIR/ref.py" output_distribution)
	near "$(value output_tokens.mean)" "$mean" 0.001
	near "$(value output_tokens.stdev)" "$sd" 0.001
	[ "$(value input_tokens.min)" = 1 ] || [ "$(value input_tokens.min)" = 20 ]
	[ "$(value input_tokens.max)" = 2000 ]
	[ "$(value output_tokens.max)" = null ]	# exponential: unbounded
}

@test "mixed spec: 1a, 1b, 1e, 1f, 1g values and sources" {
	expect "$W/mixed.yaml"
	[ "$(value qps.intended)" = 50 ]
	[ "$(jq -r 'select(.metric=="qps.intended") | .source.line' "$BATS_TEST_TMPDIR/out.ndjson")" = 6 ]
	[ "$(value requests.count)" = 3000 ]
	[ "$(value class.fraction '.scope.class=="critical"')" = 0.4 ]
	[ "$(value class.fraction '.scope.class=="sheddable"')" = 0.1 ]
	near "$(value prefix.fraction)" 0.3 1e-9
	near "$(value streaming.fraction)" 0.5 1e-9
	# docs has 400, bulk the default 50: rate-share mean (0.2*400+0.1*50)/0.3
	near "$(value prefix_length.mean '.scope.prefix_group=="doc-system"')" 283.3333333 1e-6
	[ "$(value prefix_length.min '.scope.prefix_group=="doc-system"')" = 50 ]
	[ "$(value iat.cv '.scope.client=="api"')" = 2 ]
	[ "$(value iat.cv '.scope.client=="bulk"')" = 0 ]
	[ "$(value iat.cv '.scope.client=="docs"')" = 1.5 ]
	[ "$(jq -r 'select(.metric=="iat.cv" and .scope.client=="docs") | .process' "$BATS_TEST_TMPDIR/out.ndjson")" = weibull ]
	# every record cites the spec, a line and a field
	[ "$(jq -r 'select(.source.line == null or .source.field == null)' "$BATS_TEST_TMPDIR/out.ndjson")" = "" ]
}

@test "clients not poisson: shares and mean lengths carry sd1, their noise per request, against python" {
	expect "$W/mixed.yaml"
	json=$(spec_json "$W/mixed.yaml") || skip "python3-yaml not installed"
	# The moments of ref.py, then sd1^2 = sum w var + sum w cv^2 (x - value)^2
	sed '/^spec = json.load/,$d' "$BATS_FILE_TMPDIR/ref.py" >"$BATS_TEST_TMPDIR/law.py"
	printf '%s' "$json" | /usr/bin/python3 -c '
import json, math, sys
sys.path.insert(0, sys.argv[1])
from law import moments
spec = json.load(sys.stdin)
cv = {"poisson": 1, "constant": 0}
cs = spec["clients"]
tot = sum(c["rate_fraction"] for c in cs)
w = [c["rate_fraction"] / tot for c in cs]
k = [cv.get(c["arrival"]["process"], c["arrival"].get("cv", 1)) ** 2 for c in cs]
def sd1(x, var):
    m = sum(wi * xi for wi, xi in zip(w, x))
    return math.sqrt(sum(wi * v for wi, v in zip(w, var)) +
        sum(wi * ki * (xi - m) ** 2 for wi, ki, xi in zip(w, k, x)))
for cl in sorted({c["slo_class"] for c in cs}):
    print("class.fraction", cl, "%.6f" % sd1([c["slo_class"] == cl for c in cs], [0] * len(cs)))
print("prefix.fraction - %.6f" % sd1(["prefix_group" in c for c in cs], [0] * len(cs)))
print("streaming.fraction - %.6f" % sd1([c["streaming"] for c in cs], [0] * len(cs)))
for side in ("input", "output"):
    mv = [moments(c[side + "_distribution"]) for c in cs]
    print(side + "_tokens.mean - %.6f" % sd1([m for m, v in mv], [v for m, v in mv]))
' "$BATS_TEST_TMPDIR" >"$BATS_TEST_TMPDIR/want"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/want")" -eq 8 ]
	while read -r metric cls want; do
		got=$(jq -r --arg m "$metric" --arg c "$cls" 'select(.metric == $m and
		    (.scope.class // "-") == $c) | .sd1' "$BATS_TEST_TMPDIR/out.ndjson")
		near "$got" "$want" 0.001 || { echo "$metric $cls"; return 1; }
	done <"$BATS_TEST_TMPDIR/want"
	# By hand: sheddable is the constant client bulk (cv 0) with 0.1:
	# 0.4*1*0.01 + 0.3*4*0.01 + 0.2*2.25*0.01 + 0 = 0.0205
	near "$(jq -r 'select(.metric == "class.fraction" and .scope.class == "sheddable") | .sd1' \
	    "$BATS_TEST_TMPDIR/out.ndjson")" 0.143178 0.000001
	# iat.cv: a measured CV's noise per gap, cv sqrt((kurtosis - 1)/4 -
	# skewness cv + cv^2) from the process's moments; constant: none
	for c in chat api docs; do
		got=$(jq -r --arg c "$c" 'select(.metric == "iat.cv" and .scope.client == $c) |
		    "\(.process) \(.value) \(.sd1)"' "$BATS_TEST_TMPDIR/out.ndjson")
		want=$(/usr/bin/python3 -c '
import math, sys
p, cv = sys.argv[1], float(sys.argv[2])
if p == "weibull":
    lo, hi = 0.05, 1000.0
    for _ in range(200):
        k = math.sqrt(lo * hi)
        c = math.sqrt(math.gamma(1 + 2 / k) / math.gamma(1 + 1 / k) ** 2 - 1)
        lo, hi = (k, hi) if c > cv else (lo, k)
    g = [0] + [math.gamma(1 + r / k) for r in range(1, 5)]
    var = g[2] - g[1] ** 2
    skew = (g[3] - 3 * g[1] * g[2] + 2 * g[1] ** 3) / var ** 1.5
    kurt = (g[4] - 4 * g[1] * g[3] + 6 * g[1] ** 2 * g[2] - 3 * g[1] ** 4) / var ** 2
else:	# gamma with shape 1/cv^2 (poisson: 1)
    skew, kurt = 2 * cv, 3 + 6 * cv * cv
print("%.6f" % (cv * math.sqrt((kurt - 1) / 4 - skew * cv + cv * cv)))' ${got% *})
		near "${got##* }" "$want" 0.0001 || { echo "iat.cv $c: $got"; return 1; }
	done
	[ "$(jq -r 'select(.metric == "iat.cv" and .scope.client == "bulk") | .sd1' \
	    "$BATS_TEST_TMPDIR/out.ndjson")" = null ]
	# the stdev, min and max carry none; a spec of poisson clients none at all
	[ -z "$(jq -r 'select(.sd1 != null and (.metric | test("fraction$|mean$|^iat.cv$") | not))' \
	    "$BATS_TEST_TMPDIR/out.ndjson")" ]
	! grep 'process:' "$W/lifecycle.yaml" | grep -vq poisson || false
	expect "$W/lifecycle.yaml"
	# (each client's mean length carries its own length stdev as sd1,
	# whatever the arrival process)
	[ -z "$(jq -r 'select(.sd1 != null and .metric != "iat.cv" and
	    (.metric | test("^client[.].*_tokens[.]mean$") | not))' "$BATS_TEST_TMPDIR/out.ndjson")" ]
	[ -n "$(jq -r 'select(.metric == "client.input_tokens.mean" and .sd1 > 0)' \
	    "$BATS_TEST_TMPDIR/out.ndjson")" ]
}

@test "gaussian far from its bounds: mean stays, stdev gains 1/12" {
	cat >"$BATS_TEST_TMPDIR/g.yaml" <<'Y'
aggregate_rate: 10
clients:
  - id: a
    rate_fraction: 1
    arrival: {process: poisson}
    input_distribution: {type: gaussian, params: {mean: 5000, std_dev: 100, min: 1, max: 100000}}
    output_distribution: {type: constant, params: {value: 3}}
Y
	expect "$BATS_TEST_TMPDIR/g.yaml"
	near "$(value input_tokens.mean)" 5000 1e-6
	near "$(value input_tokens.stdev)" "$(awk 'BEGIN { printf "%.9f", sqrt(10000 + 1/12) }')" 1e-6
	[ "$(value output_tokens.stdev)" = 0 ]
}

@test "v1 spec: realtime/interactive upgraded to critical/standard" {
	expect "$W/v1.yaml"
	[ "$(value class.fraction '.scope.class=="critical"')" = 0.25 ]
	[ "$(value class.fraction '.scope.class=="standard"')" = 0.75 ]
	[ "$(jq -r 'select(.scope.class=="realtime")' "$BATS_TEST_TMPDIR/out.ndjson")" = "" ]
	near "$(value input_tokens.mean)" 224 1e-9	# 0.25*128 + 0.75*256
}

@test "cohorts expand to members with per_member prefix groups" {
	expect "$W/cohort.yaml"
	[ "$(jq -r 'select(.metric=="iat.cv") | .scope.client' "$BATS_TEST_TMPDIR/out.ndjson" | tr '\n' ' ')" = "solo users-0 users-1 users-2 users-3 users-4 " ]
	[ "$(value prefix_length.mean '.scope.prefix_group=="persona-3"')" = 256 ]
	near "$(value prefix.fraction)" 0.5 1e-9
	[ "$(value iat.cv '.scope.client=="users-2"')" = 3 ]
}

@test "lifecycle windows: aggregates not comparable, with the line" {
	expect "$W/lifecycle.yaml"
	out="$BATS_TEST_TMPDIR/out.ndjson"
	# one cell-level class record stands for every class
	[ "$(jq -c 'select(.metric=="class.fraction") | [.value, .comparable, .scope.class]' "$out")" = '[null,false,null]' ]
	[ "$(jq -r 'select(.metric=="class.fraction") | .why | test("lifecycle.windows \\(line [0-9]+\\)")' "$out")" = true ]
	# the gap between 200 s and 250 s lowers the rate
	[ "$(jq -r 'select(.metric=="qps.intended") | .comparable' "$out")" = false ]
	[ "$(jq -r 'select(.metric=="qps.intended") | .why | test("200000000 to 250000000")' "$out")" = true ]
	[ "$(value input_tokens.mean)" = null ]
	# per-client records stay comparable within one window
	[ "$(value iat.cv '.scope.client=="phase1"')" = 1 ]
	[ "$(value prefix_length.mean)" = 512 ]
	# the horizon (400 s) ends generation before num_requests (20000):
	# per window 0.7+1.0 at 40 req/s for 200+150 s; over all clients
	# 40*0.7/1.7 and 40/1.7 req/s
	[ "$(jq -r 'select(.metric=="requests.count") | .source.field' "$out")" = horizon ]
	[ "$(value requests.count)" = 14000 ]
	near "$(jq -r 'select(.metric=="requests.count") | .readings.all.value' "$out")" "$(awk 'BEGIN{printf "%.10f", 40*0.7/1.7*200 + 40/1.7*150}')" 1e-6
}

@test "pareto_lognormal: missing moments are null with why, never a number" {
	expect "$W/pareto.yaml"
	out="$BATS_TEST_TMPDIR/out.ndjson"
	[ "$(value input_tokens.stdev)" = null ]
	[ "$(jq -r 'select(.metric=="input_tokens.stdev") | .why | test("alpha <= 2")' "$out")" = true ]
	[ "$(value input_tokens.mean)" != null ]
	[ "$(value output_tokens.mean)" = null ]
	[ "$(jq -r 'select(.metric=="output_tokens.mean") | .why | test("alpha <= 1")' "$out")" = true ]
	# bursty arrivals: still no sd1 on a mean whose lengths have no variance
	sed 's/process: poisson/process: gamma, cv: 2/' "$W/pareto.yaml" >"$BATS_TEST_TMPDIR/bursty.yaml"
	expect "$BATS_TEST_TMPDIR/bursty.yaml"
	[ "$(jq -r 'select(.metric=="input_tokens.mean") | .sd1' "$out")" = null ]
	[ "$(jq -r 'select(.metric=="input_tokens.mean") | .value' "$out")" != null ]
}

@test "closed-loop client: rate and mix not comparable, its iat.cv null" {
	expect "$W/closed.yaml"
	[ "$(value qps.intended)" = null ]
	[ "$(value iat.cv '.scope.client=="agents"')" = null ]
	[ "$(value iat.cv '.scope.client=="open"')" = 1 ]
}

@test "sim bundle: specs in name order, files relative to the bundle" {
	expect "$W/sim"
	[ "$(jq -r '.scope.workload' "$BATS_TEST_TMPDIR/out.ndjson" | uniq | tr '\n' ' ')" = "a_mixed b_v1 " ]
	[ "$(jq -r '.source.file' "$BATS_TEST_TMPDIR/out.ndjson" | sort -u | tr '\n' ' ')" = "workloads/a_mixed.yaml workloads/b_v1.yaml " ]
}

@test "--as, --map and --root" {
	expect --as w1 "$W/v1.yaml"
	[ "$(jq -r '.scope.workload' "$BATS_TEST_TMPDIR/out.ndjson" | sort -u)" = w1 ]
	expect --map cellA=b_v1 --map cellB=b_v1 "$W/sim"
	[ "$(jq -r '.scope.workload' "$BATS_TEST_TMPDIR/out.ndjson" | sort -u | tr '\n' ' ')" = "a_mixed cellA cellB " ]
	expect --root "$W" "$W/v1.yaml"
	[ "$(jq -r '.source.file' "$BATS_TEST_TMPDIR/out.ndjson" | sort -u)" = v1.yaml ]
	run --separate-stderr "$S2R_BIN/s2r-expect" --map x=nosuch "$W/v1.yaml"
	assert_bad_input
	run --separate-stderr "$S2R_BIN/s2r-expect" --as w "$W/v1.yaml" "$W/mixed.yaml"
	assert_bad_input
}

@test "output is deterministic" {
	a=$("$S2R_BIN/s2r-expect" "$W/sim" | sha256sum)
	b=$("$S2R_BIN/s2r-expect" "$W/sim" | sha256sum)
	[ "$a" = "$b" ]
}

@test "bad input: unknown distribution type names the known ones" {
	run --separate-stderr "$S2R_BIN/s2r-expect" "$W/bad/unknown_type.yaml"
	assert_bad_input
	[[ "$stderr" == *"unknown_type.yaml:6:32: clients[0].input_distribution.type: expected"*gaussian*empirical*'got "gausian"' ]]
}

@test "bad input: malformed YAML" {
	run --separate-stderr "$S2R_BIN/s2r-expect" "$W/bad/malformed.yaml"
	assert_bad_input
	[[ "$stderr" == *"malformed.yaml:5:1: malformed YAML"* ]]
}

@test "bad input: missing required param" {
	run --separate-stderr "$S2R_BIN/s2r-expect" "$W/bad/missing_param.yaml"
	assert_bad_input
	[[ "$stderr" == *"missing_param.yaml:9:9:"*"expected std_dev (gaussian needs it)"* ]]
}

@test "bad input: non-numeric value" {
	run --separate-stderr "$S2R_BIN/s2r-expect" "$W/bad/non_numeric.yaml"
	assert_bad_input
	[[ "$stderr" == *'non_numeric.yaml:6:60: clients[0].input_distribution.params.mean: expected a finite number, got "12a"' ]]
}

@test "bad input: unknown key, mixed slo_class, unknown process, not a mapping" {
	for f in unknown_key mixed_slo unknown_process not_mapping; do
		run --separate-stderr "$S2R_BIN/s2r-expect" "$W/bad/$f.yaml"
		assert_bad_input
		[[ "$stderr" == *"$f.yaml:"[0-9]*:[0-9]*": "*expected* ]]
	done
	run --separate-stderr "$S2R_BIN/s2r-expect" "$W/bad/unknown_key.yaml"
	[[ "$stderr" == *'got "rate_fracton"' ]]
}

@test "bad input: a bad spec in a bundle prints no records at all" {
	mkdir -p "$BATS_TEST_TMPDIR/sim/workloads"
	cp "$W/v1.yaml" "$BATS_TEST_TMPDIR/sim/workloads/a.yaml"
	cp "$W/bad/non_numeric.yaml" "$BATS_TEST_TMPDIR/sim/workloads/b.yaml"
	run --separate-stderr "$S2R_BIN/s2r-expect" "$BATS_TEST_TMPDIR/sim"
	assert_bad_input
	run --separate-stderr "$S2R_BIN/s2r-expect" /nonexistent.yaml
	assert_bad_input
}

@test "an slo_class outside BLIS's tiers is kept (BLIS gives it the default priority)" {
	sed 's/slo_class: "critical"/slo_class: "default"/' "$W/mixed.yaml" >"$BATS_TEST_TMPDIR/d.yaml"
	grep -q 'slo_class: "default"' "$BATS_TEST_TMPDIR/d.yaml"
	expect "$BATS_TEST_TMPDIR/d.yaml"
	jq -r 'select(.metric=="class.fraction") | .scope.class' "$BATS_TEST_TMPDIR/out.ndjson" | grep -qx default
	run --separate-stderr "$S2R_BIN/s2r-expect" "$W/bad/slo_not_name.yaml"
	assert_bad_input
	[[ "$stderr" == *'slo_not_name.yaml:4:5: clients[0].slo_class: expected an SLO class'*'got "very important!"' ]]
}

@test "corpus workload: sessions, concurrency, rounds, think time and growth; the rest not comparable" {
	expect "$W/corpus.yaml"
	out="$BATS_TEST_TMPDIR/out.ndjson"
	[ "$(value sessions.count)" = 10 ]
	# 16 at once, but only 10 sessions in all
	[ "$(value sessions.concurrent_max)" = 10 ]
	[ "$(value session.rounds.min)" = 3 ]
	[ "$(value think_time_us.max)" = 90000000 ]
	[ "$(value session.context_growth)" = independent ]
	[ "$(jq -r 'select(.metric=="think_time_us.max") | "\(.source.line) \(.source.field)"' "$out")" = "17 corpus.reconstruct.max_think_time" ]
	# the replay is closed-loop; independent rounds need not grow
	[ "$(value session.rounds.early)" = 0 ]
	[ "$(jq -r 'select(.metric=="session.rounds.early") | .source.field' "$out")" = corpus.upstream.source ]
	[ "$(jq -c 'select(.metric=="session.rounds.grown")' "$out")" = "" ]
	sed 's/context_growth: independent/context_growth: accumulate/' "$W/corpus.yaml" >"$BATS_TEST_TMPDIR/acc.yaml"
	[ "$("$S2R_BIN/s2r-expect" "$BATS_TEST_TMPDIR/acc.yaml" | jq -r 'select(.metric=="session.rounds.grown") | "\(.value) \(.source.line)"')" = "1 16" ]
	# tokens, classes, rates and arrivals are the corpus's: why names it
	for m in requests.count qps.intended run.duration_us client.rate class.fraction \
	    input_tokens.mean output_tokens.stdev prefix.fraction streaming.fraction iat.cv; do
		[ "$(jq -r --arg m "$m" 'select(.metric==$m) | "\(.value) \(.comparable)"' "$out")" = "null false" ]
		jq -r --arg m "$m" 'select(.metric==$m) | .why' "$out" | grep -q 'corpus workload (corpus.upstream.source hf:example-org/agent-traces, line 6)'
	done
}

@test "legacy trace: workload: pool and convert; total_sessions 0 exhausts the corpus" {
	expect "$W/trace-legacy.yaml"
	out="$BATS_TEST_TMPDIR/out.ndjson"
	[ "$(value sessions.concurrent_max)" = 32 ]
	[ "$(value session.rounds.min)" = 2 ]
	jq -r 'select(.metric=="session.rounds.min") | .source.how' "$out" | grep -q "default 2"
	# a bare number of seconds (before sim2real #905)
	[ "$(value think_time_us.max)" = 90000000 ]
	[ "$(value sessions.count)" = null ]
	jq -r 'select(.metric=="sessions.count") | .why' "$out" | grep -q "exhausts the corpus"
}

@test "measurement.yaml: every key it sets, with its source comment, for every workload" {
	expect "$W/measurement.yaml"
	out="$BATS_TEST_TMPDIR/out.ndjson"
	[ "$(jq -r '.metric' "$out" | tr '\n' ' ')" = "measurement.max_concurrency measurement.timeout_ms measurement.warmup_requests measurement.prewarm_us measurement.detectors measurement.api_format measurement.record_itl measurement.streaming measurement.extra_args " ]
	[ "$(value measurement.timeout_ms)" = 600000 ]
	[ "$(value measurement.prewarm_us)" = 90000000 ]
	[ "$(value measurement.streaming)" = false ]
	[ "$(value measurement.extra_args)" = "--foo bar" ]
	[ "$(jq -r 'select(.metric=="measurement.max_concurrency") | .source | "\(.line) \(.field)"' "$out")" = "6 maxConcurrency" ]
	jq -r 'select(.metric=="measurement.max_concurrency") | .source.how' "$out" | grep -q '# source: config.md'
	# no workload scope: it holds for every cell
	[ "$(jq -c 'select(.scope != {})' "$out")" = "" ]
}

@test "sim bundle: measurement.yaml, or the file transfer.yaml names" {
	mkdir -p "$BATS_TEST_TMPDIR/sim/workloads" "$BATS_TEST_TMPDIR/sim/proto"
	cp "$W/v1.yaml" "$BATS_TEST_TMPDIR/sim/workloads/a.yaml"
	cp "$W/measurement.yaml" "$BATS_TEST_TMPDIR/sim/"
	expect "$BATS_TEST_TMPDIR/sim"
	[ "$(jq -r 'select(.metric=="measurement.max_concurrency") | .source.file' "$BATS_TEST_TMPDIR/out.ndjson")" = measurement.yaml ]
	mv "$BATS_TEST_TMPDIR/sim/measurement.yaml" "$BATS_TEST_TMPDIR/sim/proto/m.yaml"
	printf 'kind: sim2real-transfer\nversion: 3\nmeasurement: proto/m.yaml\n' >"$BATS_TEST_TMPDIR/sim/transfer.yaml"
	expect "$BATS_TEST_TMPDIR/sim"
	[ "$(jq -r 'select(.metric=="measurement.max_concurrency") | .source.file' "$BATS_TEST_TMPDIR/out.ndjson")" = proto/m.yaml ]
	# a path out of the bundle is not followed
	printf 'measurement: ../m.yaml\n' >"$BATS_TEST_TMPDIR/sim/transfer.yaml"
	cp "$W/measurement.yaml" "$BATS_TEST_TMPDIR/m.yaml"
	expect "$BATS_TEST_TMPDIR/sim"
	[ "$(jq -c 'select(.check=="1h")' "$BATS_TEST_TMPDIR/out.ndjson")" = "" ]
}

@test "bad input: corpus and measurement documents name the line and what was expected" {
	run --separate-stderr "$S2R_BIN/s2r-expect" "$W/bad/corpus_unknown.yaml"
	assert_bad_input
	[[ "$stderr" == *'corpus_unknown.yaml:3:12: corpus.select: expected one of the keys'*'got "min_round"' ]]
	run --separate-stderr "$S2R_BIN/s2r-expect" "$W/bad/corpus_no_replay.yaml"
	assert_bad_input
	[[ "$stderr" == *'corpus_no_replay.yaml:1:1: replay: expected a replay mapping'*'got none' ]]
	run --separate-stderr "$S2R_BIN/s2r-expect" "$W/bad/measurement_kind.yaml"
	assert_bad_input
	[[ "$stderr" == *'measurement_kind.yaml:1:7: kind: expected measurement-protocol, got "sim2real-transfer"' ]]
	run --separate-stderr "$S2R_BIN/s2r-expect" "$W/bad/measurement_duration.yaml"
	assert_bad_input
	[[ "$stderr" == *'measurement_duration.yaml:3:18: prewarmDuration: expected a Go duration'* ]]
}

# prun FILE PHASE WORKLOAD SPEC [SCENARIO]: a Tekton PipelineRun as
# sim2real writes it (cluster/pipelinerun-*.yaml), the spec (and the
# scenario it deployed) embedded as quoted strings.
prun() {
	python3 - "$@" <<'PY'
import json, sys
path, phase, workload, spec = sys.argv[1:5]
params = [("experimentId", "test"), ("phase", phase)]
if len(sys.argv) > 5:
    params.append(("scenarioContent", open(sys.argv[5]).read()))
params += [("workloadName", workload), ("workloadSpec", open(spec).read())]
with open(path, "w") as f:
    f.write("apiVersion: tekton.dev/v1\nkind: PipelineRun\nmetadata:\n"
            "  name: %s-%s\nspec:\n  params:\n" % (phase, workload))
    for k, v in params:
        f.write("  - name: %s\n    value: %s\n" % (k, json.dumps(v)))
    f.write("  pipelineRef:\n    name: sim2real\n")
PY
}

@test "--run: the spec a run's PipelineRuns embed stands in for a workload the sim bundle lacks" {
	R="$BATS_TEST_TMPDIR/run" S="$BATS_TEST_TMPDIR/sim"
	mkdir -p "$R/cluster" "$S/workloads"
	cp "$W/v1.yaml" "$S/workloads/a.yaml"
	prun "$R/cluster/pipelinerun-w1-base.yaml" base w1 "$W/phases.yaml"
	prun "$R/cluster/pipelinerun-w1-treat.yaml" treat w1 "$W/phases.yaml"
	prun "$R/cluster/pipelinerun-a-base.yaml" base a "$W/mixed.yaml"
	"$S2R_BIN/s2r-expect" --run "$R" "$S" >"$BATS_TEST_TMPDIR/out.ndjson"
	validate_records "$BATS_TEST_TMPDIR/out.ndjson"
	# w1: the embedded spec's records, the same as the spec file's
	"$S2R_BIN/s2r-expect" --as w1 "$W/phases.yaml" >"$BATS_TEST_TMPDIR/file.ndjson"
	[ "$(jq -c 'select(.scope.workload == "w1") | [.check, .metric, .scope, .value]' "$BATS_TEST_TMPDIR/out.ndjson")" = \
	  "$(jq -c '[.check, .metric, .scope, .value]' "$BATS_TEST_TMPDIR/file.ndjson")" ]
	# cited as the first PipelineRun, the line of its workloadSpec value
	line=$(grep -n 'name: workloadSpec' "$R/cluster/pipelinerun-w1-base.yaml" | cut -d: -f1)
	jq -e -s --argjson l $((line + 1)) '[.[] | select(.scope.workload == "w1")] |
	    length > 20 and all(.source.file == "cluster/pipelinerun-w1-base.yaml"
	    and .source.line == $l and .source.column == 12
	    and (.source.field | startswith("workloadSpec")) and
	    (.source.how | test("the sim bundle has no spec for workload w1")))' "$BATS_TEST_TMPDIR/out.ndjson"
	# a: the sim bundle's spec wins; the PipelineRun's differs, and says so
	jq -e -s '[.[] | select(.scope.workload == "a" and .metric !=
	    "workload.conflict")] | length > 0 and all(.source.file ==
	    "workloads/a.yaml")' "$BATS_TEST_TMPDIR/out.ndjson"
	jq -e -s '[.[] | select(.metric == "workload.conflict")] | length == 1 and
	    .[0].scope == {phase: "base", workload: "a"}' "$BATS_TEST_TMPDIR/out.ndjson"
	# without --run: no w1
	"$S2R_BIN/s2r-expect" "$S" >"$BATS_TEST_TMPDIR/plain.ndjson"
	! grep -q '"w1"' "$BATS_TEST_TMPDIR/plain.ndjson" || false
}

@test "--run: different specs per phase give each phase its own; a bad PipelineRun is located" {
	R="$BATS_TEST_TMPDIR/run" S="$BATS_TEST_TMPDIR/sim"
	mkdir -p "$R/cluster" "$S/workloads"
	cp "$W/v1.yaml" "$S/workloads/a.yaml"
	prun "$R/cluster/pipelinerun-w1-base.yaml" base w1 "$W/mixed.yaml"
	sed 's/^aggregate_rate: 50$/aggregate_rate: 60/' "$W/mixed.yaml" >"$BATS_TEST_TMPDIR/fast.yaml"
	prun "$R/cluster/pipelinerun-w1-treat.yaml" treat w1 "$BATS_TEST_TMPDIR/fast.yaml"
	"$S2R_BIN/s2r-expect" --run "$R" "$S" >"$BATS_TEST_TMPDIR/out.ndjson"
	validate_records "$BATS_TEST_TMPDIR/out.ndjson"
	[ "$(jq -r 'select(.scope.workload == "w1" and .metric == "qps.intended") |
	    .scope.phase + " " + (.value | tostring)' "$BATS_TEST_TMPDIR/out.ndjson" | tr '\n' ' ')" = "base 50 treat 60 " ]
	# two of one phase that differ: which ran cannot be told
	prun "$R/cluster/pipelinerun-w1-treat2.yaml" treat w1 "$W/mixed.yaml"
	run --separate-stderr "$S2R_BIN/s2r-expect" --run "$R" "$S"
	assert_bad_input
	# at the workloadSpec value of the second
	line=$(grep -n 'name: workloadSpec' "$R/cluster/pipelinerun-w1-treat2.yaml" | cut -d: -f1)
	[[ "$stderr" == *"cluster/pipelinerun-w1-treat2.yaml:$((line + 1)):12: expected the spec of cluster/pipelinerun-w1-treat.yaml for phase treat, workload w1"* ]]
	rm "$R/cluster/pipelinerun-w1-treat2.yaml"
	# not a PipelineRun; a param that is not a string; a bad embedded spec
	printf 'kind: Pod\nspec: {}\n' >"$R/cluster/pipelinerun-x.yaml"
	run --separate-stderr "$S2R_BIN/s2r-expect" --run "$R" "$S"
	assert_bad_input
	[ "$stderr" = "s2r-expect: cluster/pipelinerun-x.yaml:1:7: expected kind: PipelineRun" ]
	printf 'kind: PipelineRun\nspec:\n  params:\n  - name: workloadName\n    value: [a]\n' >"$R/cluster/pipelinerun-x.yaml"
	run --separate-stderr "$S2R_BIN/s2r-expect" --run "$R" "$S"
	assert_bad_input
	[ "$stderr" = "s2r-expect: cluster/pipelinerun-x.yaml:5:12: expected the param's value: a string" ]
	# an empty workloadName or phase (a template's unset variable) names
	# no cell: at the value, not MISSING verdicts for a workload ""
	printf 'kind: PipelineRun\nspec:\n  params:\n  - name: workloadName\n    value: ""\n' >"$R/cluster/pipelinerun-x.yaml"
	run --separate-stderr "$S2R_BIN/s2r-expect" --run "$R" "$S"
	assert_bad_input
	[ "$stderr" = "s2r-expect: cluster/pipelinerun-x.yaml:5:12: expected the workloadName param: the workload's name, not empty" ]
	printf 'kind: PipelineRun\nspec:\n  params:\n  - name: phase\n    value: \n' >"$R/cluster/pipelinerun-x.yaml"
	run --separate-stderr "$S2R_BIN/s2r-expect" --run "$R" "$S"
	assert_bad_input
	[[ "$stderr" == "s2r-expect: cluster/pipelinerun-x.yaml:5:"*": expected the phase param: the phase's name, not empty" ]]
	printf 'kind: PipelineRun\nspec:\n  params:\n  - name: workloadName\n    value: w9\n  - name: workloadSpec\n    value: "aggregate_rate: [\\n"\n' >"$R/cluster/pipelinerun-x.yaml"
	run --separate-stderr "$S2R_BIN/s2r-expect" --run "$R" "$S"
	assert_bad_input
	[[ "$stderr" == "s2r-expect: cluster/pipelinerun-x.yaml:7: workloadSpec:"* ]]
}

# scn SIM: a sim bundle whose transfer.yaml names two baselines'
# llm-d-benchmark scenarios, and an algorithm that runs on the first.
scn() {
	mkdir -p "$1/workloads" "$1/baselines"
	cp "$W/v1.yaml" "$1/workloads/a.yaml"
	cat >"$1/transfer.yaml" <<'YAML'
kind: sim2real-transfer
version: 3
algorithms:
  - name: algo
    source: algorithms/algo.go
    defaults: small
baselines:
  - name: small
    scenario: baselines/small.yaml
  - name: big
    scenario: baselines/big.yaml
  - name: gone
    scenario: baselines/none.yaml
  - name: out
    scenario: ../elsewhere.yaml
YAML
	cat >"$1/baselines/small.yaml" <<'YAML'
scenario:
- name: small
  model:
    name: org/model-8b  # from workload.model
    maxModelLen: 8192
    blockSize: 16
    gpuMemoryUtilization: 0.9
  vllmCommon:
    flags:
      enforceEager: false
  decode:
    replicas: 2
    parallelism:
      tensor: 1
    vllm:
      additionalFlags:
      - "--max-num-seqs=64"
      - "--max-num-batched-tokens"
      - "4096"
      - "--no-enable-prefix-caching"
      - "--enable-chunked-prefill"
      - "--dtype=bfloat16"
YAML
	sed -e 's/replicas: 2/replicas: 3/' -e 's/max-num-seqs=64/max-num-seqs=256/' \
	    "$1/baselines/small.yaml" >"$1/baselines/big.yaml"
	printf '  prefill:\n    replicas: 1\n' >>"$1/baselines/big.yaml"
}

@test "transfer.yaml's baselines: each scenario's vLLM config for its phase and the algorithms on it" {
	S="$BATS_TEST_TMPDIR/sim"
	scn "$S"
	expect "$S"
	O="$BATS_TEST_TMPDIR/out.ndjson"
	# by hand from small.yaml; big: 3 decode + 1 prefill pods, 256 seqs
	[ "$(jq -r 'select(.scope.phase == "small") | [.check, .metric, (.value | tostring), .source.file, .source.line] | join(" ")' "$O")" = \
"2a vllm.model org/model-8b baselines/small.yaml 4
2a vllm.max_model_len 8192 baselines/small.yaml 5
2a vllm.block_size 16 baselines/small.yaml 6
2a vllm.gpu_memory_utilization 0.9 baselines/small.yaml 7
2a vllm.tensor_parallel_size 1 baselines/small.yaml 14
2a vllm.enforce_eager false baselines/small.yaml 10
2b instances.count 2 baselines/small.yaml 12
2b instances.prefill 0 baselines/small.yaml 12
2a vllm.max_num_seqs 64 baselines/small.yaml 17
2a vllm.max_num_batched_tokens 4096 baselines/small.yaml 19
2a vllm.enable_prefix_caching false baselines/small.yaml 20
2a vllm.enable_chunked_prefill true baselines/small.yaml 21
2a vllm.dtype bfloat16 baselines/small.yaml 22" ]
	[ "$(jq -c 'select(.scope.phase == "algo") | [.metric, .value]' "$O")" = \
	  "$(jq -c 'select(.scope.phase == "small") | [.metric, .value]' "$O")" ]
	jq -e -s '[.[] | select(.scope.phase == "big")] | (map(select(.metric ==
	    "instances.count"))[0] | .value == 4 and .source.field ==
	    "decode.replicas + prefill.replicas") and (map(select(.metric ==
	    "instances.prefill"))[0] | .value == 1 and .source.field ==
	    "prefill.replicas") and (map(select(.metric ==
	    "vllm.max_num_seqs"))[0].value == 256)' "$O"
	# a flag and its value in one item, as a chart that joins the flags
	# into the shell command line takes them: the same records
	sed -i -e 's/"--max-num-seqs=64"/"--max-num-seqs 64"/' \
	    -e 's/"--dtype=bfloat16"/"--dtype  bfloat16"/' "$S/baselines/small.yaml"
	cp "$O" "$BATS_TEST_TMPDIR/before.ndjson"
	expect "$S"
	[ "$(jq -c 'select(.scope.phase == "small") | [.metric, .value, .source.line]' "$O")" = \
	  "$(jq -c 'select(.scope.phase == "small") | [.metric, .value, .source.line]' "$BATS_TEST_TMPDIR/before.ndjson")" ]
	# a file the bundle lacks, a path out of it: nothing
	! jq -e -s 'any(.[]; .scope.phase == "gone" or .scope.phase == "out")' "$O" || false
	# one baseline: its records hold for every phase
	printf 'baselines:\n  - name: small\n    scenario: baselines/small.yaml\n' >"$S/transfer.yaml"
	expect "$S"
	jq -e -s '[.[] | select(.check == "2a" or .check == "2b")] | length == 13
	    and all(.scope.phase == null)' "$O"
}

@test "--run: the scenario each PipelineRun deployed against the sim's for its phase (config.deployed), judged" {
	S="$BATS_TEST_TMPDIR/sim" R="$BATS_TEST_TMPDIR/run" O="$BATS_TEST_TMPDIR/out.ndjson"
	scn "$S"
	mkdir -p "$R/cluster"
	# small deployed as simulated; big deployed small's scenario (another
	# arm's flags: 64 seqs not 256, 2 pods not 4); other has no scenario
	prun "$R/cluster/pipelinerun-a-small.yaml" small a "$S/workloads/a.yaml" "$S/baselines/small.yaml"
	prun "$R/cluster/pipelinerun-a-big.yaml" big a "$S/workloads/a.yaml" "$S/baselines/small.yaml"
	prun "$R/cluster/pipelinerun-a-other.yaml" other a "$S/workloads/a.yaml" "$S/baselines/small.yaml"
	"$S2R_BIN/s2r-expect" --run "$R" "$S" >"$O"
	validate_records "$O"
	line=$(grep -n 'name: scenarioContent' "$R/cluster/pipelinerun-a-big.yaml" | cut -d: -f1)
	jq -e -s '[.[] | select(.metric == "config.deployed")] | length == 2' "$O"
	jq -e -s 'map(select(.metric == "config.deployed" and .scope.phase == "small"))[0] |
	    .value == 0 and .n == 13 and .check == "2a" and .values == [] and .scope.workload == "a"' "$O"
	jq -e -s --argjson l $((line + 1)) 'map(select(.metric == "config.deployed" and .scope.phase == "big"))[0] |
	    .value == 3 and .n == 13 and .source.file == "cluster/pipelinerun-a-big.yaml" and .source.line == $l and
	    ([.values[] | [.metric, .run.value, .sim.value, .sim.source.file, .run.source.file]] ==
	     [["instances.count", 2, 4, "baselines/big.yaml", "cluster/pipelinerun-a-big.yaml"],
	      ["instances.prefill", 0, 1, "baselines/big.yaml", "cluster/pipelinerun-a-big.yaml"],
	      ["vllm.max_num_seqs", 64, 256, "baselines/big.yaml", "cluster/pipelinerun-a-big.yaml"]])' "$O"
	# judged (each cell with a measure): PASS as simulated, FAIL naming both sides
	for p in small big; do
		jq -c -n --arg p $p '{kind: "measure", check: "1a", metric: "requests.count",
		    value: 10, unit: "count", scope: {phase: $p, workload: "a"},
		    source: {file: "\($p)/a/trace_data.csv", field: "rows", how: "rows"}}'
	done >"$BATS_TEST_TMPDIR/m.ndjson"
	"$S2R_BIN/s2r-verdict" --no-fail-status "$O" "$BATS_TEST_TMPDIR/m.ndjson" >"$BATS_TEST_TMPDIR/v.ndjson"
	validate_records "$BATS_TEST_TMPDIR/v.ndjson"
	jq -e -s 'map(select(.metric == "config.deployed" and .scope.phase == "small"))[0].verdict == "PASS"' "$BATS_TEST_TMPDIR/v.ndjson"
	jq -e -s 'map(select(.metric == "config.deployed" and .scope.phase == "big"))[0] | .verdict == "FAIL" and
	    (.why | test("in 3 of the 13 vLLM parameters both give: instances.count 2 deployed, 4 in the sim.s \\(baselines/big.yaml:12\\); instances.prefill 0 deployed, 1 in the sim.s \\(baselines/big.yaml:[0-9]+\\); vllm.max_num_seqs 64 deployed, 256 in the sim.s"))' "$BATS_TEST_TMPDIR/v.ndjson"
	# a model path ending in the sim's name is that model, as 2a reads it:
	# listed (the texts differ), not a difference
	sed 's|name: org/model-8b|name: /models/org/model-8b|' "$S/baselines/small.yaml" >"$BATS_TEST_TMPDIR/path.yaml"
	prun "$R/cluster/pipelinerun-a-small.yaml" small a "$S/workloads/a.yaml" "$BATS_TEST_TMPDIR/path.yaml"
	"$S2R_BIN/s2r-expect" --run "$R" "$S" >"$O"
	jq -e -s 'map(select(.metric == "config.deployed" and .scope.phase == "small"))[0] |
	    .value == 1 and .values[0].metric == "vllm.model"' "$O"
	"$S2R_BIN/s2r-verdict" --no-fail-status "$O" "$BATS_TEST_TMPDIR/m.ndjson" >"$BATS_TEST_TMPDIR/v.ndjson"
	jq -e -s 'map(select(.metric == "config.deployed" and .scope.phase == "small"))[0] |
	    .verdict == "PASS" and (.why | test("written otherwise"))' "$BATS_TEST_TMPDIR/v.ndjson"
	# a scenarioContent that is not a scenario is located
	printf 'kind: PipelineRun\nspec:\n  params:\n  - name: phase\n    value: big\n  - name: scenarioContent\n    value: "scenario: {a: 1}\\n"\n' >"$R/cluster/pipelinerun-x.yaml"
	run --separate-stderr "$S2R_BIN/s2r-expect" --run "$R" "$S"
	assert_bad_input
	[[ "$stderr" == "s2r-expect: cluster/pipelinerun-x.yaml:7: scenarioContent:1:11: expected scenario: a list of stacks" ]]
}

@test "--run: a parameter the arm's sim scenario gives that the deployed scenario leaves out is listed (config.deployed unset) and WARNs" {
	S="$BATS_TEST_TMPDIR/sim" R="$BATS_TEST_TMPDIR/run" O="$BATS_TEST_TMPDIR/out.ndjson"
	V="$BATS_TEST_TMPDIR/v.ndjson"
	scn "$S"
	mkdir -p "$R/cluster"
	# small deployed without its --no-enable-prefix-caching: vLLM's
	# default ran, which the run's files do not state
	grep -v -- '--no-enable-prefix-caching' "$S/baselines/small.yaml" >"$BATS_TEST_TMPDIR/dropped.yaml"
	prun "$R/cluster/pipelinerun-a-small.yaml" small a "$S/workloads/a.yaml" "$BATS_TEST_TMPDIR/dropped.yaml"
	"$S2R_BIN/s2r-expect" --run "$R" "$S" >"$O"
	validate_records "$O"
	line=$(grep -n -- '--no-enable-prefix-caching' "$S/baselines/small.yaml" | cut -d: -f1)
	jq -e -s --argjson l "$line" 'map(select(.metric == "config.deployed"))[0] |
	    .value == 0 and .n == 12 and .values == [] and
	    ([.unset[] | [.metric, .sim.value, .sim.source.file, .sim.source.line]] ==
	     [["vllm.enable_prefix_caching", false, "baselines/small.yaml", $l]])' "$O"
	jq -c -n '{kind: "measure", check: "1a", metric: "requests.count",
	    value: 10, unit: "count", scope: {phase: "small", workload: "a"},
	    source: {file: "small/a/trace_data.csv", field: "rows", how: "rows"}}' >"$BATS_TEST_TMPDIR/m.ndjson"
	"$S2R_BIN/s2r-verdict" --no-fail-status "$O" "$BATS_TEST_TMPDIR/m.ndjson" >"$V"
	validate_records "$V"
	jq -e -s 'map(select(.metric == "config.deployed"))[0] | .verdict == "WARN" and
	    (.why | test("whose 12 vLLM parameters the sim bundle also gives agree with it\\. The deployed scenario does not set 1 parameter the sim.s scenario for the arm gives: vllm.enable_prefix_caching false in the sim.s \\(baselines/small.yaml:[0-9]+\\): the arm ran the chart.s or vLLM.s default"))' "$V"
	# a difference as well: FAIL, the unset one still named
	sed 's/--max-num-seqs=64/--max-num-seqs=32/' "$BATS_TEST_TMPDIR/dropped.yaml" >"$BATS_TEST_TMPDIR/both.yaml"
	grep -q -- '--max-num-seqs=32' "$BATS_TEST_TMPDIR/both.yaml"
	prun "$R/cluster/pipelinerun-a-small.yaml" small a "$S/workloads/a.yaml" "$BATS_TEST_TMPDIR/both.yaml"
	"$S2R_BIN/s2r-expect" --run "$R" "$S" >"$O"
	"$S2R_BIN/s2r-verdict" --no-fail-status "$O" "$BATS_TEST_TMPDIR/m.ndjson" >"$V"
	jq -e -s 'map(select(.metric == "config.deployed"))[0] | .verdict == "FAIL" and
	    (.why | test("vllm.max_num_seqs 32 deployed, 64 in the sim.s")) and
	    (.why | test("does not set 1 parameter"))' "$V"
}

@test "--run: the GPU each scenario schedules on (acceleratorType's node label) is compared: another FAILs, the same one spelt otherwise PASSes" {
	S="$BATS_TEST_TMPDIR/sim" R="$BATS_TEST_TMPDIR/run" O="$BATS_TEST_TMPDIR/out.ndjson"
	V="$BATS_TEST_TMPDIR/v.ndjson"
	scn "$S"
	mkdir -p "$R/cluster"
	gpu() {	# gpu LABELVALUE: small.yaml scheduled on that GPU
		sed "s|^  decode:\$|  decode:\n    acceleratorType:\n      labelKey: nvidia.com/gpu.product\n      labelValue: $1|" \
		    "$BATS_TEST_TMPDIR/small.yaml"
	}
	cp "$S/baselines/small.yaml" "$BATS_TEST_TMPDIR/small.yaml"
	gpu NVIDIA-H100-80GB-HBM3 >"$S/baselines/small.yaml"
	line=$(grep -n 'labelValue' "$S/baselines/small.yaml" | cut -d: -f1)
	jq -c -n '{kind: "measure", check: "1a", metric: "requests.count",
	    value: 10, unit: "count", scope: {phase: "small", workload: "a"},
	    source: {file: "small/a/trace_data.csv", field: "rows", how: "rows"}}' >"$BATS_TEST_TMPDIR/m.ndjson"
	gpu NVIDIA-A100-SXM4-80GB >"$BATS_TEST_TMPDIR/a100.yaml"
	prun "$R/cluster/pipelinerun-a-small.yaml" small a "$S/workloads/a.yaml" "$BATS_TEST_TMPDIR/a100.yaml"
	"$S2R_BIN/s2r-expect" --run "$R" "$S" >"$O"
	jq -e -s --argjson l "$line" 'map(select(.metric == "config.deployed"))[0] |
	    .value == 1 and .n == 14 and .values[0].metric == "vllm.hardware" and
	    .values[0].run.value == "NVIDIA-A100-SXM4-80GB" and
	    .values[0].sim.source.line == $l' "$O"
	"$S2R_BIN/s2r-verdict" --no-fail-status "$O" "$BATS_TEST_TMPDIR/m.ndjson" >"$V"
	validate_records "$V"
	jq -e -s 'map(select(.metric == "config.deployed"))[0] | .verdict == "FAIL" and
	    (.why | test("vllm.hardware NVIDIA-A100-SXM4-80GB deployed, NVIDIA-H100-80GB-HBM3 in the sim"))' "$V"
	# the H100 SXM named as nvidia-smi's table and config.md tend to
	gpu H100-SXM5-80GB >"$BATS_TEST_TMPDIR/h100.yaml"
	prun "$R/cluster/pipelinerun-a-small.yaml" small a "$S/workloads/a.yaml" "$BATS_TEST_TMPDIR/h100.yaml"
	"$S2R_BIN/s2r-expect" --run "$R" "$S" >"$O"
	"$S2R_BIN/s2r-verdict" --no-fail-status "$O" "$BATS_TEST_TMPDIR/m.ndjson" >"$V"
	jq -e -s 'map(select(.metric == "config.deployed"))[0] |
	    .verdict == "PASS" and (.why | test("written otherwise"))' "$V"
}

@test "--run: a vLLM parameter the deployed scenario sets twice ran with its last value (argparse), as config.deployed reads it" {
	S="$BATS_TEST_TMPDIR/sim" R="$BATS_TEST_TMPDIR/run" O="$BATS_TEST_TMPDIR/out.ndjson"
	scn "$S"
	mkdir -p "$R/cluster"
	# an overlay appends small's limit again after a wrong one: 64 ran
	sed 's/- "--max-num-seqs=64"/- "--max-num-seqs=256"\n      - "--max-num-seqs=64"/' \
	    "$S/baselines/small.yaml" >"$BATS_TEST_TMPDIR/twice.yaml"
	grep -q 'max-num-seqs=256' "$BATS_TEST_TMPDIR/twice.yaml"
	prun "$R/cluster/pipelinerun-a-small.yaml" small a "$S/workloads/a.yaml" "$BATS_TEST_TMPDIR/twice.yaml"
	"$S2R_BIN/s2r-expect" --run "$R" "$S" >"$O"
	jq -e -s 'map(select(.metric == "config.deployed" and .scope.phase == "small"))[0] |
	    .value == 0 and .n == 13 and .values == []' "$O"
	# the other way round, the wrong value is the one that ran
	sed 's/- "--max-num-seqs=64"/- "--max-num-seqs=64"\n      - "--max-num-seqs=256"/' \
	    "$S/baselines/small.yaml" >"$BATS_TEST_TMPDIR/twice.yaml"
	prun "$R/cluster/pipelinerun-a-small.yaml" small a "$S/workloads/a.yaml" "$BATS_TEST_TMPDIR/twice.yaml"
	"$S2R_BIN/s2r-expect" --run "$R" "$S" >"$O"
	jq -e -s 'map(select(.metric == "config.deployed" and .scope.phase == "small"))[0] |
	    .value == 1 and .n == 13 and ([.values[] | [.metric, .run.value, .sim.value]] ==
	    [["vllm.max_num_seqs", 256, 64]])' "$O"
}

@test "transfer.yaml's baselines: a malformed scenario or flag is located" {
	S="$BATS_TEST_TMPDIR/sim"
	scn "$S"
	printf 'scenario:\n- name: x\n  decode:\n    replicas: two\n' >"$S/baselines/big.yaml"
	run --separate-stderr "$S2R_BIN/s2r-expect" "$S"
	assert_bad_input
	[ "$stderr" = "s2r-expect: baselines/big.yaml:4:15: expected decode.replicas: a whole number" ]
	printf 'scenario: {name: x}\n' >"$S/baselines/big.yaml"
	run --separate-stderr "$S2R_BIN/s2r-expect" "$S"
	assert_bad_input
	[ "$stderr" = "s2r-expect: baselines/big.yaml:1:11: expected scenario: a list of stacks" ]
	printf 'baselines: {small: x}\n' >"$S/transfer.yaml"
	run --separate-stderr "$S2R_BIN/s2r-expect" "$S"
	assert_bad_input
	[ "$stderr" = "s2r-expect: transfer.yaml:1:12: expected baselines: a list" ]
}

@test "--run: a PipelineRun spec that differs from the sim bundle's is a workload.conflict listing both sides" {
	R="$BATS_TEST_TMPDIR/run" S="$BATS_TEST_TMPDIR/sim"
	mkdir -p "$R/cluster" "$S/workloads"
	cp "$W/mixed.yaml" "$S/workloads/w1.yaml"
	prun "$R/cluster/pipelinerun-w1-base.yaml" base w1 "$W/mixed.yaml"
	sed 's/^aggregate_rate: 50$/aggregate_rate: 60/' "$W/mixed.yaml" >"$BATS_TEST_TMPDIR/fast.yaml"
	prun "$R/cluster/pipelinerun-w1-treat.yaml" treat w1 "$BATS_TEST_TMPDIR/fast.yaml"
	expect --run "$R" "$S"
	O="$BATS_TEST_TMPDIR/out.ndjson"
	# the same spec (base): nothing; the faster one (treat): the rates
	[ "$(jq -c 'select(.metric == "workload.conflict") | .scope' "$O")" = '{"phase":"treat","workload":"w1"}' ]
	jq -s -e 'map(select(.metric == "workload.conflict"))[0] | .value >= 6 and
	    (.values | length) == ([.value, 8] | min) and
	    any(.values[]; .metric == "client.rate" and .sim.value * 1.2 == .run.value
	        and .sim.source.file == "workloads/w1.yaml"
	        and .run.source.file == "cluster/pipelinerun-w1-treat.yaml")' "$O"
	# the sim's own records stay: the trace is judged against them
	[ "$(jq -r 'select(.metric == "qps.intended") | .value' "$O")" = 50 ]
}

@test "--run: the namespace each PipelineRun deployed into against the run's (run.namespace), judged" {
	R="$BATS_TEST_TMPDIR/run" S="$BATS_TEST_TMPDIR/sim" O="$BATS_TEST_TMPDIR/out.ndjson"
	mkdir -p "$R/cluster" "$S/workloads"
	cp "$W/v1.yaml" "$S/workloads/a.yaml"
	prun "$R/cluster/pipelinerun-a-base.yaml" base a "$W/v1.yaml"
	prun "$R/cluster/pipelinerun-a-treat.yaml" treat a "$W/v1.yaml"
	# no run_metadata.json namespace: nothing to compare with
	"$S2R_BIN/s2r-expect" --run "$R" "$S" >"$O"
	! jq -e -s 'any(.[]; .metric == "run.namespace")' "$O" || false
	echo '{"version": 1, "namespace": "team-a"}' >"$R/run_metadata.json"
	# metadata.namespace when there is no namespace param; the param wins
	sed -i 's/^metadata:$/&\n  namespace: team-a/' "$R/cluster/pipelinerun-a-base.yaml"
	sed -i 's/^metadata:$/&\n  namespace: team-a/;s/^  params:$/&\n  - name: namespace\n    value: team-b/' \
	    "$R/cluster/pipelinerun-a-treat.yaml"
	"$S2R_BIN/s2r-expect" --run "$R" "$S" >"$O"
	validate_records "$O"
	[ "$(jq -r 'select(.metric == "run.namespace") | "\(.scope.phase) \(.value) \(.deployed) \(.source.file):\(.source.line) \(.run_file)"' "$O")" = \
"base team-a team-a cluster/pipelinerun-a-base.yaml:$(grep -n 'namespace: team-a' "$R/cluster/pipelinerun-a-base.yaml" | cut -d: -f1) run_metadata.json
treat team-a team-b cluster/pipelinerun-a-treat.yaml:$(grep -n 'value: team-b' "$R/cluster/pipelinerun-a-treat.yaml" | cut -d: -f1) run_metadata.json" ]
	for p in base treat; do
		jq -c -n --arg p $p '{kind: "measure", check: "1a", metric: "requests.count",
		    value: 10, unit: "count", scope: {phase: $p, workload: "a"},
		    source: {file: "\($p)/a/trace_data.csv", field: "rows", how: "rows"}}'
	done >"$BATS_TEST_TMPDIR/m.ndjson"
	"$S2R_BIN/s2r-verdict" --no-fail-status "$O" "$BATS_TEST_TMPDIR/m.ndjson" >"$BATS_TEST_TMPDIR/v.ndjson"
	validate_records "$BATS_TEST_TMPDIR/v.ndjson"
	jq -e -s 'map(select(.metric == "run.namespace" and .scope.phase == "base"))[0].verdict == "PASS"' "$BATS_TEST_TMPDIR/v.ndjson"
	jq -e -s 'map(select(.metric == "run.namespace" and .scope.phase == "treat"))[0] | .verdict == "WARN" and .check == "2c" and
	    (.why | test("deployed into namespace team-b \\(cluster/pipelinerun-a-treat.yaml:[0-9]+\\); the run.s is team-a \\(run_metadata.json\\)"))' "$BATS_TEST_TMPDIR/v.ndjson"
}
