# pair: aw
# plants: generated/baseline_config.yaml: the baseline's EPP mounted the treatment's plugins ConfigMap (both Helm releases' values named one pluginsConfigFile), so the file collected for the baseline is the treatment's: the delegation scorer and its one-entry profile in both arms; the arms differ in nothing, the comparison measures noise, and the baseline never ran config.md's fixed 3:2:2 profile
# catches: 2c arms.epp phase=*,workload=* => FAIL|WARN ~ same|identical|no difference|nothing
# touches: 2c 2d 4a 4b 4c
plant() {
	cp "$REAL/generated/treatment_config.yaml" "$REAL/generated/baseline_config.yaml"
	grep -q delegation-scorer "$REAL/generated/baseline_config.yaml"
}
