# pair: aw
# plants: generated/treatment_config.yaml: the delegation scorer's scorerNames list qd first (["qd", "ppc", "kv"]) while baseWeights stay [3.0, 2.0, 2.0]: the weights apply by position, so the queue scorer gets the prefix scorer's 3.0 and the prefix scorer 2.0 (a weight applied to the wrong scorer)
# catches: 4c routing.parameters phase=treatment => FAIL
# touches: 2c@*/* 2d@treatment/* 4c
plant() {
	local f="$REAL/generated/treatment_config.yaml"
	sed -i 's/scorerNames: \["ppc", "qd", "kv"\]/scorerNames: ["qd", "ppc", "kv"]/' "$f"
	grep -q 'scorerNames: \["qd", "ppc", "kv"\]' "$f"
}
