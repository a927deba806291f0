# pair: expceil
# plants: generated/treatment_config.yaml and the treatment PipelineRun: the EPP config the translation generated, and the run deployed, declares the exponential-ceiling plugin and the flowControl gate but its flowControl block lost usageLimitPolicyPluginRef (a template that renders the block from its defaults), so flow control ran its built-in usage limit and the treatment's admission policy, config.md's, never ran
# catches: 2d epp.flow_control phase=treatment,workload=chatbot_mid => FAIL ~ usageLimitPolicyPluginRef
# touches: 2d@treatment/chatbot_mid 4c
plant() {
	local pr="$REAL/cluster/pipelinerun-chatbot-mid-treatment.yaml"
	scenario_edit "$pr" \
	    "cfg = cfg.replace('flowControl:\n  usageLimitPolicyPluginRef: \"exponential-ceiling\"\n', '')"
	/usr/bin/python3 - "$REAL/generated/treatment_config.yaml" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
s = s.replace('flowControl:\n  usageLimitPolicyPluginRef: "exponential-ceiling"\n', '')
open(p, "w").write(s)
PY
	! grep -q usageLimitPolicyPluginRef "$REAL/generated/treatment_config.yaml" &&
	    ! scenario_epp "$pr" | grep -q usageLimitPolicyPluginRef
}
