# pair: lora
# plants: baseline/granite-9adapter.workload: the citations adapter was missing from the deployment's --lora-modules list, so vLLM answered every request for it 404 (model does not exist): 17.7 % of the traffic failed at once and never ran
# catches: 5d requests.failed phase=baseline,workload=granite-9adapter.workload => FAIL
# touches: 5d@baseline/granite-9adapter.workload 1b@baseline/granite-9adapter.workload 1d@baseline/granite-9adapter.workload 1h@baseline/granite-9adapter.workload 1a@baseline/granite-9adapter.workload 1c@baseline/granite-9adapter.workload 1g@baseline/granite-9adapter.workload
plant() {
	trace_edit "$REAL/baseline/granite-9adapter.workload/trace_data.csv" '
for r in rows:
    if r["adapter"] == "citations":
        r.update(output_tokens="0", server_input_tokens="0",
                 first_chunk_time_us="0", last_chunk_time_us="0",
                 num_chunks="0", status="error", finish_reason="",
                 error_message="HTTP 404: {\"object\":\"error\",\"message\":\"The model `citations` does not exist.\",\"type\":\"NotFoundError\",\"code\":404}")'
}
