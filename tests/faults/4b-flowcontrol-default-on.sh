# pair: 14b
# plants: code/: the router release the run deployed registers the flowControl feature gate on by default (RegisterFeatureGate(fc.FeatureGate, true) in llm-d-router, the same with a default argument in GAIE): the baseline, which configures no featureGates, runs the flow-control layer instead of the legacy admission the sim baseline stands for
# catches: 4b admission.baseline phase=baseline => FAIL ~ on by default
# touches: 4b
plant() {
	sed -i 's/loader.RegisterFeatureGate(fc.FeatureGate, false)/loader.RegisterFeatureGate(fc.FeatureGate, true)/' \
	    code/llmd/cmd/epp/runner/runner.go
	cat >>code/gaie/cmd/epp/runner/runner.go <<'GO'

// registerFeatureGates registers the EPP's feature gates with their
// defaults: flow control is on unless switched off.
func (r *Runner) registerFeatureGates(loader interface{ RegisterFeatureGate(string, bool) }) {
	loader.RegisterFeatureGate(flowcontrol.FeatureGate, true)
}
GO
	grep -q 'RegisterFeatureGate(fc.FeatureGate, true)' code/llmd/cmd/epp/runner/runner.go
}
