# pair: aw
# plants: generated/treatment_config.yaml: the delegation scorer's baseWeights are [2.0, 3.0, 2.0] against scorerNames ["ppc", "qd", "kv"]: the weights were written in the baseline profile's order (qd second gets the prefix scorer's 3.0), so the adaptive scorer starts from prefix 2, queue 3
# catches: 4c routing.parameters phase=treatment => FAIL ~ baseWeights
# touches: 2c@*/* 2d@treatment/* 4a 4c
plant() {
	local f="$REAL/generated/treatment_config.yaml"
	sed -i 's/baseWeights: \[3.0, 2.0, 2.0\]/baseWeights: [2.0, 3.0, 2.0]/' "$f"
	grep -q 'baseWeights: \[2.0, 3.0, 2.0\]' "$f"
}
