# pair: 14b
# plants: treatment/w1c_14b: the node's GPUs 0-3 (the vLLM pods') were left in MIG mode by an earlier job, one 7g.80gb instance each, and each pod ran on a MIG instance (nvidia-smi -L in the pod lists it under its GPU): nvidia-smi says MIG M. Enabled, reads no GPU-Util (N/A) for them and adds its 'MIG devices' table; the simulation modelled whole H100s, and the KV cache, about the size of the GPU's, does not show it
# catches: 5h gpu.mig device=*,instance=*,phase=treatment,workload=w1c_14b => FAIL
# touches: 5h@treatment/w1c_14b
plant() {
	/usr/bin/python3 - "$REAL/treatment/w1c_14b/gpu_logs" <<'PY'
import glob, os, re, sys
d = sys.argv[1]
log = glob.glob(os.path.join(d, "*.log"))[0]
sep = "+------------------+----------------------------------+-----------+-----------------------+"
out, gpu, used = [], None, {}
for line in open(log).read().split("\n"):
    m = re.match(r"\|\s+(\d+)\s+NVIDIA", line)
    if m:
        gpu, row = int(m.group(1)), 0
    elif gpu is not None and gpu < 4 and line.startswith("|"):
        row += 1
        if row == 1:
            used[gpu] = int(re.search(r"(\d+)MiB /", line).group(1))
            line = re.sub(r"  +\d+%      Default \|$", lambda x: " " * (len(x.group(0)) - 18) + "N/A      Default |", line)
        elif row == 2:
            line = line.replace("Disabled |", " Enabled |")
    if line.startswith("|   7  NVIDIA"):
        gpu = 7
    if gpu == 7 and line.startswith("+---") and out and "Disabled" in out[-1]:
        out.append(line)
        out += ["", "+" + "-" * 89 + "+", "| MIG devices:" + " " * 76 + "|", sep,
                "| GPU  GI  CI  MIG |                     Memory-Usage |        Vol|        Shared         |",
                "|      ID  ID  Dev |                       BAR1-Usage | SM     Unc| CE ENC  DEC  OFA  JPG |",
                "|                  |                                  |        ECC|                       |",
                "|==================+==================================+===========+=======================|"]
        for g in range(4):
            out.append("|  %d    0   0   0  |           %5dMiB / 80880MiB    | 132     0 |  7   0    7    0    7 |" % (g, used.get(g, 0)))
            out.append("|                  |                 4MiB / 131072MiB |           |                       |")
            out.append(sep)
        gpu = None
        continue
    out.append(line)
open(log, "w").write("\n".join(out))
for u in glob.glob(os.path.join(d, "*.uuids")):
    text = open(u).read().rstrip("\n")
    uuid = re.search(r"UUID: GPU-([0-9a-f-]+)", text).group(1)
    open(u, "w").write(text + "\n  MIG 7g.80gb     Device  0: (UUID: MIG-%s)\n" % uuid[::-1])
PY
	grep -q 'MIG devices' "$REAL"/treatment/w1c_14b/gpu_logs/*.log
	grep -q 'N/A      Default' "$REAL"/treatment/w1c_14b/gpu_logs/*.log
}
