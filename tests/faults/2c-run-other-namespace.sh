# pair: upstream
# plants: cluster/pipelinerun-w1-mid-blis2.yaml: the blis2 arm's PipelineRun was copied from another run and still deploys into namespace kalantar-1 (its namespace param and metadata.namespace), not kalantar-0, the run's (run_metadata.json): the blis2 cell was deployed and measured in another namespace's stack, which the run's files do not describe
# catches: 2c run.namespace phase=blis2,workload=w1_mid => WARN ~ deployed into namespace kalantar-1.*the run's is kalantar-0
# touches: 2c@blis2/*
plant() {
	local pr="$REAL/cluster/pipelinerun-w1-mid-blis2.yaml"
	sed -i 's/^\(  namespace: \)kalantar-0$/\1kalantar-1/;/- name: namespace$/{n;s/value: kalantar-0$/value: kalantar-1/}' "$pr"
	[ "$(grep -c kalantar-1 "$pr")" = 2 ]
}
