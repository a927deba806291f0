# pair: 14b
# plants: treatment/w2_14b_burst: one of the four pods (kmt58, whose deployment kept --enforce-eager from a debugging session on a crash) runs without CUDA graphs or torch.compile: its startup args say 'enforce_eager': True, its engine config enforce_eager=True, it warns "Enforce eager set, disabling torch.compile and CUDAGraphs" and logs no compile or graph capture, so its decode steps are slower than the ones the simulation's coefficients were fit on
# catches: 5a vllm.enforce_eager instance=sim2real-adminctrl1-decode-864b44dfc9-kmt58,phase=treatment,workload=w2_14b_burst => WARN
# touches: 2a@treatment/w2_14b_burst 5a@treatment/w2_14b_burst 2c@*/w2_14b_burst
plant() {
	local f
	f=$(ls "$REAL"/treatment/w2_14b_burst/server_logs/*kmt58_vllm.log)
	awk '
	/non-default args: / {
		sub(/'\''max_num_seqs'\'': 256/, "'\''max_num_seqs'\'': 256, '\''enforce_eager'\'': True")
		print
		s = $0; sub(/\[utils.py:[0-9]+\] non-default args: .*/, "", s)
		sub(/ INFO /, " WARNING ", s)
		print s "[vllm.py:896] Enforce eager set, disabling torch.compile and CUDAGraphs. This is equivalent to setting -cc.mode=none -cc.cudagraph_mode=none"
		next
	}
	/torch.compile takes|Graph capturing finished/ { next }
	{ sub(/enforce_eager=False/, "enforce_eager=True"); print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q "'enforce_eager': True" "$f" && grep -q 'Enforce eager set' "$f"
}
