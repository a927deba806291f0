# pair: lora
# plants: baseline/granite-9adapter.workload: the LoRA pods ran with --max-model-len 640 (sized for the adapters' memory) instead of the model's context: vLLM refuses every request whose prompt plus max_tokens (the sampled output, exact-length mode) exceeds it with HTTP 400 (the context-length BadRequestError), so the exponential outputs lose their long tail: 58 of 950 rows (6 %) carry status error, no output and no chunks, and the successful answers average 102 tokens against 128
# catches: 1d output_tokens.mean phase=baseline,workload=granite-9adapter.workload => FAIL
# catches: 5d requests.failed phase=baseline,workload=granite-9adapter.workload => FAIL
# touches: 1d@baseline/granite-9adapter.workload 5d@baseline/granite-9adapter.workload
plant() {
	trace_edit "$REAL/baseline/granite-9adapter.workload/trace_data.csv" '
for r in rows:
    prompt, out = int(r["server_input_tokens"]), int(r["output_tokens"])
    if r["status"] != "ok" or prompt + out <= 640:
        continue
    r["error_message"] = ("HTTP 400: {\"object\":\"error\",\"message\":\"This model'"'"'s maximum "
        "context length is 640 tokens. However, you requested %d tokens (%d in the messages, "
        "%d in the completion). Please reduce the length of the messages or completion.\","
        "\"type\":\"BadRequestError\",\"param\":null,\"code\":400}" % (prompt + out, prompt, out))
    r["status"] = "error"
    for c in ("output_tokens", "server_input_tokens", "first_chunk_time_us",
              "last_chunk_time_us", "num_chunks"):
        r[c] = "0"
    r["finish_reason"] = ""'
}
