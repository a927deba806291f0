# pair: 14b
# plants: baseline/w1c_14b: the collect step took the nvidia-smi stream of the wrong DCGM pod (kubectl logs of the first pod its label selector listed, on ocp-h100-worker-07, not the one on the vLLM pods' node ocp-h100-worker-03): the gpu_logs hold a whole, healthy node of the same model, whose GPU UUIDs none of the four pods' nvidia-smi -L lists, so whatever the pods' own GPUs did is not in the bundle
# catches: 5h gpu.join phase=baseline,workload=w1c_14b => WARN ~ did not run on
# touches: 5h@baseline/w1c_14b
plant() {
	local d="$REAL"/baseline/w1c_14b/gpu_logs f
	for f in "$d"/ocp-h100-worker-03.*; do
		sed -e 's/ocp-h100-worker-03/ocp-h100-worker-07/g' \
		    -e "s/GPU-[0-9a-f]\{4\}/GPU-d0e1/" "$f" \
		    >"${f/worker-03/worker-07}"
		rm -f "$f"
	done
	ls "$d"/ocp-h100-worker-07.gpus.csv >/dev/null
}
