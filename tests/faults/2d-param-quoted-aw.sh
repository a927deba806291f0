# pair: aw
# plants: generated/baseline_config.yaml: the baseline's precise prefix-cache scorer gets its block size as the string "64" (tokenProcessorConfig.blockSize: "64", from a values template that pipes every parameter through quote): it prints as config.md's 64 but the EPP decodes the parameters as JSON into an integer field, so the scorer's factory rejects it (or a lenient decoder reads it as another value)
# catches: 2d epp.plugin.parameter phase=baseline,workload=w2_stationary => FAIL ~ config.md gives a number, the deployed config a string
# touches: 2c@*/* 2d@baseline/* 4a@baseline/* 4c@baseline/*
plant() {
	local f="$REAL/generated/baseline_config.yaml"
	sed 's/^\( *blockSize: \)64$/\1"64"/' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q 'blockSize: "64"' "$f"
}
