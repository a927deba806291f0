# pair: 14b
# plants: both arms' w1c_14b cells ran on the same node, ocp-h100-worker-03 (the treatment's pods rescheduled onto the baseline's host), whose GPU 1 runs at 85-90 C under load in both (a failing fan): a hotspot of the node that follows no run
# catches: 5h gpu.hotspot device=1,instance=ocp-h100-worker-03,phase=baseline,workload=w1c_14b => FAIL
# catches: 5h gpu.hotspot device=1,instance=ocp-h100-worker-03,phase=treatment,workload=w1c_14b => FAIL
# touches: 5h@baseline/w1c_14b 5h@treatment/w1c_14b
plant() {
	local b="$REAL/baseline/w1c_14b/gpu_logs" t="$REAL/treatment/w1c_14b/gpu_logs"
	# the treatment's node becomes worker-03: its log, its UUIDs
	/usr/bin/python3 - "$b" "$t" <<'PY'
import glob, os, sys
b, t = sys.argv[1:]
old = glob.glob(os.path.join(t, "*.gpus.csv"))[0]
node = os.path.basename(old)[:-len(".gpus.csv")]
idx = {l.split(",")[1].strip(): l.split(",")[0] for l in open(old) if l.strip()}
new = {l.split(",")[0]: l.split(",")[1].strip()
       for l in open(os.path.join(b, "ocp-h100-worker-03.gpus.csv")) if l.strip()}
for u in glob.glob(os.path.join(t, "*.uuids")):
    text = open(u).read()
    for uuid, i in idx.items():
        text = text.replace(uuid, new[i])
    open(u, "w").write(text)
os.replace(old, os.path.join(t, "ocp-h100-worker-03.gpus.csv"))
open(os.path.join(t, "ocp-h100-worker-03.gpus.csv"), "w").write(
    open(os.path.join(b, "ocp-h100-worker-03.gpus.csv")).read())
log = open(os.path.join(t, node + ".log")).read().replace(node, "ocp-h100-worker-03")
os.remove(os.path.join(t, node + ".log"))
open(os.path.join(t, "ocp-h100-worker-03.log"), "w").write(log)
PY
	for f in "$b/ocp-h100-worker-03.log" "$t/ocp-h100-worker-03.log"; do
		awk 'BEGIN { srand(3) } gpu == 1 && / 100%/ {
		  sub(/ [0-9][0-9]C /, sprintf(" %2dC ", 85 + int(rand() * 6))) }
		{ gpu = -1 } /^\|   1  NVIDIA/ { gpu = 1 } { print }' "$f" >"$f.tmp"
		mv "$f.tmp" "$f"
		grep -q ' 8[5-9]C \| 90C ' "$f"
	done
}
