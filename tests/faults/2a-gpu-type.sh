# pair: 14b
# plants: baseline/w1c_14b: the cell ran on an A100-SXM4-80GB node (400 W parts) instead of the H100-SXM-80GB config.md names; gpu_logs and the pods' nvidia-smi -L say so
# catches: 2a vllm.hardware phase=baseline,workload=w1c_14b => FAIL
# touches: 2a@baseline/w1c_14b 5h@baseline/w1c_14b
plant() {
	local d="$REAL/baseline/w1c_14b/gpu_logs"
	sed -i -e 's/NVIDIA H100 80GB HBM3         /NVIDIA A100-SXM4-80GB         /' \
	    -e 's/\([ 0-9]\{3\}\)W \/  700W/\1W \/  400W/' "$d"/*.log
	awk '/W \/  400W/ { match($0, /[0-9]+W \//); w = substr($0, RSTART, RLENGTH - 3) + 0;
	  n = int(w * 0.57); s = sprintf("%" (RLENGTH - 3) "d", n); $0 = substr($0, 1, RSTART - 1) s substr($0, RSTART + RLENGTH - 3) } { print }' \
	    "$d"/*.log >"$d/x.tmp" && mv "$d/x.tmp" "$(ls "$d"/*.log)"
	sed -i 's/NVIDIA H100 80GB HBM3/NVIDIA A100-SXM4-80GB/' "$d"/*.uuids
}
