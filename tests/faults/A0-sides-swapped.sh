# pair: hta
# plants: align/: REAL_TRACE and SIM_TRACE swapped (each trace with its own header and ITL file): the simulation is judged as the real run and the capture as the simulation, so every gap has the wrong sign and the expected structural TTFT gap reads the wrong way
# catches: A0 align.sides - => FAIL ~ The real side's trace header says mode: generated.*real side is a simulator's output.*simulated side is a real run's trace
# touches: A0 A3
plant() {
	local a=$ALIGN
	mv "$a/sim.csv" "$a/s.tmp" && mv "$a/trace_data.csv" "$a/sim.csv" &&
	    mv "$a/s.tmp" "$a/trace_data.csv"
	mv "$a/sim.itl.csv" "$a/s.tmp" && mv "$a/trace_data.itl.csv" "$a/sim.itl.csv" &&
	    mv "$a/s.tmp" "$a/trace_data.itl.csv"
	mv "$a/sim.yaml" "$a/s.tmp" && mv "$a/trace_header.yaml" "$a/sim.yaml" &&
	    mv "$a/s.tmp" "$a/trace_header.yaml"
	grep -q '^mode: generated$' "$a/trace_header.yaml"
}
