# pair: 14b
# plants: sim/algorithm/admission.go: the sim algorithm reads KV utilization as a percentage (kvRatio := s.KVUtil / 100 / kvThreshold) where BLIS hands it a 0-1 fraction; the generated plugin (correctly) does not rescale, so the real plugin's KV term is 100 times the simulated one
# catches: 3b transform.kv_usage - => WARN ~ sim algorithm rescales
# touches: 3b
plant() {
	sed -i 's|kvRatio := s.KVUtil / kvThreshold|kvRatio := s.KVUtil / 100 / kvThreshold|' "$SIM/algorithm/admission.go"
	grep -q 's.KVUtil / 100 / kvThreshold' "$SIM/algorithm/admission.go"
}
