# pair: expceil
# plants: results/treatment/chatbot_mid: blis observe drew the workload with seed 43 (a --seed override left in the benchmark job) while its header copies the spec's seed field (42): other arrivals and lengths than the simulation's, from the same laws, with nothing in the bundle that says so
# catches: 1a workload.seed phase=treatment,workload=chatbot_mid => FAIL|WARN
# touches: 1?@treatment/chatbot_mid 5d@treatment/chatbot_mid A?@*
plant() {
	local d="$REAL/results/treatment/chatbot_mid" t
	t=$(mktemp -d)
	sed 's/\bseed: 42\b/seed: 43/' \
	    "$SIM/workloads/chatbot_mid.yaml" >"$t/spec.yaml"
	grep -q 'seed: 43' "$t/spec.yaml"
	"$S2R_BIN/s2r-synth" --mode real --start-epoch-us 1779290000000000 \
	    "$t/spec.yaml" "$t/out"
	trace_edit "$t/out/trace_data.csv" \
	    'rows = [r for r in rows if int(r["request_id"]) >= 200]'
	cp "$t/out/trace_data.csv" "$d/trace_data.csv"
	rm -rf "$t"
}
