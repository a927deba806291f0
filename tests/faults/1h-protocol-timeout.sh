# pair: 14b
# plants: SIM/measurement.yaml: the bundle's protocol times each request out after 3 s, but the cells ran without that timeout: requests of up to 6.1 s completed
# catches: 1h e2e_ms.max phase=*,workload=* => FAIL
# touches: 1h@*/*
plant() {
	sed -i 's/^timeout: 1800 /timeout: 3 /' "$SIM/measurement.yaml"
	grep -q '^timeout: 3 ' "$SIM/measurement.yaml"
}
