# pair: aw
# plants: baseline/w2_stationary/metrics/raw: Prometheus scrapes of the cell's four vLLM pods (every 10 s over the run) in which pod xwqjl's preemption counter vllm:num_preemptions_total climbs from 0 to 20 in the second half of the run (its KV cache ran out of blocks and vLLM evicted running requests to recompute them) while its KV-usage gauge, sampled between the bursts, never reads above 91 %; the stats lines of this vLLM build print no Preemptions part, so the counter is the only witness of the recomputed requests the simulation never makes
# catches: 5f metrics.preemptions.increase instance=sim2real-aw-decode-79f6f9b4db-xwqjl,phase=baseline,workload=w2_stationary => WARN ~ preemption counter rose by 20
# touches: 5b@baseline/w2_stationary 5f@baseline/w2_stationary
plant() {
	local c="$REAL/baseline/w2_stationary"
	mkdir -p "$c/metrics/raw"
	/usr/bin/python3 - "$c" <<'PY'
import csv, datetime, glob, os, sys
cell = sys.argv[1]
with open(cell + "/trace_data.csv", newline="") as f:
    sends = [int(r["send_time_us"]) for r in csv.DictReader(f)]
t0, t1 = min(sends) // 1000000, max(sends) // 1000000
pods = sorted(os.path.basename(p)[:-len("_vllm.log")]
              for p in glob.glob(cell + "/server_logs/*_vllm.log"))
ticks = list(range(t0, t1 + 1, 10))
for k, t in enumerate(ticks):
    stamp = datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S+0000")
    late = k >= len(ticks) // 2
    for i, pod in enumerate(pods):
        bad = i == len(pods) - 1
        kv = (0.91 if late else 0.6) if bad else 0.4
        pre = 4 * (k - len(ticks) // 2 + 1) if bad and late else 0
        with open("%s/metrics/raw/%s_%d_metrics.log" % (cell, pod, t), "w") as f:
            f.write("# Timestamp: %s\n# Pod: %s\n# PodIP: 10.0.0.%d\n"
                    "# Source: prometheus_metrics\n\n" % (stamp, pod, i + 1))
            f.write('vllm:num_requests_waiting{engine="0",model_name="m"} %d\n' % (6 if bad and late else 0))
            f.write('vllm:num_requests_running{engine="0",model_name="m"} 8\n')
            f.write('vllm:kv_cache_usage_perc{engine="0",model_name="m"} %r\n' % kv)
            f.write('# HELP vllm:num_preemptions_total Cumulative number of preemption from the engine.\n'
                    '# TYPE vllm:num_preemptions_total counter\n')
            f.write('vllm:num_preemptions_total{engine="0",model_name="m"} %d.0\n' % pre)
PY
}
