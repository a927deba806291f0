# pair: 14b
# plants: baseline/w1c_14b: the node's nvidia-smi stream came back empty (the DCGM pod the collect step followed was recreated just before collection, so kubectl logs of the new container returned nothing): gpu_logs/<node>.log is there, 0 bytes, beside its .gpus.csv, the pods' .uuids and the gpu_stream_done sentinel, and no sample of the run's GPUs exists
# catches: 5h gpu.name phase=baseline,workload=w1c_14b => MISSING ~ holds no sample at all
# touches: 2a@baseline/w1c_14b 5h@baseline/w1c_14b
plant() {
	local f
	f=$(ls "$REAL"/baseline/w1c_14b/gpu_logs/*.log)
	: >"$f"
}
