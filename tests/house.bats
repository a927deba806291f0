#!/usr/bin/env bats
# The house rules of docs/architecture.md §6, checked on the source tree:
# the include graph, the floors, file and function sizes, purpose
# comments, and that comments cite documents of this repository.
load helpers
bats_require_minimum_version 1.5.0

L="$S2R_TOP/lib"

# Functions allowed over 80 lines, one "file:name" a line, each with its
# reason in a comment.  None today.
LONG_OK=""

# The "#include "x.h"" edges of the files named, as "from to" lines.
edges() {
	local f
	for f in "$@"; do
		sed -n "s|^#include \"\\(.*\\)\"|$(basename "$f") \\1|p" "$f"
	done
}

@test "no #include cycle among the headers of lib/" {
	cd "$L"
	edges *.h >"$BATS_TEST_TMPDIR/edges"
	# every header included exists
	while read -r from to; do
		[ -f "$to" ] || { echo "$from includes $to, which is not in lib/"; return 1; }
	done <"$BATS_TEST_TMPDIR/edges"
	run tsort "$BATS_TEST_TMPDIR/edges"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "the include check finds a cycle when there is one" {
	printf 'a.h b.h\nb.h c.h\nc.h a.h\n' >"$BATS_TEST_TMPDIR/edges"
	run tsort "$BATS_TEST_TMPDIR/edges"
	[ "$status" -ne 0 ]
}

@test "floors: rules include no reader or producer, renderers no rule engine" {
	cd "$L"
	rules="judge.h jindex.h checklist.h verdict.h tolerance.h ruleutil.h proofutil.h
	    alignutil.h latquant.h satside.h satgen.h satrule.h golex.h rules_ramp.h rules_override.h rules_basedet.h rules_args.h rules_prefix.h rules_snaparm.h rules_precise.h
	    rules_epp.h rules_eppobj.h rules_kvcap.h rules_kvscale.h rules_sigflow.h isopolicy.h routecmp.h rules_wl.h rec.h str.h
	    err.h perr.h stats.h jreplica.h cmpstat.h jstore.h spill.h strtab.h
	    jwrite.h recscan.h jline.h jparse.h sampler.h sendlag.h vdtype.h
	    goscale.h"
	# vdtype.h: vLLM's names of a dtype as one name (text only)
	# goscale.h: the worth of a Go operand (100, 0.01) from its text, as
	# golex.h reads text: no file, no record
	# sampler.h: the length laws' exact CDF (1c/1d's shape), math as
	# stats.h is, no reader or producer; sendlag.h: the late-send bound
	# (1h, A0) and its count over numbers given to it
	renderers="report.h mdreport.h mdtext.h htmlreport.h htmlpage.h
	    htmlcharts.h svg.h rundiff.h batchindex.h rectext.h verdict.h
	    atomicfile.h rec.h str.h err.h tseries.h vstream.h cmptext.h upnum.h
	    reportfind.h strtab.h runtext.h spill.h jparse.h sha256.h recscan.h
	    keygroup.h"
	bad=""
	for f in rules_*.c ruleutil.[ch] proofutil.[ch] alignutil.[ch] judge.[ch] jindex.[ch] checklist.[ch] \
	    satside.[ch] satgen.[ch] satrule.[ch] isopolicy.[ch] routecmp.[ch] jreplica.[ch] jstore.[ch] spill.[ch] \
	    jwrite.[ch] recscan.[ch] jline.[ch] jparse.[ch]; do
		for h in $(sed -n 's/^#include "\(.*\)"/\1/p' "$f"); do
			case " $(echo $rules) " in *" $h "*) ;; *) bad="$bad $f:$h" ;; esac
		done
	done
	for f in report.[ch] reportfind.[ch] mdreport.[ch] mdtext.[ch] htmlreport.[ch] htmlpage.[ch] \
	    htmlcharts.[ch] charts_*.c svg.[ch] rundiff.[ch] batchindex.[ch] rectext.[ch] \
	    upnum.[ch] runtext.[ch]; do
		for h in $(sed -n 's/^#include "\(.*\)"/\1/p' "$f"); do
			case " $(echo $renderers) " in *" $h "*) ;; *) bad="$bad $f:$h" ;; esac
		done
	done
	[ -z "$bad" ] || { echo "includes across floors:$bad"; return 1; }
}

@test "a tool includes lib headers only, never another tool" {
	cd "$S2R_TOP"
	for f in tools/*.c; do
		for h in $(sed -n 's/^#include "\(.*\)"/\1/p' "$f"); do
			[ -f "lib/$h" ] || { echo "$f includes $h"; return 1; }
		done
	done
	! grep -n '#include ".*\.c"' tools/*.c lib/*.c || false
}

@test "no lib file over 1,200 lines" {
	cd "$L"
	run awk 'FNR == 1 && NR > 1 && n > 1200 { print prev ": " n } { n = FNR; prev = FILENAME }
	    END { if (n > 1200) print prev ": " n }' *.c *.h
	[ -z "$output" ] || { echo "$output"; return 1; }
}

# long_functions MAX FILE...: "file:name N" for every function whose body
# (style(9): the name at column 0, the body between "{" and "}" at column
# 0) has more than MAX lines.
long_functions() {
	local max=$1
	shift
	awk -v max="$max" '
	    /^[A-Za-z_][A-Za-z0-9_]*\(/ { name = $0; sub(/\(.*/, "", name); next }
	    /^\{/ && name != "" { start = FNR; next }
	    /^\}/ && start > 0 {
		if (FNR - start - 1 > max)
			printf "%s:%s %d\n", FILENAME, name, FNR - start - 1
		start = 0; name = ""
	    }' "$@"
}

@test "no function in lib/ or tools/ over 80 lines" {
	cd "$S2R_TOP"
	long=$(long_functions 80 lib/*.c tools/*.c | while read -r fn n; do
		case " $LONG_OK " in *" $fn "*) ;; *) echo "$fn: $n lines" ;; esac
	done)
	[ -z "$long" ] || { echo "$long"; return 1; }
}

@test "the function check counts the body of a long function" {
	{ printf 'static int\nf(void)\n{\n'; seq 81 | sed 's/^/\tx;/'
	  printf '}\n\nstatic int\ng(void)\n{\n'; seq 80 | sed 's/^/\tx;/'; printf '}\n'; } \
	    >"$BATS_TEST_TMPDIR/long.c"
	[ "$(long_functions 80 "$BATS_TEST_TMPDIR/long.c")" = "$BATS_TEST_TMPDIR/long.c:f 81" ]
}

@test "every file of lib/ and tools/ starts with its name and purpose" {
	cd "$S2R_TOP"
	for f in lib/*.[ch] tools/*.c; do
		name=$(basename "$f")
		case $f in tools/*) name=${name%.c} ;; esac
		head -1 "$f" | grep -q "^/\* $name - ." ||
		    { echo "$f: $(head -1 "$f")"; return 1; }
	done
}

@test "comments cite documents of this repository, and what they cite exists" {
	cd "$S2R_TOP"
	# Documents outside the repository (the design notes, the research
	# references, the procedures) are not where a reader of the code is.
	run grep -nE 'DESIGN\.md|reference/|codeproof\.md|kernels\.md|spec/(align|sim2real)|(^|[^/])formats\.md' \
	    lib/*.[ch] tools/*.c pipelines/*.mk pipelines/*.sh pipelines/*.awk \
	    pipelines/*.yaml schemas/*.json docs/man/* scripts/*
	[ -z "$output" ] || { echo "$output"; return 1; }
	# docs/X.md §N.M: the document exists and has that section.
	grep -ohE 'docs/[a-z]+\.md §[0-9]+(\.[0-9]+)?' lib/*.[ch] tools/*.c pipelines/*.mk \
	    pipelines/*.sh pipelines/*.awk pipelines/*.yaml |
	    sort -u | while read -r doc sec; do
		n=${sec#§}
		[ -f "$doc" ] || { echo "$doc: no such document"; return 1; }
		grep -qE "^#+ ${n//./\\.}\.? " "$doc" || { echo "$doc has no section $n"; return 1; }
	done
}
