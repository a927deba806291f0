# pair: vllm
# plants: align/vllm_rank0.json: before every down_proj the framework runs a 100 us tensor copy (at::native direct_copy_kernel_cuda: the checkpoint's weights cast per layer, a path the simulator does not model), 18 % of the measured kernel time in a family the rules call elementwise bookkeeping (a helper, expected to have no slot); the slots unchanged
# catches: A1 kernel.coverage.measured device=0,rank=0 => WARN|FAIL ~ helper family elementwise.*direct_copy_kernel_cuda
# touches: A1 A2
plant() {
	/usr/bin/python3 "$S2R_TOP/tests/gen-kineto.py" "$ALIGN/vllm_rank{rank}.json" \
	    --extra --extra-ns 100000 --extra-name \
	    'void at::native::direct_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}::operator()() const::{lambda()#7}::operator()() const::{lambda(float)#1}(float)'
	grep -q direct_copy_kernel_cuda "$ALIGN/vllm_rank0.json"
}
