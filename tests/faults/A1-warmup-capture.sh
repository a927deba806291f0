# pair: vllm
# plants: align/vllm_rank0.json: the profiler ran while the engine warmed up (the profile window opened at server start, over vLLM's dummy runs and CUDA-graph capture): the kernels and their launches are there, but dummy batches carry no execute_model annotation, so the trace has no iteration marker; A1 said "0 iterations compared with slots" and passed that check (and coverage at 0 %)
# catches: A1 kernel.iterations.compared device=0,rank=0 => FAIL ~ no iteration marker.*warm-up or CUDA-graph capture
# touches: A1 A2
plant() {
	/usr/bin/python3 - "$ALIGN/vllm_rank0.json" <<'PY'
import sys
path = sys.argv[1]
lines = open(path).read().split("\n")
keep = [l for l in lines if '"cat": "user_annotation"' not in l]
open(path, "w").write("\n".join(keep).replace(",\n  ]", "\n  ]"))
PY
	! grep -q '"cat": "user_annotation"' "$ALIGN/vllm_rank0.json"
}
