# pair: 14b
# plants: generated/baseline_config.yaml: the baseline enables the flowControl feature gate (featureGates: [flowControl], copied from the treatment template of another experiment): the default llm-d arm runs the flow-control layer instead of the legacy saturation admission the sim baseline stands for
# catches: 4b admission.baseline phase=baseline => FAIL
# touches: 2c@*/* 4b 5g@baseline/*
plant() {
	local f="$REAL/generated/baseline_config.yaml"
	sed -i 's/^kind: EndpointPickerConfig$/kind: EndpointPickerConfig\nfeatureGates:\n- flowControl/' "$f"
	grep -q '^- flowControl$' "$f"
}
