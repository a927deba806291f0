#!/usr/bin/env bats
# s2r-verdict checks 3a-3d and 4a-4d (lib/rules_proof.c) over real tool
# output: s2r-grep-proof over the Go fixture trees, s2r-config over a
# hand-written sim bundle and EPP configs.  Bundles are assembled in
# $BATS_TEST_TMPDIR from tests/fixtures/rules-proof and tests/fixtures/go.
load helpers
bats_require_minimum_version 1.5.0

GO="$FIXTURES/go"
RP="$FIXTURES/rules-proof"

# bundle NAME PLUGIN [TREATMENT_YAML]: SIM and REAL bundles under
# $BATS_TEST_TMPDIR/NAME with the real-bug or real-ok generated plugin.
bundle() {
	local d="$BATS_TEST_TMPDIR/$1"
	mkdir -p "$d/real/generated"
	cp -R "$RP/sim" "$d/sim"
	cp -R "$GO/sim/algorithm" "$d/sim/"
	cp "$RP/generated/baseline_config.yaml" "$d/real/generated/"
	cp "$RP/generated/${3:-treatment_config.yaml}" \
	    "$d/real/generated/treatment_config.yaml"
	[ -z "$2" ] || cp "$GO/$2/generated/"*.go "$d/real/generated/"
	SIM="$d/sim"
	REAL="$d/real"
	D="$d"
}

# records ROUTER_ARGS...: the sim, EPP and proof records of the bundle.
records() {
	"$S2R_BIN/s2r-config" "$SIM" >"$D/sim.ndjson"
	for arm in baseline treatment; do
		"$S2R_BIN/s2r-config" --root "$REAL" --phase "$arm" \
		    --epp "$REAL/generated/${arm}_config.yaml" >"$D/$arm.ndjson"
	done
	"$S2R_BIN/s2r-grep-proof" "$@" --real "$REAL" --sim "$SIM" \
	    --catalog "$S2R_TOP/pipelines/proofs.yaml" >"$D/proof.ndjson" ||
	    [ $? -eq 1 ]
}

# judge: verdicts of 3a-4d into $V, validated.
judge() {
	V="$D/verdicts.ndjson"
	"$S2R_BIN/s2r-verdict" -n --checks 3,4 "$D"/sim.ndjson \
	    "$D"/baseline.ndjson "$D"/treatment.ndjson "$D"/proof.ndjson >"$V"
	validate_records "$V"
}

# verdict METRIC [PHASE [CLASS]]: the verdict value of that record.
verdict() {
	jq -r --arg m "$1" --arg p "${2:-}" --arg c "${3:-}" \
	    'select(.metric == $m and (.scope.phase // "") == $p and
	     (.scope.class // "") == $c) | .verdict' "$V"
}

why() {
	jq -r --arg m "$1" 'select(.metric == $m) | .why' "$V" | head -1
}

@test "every check 3a-4d gives a verdict even with nothing at all" {
	V="$BATS_TEST_TMPDIR/v.ndjson"
	"$S2R_BIN/s2r-verdict" --checks 3,4 /dev/null >"$V"
	validate_records "$V"
	for c in 3a 3b 3c 3d 4a 4b 4c 4d; do
		jq -e -s --arg c "$c" '[.[] | select(.check == $c)] | length > 0' "$V" >/dev/null ||
		    { echo "no verdict for $c"; return 1; }
	done
	[ "$(jq -r 'select(.kind == "verdict") | .verdict' "$V" | sort -u)" = INAPPLICABLE ]
	# router-side claims say why, with what to pass
	for m in signal.queue_depth signal.kv_range snapshot.staleness admission.baseline priority.semantics routing.plugins; do
		[[ "$(why "$m")" == *"no codebase given: pass GAIE="*"LLMD="* ]] ||
		    { echo "$m: $(why "$m")"; return 1; }
	done
}

@test "the /100 bug: 3b FAIL with its consequence, from real tool output" {
	bundle bug real-bug
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict signal.kv_range)" = PASS ]
	[ "$(verdict transform.kv_usage)" = FAIL ]
	# the cited line is the one that divides by 100 (grep, not the C code)
	want=$(grep -n 'kv / 100' "$REAL/generated/preemptive_shed.go" | cut -d: -f1)
	jq -s -e --argjson l "$want" '[.[] | select(.metric == "transform.kv_usage")][0] |
	    .actual.source.line == $l and .actual.source.file == "generated/preemptive_shed.go" and
	    (.action | length > 0)' "$V"
	# the plain consequence with numbers computed here: at 90% usage and
	# the deployed threshold 0.8 the plugin sees 0.009/0.8 instead of 0.9/0.8
	t=$(grep kvCacheUtilThreshold "$REAL/generated/treatment_config.yaml" | awk '{print $2}')
	w=$(why transform.kv_usage)
	[[ "$w" == *"100 times too small"* ]]
	got=$(printf '%s\n' "$w" | sed -n 's/.*computes 0.009 \/ [0-9.]* = \([0-9.]*\) instead of 0.9 \/ [0-9.]* = \([0-9.]*\)\..*/\1 \2/p')
	awk -v t="$t" -v got="$got" 'BEGIN { split(got, g, " ");
	    exit !(g[1] != "" && (g[1] - 0.009 / t)^2 < 1e-8 && (g[2] - 0.9 / t)^2 < 1e-6) }' ||
	    { echo "got '$got' for threshold $t: $w"; return 1; }
	# the evidence shows the rescale next to the router's populate line
	jq -s -e '[.[] | select(.metric == "transform.kv_usage")][0] | [.evidence[].snippet // ""] | any(test("kv / 100.0"))' "$V"
	jq -s -e '[.[] | select(.metric == "signal.kv_range")][0] | [.evidence[].snippet // ""] | any(test("KVCacheUsagePercent = "))' "$V"
}

@test "swapped sheddable/batch in the generated switch: 4d FAIL" {
	bundle bug real-bug
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict priority.dispatch)" = FAIL ]
	w=$(why priority.dispatch)
	[[ "$w" == *"swapped"* ]]
	[[ "$w" == *"priority -50 (sheddable"*"gets the batch parameters"* ]]
	# the switch block is the cited evidence, with its lines
	s=$(grep -n 'switch priority' "$REAL/generated/preemptive_shed.go" | cut -d: -f1)
	jq -s -e --argjson s "$s" '[.[] | select(.metric == "priority.dispatch")][0] |
	    .actual.source.line == $s and
	    ([.evidence[] | select(.label | startswith("generated plugin"))][0].snippet | test("case -50"))' "$V"
	# critical/standard are still admitted first
	[ "$(verdict priority.protected)" = PASS ]
}

@test "the right plugin on both router layouts: every proof check passes" {
	bundle ok real-ok
	records --root "$GO/gaie" --label gaie --root "$GO/llmd" --label llmd
	judge
	for m in signal.queue_depth signal.kv_utilization signal.priority signal.kv_range \
	    transform.kv_usage saturation.formula saturation.empty_pool snapshot.refresh_interval \
	    snapshot.staleness routing.plugins priority.dispatch priority.protected priority.semantics; do
		[ "$(verdict "$m")" = PASS ] || { echo "$m: $(verdict "$m") $(why "$m")"; return 1; }
	done
	[ "$(verdict saturation.queue_depth_threshold treatment)" = PASS ]
	[ "$(verdict routing.policy baseline)" = PASS ]
	[ "$(verdict admission.baseline baseline)" = PASS ]
	[ "$(verdict admission.tier_parameters treatment sheddable)" = PASS ]
	[ "$(verdict admission.tier_parameters treatment batch)" = PASS ]
	# both codebases are cited for a signal
	[[ "$(why signal.queue_depth)" == *"gaie pkg/"*"llmd pkg/"* ]]
	# the router's stale-metrics rule differs from the sim's: a WARN that
	# says what to review
	[ "$(verdict saturation.stale_metrics)" = WARN ]
	[[ "$(why saturation.stale_metrics)" == *"Review"* ]]
	# the router default thresholds are read from the const block: 5 and 0.8
	d=$(grep -h 'DefaultQueueDepthThreshold' "$GO/gaie/pkg/epp/framework/plugins/flowcontrol/saturationdetector/utilization/config.go" | grep -o '= *[0-9.]*' | tr -d '= ')
	[[ "$(jq -r 'select(.metric == "saturation.queue_depth_threshold") | .why' "$V")" == *"DefaultQueueDepthThreshold = $d"* ]]
}

@test "without a codebase: router claims INAPPLICABLE, bundle facts still shown" {
	bundle nocode real-bug
	records
	judge
	for m in signal.queue_depth signal.kv_range snapshot.refresh_interval snapshot.staleness \
	    routing.plugins admission.baseline priority.semantics saturation.formula; do
		v=$(verdict "$m" "$( [ "$m" = admission.baseline ] && echo baseline)")
		[ "$v" = INAPPLICABLE ] || { echo "$m: $v"; return 1; }
		[[ "$(why "$m")" == *"no codebase given"* ]] || { echo "$m: $(why "$m")"; return 1; }
	done
	# the algorithm's use of the signal is still cited (file:line)
	l=$(grep -n 'in.QueueDepth' "$SIM/algorithm/admission.go" | head -1 | cut -d: -f1)
	[[ "$(why signal.queue_depth)" == *"algorithm/admission.go:$l"* ]]
	# the sim refresh interval is still shown: 50000 us from config.md
	jq -s -e '[.[] | select(.metric == "snapshot.refresh_interval")][0] | .expected.value == 50000' "$V"
	# bundle-side disagreements are still judged: the plugin rescales KV
	# although the sim algorithm does not; the tiers are swapped
	[ "$(verdict transform.kv_usage)" = FAIL ]
	[ "$(verdict priority.dispatch)" = FAIL ]
	[ "$(verdict routing.policy treatment)" = PASS ]
}

@test "4c: swapped tier parameters and a different picker in the YAML" {
	bundle swapped real-ok treatment_swapped.yaml
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict admission.tier_parameters treatment sheddable)" = FAIL ]
	[ "$(verdict admission.tier_parameters treatment batch)" = FAIL ]
	w=$(jq -r 'select(.metric == "admission.tier_parameters" and .scope.class == "sheddable") | .why' "$V")
	[[ "$w" == *"it is the sim's batch value"* && "$w" == *"swapped"* ]]
	[ "$(verdict admission.parameters treatment)" = PASS ]
	[ "$(verdict routing.policy treatment)" = FAIL ]
	[ "$(verdict routing.policy baseline)" = PASS ]
	# max-score-picker is proven from its registration too
	jq -s -e '[.[] | select(.metric == "routing.plugins")][0] | .verdict == "PASS" and (.why | test("max-score-picker: registered"))' "$V"
}

@test "4c: a deployed key differing from the plan only in case is the planned one (encoding/json ignores case)" {
	bundle casekey real-ok
	sed -i 's/^\( *\)sheddableShed/\1SheddableShed/' "$REAL/generated/treatment_config.yaml"
	grep -q 'SheddableShedStart' "$REAL/generated/treatment_config.yaml"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict admission.tier_parameters treatment sheddable)" = PASS ]
	[[ "$(jq -r 'select(.metric == "admission.tier_parameters" and .scope.class == "sheddable") | .why' "$V")" != *"Not deployed"* ]]
}

@test "4c: a deployed treatment config that gives no plugin a parameter WARNs (compiled-in defaults), no deployed config MISSING" {
	bundle bare real-ok
	sed -i 's/^\( *\)parameters:$/\1params:/' "$REAL/generated/treatment_config.yaml"
	! grep -q 'parameters:' "$REAL/generated/treatment_config.yaml" || false
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict admission.parameters)" = WARN ]
	[[ "$(why admission.parameters)" == *"EPP configs deployed for treatment give no plugin a parameter"*"compiled-in defaults"* ]]
	# without any deployed arm config the parameters are MISSING
	jq -c 'select((.scope.phase // "") != "treatment")' "$D/treatment.ndjson" >"$D/t" && mv "$D/t" "$D/treatment.ndjson"
	jq -c 'select((.metric | startswith("epp.")) | not)' "$D/baseline.ndjson" >"$D/t" && mv "$D/t" "$D/baseline.ndjson"
	judge
	[ "$(verdict admission.parameters)" = MISSING ]
}

@test "4a: a sim that routes by load against random-picker: FAIL; against max-score-picker: WARN (the scorers decide)" {
	bundle load real-ok treatment_swapped.yaml
	sed -i 's/| `--routing-policy` | round-robin |/| `--routing-policy` | least-loaded |/' "$SIM/config.md"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict routing.policy baseline)" = FAIL ]
	[[ "$(jq -r 'select(.metric == "routing.policy" and .scope.phase == "baseline") | .why' "$V")" == *"least-loaded picks an endpoint by its load; random-picker ignores the load (and every score)"* ]]
	[ "$(verdict routing.policy treatment)" = WARN ]
	[[ "$(jq -r 'select(.metric == "routing.policy" and .scope.phase == "treatment") | .why' "$V")" == *"no known mapping of sim policy least-loaded"* ]]
}

@test "3d: a slower sim snapshot than the router's refresh and staleness" {
	bundle slow real-ok
	sed -i 's/| 50000 | 50 ms |/| 250000 | 250 ms |/' "$SIM/config.md"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict snapshot.refresh_interval)" = WARN ]
	[[ "$(why snapshot.refresh_interval)" == *"up to 50 ms old, the sim's up to 250 ms"* ]]
	[ "$(verdict snapshot.staleness)" = WARN ]
}

@test "3d: a sim bundle that gives no snapshot refresh is MISSING, with BLIS's default said, not assumed" {
	bundle norefresh real-ok
	sed -i '/--snapshot-refresh-interval/d' "$SIM/config.md"
	! grep -q snapshot-refresh "$SIM/config.md" || false
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict snapshot.refresh_interval)" = MISSING ]
	[[ "$(why snapshot.refresh_interval)" == *"gives no --snapshot-refresh-interval"*"BLIS's default (cmd/root.go) is 50 ms; if the sim ran with it, the delays would be equal, but the bundle does not say which BLIS ran, nor with what flags."* ]]
}

@test "the report shows the code side by side in the Signal and Policy sections" {
	bundle bug real-bug
	records --root "$GO/gaie" --label gaie
	judge
	run "$S2R_BIN/s2r-report" -o "$D/r.md" "$V"
	[ "$status" -eq 1 ]
	sec3=$(sed -n '/^## 3\. Signal Parity/,/^## 4\./p' "$D/r.md")
	sec4=$(sed -n '/^## 4\. Policy Parity/,/^## 5\./p' "$D/r.md")
	l=$(grep -n 'kv / 100' "$REAL/generated/preemptive_shed.go" | cut -d: -f1)
	[[ "$sec3" == *"generated plugin: the rescale — generated/preemptive\_shed.go:$l"* ]]
	[[ "$sec3" == *'```go'*'kvFrac := kv / 100.0'* ]]
	[[ "$sec3" == *"router gaie: saturation detector (full function)"* ]]
	[[ "$sec4" == *"generated plugin: priority -&gt; parameters"*'```go'*'switch priority {'* ]]
	# every fence is closed
	[ $(( $(grep -c '^```' "$D/r.md") % 2 )) -eq 0 ]
}

@test "deterministic: same records, same bytes" {
	bundle det real-bug
	records --root "$GO/gaie" --label gaie --root "$GO/llmd" --label llmd
	judge
	cp "$V" "$D/first"
	judge
	cmp "$D/first" "$V"
}

@test "pipeline: proof.ndjson with GAIE=, and the bundle side without it" {
	cp -R "$S2R_TOP/examples/sim" "$BATS_TEST_TMPDIR/sim"
	cp -R "$S2R_TOP/examples/real" "$BATS_TEST_TMPDIR/real"
	cp "$GO/real-bug/generated/"*.go "$BATS_TEST_TMPDIR/real/generated/"
	run make -s -f "$S2R_TOP/pipelines/parity.mk" S2R_BIN="$S2R_BIN" \
	    SIM="$BATS_TEST_TMPDIR/sim" REAL="$BATS_TEST_TMPDIR/real" \
	    OUT="$BATS_TEST_TMPDIR/out" GAIE="$GO/gaie"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	O="$BATS_TEST_TMPDIR/out"
	validate_records "$O/proof.ndjson"
	jq -e -s '[.[] | select(.claim == "3c.router-saturation")][0].status == "found"' "$O/proof.ndjson"
	jq -e -s '[.[] | select(.metric == "transform.kv_usage")][0].verdict == "FAIL"' "$O/verdicts.ndjson"
	grep -q 'Evidence for transform.kv\\_usage' "$O/report.md"
	# without a codebase: rerun (the arguments changed), router side INAPPLICABLE
	run make -s -f "$S2R_TOP/pipelines/parity.mk" S2R_BIN="$S2R_BIN" \
	    SIM="$BATS_TEST_TMPDIR/sim" REAL="$BATS_TEST_TMPDIR/real" \
	    OUT="$BATS_TEST_TMPDIR/out"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	jq -e -s '[.[] | select(.claim == "3c.router-saturation")][0].status == "no_source"' "$O/proof.ndjson"
	jq -e -s '[.[] | select(.metric == "signal.kv_range")][0] | .verdict == "INAPPLICABLE" and (.why | test("no codebase given"))' "$O/verdicts.ndjson"
	[ ! -e "$O/proof.ndjson.tmp" ]
}

@test "samples: 14b-sim's snapshot interval and tier table against the router" {
	need_samples
	D="$BATS_TEST_TMPDIR"
	S="$S2R_SAMPLES/14b-sim"
	"$S2R_BIN/s2r-config" "$S" >"$D/sim.ndjson"
	: >"$D/baseline.ndjson"
	: >"$D/treatment.ndjson"
	"$S2R_BIN/s2r-grep-proof" --root "$GO/gaie" --label gaie --sim "$S" \
	    --catalog "$S2R_TOP/pipelines/proofs.yaml" >"$D/proof.ndjson" || [ $? -eq 1 ]
	judge
	# --snapshot-refresh-interval in the BLIS-only table (awk, not the C code)
	us=$(awk -F'|' '/--snapshot-refresh-interval/ { gsub(/[ `]/, "", $3); sub(/\(.*/, "", $3); print $3 }' "$S/config.md")
	jq -s -e --argjson us "$us" '[.[] | select(.metric == "snapshot.refresh_interval")][0] | .expected.value == $us' "$V"
	[ "$(verdict snapshot.refresh_interval)" = PASS ]
	[ "$(verdict priority.semantics)" = PASS ]
	# the planned configs (README transfer sections) use random-picker,
	# the sim round-robin
	[ "$(verdict routing.policy treatment)" = PASS ]
	[ "$(verdict routing.policy control)" = PASS ]
}

# The generated plugin of the current bundle.
PLUGIN() { echo "$REAL/generated/preemptive_shed.go"; }

@test "3a: a signal read from a struct the plugin built without it is always 0: FAIL; set in the literal, later, or positionally: not" {
	snap() {
		bundle "snap$2" real-ok
		sed -i "s|^\t\tq := float64(m.WaitingQueueSize) / a.p.QueueDepthThreshold\$|$1\n\t\tq := float64(s.WaitingQueueSize) / a.p.QueueDepthThreshold|; s|^\t\tkv := m.KVCacheUsagePercent|\t\tkv := s.KVCacheUsagePercent|" "$(PLUGIN)"
		records --root "$GO/gaie" --label gaie
		judge
	}
	snap '\t\ts := snapshot{\n\t\t\tWaitingQueueSize: m.WaitingQueueSize,\n\t\t}' unset
	[ "$(verdict signal.kv_utilization)" = FAIL ]
	l=$(grep -n 's := snapshot{' "$(PLUGIN)" | cut -d: -f1)
	[[ "$(why signal.kv_utilization)" == *"reads KVCacheUsagePercent from s ("*"a value built without it (real generated/preemptive_shed.go:$l \`s := snapshot{\`: no KVCacheUsagePercent set"* ]]
	[ "$(verdict signal.queue_depth)" = PASS ]
	snap '\t\tvar s snapshot\n\t\ts.WaitingQueueSize = m.WaitingQueueSize' var
	[ "$(verdict signal.kv_utilization)" = FAIL ]
	snap '\t\ts := snapshot{WaitingQueueSize: m.WaitingQueueSize, KVCacheUsagePercent: m.KVCacheUsagePercent}' set
	[ "$(verdict signal.kv_utilization)" = PASS ]
	snap '\t\tvar s snapshot\n\t\ts.WaitingQueueSize = m.WaitingQueueSize\n\t\ts.KVCacheUsagePercent = m.KVCacheUsagePercent' later
	[ "$(verdict signal.kv_utilization)" = PASS ]
	snap '\t\ts := snapshot{m.WaitingQueueSize, m.KVCacheUsagePercent}' positional
	[ "$(verdict signal.kv_utilization)" = PASS ]
	snap '\t\tvar s snapshot\n\t\tfill(\&s, m)' filled
	[ "$(verdict signal.kv_utilization)" = PASS ]
}

@test "3a: the plugin reads RunningRequestsSize where the sim means queue depth: FAIL, with what it reads" {
	bundle wrong real-ok
	sed -i 's/float64(m.WaitingQueueSize)/float64(m.RunningRequestsSize)/' "$(PLUGIN)"
	l=$(grep -n 'm.RunningRequestsSize' "$(PLUGIN)" | cut -d: -f1)
	records --root "$GO/gaie" --label gaie --root "$GO/llmd" --label llmd
	judge
	[ "$(verdict signal.queue_depth)" = FAIL ]
	w=$(why signal.queue_depth)
	[[ "$w" == *"never reads WaitingQueueSize, the router field that carries queue depth; it reads RunningRequestsSize instead (real generated/preemptive_shed.go:$l "* ]]
	# the sim never reads running requests: the extra signal is a review
	[ "$(verdict signal.running_requests)" = WARN ]
	# the formula's queue term is gone as well (a whole-word match:
	# QueueDepthThreshold is not the queue depth)
	[ "$(verdict saturation.formula)" = FAIL ]
	# without the router's source the field is not proven: WARN
	records
	judge
	[ "$(verdict signal.queue_depth)" = WARN ]
	[[ "$(why signal.queue_depth)" == *"no codebase given"*"never reads WaitingQueueSize"* ]]
}

@test "3b: test values are counted over every hit past the cap, and the cap is said" {
	bundle cap real-ok
	records --root "$GO/gaie" --label gaie
	judge
	# the reference counts: every KV literal in the router's tests (grep)
	vals=$(grep -rhoE '(KVCacheUsagePercent|kvUsage)[[:space:]]*[:=][[:space:]]*[0-9.]+' --include='*_test.go' "$GO/gaie" | sed 's/.*[:=][[:space:]]*//')
	small=$(echo "$vals" | awk '$1 <= 1' | wc -l)
	big=$(echo "$vals" | awk '$1 > 1' | wc -l)
	n=$((small + big))
	max=$(awk '/id: 3b.test-values/,/max_hits/' "$S2R_TOP/pipelines/proofs.yaml" | sed -n 's/.*max_hits: //p')
	[ "$n" -gt "$max" ]
	[ "$(verdict signal.kv_range)" = PASS ]
	w=$(why signal.kv_range)
	[[ "$w" == *"set it to $small values <= 1 and $big above 1, counted over every hit ($n hits, $max shown as records"* ]]
	# the capped record lists the rest; the evidence says so
	jq -e -s --argjson r $((n - max)) '[.[] | select(.claim == "3b.test-values" and .status == "capped")][0] | .omitted | length == $r' "$D/proof.ndjson"
	# percents past the cap, in a test file walked last: most fixtures
	# now say percent, which contradicts the code: WARN
	cp -R "$GO/gaie" "$D/gaie"
	mkdir -p "$D/gaie/pkg/epp/server"
	for v in 55.0 60.0 65.0 75.0 80.0 85.0 90.0; do
		printf '\t{KVCacheUsagePercent: %s},\n' "$v"
	done | sed '1i package server\nvar fixtures = []struct{ KVCacheUsagePercent float64 }{' | sed '$a }' >"$D/gaie/pkg/epp/server/options_test.go"
	records --root "$D/gaie" --label gaie
	judge
	[ "$(verdict signal.kv_range)" = WARN ]
	[[ "$(why signal.kv_range)" == *"most test fixtures ($((big + 7)) of $((n + 7)))"* ]]
	# the code still says 0-1: the plugin's transform is judged on it
	[ "$(verdict transform.kv_usage)" = PASS ]
}

@test "3c: the saturation function under any name; a plugin without one: MISSING" {
	bundle renamed real-ok
	sed -i 's/\<saturation(/poolLoad(/g' "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict saturation.formula)" = PASS ]
	[[ "$(why saturation.formula)" == *"generated plugin poolLoad (real generated/preemptive_shed.go:"* ]]
	# the empty pool is read from it too
	sed -i '/poolLoad(pods \[\]pod) float64 {/,/^}/ s/return 1.0$/return 0.0/' "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict saturation.empty_pool)" = FAIL ]
	# no saturation computed at all: what should be there is not
	sed -i -e '/poolLoad(pods \[\]pod) float64 {/,/^}/d' -e 's/sat := a.poolLoad(pods)/sat := 0.5/' "$(PLUGIN)"
	! grep -q poolLoad "$(PLUGIN)" || false
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict saturation.formula)" = MISSING ]
	[[ "$(why saturation.formula)" == *"The generated plugin has no function that computes a saturation"*"(AdmitRequest)"* ]]
}

@test "3c: an endpoint without metrics skipped, or dropped by a filter on the admission path: FAIL" {
	bundle skip real-ok
	sed -i '/total += 1.0/d' "$(PLUGIN)"
	l=$(grep -n 'if m == nil' "$(PLUGIN)" | cut -d: -f1)
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict saturation.stale_metrics)" = FAIL ]
	w=$(why saturation.stale_metrics)
	[[ "$w" == *"generated plugin saturation (real generated/preemptive_shed.go:$l \`if m == nil\`): for an endpoint without metrics it skips the endpoint (continue)"* ]]
	[[ "$w" == *"under-shedding at startup"* ]]
	jq -s -e '[.[] | select(.metric == "saturation.stale_metrics")][0] | .expected.value == "missing: counted as fully loaded; stale: not tested" and .actual.value == "missing: skips; stale: not tested"' "$V"
	# the saturation function still counts them, but a filter on the
	# admission path drops them first: judged where it decides
	bundle filter real-ok
	sed -i 's/sat := a.saturation(pods)/sat := a.saturation(fresh(pods))/' "$(PLUGIN)"
	cat >>"$(PLUGIN)" <<'GO'

// fresh keeps the pods whose metrics are there and recent.
func fresh(pods []pod) []pod {
	var kept []pod
	for _, pd := range pods {
		if m := pd.GetMetrics(); m == nil || time.Since(m.UpdateTime) > 200*time.Millisecond {
			continue
		}
		kept = append(kept, pd)
	}
	return kept
}
GO
	l=$(grep -n 'm == nil || time.Since' "$(PLUGIN)" | cut -d: -f1)
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict saturation.stale_metrics)" = FAIL ]
	[[ "$(why saturation.stale_metrics)" == *"generated plugin fresh (real generated/preemptive_shed.go:$l"*"skips the endpoint (continue)"* ]]
	# a filter off the admission path (scheduling) is shown, not judged
	bundle offpath real-ok
	sed -n '/^\/\/ fresh keeps/,$p' "$BATS_TEST_TMPDIR/filter/real/generated/preemptive_shed.go" | sed 's/^func fresh/func Filter/' >>"$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict saturation.stale_metrics)" = WARN ]
	[[ "$(why saturation.stale_metrics)" == *"Off the admission path, generated plugin Filter"* ]]
}

@test "3c: the admission functions' empty-pool decisions, sim against plugin" {
	bundle admit real-ok
	cat >"$SIM/algorithm/admit.go" <<'GO'
package algorithm

// Admit decides one request: an empty pool admits everything.
func Admit(priority int, instances []Instance) bool {
	if len(instances) == 0 {
		return true
	}
	start, full := shedRamp(priority)
	return computeSaturation(instances) < start+full
}
GO
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict saturation.empty_pool)" = PASS ]
	[[ "$(why saturation.empty_pool)" == *"sim algorithm Admit admits an empty pool"*"generated plugin AdmitRequest admits an empty pool"* ]]
	sed -i '/if len(pods) == 0 {/{n;s/return nil/return errors.New("no pods")/}' "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict saturation.empty_pool)" = FAIL ]
	[[ "$(why saturation.empty_pool)" == *"generated plugin AdmitRequest rejects an empty pool"* ]]
}

# routing BUNDLE: the routing-only fixture (config.md's EPP YAML per arm).
routing() {
	D="$BATS_TEST_TMPDIR/$1"
	mkdir -p "$D"
	cp -R "$RP/routing/sim" "$D/sim"
	cp -R "$RP/routing" "$D/r"
	rm -rf "$D/r/sim"
	SIM="$D/sim"
	REAL="$D/r"
}

@test "4a/4c: without --routing-policy config.md's EPP YAML is the sim's routing; a routing-only treatment is routing.parameters" {
	routing rt
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict routing.policy baseline)" = PASS ]
	[ "$(verdict routing.policy treatment)" = PASS ]
	[ "$(verdict routing.parameters treatment)" = PASS ]
	# not called admission: no admission.* verdict for a routing arm
	[ -z "$(jq -r 'select(.check == "4c" and (.metric | startswith("admission"))) | .metric' "$V")" ]
	# the deployed picker (grep, not the C code) against config.md's
	sed -i 's/type: max-score-picker/type: random-picker/' "$REAL/generated/treatment_config.yaml"
	pl=$(grep -n 'type: max-score-picker' "$SIM/config.md" | tail -1 | cut -d: -f1)
	dl=$(grep -n 'type: random-picker' "$REAL/generated/treatment_config.yaml" | cut -d: -f1)
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict routing.policy treatment)" = FAIL ]
	[[ "$(jq -r 'select(.metric == "routing.policy" and .scope.phase == "treatment") | .why' "$V")" == *"picker: planned max-score-picker (config.md:$pl), deployed random-picker (generated/treatment_config.yaml:$dl) DIFFERS"* ]]
	[ "$(verdict routing.parameters treatment)" = FAIL ]
	[ "$(verdict routing.policy baseline)" = PASS ]
	# a scorer weight that drifted
	routing wt
	sed -i 's/weight: 1.0/weight: 2.0/' "$REAL/generated/treatment_config.yaml"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict routing.policy treatment)" = FAIL ]
	[ "$(verdict routing.parameters treatment)" = FAIL ]
	[[ "$(jq -r 'select(.metric == "routing.parameters") | .why' "$V")" == *"scorer default/blended-routing-scorer: weight planned 1 (config.md:"*"deployed 2 (generated/treatment_config.yaml:"*"DIFFERS"* ]]
	# no plan for an arm and no --routing-policy: MISSING
	routing none
	sed -i '/^## Treatment/,$d' "$SIM/config.md"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict routing.policy treatment)" = MISSING ]
}

@test "4a: a scorer type listed twice in a profile counts with its summed weight; a filter step in one config only is a WARN" {
	# the prefix scorer listed twice: the scheduler runs both, weight 6
	routing twice
	sed -i '/^      - pluginRef: queue-scorer$/i \      - pluginRef: prefix-scorer\n        weight: 3.0' \
	    "$REAL/generated/baseline_config.yaml"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict routing.policy baseline)" = FAIL ]
	[[ "$(jq -r 'select(.metric == "routing.policy" and .scope.phase == "baseline") | .why' "$V")" == *"scorer default/prefix-cache-scorer: weight planned 3 (config.md:"*"), deployed 6 (listed 2 times in the profile, weights 3 at generated/baseline_config.yaml:14 + 3 at generated/baseline_config.yaml:16) DIFFERS"* ]]
	# two plugins of one type splitting the planned weight: the same scoring
	routing split
	sed -i -e '/^  - name: picker$/i \  - name: prefix2\n    type: prefix-cache-scorer' \
	    -e '/^      - pluginRef: queue-scorer$/i \      - pluginRef: prefix2\n        weight: 1.5' \
	    -e '/pluginRef: prefix-scorer$/{n;s/weight: 3.0/weight: 1.5/}' \
	    "$REAL/generated/baseline_config.yaml"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict routing.policy baseline)" = PASS ]
	[[ "$(jq -r 'select(.metric == "routing.policy" and .scope.phase == "baseline") | .why' "$V")" == *"deployed 3 (listed 2 times in the profile, weights 1.5 at"* ]]
	# a filter the plan does not have: unsure (it depends on the pods)
	routing filter
	sed -i -e '/^  - name: picker$/i \  - name: decode-filter\n    type: decode-filter' \
	    -e '/^    plugins:$/a \      - pluginRef: decode-filter' \
	    "$REAL/generated/baseline_config.yaml"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict routing.policy baseline)" = WARN ]
	[[ "$(jq -r 'select(.metric == "routing.policy" and .scope.phase == "baseline") | .why' "$V")" == *"profile step default/decode-filter (no weight): deployed, not planned (generated/baseline_config.yaml:"*") UNSURE"* ]]
	[ "$(verdict routing.policy treatment)" = PASS ]
	# the same filter planned too: PASS
	sed -i -e '0,/^    type: max-score-picker$/s//    type: max-score-picker\n  - name: df\n    type: decode-filter/' \
	    -e '0,/^      - pluginRef: prefix$/s//      - pluginRef: df\n      - pluginRef: prefix/' "$SIM/config.md"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict routing.policy baseline)" = PASS ]
	# planned, not deployed: WARN as well
	routing filter2
	sed -i -e '0,/^    type: max-score-picker$/s//    type: max-score-picker\n  - name: df\n    type: decode-filter/' \
	    -e '0,/^      - pluginRef: prefix$/s//      - pluginRef: df\n      - pluginRef: prefix/' "$SIM/config.md"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict routing.policy baseline)" = WARN ]
	[[ "$(jq -r 'select(.metric == "routing.policy" and .scope.phase == "baseline") | .why' "$V")" == *"profile step default/decode-filter (no weight): planned, not deployed (config.md:"*") UNSURE"* ]]
}

@test "4a: the picker is the one the profile references, not the first the config instantiates" {
	routing pick
	sed -i -e '/^schedulingProfiles:$/i \  - name: random\n    type: random-picker' \
	    -e 's/^      - pluginRef: picker$/      - pluginRef: random/' \
	    "$REAL/generated/baseline_config.yaml"
	dl=$(grep -n 'type: random-picker' "$REAL/generated/baseline_config.yaml" | cut -d: -f1)
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict routing.policy baseline)" = FAIL ]
	[[ "$(jq -r 'select(.metric == "routing.policy" and .scope.phase == "baseline") | .why' "$V")" == *"deployed random-picker (generated/baseline_config.yaml:$dl) DIFFERS"* ]]
	[ "$(jq -r 'select(.metric == "routing.policy" and .scope.phase == "baseline") | .actual.value' "$V")" = random-picker ]
	# the sim's --routing-policy path reads the same picker
	routing pick2
	printf '\n## BLIS Simulation\n\n| BLIS Flag | Value | Notes |\n|---|---|---|\n| `--routing-policy` | weighted | |\n' >>"$SIM/config.md"
	sed -i -e '/^schedulingProfiles:$/i \  - name: random\n    type: random-picker' \
	    -e 's/^      - pluginRef: picker$/      - pluginRef: random/' \
	    "$REAL/generated/baseline_config.yaml"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict routing.policy baseline)" = FAIL ]
	[[ "$(jq -r 'select(.metric == "routing.policy" and .scope.phase == "baseline") | .why' "$V")" == *"corresponds to max-score-picker"*"not to random-picker"* ]]
}

@test "4a: a sim --routing-policy against an arm whose two pickers no profile names: WARN, no picker is known (the router takes either)" {
	routing nopick
	printf '\n## BLIS Simulation\n\n| BLIS Flag | Value | Notes |\n|---|---|---|\n| `--routing-policy` | weighted | |\n' >>"$SIM/config.md"
	sed -i -e '/^schedulingProfiles:$/i \  - name: random\n    type: random-picker' \
	    -e '/^      - pluginRef: picker$/d' \
	    "$REAL/generated/baseline_config.yaml"
	[ "$(grep -c 'type: .*-picker$' "$REAL/generated/baseline_config.yaml")" -eq 2 ]
	[ "$(grep -c 'pluginRef: picker$' "$REAL/generated/baseline_config.yaml")" -eq 0 ]
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict routing.policy baseline)" = WARN ]
	[[ "$(jq -r 'select(.metric == "routing.policy" and .scope.phase == "baseline") | .why' "$V")" == *"No picker is known: the arm has no EPP plugins, or several pickers that no profile names"* ]]
	# the treatment arm names its picker: that one is compared
	[[ "$(jq -r 'select(.metric == "routing.policy" and .scope.phase == "treatment") | .why' "$V")" == *"weighted corresponds to max-score-picker"* ]]
}

@test "4a: a weighted sim's --routing-scorers against the deployed scorer weights, as shares" {
	blis() {	# blis SCORERS: the routing fixture with a weighted sim
		routing "sc$2"
		printf '\n## BLIS Simulation\n\n| BLIS Flag | Value | Notes |\n|---|---|---|\n| `--routing-policy` | weighted | |\n| `--routing-scorers` | %s | |\n' "$1" >>"$SIM/config.md"
		records --root "$GO/gaie" --label gaie
		judge
		W=$(jq -r 'select(.metric == "routing.policy" and .scope.phase == "baseline") | .why' "$V")
	}
	# the baseline deploys prefix 3, queue 2: the same shares pass
	blis prefix-affinity:3,queue-depth:2 1
	[ "$(verdict routing.policy baseline)" = PASS ]
	[[ "$W" == *"sim scorer prefix-affinity: 60% of the weight, deployed prefix-cache-scorer: 60%; sim scorer queue-depth: 40% of the weight, deployed queue-scorer: 40%."* ]]
	blis prefix-affinity:6,queue-depth:4 2
	[ "$(verdict routing.policy baseline)" = PASS ]
	# 1:1 against 3:2: another blend
	blis prefix-affinity:1,queue-depth:1 3
	[ "$(verdict routing.policy baseline)" = FAIL ]
	[[ "$W" == *"sim scorer prefix-affinity: 50% of the weight, deployed prefix-cache-scorer: 60% DIFFERS"* ]]
	# the sim without the prefix scorer: a deployed scorer it lacks
	blis queue-depth:2 4
	[ "$(verdict routing.policy baseline)" = FAIL ]
	[[ "$W" == *"scorer default/prefix-cache-scorer: deployed with weight 3 (generated/baseline_config.yaml:"*"), no sim scorer DIFFERS"* ]]
	# a sim scorer with no known EPP counterpart: a review, not a FAIL
	blis prefix-affinity:3,queue-depth:2,load-balance:1 5
	[ "$(verdict routing.policy baseline)" = WARN ]
	[[ "$W" == *"sim scorer load-balance: no known EPP scorer UNSURE"*"every share is uncertain"* ]]
}

@test "4c: a flow-control usage-limit policy is admission whatever its type is called, not routing" {
	routing ul
	printf 'featureGates:\n- flowControl\nflowControl:\n  usageLimitPolicyPluginRef: ceiling\n' \
	    >>"$REAL/generated/treatment_config.yaml"
	sed -i '/^plugins:$/a \  - name: ceiling\n    type: exponential-ceiling-policy' \
	    "$REAL/generated/treatment_config.yaml"
	records --root "$GO/gaie" --label gaie
	judge
	# no "its treatment is routing" verdict for the arm
	[ -z "$(verdict routing.parameters treatment)" ]
	[ -n "$(jq -r 'select(.check == "4c" and (.metric | startswith("admission"))) | .metric' "$V")" ]
	# the same policy named but empty: routing again
	routing ul0
	printf 'flowControl:\n  usageLimitPolicyPluginRef: ""\n' >>"$REAL/generated/treatment_config.yaml"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict routing.parameters treatment)" = PASS ]
}

@test "4b: a baseline with its own admission: the router's control plugin or nothing" {
	bundle base real-ok
	sed -i '/^plugins:$/a - type: preemptive-shed-admitter\n  name: preemptive-shed' "$REAL/generated/baseline_config.yaml"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict admission.baseline baseline)" = FAIL ]
	w=$(jq -r 'select(.metric == "admission.baseline") | .why' "$V")
	[[ "$w" == *"The baseline loads preemptive-shed-admitter, the admission plugin of arm treatment"* ]]
	# judged from the configs: the router's source is not needed
	records
	judge
	[ "$(verdict admission.baseline baseline)" = FAIL ]
	# the router's own rule as a plugin is allowed
	bundle ctl real-ok
	sed -i '/^plugins:$/a - type: gaie-control-admitter' "$REAL/generated/baseline_config.yaml"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict admission.baseline baseline)" = PASS ]
	# the flowControl gate is another admission: FAIL
	bundle gate real-ok
	printf 'featureGates:\n- flowControl\n' >>"$REAL/generated/baseline_config.yaml"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict admission.baseline baseline)" = FAIL ]
	[[ "$(jq -r 'select(.metric == "admission.baseline") | .why' "$V")" == *"flowControl gate replaces the legacy admission"* ]]
	# unless the sim bundle plans exactly that for its baseline
	printf '\n## Transfer: Baseline\n\n```yaml\napiVersion: inference.networking.x-k8s.io/v1alpha1\nkind: EndpointPickerConfig\nfeatureGates:\n- flowControl\nplugins:\n- type: random-picker\n```\n' >>"$SIM/README.md"
	l=$(grep -n '^- flowControl' "$SIM/README.md" | cut -d: -f1)
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict admission.baseline baseline)" = PASS ]
	[[ "$(jq -r 'select(.metric == "admission.baseline") | .why' "$V")" == *"The sim bundle plans the same for its baseline (README.md:$l)"* ]]
}

@test "4b/4c: the generated plugin's type is admission whatever it is called, when the code registers it with an admitter's factory" {
	bundle ren ""
	cp "$S2R_TOP/tests/faults/fixtures/14b/generated/"*.go "$REAL/generated/"
	sed -i 's/"preemptive-shed-admitter"/"tier-ramp"/' "$REAL/generated/preemptive_shed.go"
	sed -i 's/type: preemptive-shed-admitter/type: tier-ramp/' "$REAL/generated/treatment_config.yaml"
	records --root "$GO/gaie" --label gaie
	judge
	# the treatment is admission: its parameters per tier, not routing
	[ "$(verdict admission.tier_parameters treatment sheddable)" = PASS ]
	[ -z "$(verdict routing.parameters treatment)" ]
	[ "$(verdict admission.baseline baseline)" = PASS ]
	# a baseline that loads it, under any plugin name: FAIL
	sed -i '/^plugins:$/a - type: tier-ramp\n  name: gate' "$REAL/generated/baseline_config.yaml"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict admission.baseline baseline)" = FAIL ]
	[[ "$(why admission.baseline)" == *"The baseline loads tier-ramp, the admission plugin of arm treatment"* ]]
	# registered with a factory of no admission type: not admission
	sed -i 's/PreemptiveShedAdmitterFactory)/RampScorerFactory)/' "$REAL/generated/register.go"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict admission.baseline baseline)" = PASS ]
	[ -n "$(verdict routing.parameters treatment)" ]
}

@test "4c: a deployed key no field of the generated plugin reads, and a sim parameter the config lacks: FAIL naming each" {
	bundle keys ""
	cp "$S2R_TOP/tests/faults/fixtures/14b/generated/"*.go "$REAL/generated/"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict admission.tier_parameters treatment sheddable)" = PASS ]
	[ "$(verdict admission.tier_parameters treatment batch)" = PASS ]
	# snake case: encoding/json matches keys case-insensitively, not
	# underscores; a key differing only in case is still read
	sed -i -e 's/sheddableShedStart:/sheddable_shed_start:/' \
	    -e 's/batchShedStart:/BatchShedStart:/' "$REAL/generated/treatment_config.yaml"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict admission.tier_parameters treatment sheddable)" = FAIL ]
	w=$(jq -r 'select(.metric == "admission.tier_parameters" and .scope.class == "sheddable") | .why' "$V")
	[[ "$w" == *"no field of the generated plugin (preemptive-shed-admitter) is read from the key \"sheddable_shed_start\""* ]]
	[[ "$w" == *"Not deployed: the sim's sheddableShedStart = 0.005"* ]]
	[[ "$w" != *"sheddableShedFull\""* ]]
	w=$(jq -r 'select(.metric == "admission.tier_parameters" and .scope.class == "batch") | .why' "$V")
	[[ "$w" != *"is read from the key"* ]]
	# a line dropped: the sim's value is named, with where it is planned
	bundle drop ""
	cp "$S2R_TOP/tests/faults/fixtures/14b/generated/"*.go "$REAL/generated/"
	sed -i '/batchShedFull:/d' "$REAL/generated/treatment_config.yaml"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict admission.tier_parameters treatment batch)" = FAIL ]
	[[ "$(jq -r 'select(.metric == "admission.tier_parameters" and .scope.class == "batch") | .why' "$V")" == *"Not deployed: the sim's batchShedFull = 0.1 ("*"the plugin runs its compiled-in default"* ]]
	[ "$(verdict admission.tier_parameters treatment sheddable)" = PASS ]
	# fields without a tag, or tagged only json:",omitempty", are read by
	# their own name (case ignored): nothing is unread
	bundle untagged ""
	cp "$S2R_TOP/tests/faults/fixtures/14b/generated/"*.go "$REAL/generated/"
	sed -i -e 's/^\(\tSheddableShedStart   float64\) `json:"sheddableShedStart"`/\1/' \
	    -e 's/`json:"batchShedStart"`/`json:",omitempty"`/' "$REAL/generated/preemptive_shed.go"
	grep -q '^	SheddableShedStart   float64$' "$REAL/generated/preemptive_shed.go"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict admission.tier_parameters treatment sheddable)" = PASS ]
	[ "$(verdict admission.tier_parameters treatment batch)" = PASS ]
	# and an untagged field does not read a key spelt otherwise
	sed -i 's/sheddableShedStart:/sheddable_shed_start:/' "$REAL/generated/treatment_config.yaml"
	records --root "$GO/gaie" --label gaie
	judge
	[[ "$(jq -r 'select(.metric == "admission.tier_parameters" and .scope.class == "sheddable") | .why' "$V")" == *"is read from the key \"sheddable_shed_start\""* ]]
}

@test "4c: tier parameters that match a swapped plan are still held against the sim algorithm's ramps: FAIL, the swap named" {
	bundle plan real-ok
	for f in "$SIM/README.md" "$REAL/generated/treatment_config.yaml"; do
		sed -i -e 's/sheddableShedStart: 0.005/sheddableShedStart: @S/' -e 's/batchShedStart: 0.01/sheddableShedStart@: 0.005/' \
		    -e 's/sheddableShedStart: @S/sheddableShedStart: 0.01/' -e 's/sheddableShedStart@: 0.005/batchShedStart: 0.005/' "$f"
		grep -q 'batchShedStart: 0.005' "$f"
	done
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict admission.tier_parameters treatment sheddable)" = FAIL ]
	w=$(jq -r 'select(.metric == "admission.tier_parameters" and .scope.class == "sheddable") | .why' "$V")
	[[ "$w" == *"sheddableShedStart = 0.01 "*"DIFFERS from the sim algorithm's 0.005 (sim algorithm/"*"(it is the algorithm's batch value)"*"are swapped"* ]]
	[ "$(verdict admission.tier_parameters treatment batch)" = FAIL ]
	# the plan and the algorithm agree: PASS as before
	bundle plan2 real-ok
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict admission.tier_parameters treatment sheddable)" = PASS ]
	[ "$(verdict admission.tier_parameters treatment batch)" = PASS ]
}

@test "4b: a baseline saturationDetector tunes the legacy rule: FAIL unless the default or the sim's plan" {
	bundle tuned real-ok
	printf 'saturationDetector:\n  queueDepthThreshold: 999999999\n  kvCacheUtilThreshold: 0.999\n' >>"$REAL/generated/baseline_config.yaml"
	l=$(grep -n 'queueDepthThreshold: 999999999' "$REAL/generated/baseline_config.yaml" | cut -d: -f1)
	d=$(grep -n 'DefaultQueueDepthThreshold int' "$GO/gaie/pkg/epp/framework/plugins/flowcontrol/saturationdetector/utilization/config.go" | cut -d: -f1)
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict admission.baseline baseline)" = FAIL ]
	w=$(jq -r 'select(.metric == "admission.baseline") | .why' "$V")
	[[ "$w" == *"saturationDetector sets queueDepthThreshold = 999999999 (generated/baseline_config.yaml:$l), where the router's DefaultQueueDepthThreshold is 5 (gaie pkg/epp/framework/plugins/flowcontrol/saturationdetector/utilization/config.go:$d)"* ]]
	[[ "$w" == *"kvCacheUtilThreshold = 0.999"*"The legacy rule sheds on that detector"* ]]
	jq -s -e --argjson l "$l" '[.[] | select(.metric == "admission.baseline")][0] | .actual.value == 999999999 and .actual.source.line == $l' "$V"
	# another detector plugin behind the legacy rule
	bundle conc real-ok
	printf -- '- type: concurrency-detector\n  name: cd\n' >"$D/cd.yaml"
	sed -i "/^plugins:\$/r $D/cd.yaml" "$REAL/generated/baseline_config.yaml"
	printf 'saturationDetector:\n  pluginRef: cd\n' >>"$REAL/generated/baseline_config.yaml"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict admission.baseline baseline)" = FAIL ]
	[[ "$(jq -r 'select(.metric == "admission.baseline") | .why' "$V")" == *"pluginRef = cd (generated/baseline_config.yaml:"*"), a concurrency-detector, where the router's default is the utilization-detector"* ]]
	# naming the default detector is no override
	sed -i 's/- type: concurrency-detector/- type: utilization-detector/' "$REAL/generated/baseline_config.yaml"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict admission.baseline baseline)" = PASS ]
	# but thresholds in that plugin's parameters are the same override
	printf '  parameters:\n    queueDepthThreshold: 999999999\n' >"$D/p.yaml"
	sed -i "/^  name: cd\$/r $D/p.yaml" "$REAL/generated/baseline_config.yaml"
	l=$(grep -n 'queueDepthThreshold: 999999999' "$REAL/generated/baseline_config.yaml" | cut -d: -f1)
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict admission.baseline baseline)" = FAIL ]
	[[ "$(jq -r 'select(.metric == "admission.baseline") | .why' "$V")" == *"But its saturationDetector's plugin cd sets queueDepthThreshold = 999999999 (generated/baseline_config.yaml:$l), where the router's DefaultQueueDepthThreshold is 5"* ]]
	jq -s -e --argjson l "$l" '[.[] | select(.metric == "admission.baseline")][0] | .actual.source.line == $l' "$V"
	# the default's own value there is none
	sed -i 's/queueDepthThreshold: 999999999/queueDepthThreshold: 5/' "$REAL/generated/baseline_config.yaml"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict admission.baseline baseline)" = PASS ]
	# the router's own defaults, spelled out, are no override
	bundle dflt real-ok
	printf 'saturationDetector:\n  queueDepthThreshold: 5\n  kvCacheUtilThreshold: 0.8\n' >>"$REAL/generated/baseline_config.yaml"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict admission.baseline baseline)" = PASS ]
	# nor is an override the sim bundle plans for its baseline
	bundle planned real-ok
	printf 'saturationDetector:\n  queueDepthThreshold: 10\n' >>"$REAL/generated/baseline_config.yaml"
	printf '\n## Transfer: Baseline\n\n```yaml\napiVersion: inference.networking.x-k8s.io/v1alpha1\nkind: EndpointPickerConfig\nplugins:\n- type: random-picker\nsaturationDetector:\n  queueDepthThreshold: 10\n```\n' >>"$SIM/README.md"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict admission.baseline baseline)" = PASS ]
}

@test "4b: a router that turns the flowControl gate on by default: WARN for one codebase, FAIL for all" {
	bundle gate real-ok
	cp -R "$GO/gaie" "$GO/llmd" "$D/"
	sed -i 's/RegisterFeatureGate(fc.FeatureGate, false)/RegisterFeatureGate(fc.FeatureGate, true)/' "$D/llmd/cmd/epp/runner/runner.go"
	l=$(grep -n 'RegisterFeatureGate(fc.FeatureGate, true)' "$D/llmd/cmd/epp/runner/runner.go" | cut -d: -f1)
	records --root "$D/gaie" --label gaie --root "$D/llmd" --label llmd
	judge
	[ "$(verdict admission.baseline baseline)" = WARN ]
	w=$(jq -r 'select(.metric == "admission.baseline") | .why' "$V")
	[[ "$w" == *"But llmd registers the flowControl gate on by default (llmd cmd/epp/runner/runner.go:$l \`loader.RegisterFeatureGate(fc.FeatureGate, true)\`)"*"which router the baseline ran decides"* ]]
	jq -s -e '[.[] | select(.metric == "admission.baseline")][0] | [.evidence[].label] | any(. == "router llmd: the flowControl gate'"'"'s default")' "$V"
	# the gate off by default (false) or registered without one: PASS
	records --root "$GO/gaie" --label gaie --root "$GO/llmd" --label llmd
	judge
	[ "$(verdict admission.baseline baseline)" = PASS ]
	# every codebase turns it on: the baseline ran flow control
	printf '\nfunc (r *Runner) registerGates(loader interface{ RegisterFeatureGate(string, bool) }) {\n\tloader.RegisterFeatureGate(flowcontrol.FeatureGate, true)\n\tloader.RegisterFeatureGate(datalayer.ExperimentalDatalayerFeatureGate, false)\n}\n' >>"$D/gaie/cmd/epp/runner/runner.go"
	records --root "$D/gaie" --label gaie --root "$D/llmd" --label llmd
	judge
	[ "$(verdict admission.baseline baseline)" = FAIL ]
	[[ "$(jq -r 'select(.metric == "admission.baseline") | .why' "$V")" == *"But the router registers the flowControl gate on by default"*"instead of the legacy admission"* ]]
}

@test "4b: a router whose legacy rule tests no priority sheds every tier: WARN, never the sheddable-only text" {
	bundle shedall real-ok
	cp -R "$GO/gaie" "$D/"
	f="$D/gaie/pkg/epp/requestcontrol/admission.go"
	records --root "$D/gaie" --label gaie
	judge
	[ "$(verdict admission.baseline baseline)" = PASS ]
	[[ "$(jq -r 'select(.metric == "admission.baseline") | .why' "$V")" == *"it rejects sheddable requests (priority < 0) when saturation >= 1.0"* ]]
	# the IsSheddable test dropped: the rule sheds whatever the priority
	awk '/^\tif requtil.IsSheddable\(priority\) \{$/ { skip = 1; next }
	  skip && /^\t\}$/ { skip = 0; next }
	  skip { sub(/^\t/, ""); print; next } { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	l=$(grep -n '^func rejectIfSheddableAndSaturated' "$f" | cut -d: -f1)
	records --root "$D/gaie" --label gaie
	judge
	[ "$(verdict admission.baseline baseline)" = WARN ]
	w=$(jq -r 'select(.metric == "admission.baseline") | .why' "$V")
	[[ "$w" == *"its rule (gaie pkg/epp/requestcontrol/admission.go:$l) tests no priority (no IsSheddable call or priority condition in it)"*"sheds every tier alike"* ]]
	[[ "$w" != *"rejects sheddable requests (priority < 0)"* ]]
	# a priority comparison in place of IsSheddable is a test
	sed -i 's/^\tif sd.Saturation(ctx, pods) >= 1.0 {$/\tif priority < 0 \&\& sd.Saturation(ctx, pods) >= 1.0 {/' "$f"
	records --root "$D/gaie" --label gaie
	judge
	[ "$(verdict admission.baseline baseline)" = PASS ]
}

@test "3d: an arm's deployed staleness threshold and data-source scrape period" {
	bundle stale real-ok
	printf 'saturationDetector:\n  metricsStalenessThreshold: 50ms\n' >>"$REAL/generated/baseline_config.yaml"
	records --root "$GO/gaie" --label gaie --root "$GO/llmd" --label llmd
	judge
	# the router default's verdict stays; the arm gets its own
	[ "$(verdict snapshot.staleness)" = PASS ]
	[ "$(verdict snapshot.staleness baseline)" = WARN ]
	w=$(jq -r 'select(.metric == "snapshot.staleness" and .scope.phase == "baseline") | .why' "$V")
	[[ "$w" == *"metricsStalenessThreshold (generated/baseline_config.yaml:"*") to 50 ms"*"pods can count as saturated between two polls"* ]]
	# well above the refresh: PASS
	sed -i 's/metricsStalenessThreshold: 50ms/metricsStalenessThreshold: 500ms/' "$REAL/generated/baseline_config.yaml"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict snapshot.staleness baseline)" = PASS ]
	# a metrics data source with its own period (llm-d-router reads it)
	bundle source real-ok
	printf -- '- type: metrics-data-source\n  name: metrics\n  parameters:\n    interval: 1s\n' >"$D/src.yaml"
	sed -i "/^plugins:\$/r $D/src.yaml" "$REAL/generated/treatment_config.yaml"
	records --root "$GO/gaie" --label gaie --root "$GO/llmd" --label llmd
	judge
	[ "$(verdict snapshot.refresh_interval)" = PASS ]
	[ "$(verdict snapshot.refresh_interval treatment)" = WARN ]
	[[ "$(jq -r 'select(.metric == "snapshot.refresh_interval" and .scope.phase == "treatment") | .why' "$V")" == *"1 s, which the router reads (llmd pkg/epp/framework/plugins/datalayer/source/metrics/datasource.go:9)"*"up to 1 s old, the sim's up to 50 ms"* ]]
	# and polling slower than the detector's 200 ms staleness: pods count
	# as saturated between polls in that arm
	[ "$(verdict snapshot.staleness treatment)" = WARN ]
	[[ "$(jq -r 'select(.metric == "snapshot.staleness" and .scope.phase == "treatment") | .why' "$V")" == *"keeps its default staleness threshold, 200 ms"*"polls every 1 s"* ]]
	# a router without per-source periods ignores the parameter
	records --root "$GO/gaie" --label gaie
	judge
	[ -z "$(verdict snapshot.refresh_interval treatment)" ]
	[ -z "$(verdict snapshot.staleness treatment)" ]
}

@test "3d: an arm whose PipelineRun deploys its own refresh against the other arms' and the sim's" {
	bundle chart real-ok
	mkdir -p "$REAL/cluster"
	sed 's/^\( *\)v: 3$/\1refresh-metrics-interval: 1s/' "$FIXTURES/config/run-pipelinerun.yaml" \
	    >"$REAL/cluster/pr.yaml"
	deployed() {
		records "$@"
		"$S2R_BIN/s2r-config" --root "$REAL" --phase treatment \
		    --epp "$REAL/generated/treatment_config.yaml" --deployed "$REAL/cluster/pr.yaml" \
		    >>"$D/treatment.ndjson"
	}
	arm_why() {
		jq -r --arg m "$1" 'select(.metric == $m and .scope.phase == "treatment") | .why' "$V"
	}
	deployed --root "$GO/gaie" --label gaie
	judge
	# the router default's verdict stays; the arm gets its own, naming both arms
	[ "$(verdict snapshot.refresh_interval)" = PASS ]
	[ "$(verdict snapshot.refresh_interval treatment)" = WARN ]
	w=$(arm_why snapshot.refresh_interval)
	[[ "$w" == *"Arm treatment's PipelineRun deploys the router's metrics refresh 1 s (cluster/pr.yaml:"*"Arm baseline deploys no refresh flag and keeps the router's default, 50 ms (gaie pkg/epp/server/options.go:"*"a confound for the comparison"*"the arm's real signals are up to 1 s old, the sim's up to 50 ms."* ]]
	jq -e -s '[.[] | select(.metric == "snapshot.refresh_interval" and .scope.phase == "treatment") |
	    .actual.value == "1s" and .expected.value == 50000] == [true]' "$V"
	# its staleness: the arm's 1 s poll against the detector's 200 ms
	[ "$(verdict snapshot.staleness treatment)" = WARN ]
	[[ "$(arm_why snapshot.staleness)" == *"200 ms"*"the router refreshes every 1 s"*"pods can count as saturated between two polls"* ]]
	# no codebase: the default the baseline keeps is unknown, a WARN, never PASS
	deployed
	judge
	[ "$(verdict snapshot.refresh_interval)" = INAPPLICABLE ]
	[ "$(verdict snapshot.refresh_interval treatment)" = WARN ]
	[[ "$(arm_why snapshot.refresh_interval)" == *"Arm baseline deploys no refresh flag and keeps the router's default, which is unknown here (no codebase given"*"if it is not 1 s"* ]]
	# the arm deploys the default and the sim's refresh: nothing differs
	sed -i 's/refresh-metrics-interval: 1s/refreshMetricsInterval: 50ms/' "$REAL/cluster/pr.yaml"
	deployed --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict snapshot.refresh_interval treatment)" = PASS ]
	[[ "$(arm_why snapshot.refresh_interval)" == *"50 ms (cluster/pr.yaml:"*"The other arms refresh as often"*"the same."* ]]
	[ "$(verdict snapshot.staleness treatment)" = PASS ]
}

@test "3a/3b: the vLLM metrics behind queue depth and KV usage, from code or a deployed extractor" {
	bundle qm real-ok
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict signal.queue_depth)" = PASS ]
	[[ "$(why signal.queue_depth)" == *"filled from vllm:num_requests_waiting, the waiting queue"* ]]
	# the engine table maps the queue to the running batch
	cp -R "$GO/gaie" "$D/gaie"
	f=pkg/epp/framework/plugins/datalayer/extractor/metrics/factories.go
	sed -i 's/"vllm:num_requests_waiting"/"vllm:num_requests_running"/' "$D/gaie/$f"
	l=$(grep -n 'vllm:num_requests_running' "$D/gaie/$f" | cut -d: -f1)
	records --root "$D/gaie" --label gaie
	judge
	[ "$(verdict signal.queue_depth)" = FAIL ]
	[[ "$(why signal.queue_depth)" == *"fills it from vllm:num_requests_running (gaie $f:$l). That is the running batch"* ]]
	# ... unless another codebase reads the waiting queue: which ran?
	records --root "$D/gaie" --label gaie --root "$GO/gaie" --label gaie2
	judge
	[ "$(verdict signal.queue_depth)" = WARN ]
	# a deployed core-metrics-extractor overrides the engine table
	bundle ext real-ok
	printf -- '- type: core-metrics-extractor\n  parameters:\n    engineConfigs:\n    - name: vllm\n      queuedRequestsSpec: "vllm:num_requests_running"\n      kvUsageSpec: "vllm:gpu_cache_usage_perc"\n' >"$D/ext.yaml"
	sed -i "/^plugins:\$/r $D/ext.yaml" "$REAL/generated/treatment_config.yaml"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict signal.queue_depth)" = FAIL ]
	[[ "$(why signal.queue_depth)" == *"Arm treatment's EPP config fills it from vllm:num_requests_running (generated/treatment_config.yaml:"* ]]
	[ "$(verdict signal.kv_range)" = WARN ]
	[[ "$(why signal.kv_range)" == *"arm treatment's EPP config reads vLLM's KV usage from vllm:gpu_cache_usage_perc"*"deprecated"* ]]
	# another default engine: without server logs saying vLLM, nothing
	# tells it is wrong (fault 3a-default-engine-sglang has them)
	bundle eng real-ok
	printf -- '- type: core-metrics-extractor\n  parameters:\n    defaultEngine: sglang\n' >"$D/ext.yaml"
	sed -i "/^plugins:\$/r $D/ext.yaml" "$REAL/generated/treatment_config.yaml"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict signal.queue_depth)" = PASS ]
}

@test "3b: the sim algorithm rescales KV usage and the plugin does not: WARN, the sim's input range decides" {
	bundle simpct real-ok
	sed -i 's|kv := in.KVUtil / 0.8|kv := in.KVUtil / 100 / 0.8|' "$SIM/algorithm/admission.go"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict transform.kv_usage)" = WARN ]
	[[ "$(why transform.kv_usage)" == *"reads it as a percentage"*"But the sim algorithm rescales it and the plugin does not"* ]]
	jq -s -e '[.[] | select(.metric == "transform.kv_usage")][0] | .action | test("range of the sim.s KV input")' "$V"
}

@test "3c: a saturation mean over one endpoint's metrics (a constant index): FAIL" {
	bundle one real-ok
	sed -i 's/m := pd.GetMetrics()/m := pods[0].GetMetrics()/' "$(PLUGIN)"
	l=$(grep -n 'pods\[0\].GetMetrics()' "$(PLUGIN)" | cut -d: -f1)
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict saturation.formula)" = FAIL ]
	[[ "$(why saturation.formula)" == *"but every term reads one endpoint's metrics (real generated/preemptive_shed.go:$l \`m := pods[0].GetMetrics()\`)"* ]]
}

@test "4d: each tier's priority through the guard and the if-chain" {
	bundle guard real-ok
	# "> 0" alone: standard (0) reaches the chain's else, which admits
	sed -i 's/if priority >= 0 {/if priority > 0 {/' "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict priority.protected)" = PASS ]
	# and when that else takes the batch ramp, standard is shed
	sed -i '/^\t} else {$/{n;s/^\t\treturn nil$/\t\tshedStart, shedFull = a.p.BatchShedStart, a.p.BatchShedFull/}' "$(PLUGIN)"
	l=$(grep -n 'shedStart, shedFull = a.p.BatchShedStart' "$(PLUGIN)" | tail -1 | cut -d: -f1)
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict priority.protected)" = FAIL ]
	w=$(why priority.protected)
	[[ "$w" == *"standard (priority 0): \`$(grep -n 'if priority > 0' "$(PLUGIN)" | cut -d: -f1): if (false) priority > 0\`"*"\`$l: assigns shedStart, shedFull = a.p.BatchShedStart, a.p.BatchShedFull\`: it gets the batch ramp, so standard requests are shed."* ]]
	[[ "$w" == *"critical (priority 100)"*"admitted before any shedding"* ]]
}

@test "4d: the shed-ramp guard admits below the ramp's start: PASS; inverted (admits above): FAIL with both guards" {
	bundle ramp real-ok
	# a sim admission with its guard (the sim fixture has the ramps only)
	cat >"$SIM/algorithm/admit.go" <<'G'
package algorithm

// Admit sheds along the tier's ramp.
func Admit(priority int, sat float64) bool {
	start, full := shedRamp(priority)
	if full <= start || sat < start {
		return true
	}
	return sat < full
}
G
	s=$(grep -n 'sat < start {' "$SIM/algorithm/admit.go" | cut -d: -f1)
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict priority.ramp_guard)" = PASS ]
	l=$(grep -n 'if sat < shedStart {' "$(PLUGIN)" | cut -d: -f1)
	w=$(why priority.ramp_guard)
	[[ "$w" == *"\`if sat < shedStart { return nil }\` (real generated/preemptive_shed.go:$l) admits while sat < shedStart, below"* ]]
	[[ "$w" == *"sim algorithm/admit.go:$s) admits while sat < start, below"* ]]
	jq -e -s --argjson l "$l" --argjson s "$s" '[.[] | select(.metric == "priority.ramp_guard")][0] |
	    .actual.source.line == $l and .expected.source.file == "algorithm/admit.go" and
	    .expected.source.line == $s and (.evidence | length) == 2' "$V"
	# the operands either way round: start > sat is sat < start
	sed -i 's/if sat < shedStart {/if shedStart > sat {/' "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict priority.ramp_guard)" = PASS ]
	# inverted: a shed tier is admitted under load
	for inv in 'if sat > shedStart {' 'if shedStart <= sat {'; do
		sed -i "${l}s/.*/\t$inv/" "$(PLUGIN)"
		records --root "$GO/gaie" --label gaie
		judge
		[ "$(verdict priority.ramp_guard)" = FAIL ] || { echo "$inv: $(verdict priority.ramp_guard)"; return 1; }
		w=$(why priority.ramp_guard)
		[[ "$w" == *"(real generated/preemptive_shed.go:$l) admits while sat >"*"ABOVE the ramp's start"*"sim algorithm/admit.go:$s)"*"Inverted"* ]]
		# the other 4d verdicts do not see it
		[ "$(verdict priority.dispatch)" = PASS ]
	done
	# no guard the rule can read (a start that is not named so): WARN,
	# never a silent PASS
	sed -i "${l}s/.*/\tif sat < lo {/" "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict priority.ramp_guard)" = WARN ]
	[[ "$(why priority.ramp_guard)" == *"no guard in it compares a saturation with a ramp start"* ]]
	# no generated plugin: no ramp_guard verdict (priority.dispatch says why)
	rm "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ -z "$(verdict priority.ramp_guard)" ]
	[ "$(verdict priority.dispatch)" = INAPPLICABLE ]
}

@test "4d: an admission function whose every return admits never sheds: ramp_guard FAIL, a helper's return is no proof of that" {
	bundle never real-ok
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict priority.ramp_guard)" = PASS ]
	# the rejection commented out: the ramp is computed and ignored
	sed -i 's|^\t\treturn errors.New("shed")$|\t\t// return errors.New("shed")|' "$(PLUGIN)"
	l=$(grep -n '^func (a \*PreemptiveShed) AdmitRequest' "$(PLUGIN)" | cut -d: -f1)
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict priority.ramp_guard)" = FAIL ]
	[[ "$(why priority.ramp_guard)" == *"But AdmitRequest (real generated/preemptive_shed.go:$l) never rejects: all 5 of its returns admit (return nil), so no tier is ever shed"* ]]
	jq -e -s '[.[] | select(.metric == "priority.ramp_guard")][0] | .action | test("reject \\(return an error\\)")' "$V"
	# the other 4d verdicts do not see it
	[ "$(verdict priority.dispatch)" = PASS ]
	# a return of a helper's result may reject: not said to never shed
	sed -i 's|^\t\t// return errors.New("shed")$|\t\treturn a.reject(sat)|' "$(PLUGIN)"
	printf '\nfunc (a *PreemptiveShed) reject(sat float64) error { return errors.New("shed") }\n' >>"$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict priority.ramp_guard)" = PASS ]
}

@test "4d: a ramp whose probability or draw runs the wrong way: ramp_guard FAIL; the draw either way round: PASS" {
	bundle shape real-ok
	l=$(grep -n 'if rand.Float64() < min((sat-shedStart)/(shedFull-shedStart), 1.0) {' "$(PLUGIN)" | cut -d: -f1)
	[ -n "$l" ]
	# p > rand() is rand() < p
	sed -i "${l}s/.*/\tif min((sat-shedStart)\/(shedFull-shedStart), 1.0) > rand.Float64() {/" "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict priority.ramp_guard)" = PASS ]
	# the ends swapped in the formula
	sed -i "${l}s/.*/\tif rand.Float64() < min((sat-shedFull)\/(shedStart-shedFull), 1.0) {/" "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict priority.ramp_guard)" = FAIL ]
	[[ "$(why priority.ramp_guard)" == *"But the ramp itself runs the wrong way: \`(sat-shedFull)/(shedStart-shedFull)\` (real generated/preemptive_shed.go:$l) falls as the saturation rises and is 0 at shedFull, not at the ramp's start;"* ]]
	jq -e -s '[.[] | select(.metric == "priority.ramp_guard")][0] | .action | test("rand\\(\\) < p")' "$V"
	# the draw inverted
	sed -i "${l}s/.*/\tif rand.Float64() > min((sat-shedStart)\/(shedFull-shedStart), 1.0) {/" "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict priority.ramp_guard)" = FAIL ]
	[[ "$(why priority.ramp_guard)" == *"\`if rand.Float64() > …\` (real generated/preemptive_shed.go:$l) rejects on the rand() > p side: the tier is shed with probability 1 - p"* ]]
	[ "$(verdict priority.dispatch)" = PASS ]
}

@test "4d: tier parameters read from another tier's or ramp end's JSON key: dispatch FAIL naming each field" {
	bundle tags real-ok
	sed -i -e 's/`json:"sheddableShedStart"`/`json:"@@"`/' \
	    -e 's/`json:"batchShedStart"`/`json:"sheddableShedStart"`/' \
	    -e 's/`json:"@@"`/`json:"batchShedStart"`/' "$(PLUGIN)"
	grep -q 'SheddableShedStart   float64 `json:"batchShedStart"`' "$(PLUGIN)"
	a=$(grep -n 'SheddableShedStart   float64' "$(PLUGIN)" | cut -d: -f1)
	b=$(grep -n 'BatchShedStart       float64' "$(PLUGIN)" | cut -d: -f1)
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict priority.dispatch)" = FAIL ]
	w=$(why priority.dispatch)
	[[ "$w" == *"But its parameters are read from other tiers' keys: SheddableShedStart is read from the key \"batchShedStart\" (real generated/preemptive_shed.go:$a); BatchShedStart is read from the key \"sheddableShedStart\" (real generated/preemptive_shed.go:$b), so the treatment config's values land in the wrong ramp."* ]]
	# start and full of one tier swapped: the same
	bundle ends real-ok
	sed -i -e 's/`json:"batchShedStart"`/`json:"@@"`/' \
	    -e 's/`json:"batchShedFull"`/`json:"batchShedStart"`/' \
	    -e 's/`json:"@@"`/`json:"batchShedFull"`/' "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict priority.dispatch)" = FAIL ]
	[[ "$(why priority.dispatch)" == *"BatchShedStart is read from the key \"batchShedFull\""*"BatchShedFull is read from the key \"batchShedStart\""* ]]
}

@test "4d: a ramp behind a switch left off (a bool const) is never reached: dispatch FAIL; left on: PASS" {
	bundle flag real-ok
	sed -i -e 's/^\/\/ Params of the/const shedEnabled = false\n\n\/\/ Params of the/' \
	    -e 's/^\tsat := a.saturation(pods)$/\tif !shedEnabled {\n\t\treturn nil\n\t}\n\tsat := a.saturation(pods)/' "$(PLUGIN)"
	l=$(grep -n 'if !shedEnabled {' "$(PLUGIN)" | cut -d: -f1)
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict priority.dispatch)" = FAIL ]
	[[ "$(why priority.dispatch)" == *"sheddable (priority -50) through (*PreemptiveShed).AdmitRequest:"*"\`$l: if (true) !shedEnabled\` then \`$((l + 1)): return nil\`: always admitted, never shed"*"batch (priority -10)"*"never shed"* ]]
	sed -i 's/^const shedEnabled = false$/const shedEnabled = true/' "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict priority.dispatch)" = PASS ]
	# a literal false in a load condition: that branch is never taken
	sed -i 's/if !shedEnabled {/if false \&\& len(pods) > 0 {/' "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict priority.dispatch)" = PASS ]
}

@test "4c: a decoded parameter the plugin overwrites with a literal: FAIL against the sim's value, WARN when equal; a default set before decoding is none" {
	bundle over real-ok
	cat >>"$(PLUGIN)" <<'GO'

// NewPreemptiveShed decodes the plugin's parameters.
func NewPreemptiveShed(raw []byte) (*PreemptiveShed, error) {
	p := Params{}
	p.BatchShedFull = 0.3
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, err
	}
	p.SheddableShedFull = 0.5
	return &PreemptiveShed{p: p}, nil
}
GO
	l=$(grep -n 'p.SheddableShedFull = 0.5' "$(PLUGIN)" | cut -d: -f1)
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict admission.tier_parameters treatment sheddable)" = FAIL ]
	[[ "$(jq -r 'select(.metric == "admission.tier_parameters" and .scope.class == "sheddable") | .why' "$V")" == *"sheddableShedFull = 0.05"*", but the plugin overwrites it with 0.5 (\`p.SheddableShedFull = 0.5\`, real generated/preemptive_shed.go:$l), not the sim's value"* ]]
	# set before json.Unmarshal: a default the config replaces
	[ "$(verdict admission.tier_parameters treatment batch)" = PASS ]
	jq -e -s '[.[] | select(.metric == "admission.tier_parameters" and .scope.class == "sheddable")][0].evidence | any(.label | test("parameter overwritten"))' "$V"
	# the sim's own value hard-coded: the config still never runs, WARN
	sed -i 's/p.SheddableShedFull = 0.5/p.SheddableShedFull = 0.05/' "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict admission.tier_parameters treatment sheddable)" = WARN ]
	[[ "$(jq -r 'select(.metric == "admission.tier_parameters" and .scope.class == "sheddable") | .why' "$V")" == *"overwrites it with 0.05"*"so the config's value never runs"* ]]
}

@test "4d: a shed tier whose ramp the dispatch assigns from literals: FAIL when not the sim's ramp, WARN when it is" {
	bundle lit real-ok
	sed -i 's/shedStart, shedFull = a.p.BatchShedStart, a.p.BatchShedFull/shedStart, shedFull = 0.02, 0.20/' "$(PLUGIN)"
	l=$(grep -n 'shedStart, shedFull = 0.02, 0.20' "$(PLUGIN)" | cut -d: -f1)
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict priority.dispatch)" = FAIL ]
	[[ "$(why priority.dispatch)" == *"priority -10 (batch) gets the hard-coded ramp [0.02, 0.2] (\`shedStart, shedFull = 0.02, 0.20\` in the branch at real generated/preemptive_shed.go:$((l - 1))), not the config's batch parameters, and not the sim's"* ]]
	sed -i 's/shedStart, shedFull = 0.02, 0.20/shedStart, shedFull = 0.01, 0.10/' "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict priority.dispatch)" = WARN ]
	[[ "$(why priority.dispatch)" == *"[0.01, 0.1]"*"though equal to the sim's"* ]]
}

# The INAPPLICABLE answers of 3a-4d and the reason each gives (a phrase of
# its why); every INAPPLICABLE a run gives must be one of these.
inapplicable_reasons() {
	cat <<'R'
signal.queue_depth	no codebase given
signal.kv_utilization	no codebase given
signal.priority	no codebase given
signal.kv_range	no codebase given
transform.kv_usage	has no generated Go plugin|Router side: no codebase given
saturation.formula	No saturation function was found|Nothing to compare it with|Router side: no codebase given
saturation.empty_pool	No saturation or admission function|Nothing to compare it with|no codebase given
saturation.stale_metrics	No saturation or decision function|Nothing to compare it with|Router side: no codebase given
saturation.queue_depth_threshold	no codebase given
saturation.kv_cache_util_threshold	no codebase given
snapshot.refresh_interval	no codebase given
snapshot.staleness	no codebase given
routing.policy	No EPP config records
routing.plugins	no codebase given|No EPP config names a picker
plugin.generated	has no generated Go plugin
admission.baseline	no codebase given
admission.parameters	No treatment parameters on either side
priority.dispatch	has no generated Go plugin
priority.protected	has no generated Go plugin
priority.semantics	no codebase given
R
}

# check_inapplicable: every INAPPLICABLE verdict of $V gives its reason.
check_inapplicable() {
	inapplicable_reasons >"$BATS_TEST_TMPDIR/reasons"
	jq -r 'select(.verdict == "INAPPLICABLE") | [.metric, .why] | @tsv' "$V" |
	while IFS=$'\t' read -r m w; do
		re=$(awk -F'\t' -v m="$m" '$1 == m { print $2 }' "$BATS_TEST_TMPDIR/reasons")
		[ -n "$re" ] || { echo "$m: INAPPLICABLE with no known reason: $w"; return 1; }
		printf '%s\n' "$w" | grep -Eq "$re" || { echo "$m: $w"; return 1; }
	done
}

@test "every INAPPLICABLE of 3a-4d says why nothing can be judged" {
	# nothing at all
	V="$BATS_TEST_TMPDIR/v.ndjson"
	"$S2R_BIN/s2r-verdict" --checks 3,4 /dev/null >"$V"
	check_inapplicable
	[ "$(jq -s '[.[] | select(.verdict == "INAPPLICABLE")] | length' "$V")" -ge 15 ]
	# the router alone: the bundle sides are what is missing
	D="$BATS_TEST_TMPDIR/router"
	mkdir -p "$D"
	"$S2R_BIN/s2r-grep-proof" --root "$GO/gaie" --label gaie \
	    --catalog "$S2R_TOP/pipelines/proofs.yaml" >"$D/proof.ndjson" || [ $? -eq 1 ]
	V="$D/v.ndjson"
	"$S2R_BIN/s2r-verdict" -n --checks 3,4 "$D/proof.ndjson" >"$V"
	validate_records "$V"
	check_inapplicable
	for m in transform.kv_usage saturation.formula saturation.empty_pool \
	    saturation.stale_metrics routing.plugins admission.parameters \
	    priority.dispatch priority.protected; do
		[ "$(verdict "$m")" = INAPPLICABLE ] || { echo "$m: $(verdict "$m")"; return 1; }
	done
	[[ "$(why saturation.formula)" == *"Nothing to compare it with: the sim bundle has no saturation function"*"the real bundle has no generated plugin computing one."* ]]
	[[ "$(why routing.plugins)" == *"No EPP config names a picker"* ]]
	# a bundle without the router: every router-side claim says so
	bundle nocode2 real-ok
	records
	judge
	check_inapplicable
}

# drop_key ARM N: the Nth (1-based) plugin parameter record of the arm's
# EPP records loses its key, as a hand-edited or broken bundle may have it.
drop_key() {
	awk -v n="$2" '/"metric":"epp.plugin.parameter"/ && ++k == n {
	    sub(/"key":"[^"]*",/, "") } { print }' "$D/$1.ndjson" >"$D/$1.tmp"
	mv "$D/$1.tmp" "$D/$1.ndjson"
	[ "$(jq -s '[.[] | select(.metric == "epp.plugin.parameter" and
	    (has("key") | not))] | length' "$D/$1.ndjson")" -eq 1 ]
}

# nokey METRIC: METRIC PASSes for the treatment arm of the bundle set up,
# and is WARN once a parameter record has lost its key.
nokey() {
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict "$1" treatment)" = PASS ]
	drop_key treatment 1
	judge
	[ "$(verdict "$1" treatment)" = WARN ]
}

@test "4c: a parameter record with no key is said and never a PASS (it crashed s2r-verdict on a routing arm)" {
	routing nokey
	nokey routing.parameters
	[[ "$(why routing.parameters)" == *"(no key) = "*", not compared"*"1 parameter record has no key, so it was not compared"* ]]
	# an admission arm: the record was passed over, and the rest PASSed
	bundle adm real-ok
	nokey admission.parameters
}

@test "3c/4a: what the plugin's code applies, not what a grep of it finds" {
	# min( combines the ratios; the doc comment above still says max(
	bundle minterms real-ok
	sed -i -e 's/total += max(q, kv)/total += min(q, kv)/' \
	    -e 's|^func (a \*PreemptiveShed) saturation(|// saturation is avg(max(q, kv)) over the pods.\n&|' "$(PLUGIN)"
	grep -q 'avg(max(q, kv))' "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict saturation.formula)" = FAIL ]
	[[ "$(why saturation.formula)" == *"generated plugin saturation ("*"min(queue ratio, KV ratio)"* ]]
	# a running max over the pods (the most loaded one) where the sim
	# and the router take the mean
	bundle maxpool real-ok
	sed -i -e 's/total += max(q, kv)/total = max(total, max(q, kv))/' \
	    -e 's|return total / float64(len(pods))|return total|' "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	jq -c 'select(.check=="3c" and .metric=="saturation.formula")' "$OUT" | jq -e '
	    .verdict == "FAIL" and (.why | test("generated plugin saturation \\(.*max\\(queue ratio, KV ratio\\), max \\(the most loaded endpoint.s\\) over endpoints"))
	    and (.why | test("sim algorithm .*mean over endpoints")) and (.why | test("aggregation over endpoints differ"))'
	# a literal divisor: the config's 0.8 never reaches the formula
	bundle literal real-ok
	sed -i 's|m.KVCacheUsagePercent / a.p.KVCacheUtilThreshold|m.KVCacheUsagePercent / 0.9|' "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict saturation.kv_cache_util_threshold treatment)" = FAIL ]
	[[ "$(why saturation.kv_cache_util_threshold)" == *"divides by the literal 0.9"*"No value of preemptive-shed.kvCacheUtilThreshold reaches it. The threshold applied is 0.9."* ]]
	[ "$(verdict saturation.queue_depth_threshold treatment)" = PASS ]
	# the field's JSON key is not the config's: its default applies, and
	# this plugin has no factory to read it from
	bundle jsonkey real-ok
	sed -i 's/json:"kvCacheUtilThreshold"/json:"kvCacheUtilizationThreshold"/' "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict saturation.kv_cache_util_threshold treatment)" = WARN ]
	[[ "$(why saturation.kv_cache_util_threshold)" == *"JSON key kvCacheUtilizationThreshold"*"json.Unmarshal ignores it"*"That default was not found"* ]]
	# the type the plugin registers against the types the configs name
	[ "$(verdict plugin.generated)" = WARN ]
	[[ "$(why plugin.generated)" == *"no Register call"* ]]
	printf 'package generated\n\nconst typeName = "preemptive-shed"\n\nfunc init() { plugin.Register(typeName, Factory) }\n' \
	    >"$REAL/generated/register.go"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict plugin.generated)" = FAIL ]
	[[ "$(why plugin.generated)" == *"registers type preemptive-shed (real generated/register.go:5), but no deployed EPP config names it"* ]]
	sed -i 's/"preemptive-shed"/"preemptive-shed-admitter"/' "$REAL/generated/register.go"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict plugin.generated)" = PASS ]
	[[ "$(why plugin.generated)" == *"deployed in treatment (generated/treatment_config.yaml:4)"* ]]
}

@test "3b: a router that names only the deprecated vllm:gpu_cache_usage_perc: WARN, a router with both names: PASS" {
	bundle oldmetric real-ok
	cp -R "$GO/gaie" "$D/gaie"
	grep -rl 'vllm:kv_cache_usage_perc' "$D/gaie" |
	    xargs sed -i 's/vllm:kv_cache_usage_perc/vllm:gpu_cache_usage_perc/'
	records --root "$D/gaie" --label gaie
	judge
	[ "$(verdict signal.kv_range)" = WARN ]
	[[ "$(why signal.kv_range)" == *"reads KV usage from vllm:gpu_cache_usage_perc (gaie pkg/"*"deprecated name"* ]]
	# a fallback that also knows the current name is not flagged
	printf 'package metrics\n\nvar fallback = "vllm:kv_cache_usage_perc"\n' >"$D/gaie/pkg/fallback.go"
	records --root "$D/gaie" --label gaie
	judge
	[ "$(verdict signal.kv_range)" = PASS ]
}

@test "3a: a queue depth the plugin only logs, its ratio on RunningRequestsSize: FAIL, saying where it is logged" {
	bundle logged real-ok
	sed -i 's|q := float64(m.WaitingQueueSize) / a.p.QueueDepthThreshold|log.V(5).Info("load", "waiting", m.WaitingQueueSize)\n\t\tq := float64(m.RunningRequestsSize) / a.p.QueueDepthThreshold|' "$(PLUGIN)"
	l=$(grep -n '"waiting", m.WaitingQueueSize' "$(PLUGIN)" | cut -d: -f1)
	records --root "$GO/gaie" --label gaie --root "$GO/llmd" --label llmd
	judge
	[ "$(verdict signal.queue_depth)" = FAIL ]
	w=$(why signal.queue_depth)
	[[ "$w" == *"never reads WaitingQueueSize"*"(it only logs it: real generated/preemptive_shed.go:$l "*"it reads RunningRequestsSize instead"* ]]
	jq -s -e '[.[] | select(.metric == "signal.queue_depth")][0].action | test("read the router field")' "$V"
}

@test "3b: a /100 through a constant or a helper of another file of the plugin: FAIL; a constant that is no rescale: PASS" {
	bundle named real-ok
	sed -i 's|kv := m.KVCacheUsagePercent / a.p.KVCacheUtilThreshold|kv := m.KVCacheUsagePercent / kvScale / a.p.KVCacheUtilThreshold|' "$(PLUGIN)"
	printf 'package generated\n\nconst kvScale = 100.0\n' >"$REAL/generated/units.go"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict transform.kv_usage)" = FAIL ]
	[[ "$(why transform.kv_usage)" == *"divide_by_100, through the constant kvScale = 100.0 declared at real generated/units.go:3)"*"100 times too small"* ]]
	jq -s -e '[.[] | select(.metric == "transform.kv_usage")][0] | [.evidence[].snippet // ""] | any(test("const kvScale = 100.0"))' "$V"
	# a constant 1 divides nothing away
	sed -i 's/kvScale = 100.0/kvScale = 1.0/' "$REAL/generated/units.go"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict transform.kv_usage)" = PASS ]
	# the /100 in a helper of another file the reading line calls
	sed -i 's|m.KVCacheUsagePercent / kvScale /|toFraction(m.KVCacheUsagePercent) /|' "$(PLUGIN)"
	printf 'package generated\n\nfunc toFraction(pct float64) float64 {\n\treturn pct / 100\n}\n' >"$REAL/generated/units.go"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict transform.kv_usage)" = FAIL ]
	[[ "$(why transform.kv_usage)" == *"in the helper toFraction it is handed to: real generated/units.go:4 \`return pct / 100\`)"* ]]
	# a helper that rescales something else than its argument is no proof
	printf 'package generated\n\nfunc toFraction(pct float64) float64 {\n\treturn pct + float64(total) / 100\n}\n' >"$REAL/generated/units.go"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict transform.kv_usage)" = PASS ]
}

@test "3d: router codebases whose default refresh differs: WARN naming the other's; the same after a constant: PASS" {
	bundle codebases real-ok
	cp -R "$GO/llmd" "$D/llmd"
	records --root "$GO/gaie" --label gaie --root "$D/llmd" --label llmd
	judge
	# llm-d-router's default is MinRefreshMetricsInterval, 50 ms like GAIE's
	[ "$(verdict snapshot.refresh_interval)" = PASS ]
	sed -i 's/^const MinRefreshMetricsInterval = 50 \* time.Millisecond/const MinRefreshMetricsInterval = 1 * time.Second/' \
	    "$D/llmd/pkg/epp/server/options.go"
	records --root "$GO/gaie" --label gaie --root "$D/llmd" --label llmd
	judge
	[ "$(verdict snapshot.refresh_interval)" = WARN ]
	[[ "$(why snapshot.refresh_interval)" == *"But router codebase llmd polls every 1 s by default (llmd pkg/epp/server/options.go:"*"The codebases disagree"* ]]
}

@test "3a: a queue depth the router declares but never fills: FAIL when no codebase fills it, WARN when one does" {
	bundle unfilled real-ok
	cp -R "$GO/gaie" "$D/gaie"
	sed -i 's/clone.WaitingQueueSize = /clone.RunningRequestsSize = /' \
	    "$D/gaie/pkg/epp/framework/plugins/datalayer/extractor/metrics/extractor.go"
	records --root "$D/gaie" --label gaie --root "$GO/llmd" --label llmd
	judge
	[ "$(verdict signal.queue_depth)" = WARN ]
	[[ "$(why signal.queue_depth)" == *"But nothing in router codebase gaie assigns WaitingQueueSize"*"Other codebases fill it"* ]]
	records --root "$D/gaie" --label gaie
	judge
	[ "$(verdict signal.queue_depth)" = FAIL ]
	[[ "$(why signal.queue_depth)" == *"every pod's queue depth reads 0"* ]]
	# a keyed literal fills it as well as an assignment
	printf 'package metrics\n\nfunc fresh(q int) *fwkdl.Metrics {\n\treturn &fwkdl.Metrics{WaitingQueueSize: q}\n}\n' \
	    >"$D/gaie/pkg/epp/framework/plugins/datalayer/extractor/metrics/fresh.go"
	records --root "$D/gaie" --label gaie
	judge
	[ "$(verdict signal.queue_depth)" = PASS ]
}

@test "3a: a signal read into a local that nothing uses (a discard, a log): FAIL naming the local; used in an if: PASS" {
	bundle unused real-ok
	sed -i 's|^\t\ttotal += max(q, kv)$|\t\t_ = kv // KV term off until calibrated\n\t\ttotal += q|' "$(PLUGIN)"
	l=$(grep -n 'kv := m.KVCacheUsagePercent' "$(PLUGIN)" | cut -d: -f1)
	d=$(grep -n '_ = kv' "$(PLUGIN)" | cut -d: -f1)
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict signal.kv_utilization)" = FAIL ]
	[[ "$(why signal.kv_utilization)" == *"reads KVCacheUsagePercent into kv (real generated/preemptive_shed.go:$l "*"never uses kv (it only discards or logs it: real generated/preemptive_shed.go:$d \`_ = kv // KV term off until calibrated\`)"* ]]
	jq -s -e '[.[] | select(.metric == "signal.kv_utilization")][0].action | test("compute with it")' "$V"
	# the other signals, and a priority the plugin reads into a local it
	# tests in an if, are used
	[ "$(verdict signal.queue_depth)" = PASS ]
	[ "$(verdict signal.priority)" = PASS ]
	# a value only logged is no use either
	bundle logged2 real-ok
	sed -i 's|^\t\ttotal += max(q, kv)$|\t\tlog.V(5).Info("kv", "ratio", kv)\n\t\ttotal += q|' "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict signal.kv_utilization)" = FAIL ]
	# "kv" inside a string or a comment, or a field x.kv, is no use
	bundle member real-ok
	sed -i 's|^\t\ttotal += max(q, kv)$|\t\t_ = kv\n\t\ta.p.kv = 0 // kv\n\t\ttotal += q|' "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict signal.kv_utilization)" = FAIL ]
}

@test "3b: KV usage divided by the threshold twice, or compared with a percent: FAIL; compared with a fraction: PASS" {
	bundle twice real-ok
	sed -i 's|^\t\ttotal += max(q, kv)$|\t\ttotal += max(q, kv / a.p.KVCacheUtilThreshold)|' "$(PLUGIN)"
	l=$(grep -n 'kv / a.p.KVCacheUtilThreshold)' "$(PLUGIN)" | cut -d: -f1)
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict transform.kv_usage)" = FAIL ]
	[[ "$(why transform.kv_usage)" == *"divides KV usage by a.p.KVCacheUtilThreshold twice ("*"then real generated/preemptive_shed.go:$l \`total += max(q, kv / a.p.KVCacheUtilThreshold)\`)"* ]]
	jq -s -e '[.[] | select(.metric == "transform.kv_usage")][0].action | test("divided once")' "$V"
	# twice on the one line
	bundle twice1 real-ok
	sed -i 's|kv := m.KVCacheUsagePercent / a.p.KVCacheUtilThreshold|kv := m.KVCacheUsagePercent / a.p.KVCacheUtilThreshold / a.p.KVCacheUtilThreshold|' "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict transform.kv_usage)" = FAIL ]
	# a pod whose KV cache is "full" at 95 (percent), either way round
	for cond in 'm.KVCacheUsagePercent >= 95' '95 <= m.KVCacheUsagePercent' 'm.KVCacheUsagePercent < 90.0'; do
		bundle pct real-ok
		sed -i "s|^\t\tq := float64(m.WaitingQueueSize)|\t\tif $cond {\n\t\t\ttotal += 1.0\n\t\t\tcontinue\n\t\t}\n&|" "$(PLUGIN)"
		records --root "$GO/gaie" --label gaie
		judge
		[ "$(verdict transform.kv_usage)" = FAIL ] || { echo "$cond: $(why transform.kv_usage)"; return 1; }
		[[ "$(why transform.kv_usage)" == *"compares KV usage with "*", a percent ("*"\`if $cond {\`)"* ]]
	done
	[[ "$(why transform.kv_usage)" == *"that comparison always holds"* ]]
	# the same guard as a fraction is right
	bundle frac real-ok
	sed -i "s|^\t\tq := float64(m.WaitingQueueSize)|\t\tif m.KVCacheUsagePercent >= 0.95 {\n\t\t\ttotal += 1.0\n\t\t\tcontinue\n\t\t}\n&|" "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict transform.kv_usage)" = PASS ]
}

@test "3b transform.queue_depth: the count converted, then divided: PASS; divided in integers or twice: FAIL" {
	bundle qok real-ok
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict transform.queue_depth)" = PASS ]
	jq -s -e '[.[] | select(.metric == "transform.queue_depth")][0] |
	    (.actual.value | test("float64\\(m.WaitingQueueSize\\)")) and (.expected.value | test("QueueDepth"))' "$V"
	bundle qint real-ok
	sed -i 's|q := float64(m.WaitingQueueSize) / a.p.QueueDepthThreshold|q := float64(m.WaitingQueueSize / int(a.p.QueueDepthThreshold))|' "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict transform.queue_depth)" = FAIL ]
	[[ "$(why transform.queue_depth)" == *"integer division"*"\`q := float64(m.WaitingQueueSize / int(a.p.QueueDepthThreshold))\`"*"Go truncates"* ]]
	bundle qtwice real-ok
	sed -i 's|^\t\ttotal += max(q, kv)$|\t\ttotal += max(q/a.p.QueueDepthThreshold, kv)|' "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict transform.queue_depth)" = FAIL ]
	[[ "$(why transform.queue_depth)" == *"divides the queue depth by a.p.QueueDepthThreshold twice"* ]]
	# no generated plugin: no such verdict (3b's transform.kv_usage says
	# INAPPLICABLE for the check)
	bundle qnone ""
	records --root "$GO/gaie" --label gaie
	judge
	[ -z "$(verdict transform.queue_depth)" ]
}

@test "3b: a router engine table that reads KV usage from another vLLM gauge: WARN naming it, never 'documents as a fraction'" {
	bundle kvother real-ok
	cp -R "$GO/gaie" "$D/"
	f="$D/gaie/pkg/epp/framework/plugins/datalayer/extractor/metrics/factories.go"
	sed -i 's/"vllm:kv_cache_usage_perc"/"vllm:gpu_prefix_cache_hit_rate"/' "$f" "$D/gaie/pkg/epp/server/options.go"
	l=$(grep -n 'gpu_prefix_cache_hit_rate' "$f" | cut -d: -f1)
	records --root "$D/gaie" --label gaie
	judge
	[ "$(verdict signal.kv_range)" = WARN ]
	w=$(why signal.kv_range)
	[[ "$w" == *"But the router's vLLM engine table fills KV usage from vllm:gpu_prefix_cache_hit_rate (gaie pkg/epp/framework/plugins/datalayer/extractor/metrics/factories.go:$l), not vllm:kv_cache_usage_perc"* ]]
	[[ "$w" != *"documents as a fraction"* ]]
	# the router's own KV metric: PASS, and vLLM's documentation cited
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict signal.kv_range)" = PASS ]
	[[ "$(why signal.kv_range)" == *"from vllm:kv_cache_usage_perc, which vLLM documents as a fraction"* ]]
}

@test "3d snapshot.plugin_cache: a saturation kept in a field across requests: WARN citing the store; none kept: PASS" {
	bundle nocache real-ok
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict snapshot.plugin_cache)" = PASS ]
	bundle cache real-ok
	sed -i -e 's|^type PreemptiveShed struct{ p Params }$|type PreemptiveShed struct {\n\tp     Params\n\tsat   float64\n\tsatAt time.Time\n}|' \
	    -e 's|^\tsat := a.saturation(pods)$|\tif time.Since(a.satAt) > time.Second {\n\t\ta.sat, a.satAt = a.saturation(pods), time.Now()\n\t}\n\tsat := a.sat|' "$(PLUGIN)"
	l=$(grep -n 'a.sat, a.satAt = a.saturation(pods), time.Now()' "$(PLUGIN)" | cut -d: -f1)
	[ -n "$l" ]
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict snapshot.plugin_cache)" = WARN ]
	[[ "$(why snapshot.plugin_cache)" == *"stores a signal"*"(real generated/preemptive_shed.go:$l \`a.sat, a.satAt = a.saturation(pods), time.Now()\`)"* ]]
	jq -s -e '[.[] | select(.metric == "snapshot.plugin_cache")][0] | .actual.source.line == '"$l"'' "$V"
	# a metric read kept in a field is a signal kept too
	bundle cachekv real-ok
	sed -i -e 's|^type PreemptiveShed struct{ p Params }$|type PreemptiveShed struct {\n\tp      Params\n\tlastKV float64\n}|' \
	    -e 's|^\t\tkv := m.KVCacheUsagePercent / a.p.KVCacheUtilThreshold$|\t\tif a.lastKV == 0 {\n\t\t\ta.lastKV = m.KVCacheUsagePercent\n\t\t}\n\t\tkv := a.lastKV / a.p.KVCacheUtilThreshold|' "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict snapshot.plugin_cache)" = WARN ]
	# no generated plugin: no such verdict
	bundle cachenone ""
	records --root "$GO/gaie" --label gaie
	judge
	[ -z "$(verdict snapshot.plugin_cache)" ]
}

@test "3d snapshot.plugin_staleness: the plugin's own stale check against the router's refresh: a unitless const is ns FAIL, 60 ms WARN, 200 ms PASS, a parameter WARN, none no verdict" {
	bundle nostale real-ok
	records --root "$GO/gaie" --label gaie
	judge
	[ -z "$(verdict snapshot.plugin_staleness)" ]
	# stale check: the age (direct or through a local) against THR
	stale() {
		bundle "stale$2" real-ok
		sed -i -e "s|^type PreemptiveShed struct{ p Params }\$|const staleAfter = 200 // ms\n\n&|" \
		    -e "s|^\t\tq := float64(m.WaitingQueueSize)|$1\n&|" "$(PLUGIN)"
		records --root "$GO/gaie" --label gaie
		judge
	}
	stale '\t\tif time.Since(m.UpdateTime) > staleAfter {\n\t\t\ttotal += 1.0\n\t\t\tcontinue\n\t\t}' ns
	[ "$(verdict snapshot.plugin_staleness)" = FAIL ]
	l=$(grep -n 'time.Since(m.UpdateTime) > staleAfter' "$(PLUGIN)" | cut -d: -f1)
	[[ "$(why snapshot.plugin_staleness)" == *"(real generated/preemptive_shed.go:$l \`if time.Since(m.UpdateTime) > staleAfter {\`) against \`staleAfter\` (const staleAfter = 200"*"Go reads it as 200 ns"*"every 50 ms"* ]]
	jq -s -e '[.[] | select(.metric == "snapshot.plugin_staleness")][0] | .actual.source.line == '"$l"'' "$V"
	stale '\t\tage := time.Since(m.UpdateTime)\n\t\tif age >= 60*time.Millisecond {\n\t\t\tcontinue\n\t\t}' local
	[ "$(verdict snapshot.plugin_staleness)" = WARN ]
	[[ "$(why snapshot.plugin_staleness)" == *"\`60*time.Millisecond\`, that is 60 ms"*"One late poll"* ]]
	stale '\t\tif 200*time.Millisecond < time.Since(pd.GetMetrics().UpdateTime) {\n\t\t\tcontinue\n\t\t}' ok
	[ "$(verdict snapshot.plugin_staleness)" = PASS ]
	stale '\t\tif time.Since(m.UpdateTime) > a.p.StaleAfter {\n\t\t\tcontinue\n\t\t}' param
	[ "$(verdict snapshot.plugin_staleness)" = WARN ]
	[[ "$(why snapshot.plugin_staleness)" == *"\`a.p.StaleAfter\`, a value not known from the code"* ]]
}

@test "4a: the precise prefix scorer's token blocks against the engines' --block-size: set and other FAIL, unset and other WARN, equal PASS" {
	D="$BATS_TEST_TMPDIR/blocks"
	mkdir -p "$D"
	# an arm's EPP config: the scorer with blockSize $1, or none when empty
	epp() {
		printf 'plugins:\n- name: ppc\n  type: precise-prefix-cache-scorer\n'
		[ -z "$1" ] || printf '  parameters:\n    tokenProcessorConfig:\n      blockSize: %s\n' "$1"
		printf -- '- name: picker\n  type: max-score-picker\nschedulingProfiles:\n- name: default\n  plugins:\n  - pluginRef: ppc\n    weight: 1\n  - pluginRef: picker\n'
	}
	epp 32 >"$D/baseline_config.yaml"
	epp "" >"$D/treatment_config.yaml"
	for arm in baseline treatment; do
		"$S2R_BIN/s2r-config" --root "$D" --phase "$arm" \
		    --epp "$D/${arm}_config.yaml" >"$D/$arm.ndjson"
		# the cell's engines (the 2a record s2r-log-extract writes)
		for w in w1 w2; do
			bs=64
			[ "$arm/$w" != treatment/w2 ] || bs=16
			printf '{"kind":"measure","check":"2a","metric":"vllm.block_size","value":%d,"unit":"tokens","scope":{"phase":"%s","workload":"%s"},"source":{"file":"%s/%s/server_logs/p_vllm.log","line":11,"how":"non-default args"}}\n' \
			    "$bs" "$arm" "$w" "$arm" "$w"
		done >>"$D/$arm.ndjson"
	done
	V="$D/verdicts.ndjson"
	"$S2R_BIN/s2r-verdict" -n --checks 4a "$D"/baseline.ndjson "$D"/treatment.ndjson >"$V"
	validate_records "$V"
	got=$(jq -r 'select(.metric == "routing.prefix_block_size") | "\(.scope.phase)/\(.scope.workload) \(.verdict)"' "$V")
	[ "$got" = "baseline/w1 FAIL
baseline/w2 FAIL
treatment/w1 WARN
treatment/w2 PASS" ]
	why=$(jq -r 'select(.metric == "routing.prefix_block_size" and .scope.phase == "baseline" and .scope.workload == "w1") | .why' "$V")
	[[ $why == *"blocks of 32 tokens"*"--block-size 64 (baseline/w1/server_logs/p_vllm.log:11)"*"scores 0"* ]]
	why=$(jq -r 'select(.metric == "routing.prefix_block_size" and .scope.phase == "treatment" and .scope.workload == "w1") | .why' "$V")
	[[ $why == *"sets no tokenProcessorConfig.blockSize"*"default blocks of 16 tokens"* ]]
	[ "$(jq -r 'select(.metric == "routing.prefix_block_size" and .scope.phase == "baseline" and .scope.workload == "w1") | .diff.value' "$V")" = -32 ]
}

@test "4a: every engine's KV events must reach the precise prefix scorer: none configured, another port or a filtered topic FAIL; a log that cannot tell gives no verdict" {
	D="$BATS_TEST_TMPDIR/events"
	mkdir -p "$D"
	printf 'plugins:\n- name: ppc\n  type: precise-prefix-cache-scorer\n  parameters:\n    kvEventsConfig:\n      zmqEndpoint: "tcp://*:5557"\n      topicFilter: "kv@"\n' >"$D/baseline_config.yaml"
	"$S2R_BIN/s2r-config" --root "$D" --phase baseline \
	    --epp "$D/baseline_config.yaml" >"$D/baseline.ndjson"
	# rec W POD METRIC VALUE HOW: one 5a record of a pod's log
	rec() {
		printf '{"kind":"measure","check":"5a","metric":"%s","value":%s,"scope":{"phase":"baseline","workload":"%s","instance":"%s"},"source":{"file":"baseline/%s/server_logs/%s_vllm.log","line":11,"how":"%s"}}\n' \
		    "$3" "$4" "$1" "$2" "$1" "$2" "$5"
	}
	# events W POD ENDPOINT TOPIC: a pod whose args publish events
	events() {
		rec "$1" "$2" vllm.model_tag '"m"' "from the 'non-default args' line (Python dict repr)"
		rec "$1" "$2" vllm.kv_events_config.enable_kv_cache_events true "from the 'non-default args' line (Python dict repr)"
		rec "$1" "$2" vllm.kv_events_config.publisher '"zmq"' "from the 'non-default args' line (Python dict repr)"
		rec "$1" "$2" vllm.kv_events_config.endpoint "\"$3\"" "from the 'non-default args' line (Python dict repr)"
		rec "$1" "$2" vllm.kv_events_config.topic "\"$4\"" "from the 'non-default args' line (Python dict repr)"
	}
	{
		events ok p1 tcp://epp:5557 kv@10.0.0.1:8000@m
		events ok p2 tcp://epp:5557 kv@10.0.0.2:8000@m
		events mixed p1 tcp://epp:5557 kv@10.0.0.1:8000@m
		rec mixed p2 vllm.model_tag '"m"' "from the 'non-default args' line (Python dict repr)"
		events port p1 tcp://epp:5558 kv@10.0.0.1:8000@m
		events topic p1 tcp://epp:5557 events@10.0.0.1
		# an older log: the model from the banner, no args line
		rec unknown p1 vllm.model '"m"' "banner model"
	} >>"$D/baseline.ndjson"
	V="$D/verdicts.ndjson"
	"$S2R_BIN/s2r-verdict" -n --checks 4a "$D"/baseline.ndjson >"$V"
	validate_records "$V"
	got=$(jq -r 'select(.metric == "routing.prefix_events") | "\(.scope.workload) \(.verdict)"' "$V")
	[ "$got" = "mixed FAIL
ok PASS
port FAIL
topic FAIL" ]
	why() {
		jq -r --arg w "$1" 'select(.metric == "routing.prefix_events" and .scope.workload == $w) | .why' "$V"
	}
	[[ $(why mixed) == *"p2 ran with no --kv-events-config"*"(baseline/mixed/server_logs/p2_vllm.log:11)"*"that engine's blocks: its pod scores 0"* ]]
	[[ $(why mixed) != *"routes without prefix affinity"* ]]
	[[ $(why port) == *"port 5558 where the scorer listens on 5557"*"routes without prefix affinity"* ]]
	[[ $(why topic) == *'topic "events@10.0.0.1", which the scorer'"'"'s filter "kv@" drops'* ]]
	[[ $(why ok) == *"The 2 engines whose logs state the events config publish them there"* ]]
	# discovering pods, the scorer connects to each pod: no port to match
	printf '      discoverPods: true\n' >>"$D/baseline_config.yaml"
	"$S2R_BIN/s2r-config" --root "$D" --phase baseline \
	    --epp "$D/baseline_config.yaml" >"$D/epp2.ndjson"
	grep -v '"epp\.' "$D/baseline.ndjson" | cat - "$D/epp2.ndjson" |
	    "$S2R_BIN/s2r-verdict" -n --checks 4a - >"$V"
	[ "$(jq -r 'select(.metric == "routing.prefix_events" and .scope.workload == "port") | .verdict' "$V")" = PASS ]
	[[ $(why port) == *"subscribes to the engines' KV events with topic filter"* ]]
}

@test "4a: the precise prefix scorer tokenizes for the served model: the same model PASS (a path ending in it), another WARN, unnamed no verdict" {
	D="$BATS_TEST_TMPDIR/tok"
	mkdir -p "$D"
	# arm A: the scorer's own pool; arm B: the arm's tokenizer plugin
	printf 'plugins:\n- name: ppc\n  type: precise-prefix-cache-scorer\n  parameters:\n    indexerConfig:\n      tokenizersPoolConfig:\n        modelName: Qwen/Qwen3-14B\n' >"$D/a.yaml"
	printf 'plugins:\n- name: tok\n  type: tokenizer\n  parameters:\n    modelName: meta-llama/Llama-3.1-8B\n- name: ppc\n  type: precise-prefix-cache-scorer\n' >"$D/b.yaml"
	printf 'plugins:\n- name: ppc\n  type: precise-prefix-cache-scorer\n' >"$D/c.yaml"
	for arm in a b c; do
		"$S2R_BIN/s2r-config" --root "$D" --phase "$arm" --epp "$D/$arm.yaml"
		printf '{"kind":"measure","check":"2a","metric":"vllm.model","value":"/model-cache/models/qwen/qwen3-14b","scope":{"phase":"%s","workload":"w"},"source":{"file":"%s/w/server_logs/p_vllm.log","line":11,"how":"non-default args"}}\n' "$arm" "$arm"
	done >"$D/in.ndjson"
	V="$D/verdicts.ndjson"
	"$S2R_BIN/s2r-verdict" -n --checks 4a "$D/in.ndjson" >"$V"
	validate_records "$V"
	got=$(jq -r 'select(.metric == "routing.prefix_tokenizer") | "\(.scope.phase) \(.verdict)"' "$V")
	[ "$got" = "a PASS
b WARN" ]
	[[ $(jq -r 'select(.metric == "routing.prefix_tokenizer" and .scope.phase == "b") | .why' "$V") == *"tokenizes requests for meta-llama/Llama-3.1-8B (b.yaml:"*"serve /model-cache/models/qwen/qwen3-14b (b/w/server_logs/p_vllm.log:11)"*"unless the two models share a tokenizer"* ]]
}

@test "3c: a mean over a clamped count, a term divided by no threshold or by another parameter, a term divided further on, terms added" {
	# total / float64(max(len(pods), 1)) and no empty-pool branch: an
	# empty pool yields the accumulator's start, 0, not the sim's 1.0
	bundle clamped real-ok
	sed -i -e '/^func (a \*PreemptiveShed) saturation(/,/^}/ {
/if len(pods) == 0 {/,/}/d
s|return total / float64(len(pods))|return total / float64(max(len(pods), 1))|
}' "$(PLUGIN)"
	grep -q 'max(len(pods), 1)' "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict saturation.empty_pool)" = FAIL ]
	[[ "$(why saturation.empty_pool)" == *"no empty-pool branch; its mean divides by a count clamped to at least 1"*"so an empty pool yields the accumulator's start, 0 ("*"total := 0.0"* ]]
	[ "$(verdict saturation.formula)" = PASS ]
	# the queue count is not divided by the threshold: the config's
	# queueDepthThreshold never reaches the formula
	bundle undivided real-ok
	sed -i 's|q := float64(m.WaitingQueueSize) / a.p.QueueDepthThreshold|q := float64(m.WaitingQueueSize)|' "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict saturation.queue_depth_threshold treatment)" = FAIL ]
	[[ "$(why saturation.queue_depth_threshold)" == *"reads the signal but divides it by no threshold"*"No value of preemptive-shed.queueDepthThreshold reaches it."* ]]
	[ "$(verdict saturation.kv_cache_util_threshold treatment)" = PASS ]
	# divided on a later line, through a name or by /=: nothing to flag
	bundle alias real-ok
	sed -i 's|q := float64(m.WaitingQueueSize) / a.p.QueueDepthThreshold|depth := m.WaitingQueueSize\n\t\tq := float64(depth)\n\t\tq /= a.p.QueueDepthThreshold|' "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict saturation.queue_depth_threshold treatment)" = PASS ]
	[[ "$(why saturation.queue_depth_threshold)" == *"divides by its parameter QueueDepthThreshold"*"q /= a.p.QueueDepthThreshold"* ]]
	# the KV term divided by the queue threshold's field: the deployed
	# queueDepthThreshold is what applies, not kvCacheUtilThreshold
	bundle wrongfield real-ok
	sed -i -e 's|m.KVCacheUsagePercent / a.p.KVCacheUtilThreshold|m.KVCacheUsagePercent / a.p.QueueDepthThreshold|' "$(PLUGIN)"
	grep -q 'KVCacheUsagePercent / a.p.QueueDepthThreshold' "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict saturation.kv_cache_util_threshold treatment)" = FAIL ]
	[[ "$(why saturation.kv_cache_util_threshold)" == *"That is another deployed parameter, preemptive-shed.queueDepthThreshold ("*"not preemptive-shed.kvCacheUtilThreshold"* ]]
	# the two ratios added, not max'ed: a different saturation
	bundle added real-ok
	sed -i 's/total += max(q, kv)/total += q + kv/' "$(PLUGIN)"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict saturation.formula)" = FAIL ]
	[[ "$(why saturation.formula)" == *"generated plugin saturation ("*"per endpoint queue ratio + KV ratio, mean over endpoints"* ]]
}
