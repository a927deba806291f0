# pair: hta
# plants: align/sim.csv (+ sim.yaml, sim.itl.csv): the simulation step ran blis observe against the live server instead of blis run, so SIM_TRACE is a second real capture (header mode real) of the same requests: every request matches and every distribution agrees, because the real server is compared with itself
# catches: A0 align.sides - => FAIL ~ sim side's trace header says mode: real \(.*sim.yaml:4\).*simulated side is a real run's trace
# touches: A0 A3
plant() {
	cp "$ALIGN/trace_data.csv" "$ALIGN/sim.csv"
	cp "$ALIGN/trace_data.itl.csv" "$ALIGN/sim.itl.csv"
	# the header blis observe writes beside its trace, under the name
	# that goes with sim.csv
	cp "$ALIGN/trace_header.yaml" "$ALIGN/sim.yaml"
	grep -q '^mode: real$' "$ALIGN/sim.yaml"
}
