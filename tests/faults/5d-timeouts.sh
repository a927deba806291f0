# pair: upstream
# plants: results/blis1/w1_mid: 12 requests (10 %) timed out waiting for headers in this baseline arm (status timeout, no output)
# catches: 5d * *phase=blis1,workload=w1_mid => FAIL
# touches: 5d@blis1/w1_mid 1d@blis1/w1_mid
plant() {
	trace_edit "$REAL/results/blis1/w1_mid/trace_data.csv" '
msg = ("HTTP timeout: Post \"http://infra-sim2real-inference-gateway-istio.kalantar-0.svc.cluster.local:80/v1/completions\": "
       "context deadline exceeded (Client.Timeout exceeded while awaiting headers)")
for r in rows[5::10][:12]:
    r.update(output_tokens="0", server_input_tokens="0", first_chunk_time_us="0",
             last_chunk_time_us="0", num_chunks="0", status="timeout",
             error_message=msg, finish_reason="")'
}
