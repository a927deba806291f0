#!/bin/sh
# bench/judge-scale.sh - judging at stream speed (issue 12): the parity
# pipeline over the aw sample pair with every cell replicated as i1..iN
# (a real replica layout; hard links, so the copies cost no disk).
#   scale     per N in REPS (default 1 2 4 8 16 32): cells, records into
#             s2r-verdict, s2r-verdict median time and peak RSS, input
#             size, s2r-report time (Markdown; HTML, with its peak RSS,
#             over the verdicts and every record file), whole pipeline
#             (all) time
#   readers   on the REP_READERS-replica bundle (default 8, 48 cells): the
#             whole pipeline against the sum of its readers run one after
#             another (s2r-trace-stats, s2r-log-extract per cell,
#             s2r-config per arm and diff, s2r-expect, s2r-grep-proof)
#   batch     pipelines/batch.mk -j2 over BATCH copies (default 100; "100
#             400" adds a second size): bundles per minute
# RUNS (default 3) runs per timing (medians; the pipeline and batch run
# once per size: they are minutes).  SAMPLES (default ../shared/samples)
# holds aw-sim and aw-real.  uptime is printed with each table.
set -eu
. bench/lib.sh
REPS=${REPS:-1 2 4 8 16 32}
RUNS=${RUNS:-3}
REP_READERS=${REP_READERS:-8}
BATCH=${BATCH:-100}
SAMPLES=${SAMPLES:-../shared/samples}
bin=$(cd "$S2R_BIN" && pwd)
sim=$(cd "$SAMPLES/aw-sim" && pwd)
realsrc=$(cd "$SAMPLES/aw-real" && pwd)
w=$(pwd)/bench/out/judge-scale
rm -rf "$w"
mkdir -p "$w"

# replicate N DST: aw-real with each <phase>/<workload>/ cell as i1..iN.
replicate() {
	n=$1 dst=$2
	mkdir -p "$dst"
	cp -r "$realsrc/generated" "$dst/"
	for c in "$realsrc"/*/*/; do
		c=${c%/}
		case $c in */generated/*) continue ;; esac
		cell=${c#"$realsrc"/}
		i=1
		while [ "$i" -le "$n" ]; do
			mkdir -p "$dst/$cell"
			cp -rl "$c" "$dst/$cell/i$i" 2>/dev/null ||
				cp -r "$c" "$dst/$cell/i$i"
			i=$((i + 1))
		done
	done
}

parity() {
	make -s -f pipelines/parity.mk SIM="$sim" S2R_BIN="$bin" "$@"
}

# The record files s2r-verdict reads, in the pipeline's order.
records() {
	o=$1
	ls "$o/expect.ndjson" "$o/proof.ndjson"
	find "$o/cells" -name trace.ndjson | sort
	find "$o/cells" -name logs.ndjson | sort
	find "$o/epp" "$o/epp-diff" -name '*.ndjson' 2>/dev/null | sort
}

echo "== scale ($(uptime))"
echo "| replicas | cells | records | input MB | s2r-verdict s | peak RSS MB | RSS / input | s2r-report s | HTML s | HTML RSS MB | pipeline s |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
for n in $REPS; do
	r=$w/real$n o=$w/out$n
	replicate "$n" "$r"
	/usr/bin/time -f '%e' -o "$w/.pipe" make -s -f pipelines/parity.mk \
	    SIM="$sim" REAL="$r" OUT="$o" S2R_BIN="$bin" all >/dev/null 2>&1 ||
		{ echo "bench: pipeline on $n replicas failed" >&2; exit 1; }
	records "$o" >"$w/files$n"
	cells=$(find "$o/cells" -name trace.ndjson | wc -l)
	recs=$(cat $(cat "$w/files$n") | wc -l)
	bytes=$(cat $(cat "$w/files$n") | wc -c)
	set -- $(measure verdict "$RUNS" "$bin/s2r-verdict" --no-fail-status \
	    $(cat "$w/files$n"))
	vt=$2 vrss=$3
	rfiles="$o/verdicts.ndjson $(grep -v -e expect.ndjson -e proof.ndjson "$w/files$n" | tr '\n' ' ')"
	[ -f "$o/compare.ndjson" ] && rfiles="$rfiles $o/compare.ndjson"
	set -- $(measure report "$RUNS" sh -c '"$@"; [ $? -le 1 ]' sh \
	    "$bin/s2r-report" --real "$r" --sim "$sim" $rfiles)
	rt=$2
	hfiles="$o/verdicts.ndjson $(tr '\n' ' ' <"$w/files$n")"
	[ -f "$o/compare.ndjson" ] && hfiles="$hfiles $o/compare.ndjson"
	set -- $(measure html "$RUNS" sh -c '"$@" >/dev/null; [ $? -le 1 ]' sh \
	    "$bin/s2r-report" --format html --real "$r" --sim "$sim" $hfiles)
	ht=$2 hrss=$3
	awk -v n="$n" -v c="$cells" -v k="$recs" -v b="$bytes" -v vt="$vt" \
	    -v vr="$vrss" -v rt="$rt" -v ht="$ht" -v hr="$hrss" \
	    -v pt="$(tail -1 "$w/.pipe")" 'BEGIN {
		printf "| %d | %d | %d | %.1f | %.2f | %.1f | %.1f | %.2f | %.2f | %.1f | %.1f |\n",
		    n, c, k, b / 1e6, vt, vr / 1024, vr * 1024 / b, rt, ht,
		    hr / 1024, pt }'
done

echo
echo "== readers: $REP_READERS replicas ($(uptime))"
r=$w/real$REP_READERS
[ -d "$r" ] || replicate "$REP_READERS" "$r"
o=$w/readers
rm -rf "$o"
/usr/bin/time -f '%e' -o "$w/.pipe" make -s -f pipelines/parity.mk SIM="$sim" \
    REAL="$r" OUT="$o" S2R_BIN="$bin" all >/dev/null 2>&1 || true
cat >"$w/readers.sh" <<EOS
#!/bin/sh
# Every reader of the bundle once, one after another.
cd '$r'
for c in \$(find . -name trace_data.csv | sed 's|^\./||; s|/trace_data.csv\$||' | sort); do
	'$bin/s2r-trace-stats' --root . "\$c/trace_data.csv" >/dev/null
	'$bin/s2r-log-extract' --root . "\$c" >/dev/null
done
for f in generated/*.yaml; do '$bin/s2r-config' --root . --epp "\$f" >/dev/null; done
'$bin/s2r-config' --root . --diff generated/baseline_config.yaml generated/treatment_config.yaml >/dev/null
'$bin/s2r-expect' --root '$sim' '$sim' >/dev/null
'$bin/s2r-grep-proof' --real '$r' --sim '$sim' --catalog '$(pwd)/pipelines/proofs.yaml' >/dev/null || true
EOS
set -- $(measure readers 1 sh "$w/readers.sh")
echo "| what | seconds |"
echo "|---|---|"
echo "| sum of the readers, one after another | $2 |"
echo "| whole pipeline (make all, -j1) | $(tail -1 "$w/.pipe") |"
awk -v a="$2" -v b="$(tail -1 "$w/.pipe")" 'BEGIN { printf "| ratio | %.2f |\n", b / a }'

echo
echo "== batch.mk -j2 ($(uptime))"
echo "| bundles | cells | seconds | bundles per minute |"
echo "|---|---|---|---|"
for n in $BATCH; do
	m=$w/manifest$n
	: >"$m"
	i=1
	while [ "$i" -le "$n" ]; do
		echo "aw$i $sim $realsrc" >>"$m"
		i=$((i + 1))
	done
	rm -rf "$w/batch$n"
	/usr/bin/time -f '%e' -o "$w/.batch" make -s -j2 -f pipelines/batch.mk \
	    BUNDLES="$m" OUT="$w/batch$n" S2R_BIN="$bin" >/dev/null 2>&1 || true
	ok=$(find "$w/batch$n/bundles" -name status | wc -l)
	awk -v n="$n" -v ok="$ok" -v t="$(tail -1 "$w/.batch")" 'BEGIN {
		printf "| %d (%d done) | %d | %.0f | %.1f |\n", n, ok, ok * 6, t, ok * 60 / t }'
done
