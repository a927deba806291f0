# pair: aw
# plants: baseline/w2_stationary/metrics/raw: Prometheus scrapes of the cell's four vLLM pods (every 10 s over the run) in which pod xwqjl's preemption counter vllm:num_preemptions_total climbs from 0 to 20 in the second half of the run (its KV cache ran out of blocks and vLLM evicted running requests to recompute them) while its KV-usage gauge, sampled between the bursts, never reads above 91 %; the stats lines of this vLLM build print no Preemptions part, so the counter is the only witness of the recomputed requests the simulation never makes
# catches: 5f metrics.preemptions.increase instance=sim2real-aw-decode-79f6f9b4db-xwqjl,phase=baseline,workload=w2_stationary => WARN ~ preemption counter rose by 20
# touches: 5b@baseline/w2_stationary 5f@baseline/w2_stationary
plant() {
	scrapes_write "$REAL/baseline/w2_stationary" "$(cat <<'PY'
late = k >= n // 2
kv = (0.91 if late else 0.6) if last else 0.4
pre = 4 * (k - n // 2 + 1) if last and late else 0
text = ('vllm:num_requests_waiting{engine="0",model_name="m"} %d\n' % (6 if last and late else 0) +
        'vllm:num_requests_running{engine="0",model_name="m"} 8\n' +
        'vllm:kv_cache_usage_perc{engine="0",model_name="m"} %r\n' % kv +
        "# HELP vllm:num_preemptions_total Cumulative number of preemption from the engine.\n"
        "# TYPE vllm:num_preemptions_total counter\n" +
        'vllm:num_preemptions_total{engine="0",model_name="m"} %d.0\n' % pre)
PY
)"
}
