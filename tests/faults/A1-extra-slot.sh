# pair: hta
# plants: align/slots.ndjson: the simulator charges a 40 ms dense all-reduce per step that the capture never ran (the job syncs dense gradients elsewhere): a large slot with no kernel
# catches: A1 kernel.coverage.simulated device=0,rank=0 => FAIL
# touches: A1 A2
plant() {
	echo '{"kind":"slot","slot":"step.dense_allreduce","op":"dense_allreduce","category":"comm","unit_ns":40000000,"count":1,"order":9}' \
	    >>"$ALIGN/slots.ndjson"
}
