# pair: aw
# plants: baseline/w2_stationary: a quarter of the requests (every 4th in completion order) failed with HTTP 500 from the vLLM server (no output, no chunks)
# catches: 5d * *phase=baseline,workload=w2_stationary => FAIL
# touches: 5d@baseline/w2_stationary 1d@baseline/w2_stationary
plant() {
	trace_edit "$REAL/baseline/w2_stationary/trace_data.csv" '
msg = ("HTTP 500: {\"object\":\"error\",\"message\":\"EngineCore encountered an issue. "
       "See stack trace (above) for the root cause.\",\"type\":\"InternalServerError\","
       "\"param\":null,\"code\":500}")
for r in rows[3::4]:
    r.update(output_tokens="0", server_input_tokens="0", first_chunk_time_us="0",
             last_chunk_time_us="0", num_chunks="0", status="error",
             error_message=msg, finish_reason="")'
}
