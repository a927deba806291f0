# pair: 14b
# plants: treatment/w1c_14b: the load generator (a fork with its own client-side deadline) gave up on the three slowest critical requests and wrote them with a status of its own, "cancelled", no error_message and no finish_reason: three rows in the thousands of the cell, under the 0.1 % that requests.failed lets pass, whose status no version of the trace format defines, so nothing says whether they were served, failed or shed
# catches: 5d requests.failed phase=treatment,workload=w1c_14b => WARN ~ does not define
# touches: 5d@treatment/w1c_14b 5b@treatment/w1c_14b 1d@treatment/w1c_14b 6*@treatment/w1c_14b
plant() {
	trace_edit "$REAL/treatment/w1c_14b/trace_data.csv" '
crit = [r for r in rows if r["slo_class"] == "critical" and r["status"] == "ok"]
crit.sort(key=lambda r: int(r["last_chunk_time_us"]) - int(r["send_time_us"]))
for r in crit[-3:]:
    r.update(status="cancelled", error_message="", finish_reason="")'
}
