#!/bin/sh
# bench/yaml.sh - YAML loading at size (issue 15, item 4): the
# duplicate-key check of lib/yamlr.c used to search each map linearly for
# every key it added, so a map of n keys cost n^2/2 string compares:
#   wide-epp  a 2 MB EPP config whose plugin has one parameters map of
#             60,000 keys (s2r-config --epp)
#   many-epp  a 2 MB EPP config of 20,000 plugins, each named in a
#             scheduling profile (s2r-config --epp)
#   bins      a 2.5 MB workload spec with a 200,000-bin empirical input
#             table, 1,000 bins a line (s2r-expect)
# side by side with python3's yaml.safe_load (PyYAML; C loader when
# built with libyaml) on the same file, which only parses.  OLD_BIN (the
# tools of an older build) adds their time, capped at OLD_CAP seconds
# (default 300) by timeout.  RUNS (default 3) runs, medians.
set -eu
. bench/lib.sh
RUNS=${RUNS:-3}
OLD_CAP=${OLD_CAP:-300}
mkdir -p bench/out
/usr/bin/python3 - bench/out <<'PY'
import sys
out = sys.argv[1]
head = ("apiVersion: inference.networking.x-k8s.io/v1alpha1\n"
        "kind: EndpointPickerConfig\n")
with open(f"{out}/yaml-wide-epp.yaml", "w") as f:
    f.write(head + "plugins:\n  - name: picker\n    type: max-score-picker\n"
            "  - name: big\n    type: queue-scorer\n    parameters:\n")
    for i in range(60000):
        f.write(f"      key{i:06d}: {i}\n")
    f.write("schedulingProfiles:\n  - name: default\n    plugins:\n"
            "      - pluginRef: big\n      - pluginRef: picker\n")
with open(f"{out}/yaml-many-epp.yaml", "w") as f:
    f.write(head + "plugins:\n  - name: picker\n    type: max-score-picker\n")
    for i in range(20000):
        f.write(f"  - name: scorer-{i:05d}\n    type: queue-scorer\n"
                f"    parameters: {{weight: {i}}}\n")
    f.write("schedulingProfiles:\n  - name: default\n    plugins:\n"
            "      - pluginRef: picker\n")
    for i in range(20000):
        f.write(f"      - pluginRef: scorer-{i:05d}\n        weight: 1\n")
with open(f"{out}/yaml-bins.yaml", "w") as f:
    f.write("version: \"2\"\nseed: 1\naggregate_rate: 10\n"
            "num_requests: 100\nclients:\n  - id: c\n    rate_fraction: 1\n"
            "    arrival: {process: poisson}\n"
            "    output_distribution: {type: constant, params: {value: 8}}\n"
            "    input_distribution:\n      type: empirical\n      params: {\n")
    for i in range(1, 200001, 1000):
        f.write(", ".join(f'"{j}": 1' for j in range(i, i + 1000)) +
                (",\n" if i + 1000 <= 200000 else "}\n"))
PY
cat >bench/out/yaml-load.py <<'PY'
import sys, yaml
Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
with open(sys.argv[1]) as f:
    list(yaml.load_all(f, Loader=Loader))
PY
row() {
	# row NAME FILE CMD...: s2r, then python3, then the old build
	name=$1 file=$2
	shift 2
	size=$(wc -c <"$file")
	set -- $(measure s2r "$RUNS" "$@" "$file")
	s2r_t=$2 s2r_m=$3
	set -- $(measure py "$RUNS" /usr/bin/python3 bench/out/yaml-load.py "$file")
	py_t=$2
	old_t=-
	if [ -n "${OLD_BIN:-}" ]; then
		tool=$(basename "$tool_path")
		start=$(date +%s.%N)
		if timeout "$OLD_CAP" "$OLD_BIN/$tool" $tool_args "$file" >/dev/null 2>&1; then
			old_t=$(echo "$(date +%s.%N) - $start" | bc | sed 's/^\./0./')
		else
			old_t=">$OLD_CAP"
		fi
	fi
	printf '| %s | %s | %s s | %s KiB | %s s | %s |\n' "$name" "$size" \
	    "$s2r_t" "$s2r_m" "$py_t" "$old_t"
}
echo "| input | bytes | s2r (median of $RUNS) | s2r peak RSS | python3 yaml.safe_load | old build |"
echo "|---|---|---|---|---|---|"
tool_path="$S2R_BIN/s2r-config" tool_args="--epp"
row wide-epp bench/out/yaml-wide-epp.yaml "$S2R_BIN/s2r-config" --epp
row many-epp bench/out/yaml-many-epp.yaml "$S2R_BIN/s2r-config" --epp
tool_path="$S2R_BIN/s2r-expect" tool_args=""
row bins bench/out/yaml-bins.yaml "$S2R_BIN/s2r-expect"
