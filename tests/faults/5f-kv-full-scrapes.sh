# pair: aw
# plants: baseline/w2_stationary/metrics/raw: Prometheus scrapes of the cell's four vLLM pods (every 10 s over the run, the documented stream-metrics layout) in which one pod's KV cache fills to 99 % while the others stay near 40 %: a full cache (preemptions, requests held for blocks) the server logs' capacity lines cannot show
# catches: 5f metrics.kv_cache_usage_pct.max instance=sim2real-aw-decode-79f6f9b4db-xwqjl,phase=baseline,workload=w2_stationary => WARN ~ The cache was full
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
for k, t in enumerate(range(t0, t1 + 1, 10)):
    stamp = datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S+0000")
    for i, pod in enumerate(pods):
        kv = min(0.99, 0.4 + 0.15 * k) if i == len(pods) - 1 else 0.4
        with open("%s/metrics/raw/%s_%d_metrics.log" % (cell, pod, t), "w") as f:
            f.write("# Timestamp: %s\n# Pod: %s\n# PodIP: 10.0.0.%d\n"
                    "# Source: prometheus_metrics\n\n" % (stamp, pod, i + 1))
            f.write('vllm:num_requests_waiting{engine="0",model_name="m"} 0\n')
            f.write('vllm:num_requests_running{engine="0",model_name="m"} 8\n')
            f.write('vllm:kv_cache_usage_perc{engine="0",model_name="m"} %r\n' % kv)
PY
}
