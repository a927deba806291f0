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

@test "3d: a slower sim snapshot than the router's refresh and staleness" {
	bundle slow real-ok
	sed -i 's/| 50000 | 50 ms |/| 250000 | 250 ms |/' "$SIM/config.md"
	records --root "$GO/gaie" --label gaie
	judge
	[ "$(verdict snapshot.refresh_interval)" = WARN ]
	[[ "$(why snapshot.refresh_interval)" == *"up to 50 ms old, the sim's up to 250 ms"* ]]
	[ "$(verdict snapshot.staleness)" = WARN ]
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
