# pair: 14b
# plants: baseline/w1c_14b: the cell ran on an A100-SXM4-80GB node (400 W parts) instead of the H100-SXM-80GB config.md names; the node's gpu_logs and the pods' nvidia-smi -L say so
# catches: 2a vllm.hardware phase=baseline,workload=w1c_14b => FAIL
# touches: 2a@baseline/w1c_14b 5h@baseline/w1c_14b
plant() {
	local d="$REAL/baseline/w1c_14b/gpu_logs" f node new
	f=$(ls "$d"/*.log)
	node=$(basename "$f" .log)
	new=ocp-a100-worker-11
	sed -e 's/NVIDIA H100 80GB HBM3         /NVIDIA A100-SXM4-80GB         /' \
	    -e "s/ $node (/ $new (/" -e 's/  81559MiB |/  81920MiB |/' \
	    -e 's/\([ 0-9]\{3\}\)W \/  700W/\1W \/  400W/' "$f" |
	    awk '/W \/  400W/ {	# A100 power: 57 % of the H100 figures
		match($0, /[0-9]+W \//); w = substr($0, RSTART, RLENGTH - 3) + 0
		s = sprintf("%" (RLENGTH - 3) "d", int(w * 0.57))
		$0 = substr($0, 1, RSTART - 1) s substr($0, RSTART + RLENGTH - 3) } { print }' \
	    >"$d/$new.log"
	mv "$d/$node.gpus.csv" "$d/$new.gpus.csv"
	rm -f "$f"
	sed -i 's/NVIDIA H100 80GB HBM3/NVIDIA A100-SXM4-80GB/' "$d"/*.uuids
	grep -q 'A100-SXM4-80GB' "$d/$new.log"
}
