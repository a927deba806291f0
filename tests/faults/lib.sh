# lib.sh - the fault-injection harness (issue 11), sourced by
# tests/faults.bats and tests/faults/run.
#
# A fault is a script tests/faults/NAME.sh: a header of '# field: value'
# lines (pair, plants, catches, touches; see tests/faults/compare and
# docs/faults.md) and a function plant() that changes exactly one thing in
# a copy of a pair.  fault_eval NAME copies the pair's clean inputs, runs
# plant() inside the copy, runs the pair's pipeline and compares its
# verdicts with the clean run's (computed once per FAULTS_TMP).
#
# Pairs (inputs built once under $FAULTS_TMP/pairs/PAIR/in, copied per
# fault; sample data is read-only and only ever copied):
#   aw        aw-sim + aw-real (parity; GAIE/LLMD = the project's Go fixtures)
#   14b       14b-sim (its two specs the real run ran, plus our sim
#             algorithm and a measurement.yaml from its config.md) + the
#             real bundle fixtures/14b/make-real writes, with our
#             generated plugin, -v=3 EPP logs in the w1c cells
#             and gpu_logs (sampled every second) from
#             fixtures/gpu/make-gpu-logs (parity with a copy of the Go
#             fixtures in code/, so a fault can plant in the router)
#   upstream  upstream/config-exploration: run test, three arms differing
#             in vLLM config; the sim side is the workload spec the run's
#             pipelinerun embeds (parity in run mode, RUN=)
#   expceil   upstream/exponential-ceiling run r1 (flow control: the
#             treatment PipelineRun deploys an EPP config in its
#             scenarioContent, beside generated/*_config.yaml) + one
#             treatment cell s2r-synth writes from the spec it embeds
#             (parity in run mode, RUN=)
#   corpus    a corpus workload (upstream/blis-formats' corpus fixture, as
#             workloads/agentic.yaml) + one real cell replaying its
#             sessions, written by fixtures/corpus/make-real (parity)
#   lora      upstream/lora-2 (its 9-adapter LoRA workload, config.md and
#             measurement.yaml) + one real cell run under that protocol,
#             written by fixtures/lora/make-real, with the trace's adapter
#             column (parity)
#   hta       kernels/hta sampled_rank-0/1 traces, slots derived from them
#             with fixtures/align/hta.rules, and tests/fixtures/align's
#             real/sim request traces (align)
#   vllm      a vLLM-shaped trace from tests/gen-kineto.py (prefill and
#             decode iterations) with its slots, and the same request
#             traces (align)
#
# Environment: S2R_TOP, S2R_BIN, S2R_SAMPLES; FAULTS_TMP (scratch and the
# clean-run cache; default $BATS_FILE_TMPDIR or a new temp dir).

FAULTS="$S2R_TOP/tests/faults"
FAULTS_FX="$FAULTS/fixtures"
# where the fault scripts are read from (tests point it elsewhere)
: "${FAULT_DIR:=$FAULTS}"
GO_FX="$S2R_TOP/tests/fixtures/go"
: "${FAULTS_TMP:=${BATS_FILE_TMPDIR:-$(mktemp -d)}}"

# fault_field NAME FIELD: the values of the fault's '# FIELD: ' lines.
fault_field() {
	sed -n "s/^# $2: //p" "$FAULT_DIR/$1.sh"
}

# fault_list: every fault, by name, sorted.
fault_list() {
	for f in "$FAULT_DIR"/*.sh; do
		f=${f##*/}
		[ "$f" = lib.sh ] || echo "${f%.sh}"
	done | LC_ALL=C sort
}

# known_miss NAME: the diagnosis line of a known miss, or nothing.
known_miss() {
	sed -n "s/^$1[[:space:]][[:space:]]*//p" "$FAULTS/known-misses"
}

pair_kind() {
	case $1 in
	hta|vllm) echo align ;;
	*) echo parity ;;
	esac
}

# The workload spec a config-exploration pipelinerun embeds (a YAML
# double-quoted scalar; unfolded here so that no YAML module is needed).
upstream_spec() {
	/usr/bin/python3 - "$1" <<'EOF'
import re, sys
text = open(sys.argv[1]).read()
m = re.search(r'- name: workloadSpec\n\s+value: "((?:[^"\\]|\\[\s\S])*)"', text)
if not m:
    sys.exit("no workloadSpec in " + sys.argv[1])
raw, out, i = m.group(1), [], 0
esc = {"n": "\n", "t": "\t", " ": " ", '"': '"', "\\": "\\", "/": "/"}
while i < len(raw):
    c = raw[i]
    if c == "\\" and raw[i + 1] == "\n":    # escaped line break: joined
        i += 2
        while i < len(raw) and raw[i] in " \t":
            i += 1
    elif c == "\\":
        out.append(esc.get(raw[i + 1], raw[i + 1]))
        i += 2
    elif c == "\n":                          # folded line break: a space
        out.append(" ")
        i += 1
        while i < len(raw) and raw[i] in " \t":
            i += 1
    else:
        out.append(c)
        i += 1
print("".join(out))
EOF
}

# pair_build PAIR DIR: the pair's clean inputs in DIR (writable).
pair_build() {
	local p=$1 d=$2 s=$S2R_SAMPLES
	mkdir -p "$d"
	case $p in
	aw)
		cp -R "$s/aw-sim" "$d/sim"
		cp -R "$s/aw-real" "$d/real"
		chmod -R u+w "$d"
		;;
	14b)
		cp -R "$s/14b-sim" "$d/sim"
		chmod -R u+w "$d"
		# the real run ran two of the nine specs
		find "$d/sim/workloads" -name '*.yaml' ! -name w1c_14b.yaml \
		    ! -name w2_14b_burst.yaml -exec rm -f {} +
		cp -R "$FAULTS_FX/14b/algorithm" "$d/sim/"
		# its measurement protocol, as sim2real's bootstrap writes it
		cp "$FAULTS_FX/14b/measurement.yaml" "$d/sim/"
		S2R_BIN=$S2R_BIN "$FAULTS_FX/14b/make-real" "$d/sim" "$d/real"
		"$FAULTS_FX/gpu/make-gpu-logs" --interval 1 "$d/real"
		# the router source the run is proved against, in the copy:
		# a fault may plant in it (the deployed router's defaults)
		mkdir -p "$d/code"
		cp -R "$GO_FX/gaie" "$GO_FX/llmd" "$d/code/"
		;;
	upstream)
		cp -R "$s/upstream/config-exploration/sim2real/workspace/runs/test" \
		    "$d/real"
		chmod -R u+w "$d"
		mkdir -p "$d/sim/workloads"
		upstream_spec "$d/real/cluster/pipelinerun-w1-mid-blis1.yaml" \
		    >"$d/sim/workloads/w1_mid.yaml"
		# the arms' scenarios (2a: what each arm was to deploy)
		cp -R "$s/upstream/config-exploration/sim2real/transfer.yaml" \
		    "$s/upstream/config-exploration/sim2real/baselines" "$d/sim/"
		chmod -R u+w "$d/sim"
		;;
	expceil)
		# run r1 of upstream/exponential-ceiling (no traces): its
		# treatment PipelineRun, generated configs and the
		# scenario it deployed, plus one cell s2r-synth writes from
		# the workload spec that PipelineRun embeds
		s=$s/upstream/exponential-ceiling
		cp -R "$s/workspace/runs/r1" "$d/real"
		mkdir -p "$d/sim/workloads"
		cp -R "$s/transfer.yaml" "$s/baselines" "$s/config.md" \
		    "$s/README.md" "$d/sim/"
		chmod -R u+w "$d"
		upstream_spec "$d/real/cluster/pipelinerun-chatbot-mid-treatment.yaml" \
		    >"$d/sim/workloads/chatbot_mid.yaml"
		mkdir -p "$d/real/results/treatment/chatbot_mid"
		"$S2R_BIN/s2r-synth" --mode real \
		    --start-epoch-us 1779290000000000 \
		    "$d/sim/workloads/chatbot_mid.yaml" \
		    "$d/real/results/treatment/chatbot_mid"
		# the protocol's warm-up (README: --warmup-requests 200): the
		# first 200 requests are not in the trace
		sed -i 's/^warm_up_requests: .*/warm_up_requests: 200/' \
		    "$d/real/results/treatment/chatbot_mid/trace_header.yaml"
		trace_edit "$d/real/results/treatment/chatbot_mid/trace_data.csv" \
		    'rows = [r for r in rows if int(r["request_id"]) >= 200]'
		;;
	corpus)
		mkdir -p "$d/sim/workloads"
		cp "$s/upstream/blis-formats/examples/workload.corpus.FIXTURE.yaml" \
		    "$d/sim/workloads/agentic.yaml"
		"$FAULTS_FX/corpus/make-real" "$d/real"
		chmod -R u+w "$d"
		;;
	lora)
		mkdir -p "$d/sim"
		cp -R "$s/upstream/lora-2/workloads" \
		    "$s/upstream/lora-2/config.md" \
		    "$s/upstream/lora-2/measurement.yaml" "$d/sim/"
		chmod -R u+w "$d"
		S2R_BIN=$S2R_BIN "$FAULTS_FX/lora/make-real" "$d/sim" "$d/real"
		;;
	hta)
		mkdir -p "$d/align"
		cp "$s/kernels/hta/sampled_rank-0.json.gz" \
		    "$s/kernels/hta/sampled_rank-1.json.gz" "$d/align/"
		cp "$FAULTS_FX/align/hta.rules" "$d/align/labels.rules"
		cp "$S2R_TOP/tests/fixtures/align/"* "$d/align/"
		chmod -R u+w "$d"
		# The simulated cost slots: step 551 of rank 0, per operation
		# (mean kernel time x calls), predicting every step.
		"$S2R_BIN/s2r-kernel-match" --emit-kernels --rules \
		    "$d/align/labels.rules" "$d/align/sampled_rank-0.json.gz" |
		    jq -c -s '[.[] | select(.kind == "kernel" and .iter == 551
		      and .op != null and .category != "elementwise"
		      and .category != "memcpy")] | group_by(.op)
		    | sort_by(-(map(.dur_ns) | add)) | to_entries
		    | map({kind: "slot", slot: ("step." + .value[0].op),
		      op: .value[0].op, category: .value[0].category,
		      unit_ns: ((.value | map(.dur_ns) | add) /
		        (.value | length) | round),
		      count: (.value | length), order: .key})[]' \
		    >"$d/align/slots.ndjson"
		;;
	vllm)
		mkdir -p "$d/align"
		cp "$S2R_TOP/tests/fixtures/align/"* "$d/align/"
		cp "$S2R_TOP/pipelines/rules/vllm-dense.rules" \
		    "$d/align/labels.rules"
		/usr/bin/python3 "$S2R_TOP/tests/gen-kineto.py" \
		    "$d/align/vllm_rank{rank}.json" --slots "$d/align/slots.ndjson"
		chmod -R u+w "$d"
		;;
	*)
		echo "pair_build: unknown pair $p" >&2
		return 2
		;;
	esac
}

# The router codebases of a pair: its own copy, else the project's.
code_of() {
	if [ -d "$1/code" ]; then echo "$1/code"; else echo "$GO_FX"; fi
}

# pair_run PAIR DIR OUT: the pair's pipeline over DIR into OUT.
pair_run() {
	local p=$1 d=$2 o=$3 a
	mkdir -p "$o"
	case $p in
	hta|vllm)
		a=$d/align
		make -s -f "$S2R_TOP/pipelines/align.mk" OUT="$o" \
		    S2R_BIN="$S2R_BIN" TRACE="$(ls "$a"/*.json.gz "$a"/*rank*.json \
		    2>/dev/null | tr '\n' ' ')" SLOTS="$a/slots.ndjson" \
		    RULES="$a/labels.rules" REAL_TRACE="$a/trace_data.csv" \
		    SIM_TRACE="$a/$([ "$p" = hta ] && echo sim.csv || echo sim.json)"
		;;
	upstream|expceil)	# a run directory: run mode
		make -s -f "$S2R_TOP/pipelines/parity.mk" SIM="$d/sim" \
		    RUN="$d/real" OUT="$o" S2R_BIN="$S2R_BIN"
		;;
	corpus|lora)
		make -s -f "$S2R_TOP/pipelines/parity.mk" SIM="$d/sim" \
		    REAL="$d/real" OUT="$o" S2R_BIN="$S2R_BIN"
		;;
	*)
		make -s -f "$S2R_TOP/pipelines/parity.mk" SIM="$d/sim" \
		    REAL="$d/real" OUT="$o" S2R_BIN="$S2R_BIN" \
		    GAIE="$(code_of "$d")/gaie" LLMD="$(code_of "$d")/llmd"
		;;
	esac >"$o/make.log" 2>&1
}

# pair_clean PAIR: builds the pair's inputs and runs the clean copy once;
# prints the folder holding in/ and out/.
pair_clean() {
	local c="$FAULTS_TMP/pairs/$1"
	if [ ! -s "$c/out/verdicts.ndjson" ]; then
		rm -rf "$c"
		mkdir -p "$c"
		pair_build "$1" "$c/in" >"$c.build.log" 2>&1 || {
			cat "$c.build.log" >&2
			return 1
		}
		pair_run "$1" "$c/in" "$c/out" || {
			cat "$c/out/make.log" >&2
			return 1
		}
	fi
	echo "$c"
}

# fault_eval NAME: plants the fault in a copy of its pair, runs the
# pipeline, and writes the comparison to $FAULTS_TMP/faults/NAME/result
# (first line "result: detected" or "result: missed").  Returns 0 when
# detected.
fault_eval() {
	local n=$1 pair clean d rc
	pair=$(fault_field "$n" pair)
	d="$FAULTS_TMP/faults/$n"
	rm -rf "$d"
	mkdir -p "$d"
	clean=$(pair_clean "$pair" 2>"$d/clean.log") || {
		printf 'result: missed\nthe clean run of pair %s failed:\n' \
		    "$pair" >"$d/result"
		tail -5 "$d/clean.log" >>"$d/result"
		return 2
	}
	cp -R "$clean/in" "$d/in"
	# plant() runs in the copy with SIM/REAL/ALIGN naming its parts.
	(
		cd "$d/in" || exit 2
		SIM=$PWD/sim REAL=$PWD/real ALIGN=$PWD/align
		export SIM REAL ALIGN
		set -e
		. "$FAULT_DIR/$n.sh"
		plant
	) >"$d/plant.log" 2>&1 || {
		printf 'result: missed\nplant() failed:\n' >"$d/result"
		cat "$d/plant.log" >>"$d/result"
		return 1
	}
	if ! pair_run "$pair" "$d/in" "$d/out" ||
	    [ ! -s "$d/out/verdicts.ndjson" ]; then
		printf 'result: missed\nthe pipeline failed on the faulted copy:\n' \
		    >"$d/result"
		tail -5 "$d/out/make.log" >>"$d/result"
		return 1
	fi
	/usr/bin/python3 "$FAULTS/compare" "$FAULT_DIR/$n.sh" \
	    "$clean/out/verdicts.ndjson" "$d/out/verdicts.ndjson" >"$d/result"
	rc=$?
	return $rc
}

# clean_unexplained PAIR VERDICT: the clean run's verdicts of that value
# that no line of tests/faults/clean-verdicts explains, one key a line.
clean_unexplained() {
	local c
	c=$(pair_clean "$1") || return 2
	/usr/bin/python3 "$FAULTS/compare" --keys "$c/out/verdicts.ndjson" |
	    awk -F'\t' -v want="$2" '$2 == want { print $1 }' |
	    while IFS= read -r key; do
		clean_explained "$1" "$2" "$key" || echo "$key"
	done
}

trim() {
	local s=$1
	s=${s#"${s%%[![:space:]]*}"}
	printf '%s' "${s%"${s##*[![:space:]]}"}"
}

# clean_explained PAIR VERDICT KEY: whether a clean-verdicts line covers it
# (fields: pair | verdict | key glob | reason).
clean_explained() {
	local p v g r
	while IFS='|' read -r p v g r; do
		p=$(trim "$p") v=$(trim "$v") g=$(trim "$g")
		case $p in ''|\#*) continue ;; esac
		[ "$p" = "$1" ] && [ "$v" = "$2" ] || continue
		# shellcheck disable=SC2053
		[[ $3 == $g ]] && return 0
	done <"$FAULTS/clean-verdicts"
	return 1
}

# trace_edit CSV CODE [ITL]: runs the Python CODE over the trace's rows (a
# list of dicts named rows, in file order; cols the header; rng a seeded
# random.Random) and, given ITL, over its chunk rows too (irows, icols),
# and writes them back as blis observe does (header first, RFC 4180
# quoting, "\n" line ends).  CODE may rebind rows, cols, irows and icols.
trace_edit() {
	/usr/bin/python3 - "$@" <<'EOF'
import csv, random, sys
def load(path):
    with open(path, newline="") as f:
        r = csv.DictReader(f)
        return r.fieldnames, list(r)
def save(path, cols, rows):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=cols, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
path, code, itl = sys.argv[1], sys.argv[2], sys.argv[3:]
ns = {"rng": random.Random(11)}
ns["cols"], ns["rows"] = load(path)
if itl:
    ns["icols"], ns["irows"] = load(itl[0])
exec(code, ns)
save(path, ns["cols"], ns["rows"])
if itl:
    save(itl[0], ns["icols"], ns["irows"])
EOF
}

# shift_after_iteration TRACE.json K US: a host stall of US microseconds
# before iteration K (0-based, in marker order) of a one-event-a-line
# Kineto trace: its marker, the launches inside it and the kernels they
# launched, and everything after, start US later.  Formatting (three
# decimals) is kept; nothing else changes.
shift_after_iteration() {
	/usr/bin/python3 - "$@" <<'EOF'
import json, re, sys
path, k, us = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
lines = open(path).read().split("\n")
events = {}
for i, line in enumerate(lines):
    s = line.strip().rstrip(",")
    if s.startswith("{") and '"ph"' in s:
        events[i] = json.loads(s)
ann = sorted((e["ts"], e["ts"] + e.get("dur", 0)) for e in events.values()
             if e.get("cat") == "user_annotation")
start = ann[k][0]
late = set()
for e in events.values():
    if e.get("cat") == "cuda_runtime" and e["ts"] >= start:
        late.add(e["args"].get("correlation"))
for i, e in events.items():
    shift = (e["ts"] >= start if e.get("cat") in ("cuda_runtime", "user_annotation")
             else e.get("args", {}).get("correlation") in late)
    if shift:
        lines[i] = re.sub(r'"ts": ([0-9.]+)',
                          lambda m: '"ts": %.3f' % (float(m.group(1)) + us),
                          lines[i], count=1)
open(path, "w").write("\n".join(lines))
EOF
}

# scenario_edit PIPELINERUN CODE: runs the Python CODE over the scenario a
# PipelineRun deploys (its scenarioContent param): scn is that scenario
# (a dict), cfg the EPP config string its pluginsCustomConfig holds
# (inferenceExtension or router.epp, None when there is none); CODE may
# change either (a cfg rebound is written back).  The PipelineRun is
# written back with PyYAML (formatting changes, meaning does not).
scenario_edit() {
	/usr/bin/python3 - "$1" "$2" <<'EOF2'
import sys, yaml
path, code = sys.argv[1], sys.argv[2]
pr = yaml.safe_load(open(path))
param = next(p for p in pr["spec"]["params"] if p["name"] == "scenarioContent")
scn = yaml.safe_load(param["value"])
entry = scn["scenario"][0]
holder = (entry.get("inferenceExtension") or
          entry.get("router", {}).get("epp") or {})
custom = holder.get("pluginsCustomConfig") or {}
key = next(iter(custom), None)
ns = {"scn": scn, "cfg": custom.get(key) if key else None}
exec(code, ns)
print()
if key is not None:
    custom[key] = ns["cfg"]
param["value"] = yaml.safe_dump(ns["scn"], sort_keys=False, width=80)
open(path, "w").write(yaml.safe_dump(pr, sort_keys=False, width=80))
EOF2
}

# scenario_epp PIPELINERUN: the EPP config string its scenario deploys.
scenario_epp() {
	scenario_edit "$1" 'print(cfg)' | sed '$d'
}

# trace_serve CSV LIKE PICK: the rows PICK (a Python expression over rows
# and rng, evaluated once) become served requests, each copying the
# latencies and output of a random ok row for which LIKE holds (an
# expression over that row, r): what a shed or failed request would have
# looked like had the gateway admitted it.
trace_serve() {
	trace_edit "$1" '
served = [r for r in rows if r["status"] == "ok" and ('"$2"')]
for r in '"$3"':
    like = rng.choice(served)
    send = int(r["send_time_us"])
    ttft = int(like["first_chunk_time_us"]) - int(like["send_time_us"])
    e2e = int(like["last_chunk_time_us"]) - int(like["send_time_us"])
    r.update(output_tokens=like["output_tokens"], server_input_tokens=str(int(r["input_tokens"]) + 30),
             first_chunk_time_us=str(send + ttft), last_chunk_time_us=str(send + e2e),
             num_chunks=like["num_chunks"], status="ok", error_message="",
             finish_reason=like["finish_reason"])'
}

# logs_add_requests CELL N: N more completions in the cell's vLLM logs,
# dealt round the pods (copies of each log's first request line), as the
# pods would log the requests trace_serve made served.
logs_add_requests() {
	local g k=0 pods
	pods=$(ls "$1"/server_logs/*_vllm.log | wc -l)
	for g in "$1"/server_logs/*_vllm.log; do
		grep -m1 '"POST /v1/completions' "$g" >"$g.one"
		awk -v n="$2" -v k=$k -v pods="$pods" \
		    'NR == 1 { for (i = k; i < n; i += pods) print }' \
		    "$g.one" >>"$g"
		rm -f "$g.one"
		k=$((k + 1))
	done
}

# scrapes_write CELL BODY: Prometheus scrapes of the cell's vLLM pods every
# 10 s over the trace's sends, in the stream-metrics layout
# (metrics/raw/POD_EPOCH_metrics.log, a comment header, then the
# metrics).  BODY is Python that sets text (the metric lines) from k (the
# scrape), n (the scrapes), i (the pod, in name order) and last (whether
# it is the last pod).
scrapes_write() {
	mkdir -p "$1/metrics/raw"
	/usr/bin/python3 - "$1" "$2" <<'PY'
import csv, datetime, glob, os, sys
cell, body = sys.argv[1], sys.argv[2]
with open(cell + "/trace_data.csv", newline="") as f:
    sends = [int(r["send_time_us"]) for r in csv.DictReader(f)]
t0, t1 = min(sends) // 1000000, max(sends) // 1000000
pods = sorted(os.path.basename(p)[:-len("_vllm.log")]
              for p in glob.glob(cell + "/server_logs/*_vllm.log"))
ticks = list(range(t0, t1 + 1, 10))
for k, t in enumerate(ticks):
    stamp = datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S+0000")
    for i, pod in enumerate(pods):
        ns = {"k": k, "n": len(ticks), "i": i, "last": i == len(pods) - 1}
        exec(body, ns)
        with open("%s/metrics/raw/%s_%d_metrics.log" % (cell, pod, t), "w") as f:
            f.write("# Timestamp: %s\n# Pod: %s\n# PodIP: 10.0.0.%d\n"
                    "# Source: prometheus_metrics\n\n" % (stamp, pod, i + 1))
            f.write(ns["text"])
PY
}

# log_restart LOG RULES: rewrites a vLLM log with awk RULES run over its
# lines (the second pass; the first has set p0 and p, the first and last
# stamps before the first request (access lines carry none), m the middle
# stats line's stamp, in seconds, and boot[1..nb] the startup lines), with
# post and mid the line numbers of the first request and of the middle
# stats line, secs(hh:mm:ss) and stamp_of(line) (which leaves RSTART at the
# stamp): the pieces of a container restart planted mid-run.
log_restart() {
	local post mid
	post=$(grep -n '"POST /v1/completions' "$1" | head -1 | cut -d: -f1)
	mid=$(grep -n 'Engine 000: ' "$1" | awk -F: '{ l[NR] = $1 }
	    END { print l[int(NR / 2)] }')
	awk -v post="$post" -v mid="$mid" '
	function secs(s) { split(s, t, ":"); return t[1] * 3600 + t[2] * 60 + t[3] }
	function stamp_of(l) { return match(l, / [0-9][0-9]-[0-9][0-9] [0-9][0-9]:[0-9][0-9]:[0-9][0-9] \[/) ? substr(l, RSTART + 7, 8) : "" }
	function restamp(l, n) { return substr(l, 1, RSTART + 6) sprintf("%02d:%02d:%02d", n / 3600, n / 60 % 60, n % 60) substr(l, RSTART + 15) }
	NR == FNR {
		if (FNR < post && (s = stamp_of($0)) != "") {
			if (p0 == "") p0 = secs(s)
			p = secs(s)
		}
		if (FNR == mid) m = secs(stamp_of($0))
		if (FNR < post) boot[++nb] = $0
		next
	}
	'"$2" "$1" "$1" >"$1.tmp"
	mv "$1.tmp" "$1"
}
