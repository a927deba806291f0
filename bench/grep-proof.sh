#!/bin/sh
# bench/grep-proof.sh - s2r-grep-proof over a generated 7 MB, 900-file Go
# tree: one query and the whole catalog against `grep -rn` (the floor) and
# a python3 extractor with a naive brace counter; counts wrong spans.
set -eu
. bench/lib.sh
tree=bench/out/gotree
runs=${RUNS:-5}
if [ ! -f "$tree/MANIFEST" ]; then
	rm -rf "$tree"
	/usr/bin/python3 bench/gen-go-tree.py "$tree" 900
fi
gp="$S2R_BIN/s2r-grep-proof"
files=$(find "$tree" -name '*.go' | wc -l)
bytes=$(find "$tree" -name '*.go' -exec cat {} + | wc -c)
echo "tree: $files .go files, $bytes bytes"

# cpu NAME RUNS CMD...: CPU seconds (perf task-clock mean, else median
# user+sys); the machine is shared, so wall time carries other people's
# load and CPU time is the fairer ratio.
cpu() {
	name=$1 runs=$2
	shift 2
	if command -v perf >/dev/null 2>&1 &&
	    perf stat -x, -e task-clock true >/dev/null 2>&1; then
		# task-clock: CPU milliseconds, averaged over the runs
		perf stat -r "$runs" -x, -e task-clock "$@" 2>&1 >/dev/null |
		    awk -F, -v n="$name" '/task-clock/ { print n, $1 / 1000 }'
		return
	fi
	i=0
	: >bench/out/.cpu
	while [ "$i" -lt "$runs" ]; do
		/usr/bin/time -f '%U %S' -o bench/out/.t "$@" >/dev/null 2>&1 || true
		awk '{print $1 + $2}' bench/out/.t >>bench/out/.cpu
		i=$((i + 1))
	done
	sort -n bench/out/.cpu | awk -v n="$name" '{a[NR]=$1} END {
	    print n, (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2 }'
}

row() {
	w=$(measure "$@")
	c=$(cpu "$@")
	echo "$w $(echo "$c" | awk '{print $2}')"
}

set -- \
	"$(row grep-rn "$runs" grep -rn Saturation "$tree")" \
	"$(row grep-proof-func "$runs" "$gp" --root "$tree" --func Saturation --recv Detector)" \
	"$(row grep-rn-probe "$runs" grep -rn Probe "$tree")" \
	"$(row grep-proof-probe "$runs" "$gp" --root "$tree" --func Probe --max-hits 0)" \
	"$(row python-naive-probe "$runs" /usr/bin/python3 bench/naive-extract.py "$tree" Probe)" \
	"$(row grep-proof-catalog "$runs" sh -c "\"$gp\" --root $tree --catalog pipelines/proofs.yaml; [ \$? -le 1 ]")"
floor=$(echo "$1" | awk '{print $2}')
cfloor=$(echo "$1" | awk '{print $4}')
printf '%-20s %8s %7s %8s %7s %11s\n' tool wall_s ratio cpu_s ratio peak_rss_kb
for r in "$@"; do
	echo "$r" | awk -v f="$floor" -v cf="$cfloor" '{
	    r = (f > 0) ? $2 / f : 0; c = (cf > 0) ? $4 / cf : 0;
	    printf "%-20s %8.3f %6.1fx %8.4f %6.1fx %11d\n", $1, $2, r, $4, c, $3 }'
done

# Wrong spans against the generator's manifest.
"$gp" --root "$tree" --func Probe --max-hits 0 |
	jq -r '"\(.source.file) \(.source.line) \(.source.end_line)"' | sort >bench/out/probe.c
/usr/bin/python3 bench/naive-extract.py "$tree" Probe | sort >bench/out/probe.py
sort "$tree/MANIFEST" >bench/out/probe.want
total=$(wc -l <bench/out/probe.want)
wrong_c=$(comm -23 bench/out/probe.want bench/out/probe.c | wc -l)
wrong_py=$(comm -23 bench/out/probe.want bench/out/probe.py | wc -l)
echo "wrong Probe spans of $total: s2r-grep-proof $wrong_c, naive brace counter $wrong_py"
