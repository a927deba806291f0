#!/bin/sh
# bench/yaml.sh - YAML loading at size (issue 15, item 4): the
# duplicate-key check of lib/yamlr.c used to search each map linearly for
# every key it added, so a map of n keys cost n^2/2 string compares:
#   wide-epp  a 2 MB EPP config whose plugin has one parameters map of
#             90,000 keys (s2r-config --epp)
#   many-epp  a 2 MB EPP config of 20,000 plugins, each named in a
#             scheduling profile (s2r-config --epp)
#   bins      a 2.5 MB workload spec with a 200,000-bin empirical input
#             table, 1,000 bins a line (s2r-expect)
# side by side with python3's yaml.safe_load (PyYAML; C loader when
# built with libyaml) on the same file, which only parses.  OLD_BIN (the
# tools of an older build) adds their time; every run is capped at
# OLD_CAP CPU seconds (default 300, ulimit -t).  RUNS (default 3) runs, medians of CPU time
# (user + system: the machine is shared, wall time moves with its load).
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
    for i in range(90000):
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
# cpu RUNS CMD...: the median CPU seconds (user + system) of RUNS runs
# and the peak RSS in KiB; "-" when a run fails or passes OLD_CAP.
cpu() {
	runs=$1
	shift
	i=0 times="" rss=0
	while [ "$i" -lt "$runs" ]; do
		if ! (ulimit -t "$OLD_CAP"; exec /usr/bin/time -f '%U %S %M' \
		    -o bench/out/.time "$@" >/dev/null 2>bench/out/.err); then
			echo ">$OLD_CAP -"
			return
		fi
		read -r u s m <bench/out/.time
		times="$times $(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')"
		[ "$m" -gt "$rss" ] && rss=$m
		i=$((i + 1))
	done
	printf '%s %s\n' "$(printf '%s\n' $times | sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}')" "$rss"
}

# row NAME FILE TOOL [ARG]: s2r, python3, and the old build's TOOL.
row() {
	name=$1 file=$2 tool=$3 arg=${4:-}
	set -- $(cpu "$RUNS" "$S2R_BIN/$tool" $arg "$file")
	s2r_t=$1 s2r_m=$2
	set -- $(cpu "$RUNS" /usr/bin/python3 bench/out/yaml-load.py "$file")
	py_t=$1
	old_t=-
	if [ -n "${OLD_BIN:-}" ]; then
		set -- $(cpu 1 "$OLD_BIN/$tool" $arg "$file")
		old_t=$1
	fi
	printf '| %s | %s | %s | %s | %s | %s |\n' "$name" "$(wc -c <"$file")" \
	    "$s2r_t" "$s2r_m" "$py_t" "$old_t"
}
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| input | bytes | s2r CPU s (median of $RUNS) | s2r peak RSS KiB | python3 yaml.safe_load CPU s | old build CPU s |"
echo "|---|---:|---:|---:|---:|---:|"
row wide-epp bench/out/yaml-wide-epp.yaml s2r-config --epp
row many-epp bench/out/yaml-many-epp.yaml s2r-config --epp
row bins bench/out/yaml-bins.yaml s2r-expect
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
