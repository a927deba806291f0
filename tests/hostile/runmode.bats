#!/usr/bin/env bats
bats_require_minimum_version 1.5.0
# Run mode and the sim bundle's transfer.yaml, hostile (the audit after
# run mode came in): the scenarios transfer.yaml names (baselines[].
# scenario) may lie anywhere in SIM, beyond the folders discover.sh walks,
# so a link there used to lead the run out of SIM unrefused; a scenario's
# replica counts could overflow (undefined behaviour: an ASan build
# aborted, a plain one counted negative pods); the PipelineRuns'
# conflicts were named without a line.
load hostile

# scenario FILE [REPLICAS [PREFILL]]: an llm-d-benchmark scenario.
scenario() {
	printf 'scenario:\n- name: s\n  decode:\n    replicas: %s\n' "${2:-2}" >"$1"
	[ -z "${3:-}" ] || printf '  prefill:\n    replicas: %s\n' "$3" >>"$1"
	printf '  model:\n    name: m\n' >>"$1"
}

# transfer PATH...: sim/transfer.yaml naming one baseline per PATH.
transfer() {
	local i=0 p
	printf 'kind: sim2real-transfer\nbaselines:\n' >sim/transfer.yaml
	for p in "$@"; do
		i=$((i + 1))
		printf '  - name: b%d\n    scenario: "%s"\n' "$i" "$p" >>sim/transfer.yaml
	done
}

# pipelinerun FILE PARAM=VALUE...: a Tekton PipelineRun with those
# params, each value one double-quoted line.
pipelinerun() {
	local f=$1 kv
	shift
	printf 'apiVersion: tekton.dev/v1\nkind: PipelineRun\nspec:\n  params:\n' >"$f"
	for kv in "$@"; do
		printf '  - name: %s\n    value: "%s"\n' "${kv%%=*}" "${kv#*=}" >>"$f"
	done
}

SPEC='{aggregate_rate: 9, num_requests: 10, seed: SEED, version: \"2\", clients: [{id: c, rate_fraction: 1, arrival: {process: poisson}, input_distribution: {type: constant, params: {value: 8}}, output_distribution: {type: constant, params: {value: 8}}}]}'

@test "runmode: a scenario transfer.yaml names through a link out of SIM is refused, naming both" {
	mkdir elsewhere
	scenario elsewhere/secret.yaml
	ln -s ../elsewhere sim/scen	# not under baselines/: never walked
	transfer scen/secret.yaml
	BEFORE=$(outside)
	parity
	refused "sim/scen/secret.yaml: a link to $(pwd -P)/elsewhere/secret.yaml, outside SIM: refused (FOLLOW_LINKS=1"
	# the file itself a link, at the top of SIM
	rm sim/scen
	ln -s ../elsewhere/secret.yaml sim/top.yaml
	transfer top.yaml
	parity
	refused "sim/top.yaml: a link to $(pwd -P)/elsewhere/secret.yaml, outside SIM"
	# FOLLOW_LINKS=1 reads it, and writes nothing there
	parity FOLLOW_LINKS=1
	[ "$status" -eq 0 ] || { echo "$stderr"; return 1; }
	jq -e -s 'map(select(.source.file == "top.yaml")) | length > 0' out/expect.ndjson
	nothing_outside
}

@test "runmode: a scenario that is a FIFO or a dangling link is refused before anything runs" {
	mkfifo sim/f.yaml
	transfer f.yaml
	parity
	refused 'sim/f.yaml: expected a regular file, got a FIFO'
	rm sim/f.yaml
	ln -s nowhere.yaml sim/f.yaml
	parity
	refused 'sim/f.yaml: expected a regular file, got a dangling link'
	# a link inside SIM is followed; a name that is not there is no scenario
	rm sim/f.yaml
	mkdir sim/scenarios
	scenario sim/scenarios/s.yaml 3
	ln -s scenarios/s.yaml sim/f.yaml
	transfer f.yaml nosuch.yaml
	parity
	[ "$status" -eq 0 ] || { echo "$stderr"; return 1; }
	jq -e -s 'map(select(.metric == "instances.count" and .source.file == "f.yaml"))[0].value == 3' out/expect.ndjson
}

@test "runmode: replica counts whose sum overflows are a located error, not undefined arithmetic" {
	mkdir -p sim/baselines
	scenario sim/baselines/big.yaml 9223372036854775807 9223372036854775807
	transfer baselines/big.yaml
	run --separate-stderr "$S2R_BIN/s2r-expect" sim
	assert_bad_input
	[ "$stderr" = "s2r-expect: baselines/big.yaml:6:15: expected prefill.replicas: a whole number that, with decode.replicas, counts at most 2^63-1 pods" ]
	# the largest sum that fits is read
	scenario sim/baselines/big.yaml 9223372036854775806 1
	run --separate-stderr "$S2R_BIN/s2r-expect" sim
	[ "$status" -eq 0 ] || { echo "$stderr"; return 1; }
	jq -e -s 'map(select(.metric == "instances.count" and .source.file == "baselines/big.yaml"))[0].value == 9223372036854775807' <<<"$output"
	# the same scenario deployed by a PipelineRun (scenarioContent)
	rm sim/transfer.yaml
	mkdir -p real/cluster
	pipelinerun real/cluster/pipelinerun-a.yaml phase=baseline \
	    'scenarioContent=scenario: [{decode: {replicas: 9223372036854775807}, prefill: {replicas: 1}}]'
	run --separate-stderr "$S2R_BIN/s2r-expect" --run real sim
	assert_bad_input
	[ "$stderr" = "s2r-expect: cluster/pipelinerun-a.yaml:8: scenarioContent:1:74: expected prefill.replicas: a whole number that, with decode.replicas, counts at most 2^63-1 pods" ]
}

@test "runmode: additionalFlags that are a map, not a list, are named, not read as flags" {
	mkdir -p sim/baselines
	scenario sim/baselines/s.yaml
	printf '  vllmCommon:\n    flags: {enforceEager: true}\n' >>sim/baselines/s.yaml
	sed -i 's/^    replicas: 2$/    replicas: 2\n    vllm:\n      additionalFlags: {a: --max-num-seqs=8}/' sim/baselines/s.yaml
	transfer baselines/s.yaml
	run --separate-stderr "$S2R_BIN/s2r-expect" sim
	assert_bad_input
	[ "$stderr" = "s2r-expect: baselines/s.yaml:6:24: expected decode.vllm.additionalFlags: a list of vLLM flags" ]
	# a list is read; none at all is no flags
	sed -i 's/additionalFlags: {a: --max-num-seqs=8}/additionalFlags: [--max-num-seqs=8]/' sim/baselines/s.yaml
	run --separate-stderr "$S2R_BIN/s2r-expect" sim
	[ "$status" -eq 0 ] || { echo "$stderr"; return 1; }
	jq -e -s 'map(select(.metric == "vllm.max_num_seqs" and .source.file == "baselines/s.yaml"))[0].value == 8' <<<"$output"
	sed -i 's/additionalFlags: \[--max-num-seqs=8\]/additionalFlags:/' sim/baselines/s.yaml
	run --separate-stderr "$S2R_BIN/s2r-expect" sim
	[ "$status" -eq 0 ] || { echo "$stderr"; return 1; }
}

@test "runmode: PipelineRuns that disagree on a workload's spec are named at file:line:column" {
	mkdir -p real/cluster
	pipelinerun real/cluster/pipelinerun-a.yaml phase=baseline workloadName=w "workloadSpec=${SPEC/SEED/1}"
	pipelinerun real/cluster/pipelinerun-b.yaml workloadName=w "workloadSpec=${SPEC/SEED/2}"
	run --separate-stderr "$S2R_BIN/s2r-expect" --run real sim
	assert_bad_input
	[ "$stderr" = "s2r-expect: cluster/pipelinerun-b.yaml:8:12: expected a phase param: the run's PipelineRuns give workload w different specs" ]
	pipelinerun real/cluster/pipelinerun-b.yaml phase=baseline workloadName=w "workloadSpec=${SPEC/SEED/2}"
	run --separate-stderr "$S2R_BIN/s2r-expect" --run real sim
	assert_bad_input
	[ "$stderr" = "s2r-expect: cluster/pipelinerun-b.yaml:10:12: expected the spec of cluster/pipelinerun-a.yaml for phase baseline, workload w: two PipelineRuns of one cell give different specs" ]
}

@test "runmode: input text quoted in an error stays one line: a newline or an escape shows as '?'" {
	# a workloadName that would forge a second message
	mkdir -p real/cluster
	pipelinerun real/cluster/pipelinerun-a.yaml phase=baseline 'workloadName=w\ns2r-expect: all good' "workloadSpec=${SPEC/SEED/1}"
	pipelinerun real/cluster/pipelinerun-b.yaml 'workloadName=w\ns2r-expect: all good' "workloadSpec=${SPEC/SEED/2}"
	run --separate-stderr "$S2R_BIN/s2r-expect" --run real sim
	assert_bad_input
	[ "$stderr" = "s2r-expect: cluster/pipelinerun-b.yaml:8:12: expected a phase param: the run's PipelineRuns give workload w?s2r-expect: all good different specs" ]
	# a trace header's value, with a terminal escape
	h=real/baseline/chat_mixed/trace_header.yaml
	sed -i 's/^time_unit: .*/time_unit: "u\\ns\\e[2J"/' "$h"
	grep -q '^time_unit: "u' "$h"
	run --separate-stderr "$S2R_BIN/s2r-trace-stats" real/baseline/chat_mixed/trace_data.csv
	assert_bad_input
	[[ "$stderr" == *': time_unit: expected "us" or "microseconds", got "u?s?[2J"' ]]
	# a file name with a newline, named by the tool that cannot read it
	run --separate-stderr "$S2R_BIN/s2r-verdict" $'no\nsuch.ndjson'
	assert_bad_input
	[[ "$stderr" == *"no?such.ndjson"* ]]
}

@test "runmode: the translation's translation_output.json linked out of it, or a FIFO, is refused before s2r-run reads it" {
	mkdir -p ws/workspace/runs ws/workspace/translations/h1/generated
	cp -R real ws/workspace/runs/r1
	echo '{"translation_hash": "h1"}' >ws/workspace/runs/r1/run_metadata.json
	t=ws/workspace/translations/h1/translation_output.json
	ln -s /etc/passwd "$t"
	BEFORE=$(outside)
	run --separate-stderr timeout 60 make -s -f "$PMK" SIM=sim \
	    RUN=ws/workspace/runs/r1 OUT=out S2R_BIN="$S2R_BIN"
	# (s2r-run used to read it first: "...:1:4: '[' or '{' expected near 'root'")
	refused 'ws/workspace/runs/r1/../../translations/h1/translation_output.json: a link to /etc/passwd, outside RUN: refused'
	[[ "$stderr" != *root* ]]
	rm "$t"
	mkfifo "$t"
	run --separate-stderr timeout 60 make -s -f "$PMK" SIM=sim \
	    RUN=ws/workspace/runs/r1 OUT=out S2R_BIN="$S2R_BIN"
	refused 'translations/h1/translation_output.json: expected a regular file, got a FIFO'
	# a plain one is read
	rm "$t"
	echo '{"algorithms": [{"name": "treatment"}]}' >"$t"
	run --separate-stderr timeout 120 make -s -f "$PMK" SIM=sim \
	    RUN=ws/workspace/runs/r1 OUT=out S2R_BIN="$S2R_BIN"
	[ "$status" -eq 0 ] || { echo "$stderr"; return 1; }
	jq -e -s 'map(select(.kind == "run"))[0] | tostring | test("translation_output.json")' out/run.ndjson
}

@test "runmode: a PipelineRun's spec of 2,000 clients against the sim's is compared in seconds" {
	# each of its 14,000 expectations was looked for among the sim's one
	# by one (30 s on a plain build), and every PipelineRun against every
	# other (4,000 of one workload: 50 s)
	{
		printf 'version: "2"\nseed: 1\naggregate_rate: 10\nnum_requests: 100\nclients:\n'
		seq 1 2000 | sed 's/.*/  - {id: c&, rate_fraction: 1, arrival: {process: poisson}, input_distribution: {type: constant, params: {value: 8}}, output_distribution: {type: constant, params: {value: 8}}}/'
	} >sim/workloads/many.yaml
	mkdir -p real/cluster
	spec=$(sed 's/^seed: 1$/seed: 2/; s/"/\\"/g' sim/workloads/many.yaml | awk '{ printf "%s\\n", $0 }')
	for i in 1 2 3; do
		pipelinerun "real/cluster/pipelinerun-$i.yaml" "phase=p$i" workloadName=many "workloadSpec=$spec"
	done
	run --separate-stderr timeout 60 "$S2R_BIN/s2r-expect" --run real sim
	[ "$status" -eq 0 ] || { echo "status $status: $stderr"; return 1; }
	# one conflict per PipelineRun: the seed, for the whole workload
	[ "$(jq -r 'select(.metric == "workload.conflict") | "\(.scope.phase) \(.value) \(.values[0].metric) \(.values[0].sim.value) \(.values[0].run.value)"' <<<"$output")" = "p1 1 workload.seed 1 2
p2 1 workload.seed 1 2
p3 1 workload.seed 1 2" ]
}

@test "runmode: 1,000 PipelineRuns' scenarios beside a spec of 2,000 clients are judged in seconds" {
	# each deployed parameter was sought through every sim record:
	# 2,000 PipelineRuns beside such a spec took 3 minutes
	{
		printf 'version: "2"\nseed: 1\naggregate_rate: 10\nnum_requests: 100\nclients:\n'
		seq 1 2000 | sed 's/.*/  - {id: c&, rate_fraction: 1, arrival: {process: poisson}, input_distribution: {type: constant, params: {value: 8}}, output_distribution: {type: constant, params: {value: 8}}}/'
	} >sim/workloads/many.yaml
	mkdir -p real/cluster
	for i in $(seq 1000 1999); do
		pipelinerun "real/cluster/pipelinerun-$i.yaml" "phase=p$i" \
		    'scenarioContent=scenario: [{decode: {replicas: 4, vllm: {additionalFlags: [--max-num-seqs=9]}}}]'
	done
	run --separate-stderr timeout 60 "$S2R_BIN/s2r-expect" --run real sim
	[ "$status" -eq 0 ] || { echo "status $status: $stderr"; return 1; }
	# each differs from config.md in max_num_seqs (256) alone
	[ "$(jq -r 'select(.metric == "config.deployed") | "\(.value) \(.values[0].metric) \(.values[0].sim.value) \(.values[0].run.value)"' <<<"$output" | sort | uniq -c | sed 's/^ *//')" = "1000 1 vllm.max_num_seqs 256 9" ]
}
