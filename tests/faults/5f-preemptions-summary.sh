# pair: aw
# plants: treatment/w1_prefix_to_load_shift/metrics/processed/metrics_summary.json: the cell's metrics were collected by stream-metrics with only its processed summary kept (no raw scrapes): per pod the statistics of vllm:kv_cache_usage_perc (max 0.62-0.88, under the full-cache bound) and of the counter vllm:num_preemptions_total, which on pod c55jd runs from 2 (its warm-up) to 41 over the run, 39 requests evicted and recomputed, while on the other pods it stays where their warm-up left it; the stats lines print no Preemptions part
# catches: 5f metrics.preemptions.increase instance=*,phase=treatment,workload=w1_prefix_to_load_shift => WARN ~ rose by 39
# touches: 5f@treatment/w1_prefix_to_load_shift
plant() {
	local c="$REAL/treatment/w1_prefix_to_load_shift"
	mkdir -p "$c/metrics/processed"
	/usr/bin/python3 - "$c" <<'PY'
import glob, json, os, sys
cell = sys.argv[1]
pods = sorted(os.path.basename(p)[:-len("_vllm.log")]
              for p in glob.glob(cell + "/server_logs/*_vllm.log"))
out = {}
for i, pod in enumerate(pods):
    bad = i == 1
    kv = 0.88 if bad else 0.62
    pre = (2, 41) if bad else (i, i)
    out[pod] = {"metadata": {"namespace": "sim2real", "files": 40},
                "metrics": {
                    "vllm:kv_cache_usage_perc": {"mean": kv / 2, "stddev": 0.1, "min": 0.0,
                        "p50": kv / 2, "p95": kv - 0.05, "max": kv, "count": 40, "unit": "ratio"},
                    "vllm:num_preemptions_total": {"mean": (pre[0] + pre[1]) / 2, "min": pre[0],
                        "p50": (pre[0] + pre[1]) / 2, "max": pre[1], "count": 40}}}
with open(cell + "/metrics/processed/metrics_summary.json", "w") as f:
    json.dump(out, f, indent=2)
PY
}
