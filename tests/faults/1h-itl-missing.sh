# pair: 14b
# plants: SIM/measurement.yaml: the bundle's protocol records per-chunk times (recordItl: true), but no cell has a trace_data.itl.csv: the runs went without --record-itl
# catches: 1h itl.requests phase=*,workload=* => FAIL
# touches: 1f@*/* 1h@*/*
plant() {
	sed -i 's/^recordItl: false /recordItl: true /' "$SIM/measurement.yaml"
	grep -q '^recordItl: true ' "$SIM/measurement.yaml"
}
