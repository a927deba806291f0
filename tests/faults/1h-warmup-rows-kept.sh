# pair: expceil
# plants: results/treatment/chatbot_mid: blis observe ran with --warmup-requests 200 as the protocol says and its header says warm_up_requests 200, but its recorder kept the warm-up requests: the first 200 generated requests (request_id 0-199, the cold start) are rows of the trace after all, 2.5 % more rows, inside the request count's band
# catches: 1h warm_up.rows phase=treatment,workload=chatbot_mid => FAIL ~ 200 of the 8100 rows have a smaller request_id
# touches: 1?@treatment/chatbot_mid 5d@treatment/chatbot_mid A3@*
plant() {
	local d="$REAL/results/treatment/chatbot_mid" t
	t=$(mktemp -d)
	# the same generation the cell ran (spec, seed, start), warm-up kept
	"$S2R_BIN/s2r-synth" --mode real --start-epoch-us 1779290000000000 \
	    "$SIM/workloads/chatbot_mid.yaml" "$t"
	trace_edit "$d/trace_data.csv" '
import csv
with open("'"$t"'/trace_data.csv", newline="") as f:
    warm = [r for r in csv.DictReader(f) if int(r["request_id"]) < 200]
assert len(warm) == 200
rows = warm + rows'
	rm -rf "$t"
}
