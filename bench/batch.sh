#!/bin/sh
# bench/batch.sh - pipelines/batch.mk over N generated bundles (default
# 50; tests/fixtures/batch/gen-bundles, s2r-synth from the examples/sim
# specs, 4 cells each), side by side:
#   loop     a shell loop running parity.mk bundle after bundle (what a
#            nightly script does without batch.mk), md + html per bundle
#   -j1      batch.mk, one job
#   -j2      batch.mk, two jobs (this machine has 2 cores)
#   no-op    batch.mk -j2 again on the finished output (rebuilds nothing)
#   1 file   batch.mk -j2 after touching one cell's trace_data.csv
#            (redoes that cell, its bundle's verdicts and reports)
# Medians of RUNS (default 3); every full run starts from an empty OUT.
set -eu
. bench/lib.sh
N=${N:-50}
RUNS=${RUNS:-3}
bin=$(cd "$S2R_BIN" && pwd)
w=bench/out/batch
rm -rf "$w"
mkdir -p "$w"
tests/fixtures/batch/gen-bundles "$bin" "$w/in" "$N"
mk="make -s -f pipelines/batch.mk BUNDLES=$w/in/manifest S2R_BIN=$bin"

cat >"$w/loop.sh" <<EOS
#!/bin/sh
rm -rf $w/loop
while read -r name sim real; do
	make -s -f pipelines/parity.mk SIM=\$sim REAL=\$real OUT=$w/loop/\$name S2R_BIN=$bin all html >/dev/null 2>&1 || true
done <$w/in/manifest
EOS
cat >"$w/full.sh" <<EOS
#!/bin/sh
rm -rf $w/o
$mk OUT=$w/o "\$@" >/dev/null 2>&1 || true
EOS
cat >"$w/again.sh" <<EOS
#!/bin/sh
$mk OUT=$w/o -j2 >/dev/null 2>&1 || true
EOS
cat >"$w/touch.sh" <<EOS
#!/bin/sh
touch $w/in/b07/real/treatment/chat_mixed/trace_data.csv
$mk OUT=$w/o -j2 >/dev/null 2>&1 || true
EOS
chmod +x "$w"/*.sh

load0=$(cut -d' ' -f1-3 /proc/loadavg)
{
	measure loop "$RUNS" "$w/loop.sh"
	measure j1 "$RUNS" "$w/full.sh" -j1
	measure j2 "$RUNS" "$w/full.sh" -j2
	measure noop "$RUNS" "$w/again.sh"
	measure onefile "$RUNS" "$w/touch.sh"
} >"$w/res"
load1=$(cut -d' ' -f1-3 /proc/loadavg)
# what the one-file run redid (check, not timed)
touch "$w/stamp"; sleep 1; "$w/touch.sh"
redone=$(find "$w/o" -type f -newer "$w/stamp" ! -name make.log ! -name .batch-progress | wc -l)

echo "machine: $(nproc) CPUs, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1); load average before $load0, after $load1 (other users of the machine)"
echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
awk -v n="$N" -v redone="$redone" '
{ t[$1] = $2; m[$1] = $3 }
END {
	printf "batch of %d bundles (4 cells each), median of runs\n\n", n
	printf "| run | seconds | peak RSS (KiB) | vs -j1 |\n|---|---|---|---|\n"
	split("loop j1 j2 noop onefile", order, " ")
	name["loop"] = "shell loop over parity.mk"; name["j1"] = "batch.mk -j1"
	name["j2"] = "batch.mk -j2"; name["noop"] = "batch.mk -j2, second run (no-op)"
	name["onefile"] = "batch.mk -j2, one cell touched"
	for (i = 1; i <= 5; i++) {
		k = order[i]
		printf "| %s | %.2f | %d | %.2fx |\n", name[k], t[k], m[k], t[k] / t["j1"]
	}
	printf "\n-j2 speed-up over -j1: %.2fx; files rewritten by the one-cell run: %d\n", t["j1"] / t["j2"], redone
}' "$w/res"
