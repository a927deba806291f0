# pair: lora
# plants: baseline/granite-9adapter.workload: the deployment served ibm-granite/granite-3.3-8b-instruct (the model value of the team's other LoRA study left in the values file), and the load generator, pointed at the served model, recorded it in its trace header: the adapters ran on a base four times the size of the one the simulation costed
# catches: 2a trace.server_model phase=baseline,workload=granite-9adapter.workload => FAIL
# touches: 2a@baseline/granite-9adapter.workload
plant() {
	local h="$REAL/baseline/granite-9adapter.workload/trace_header.yaml"
	sed -i 's|^    model: ibm-granite/granite-3.3-2b-instruct$|    model: ibm-granite/granite-3.3-8b-instruct|' "$h"
	grep -q 'granite-3.3-8b-instruct' "$h"
}
