#!/bin/sh
# discover.sh - what a pipeline does before make reads its rules: check
# OUT and the inputs, take the lock on OUT, check that the tools are
# there, and find the cells (parity.mk) or the bundles (batch.mk).
#
#   sh discover.sh parity|align|batch       (from $(shell ...) at parse time)
#   sh discover.sh entry NAME               (batch.mk's recipe: one bundle)
#
# The makefiles pass every value in S2R_* environment variables, single-
# quoted, so no path reaches a command line that make or a shell parses.
# It prints "ok [words]" when make may go on; otherwise one line, the
# message make stops with: the path and what was expected (fd 3 is that
# output, so a message from inside a subshell or a redirection gets out).
#
# Names.  Bundles are untrusted (docs/security.md): a folder or file name
# may hold ';', '$(shell ...)', backquotes, '>' or a newline.  Every name
# that make will see (cells, specs, log files, Go files, bundle names) is
# checked against a safe set, letters, digits and . _ + = @ , - not
# starting with . or - (discover.awk's ok_name); a name outside it stops
# the run with one line naming the path.  Make then sees names only as the
# values of ":=" assignments in OUT/.s2r/parity.d, and every recipe
# single-quotes every path.  SIM, REAL and TOLERANCES may be any path
# (without a newline): make sees them only through links in OUT/.s2r/.
# OUT must be a name make can use (the safe set plus '/').
#
# Links.  A symbolic link in the part of a bundle the tools read must
# resolve inside that bundle; FOLLOW_LINKS=1 accepts links that leave it
# (for bundles you trust).  Links inside the bundle are followed.  Files
# the tools read must be regular files: a FIFO would block them.
#
# Lock.  OUT/.s2r/lock is held (flock) from here until make (S2R_PID)
# exits, by a background "tail --pid"; a second run into the same OUT
# says it waits, then waits.
set -u
set -f
export LC_ALL=C
unset CDPATH
here=$(dirname "$0")
mode=${1:-}
out=${S2R_OUT:-}
tmp=""
trap '[ -z "$tmp" ] || rm -rf "$tmp"' EXIT
exec 3>&1

# The one line make stops with.  Callers in a subshell pass the exit on.
die() {
	IFS=' '
	printf '%s\n' "$*" | tr -c '[:print:]\n' '?' | head -n 1 >&3
	exit 1
}

# A path as it can be printed in one line.
shown() {
	printf '%s' "$1" | tr -c '[:print:]' '?'
}

# A single-quoted shell word.
shq() {
	printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}

no_newline() {	# no_newline VAR VALUE
	case $2 in
	*'
'*) die "$1=$(shown "$2"): a newline in a path is not supported" ;;
	esac
}

# OUT: make uses it in target names, so only the safe set and '/'.
check_out() {
	case $out in
	'') die "OUT= is empty: expected an output folder" ;;
	-*) die "OUT=$(shown "$out"): starts with '-': write ./$(shown "$out")" ;;
	*[!A-Za-z0-9._+@,=/-]*)
		die "OUT=$(shown "$out"): make cannot use this folder name:" \
		    "expected letters, digits and . _ + @ , = / - (no spaces," \
		    "quotes or other signs)" ;;
	esac
}

# Hold OUT/.s2r/lock until make exits.
lock() {
	mkdir -p -- "$out/.s2r" 2>/dev/null ||
		die "OUT=$(shown "$out"): cannot create $(shown "$out")/.s2r"
	exec 9>>"$out/.s2r/lock" ||
		die "OUT=$(shown "$out"): cannot create $(shown "$out")/.s2r/lock"
	# The last run's holder lets go within 0.2 s of its make's exit.
	if ! flock -w 1 9; then
		printf '%s: OUT=%s is busy (another run holds %s/.s2r/lock): waiting\n' \
		    "${S2R_WHO:-s2r}" "$(shown "$out")" "$(shown "$out")" >&2
		flock 9 || die "OUT=$(shown "$out"): cannot lock $(shown "$out")/.s2r/lock"
	fi
	tail --pid="${S2R_PID:-0}" -s 0.2 -f /dev/null </dev/null >/dev/null \
	    2>&1 3>&- &
}

# Each tool must be there; with a stamp (parity, align), OUT/.s2r/tools.args
# names each one's file, size and time of change, and every target depends
# on it: a rebuilt or upgraded tool redoes what the old one wrote.
check_tools() {
	stamp=${1:-}
	set --
	for t in ${S2R_TOOLS:-}; do
		if [ -n "${S2R_BIN:-}" ]; then
			[ -f "$S2R_BIN/$t" ] && [ -x "$S2R_BIN/$t" ] ||
				die "$t: not found in S2R_BIN=$(shown "$S2R_BIN")" \
				    "(build the tools with make, or point S2R_BIN= at them)"
			set -- "$@" "$S2R_BIN/$t"
		else
			found=$(command -v "$t") ||
				die "$t: not found on PATH (build the tools with make" \
				    "in the s2r folder, or set S2R_BIN=)"
			set -- "$@" "$found"
		fi
	done
	[ "$stamp" != stamp ] || [ $# -eq 0 ] ||
		stat -L -c '%n %s %.9Y' -- "$@" | put "$out/.s2r/tools.args"
}

# The absolute, physical path of folder $2 (variable $1), or stop.
folder() {
	no_newline "$1" "$2"
	case $2 in
	'') die "$1= is empty: expected a folder" ;;
	-*) die "$1=$(shown "$2"): starts with '-': write ./$(shown "$2")" ;;
	esac
	[ -e "$2" ] || die "$1=$(shown "$2"): no such folder"
	[ -d "$2" ] || die "$1=$(shown "$2"): expected a folder"
	(cd -P "$2" 2>/dev/null && pwd -P) ||
		die "$1=$(shown "$2"): cannot enter the folder"
}

# What kind of thing $1 is, for "expected a regular file, got ...".
kind() {
	if [ -d "$1" ]; then echo "a folder"
	elif [ -p "$1" ]; then echo "a FIFO"
	elif [ -S "$1" ]; then echo "a socket"
	elif [ -b "$1" ] || [ -c "$1" ]; then echo "a device"
	elif [ -L "$1" ] && [ ! -e "$1" ]; then echo "a dangling link"
	else echo "not a regular file"
	fi
}

regular() {	# regular VAR PATH: PATH must be a regular file
	[ -f "$2" ] || die "$1=$(shown "$2"): expected a regular file, got $(kind "$2")"
}

# Replace file $1 with stdin only when that differs, so its time stamp
# says when the content last changed (make compares it).
put() {
	cat >"$1.tmp.$$" || die "$(shown "$1"): cannot write"
	if cmp -s "$1.tmp.$$" "$1"; then
		rm -f "$1.tmp.$$"
	else
		mv -f "$1.tmp.$$" "$1"
	fi
}

# OUT/.s2r/NAME -> TARGET (an absolute path), replaced atomically.
link() {
	[ "$(readlink -- "$out/.s2r/$1" 2>/dev/null)" = "$2" ] && return 0
	ln -s -- "$2" "$out/.s2r/$1.tmp.$$" &&
		mv -fT -- "$out/.s2r/$1.tmp.$$" "$out/.s2r/$1" ||
		die "OUT=$(shown "$out"): cannot write $(shown "$out")/.s2r/$1"
}

# find's entries as lines: NUL-terminated names with a newline in them
# become lines with \001 there (never a safe name).
lines() {
	tr '\n\0' '\001\n'
}

# Every link that find "$@" prints (-print0, from the bundle root) must
# resolve inside the bundle $1 (variable $2, path as given $3).
check_links() {
	root=$1 var=$2 given=$3
	shift 3
	[ -n "${S2R_FOLLOW_LINKS:-}" ] && return 0
	find . "$@" >"$tmp/links0" 2>/dev/null
	[ -s "$tmp/links0" ] || return 0
	lines <"$tmp/links0" >"$tmp/links"
	xargs -0 -r realpath -m -z -- <"$tmp/links0" | lines >"$tmp/targets"
	bad=$(S2R_ROOT=$root awk 'NR == FNR { l[FNR] = $0; next }
	    index($0, ENVIRON["S2R_ROOT"] "/") != 1 && $0 != ENVIRON["S2R_ROOT"] {
		p = l[FNR]; sub(/^\.\//, "", p); print p "\t" $0; exit }' \
	    "$tmp/links" "$tmp/targets")
	[ -z "$bad" ] && return 0
	die "$(shown "$given/${bad%%	*}"): a link to $(shown "${bad#*	}"), outside" \
	    "$var: refused (FOLLOW_LINKS=1 follows links out of a bundle;" \
	    "only for bundles you trust)"
}

# The folders of REAL that never hold cells (docs/formats.md §1.2), pruned
# from the walk: "find . $(real_prune) ...", also under results/ and the
# repeat folders results.<N>/.  generated/ is read, and of cluster/ the
# PipelineRuns (s2r-expect --run reads the workload specs they embed).
real_prune() {
	for s in workloads results_charts snapshots review plans check; do
		printf '%s\n' -path "./$s" -prune -o -path "./results/$s" -prune -o \
		    -path "./results.[1-9]*/$s" -prune -o
	done
	printf '%s\n' '(' -path './cluster/*' ! -path './cluster/pipelinerun-*.yaml' \
	    ')' -prune -o -path ./results/cluster -prune -o \
	    -path './results.[1-9]*/cluster' -prune -o
	printf '%s\n' -name .s2r -prune -o
}

# The parts of SIM the tools read: config.md, README.md, transfer.yaml,
# measurement.yaml, workloads/, baselines/ (the scenarios transfer.yaml
# names), algorithm(s)/.
sim_prune() {
	printf '%s\n' '(' -path './*/*' ! -path './workloads/*' \
	    ! -path './baselines/*' ! -path './algorithm/*' \
	    ! -path './algorithms/*' ')' -prune -o
}
sim_read() {
	printf '%s\n' '(' -path './*/*' -o -name config.md -o -name README.md \
	    -o -name transfer.yaml -o -name measurement.yaml \
	    -o -name workloads -o -name baselines -o -name algorithm \
	    -o -name algorithms ')'
}

# walk SIDE ROOT VAR GIVEN PRUNE...: the entries under ROOT as
# "SIDE ./path<TAB>type" lines, sorted by path; find's first complaint
# (a loop, a folder it cannot read) stops the run.
walk() {
	side=$1 root=$2 var=$3 given=$4
	shift 4
	(cd "$root" && find -L . -mindepth 1 "$@" -printf '%p\t%Y\0' \
	    2>"$tmp/err") | lines | sort | sed "s/^/$side /"
	[ -s "$tmp/err" ] &&
		die "$var=$(shown "$given"): $(head -n 1 "$tmp/err")"
	return 0
}

# The scenarios SIM's transfer.yaml names (baselines[].scenario; s2r-expect
# --scenarios lists them, NUL-terminated, relative to SIM) may lie anywhere in
# SIM, beyond the parts walked: each must resolve inside SIM (a link in
# any part of its path counts) and, where it exists, be a regular file.
sim_scenarios() {
	[ -e "$1/transfer.yaml" ] || [ -L "$1/transfer.yaml" ] || return 0
	t=s2r-expect
	[ -z "${S2R_BIN:-}" ] || t=$S2R_BIN/s2r-expect
	"$t" --scenarios "$1" >"$tmp/scn0" 2>"$tmp/scnerr" ||
		die "$(head -n 1 "$tmp/scnerr")"
	lines <"$tmp/scn0" >"$tmp/scn"
	soh=$(printf '\001')
	while IFS= read -r f; do
		case $f in *"$soh"*)
			die "$(shown "$S2R_SIM/$f"): transfer.yaml names a scenario" \
			    "with a newline in its path: not supported" ;;
		esac
		r=$(realpath -m -- "$1/$f")
		case $r in
		"$1"/*) ;;
		*) [ -n "${S2R_FOLLOW_LINKS:-}" ] ||
			die "$(shown "$S2R_SIM/$f"): a link to $(shown "$r")," \
			    "outside SIM: refused (FOLLOW_LINKS=1 follows links" \
			    "out of a bundle; only for bundles you trust)" ;;
		esac
		{ [ -e "$1/$f" ] || [ -L "$1/$f" ]; } && [ ! -f "$1/$f" ] &&
			die "$(shown "$S2R_SIM/$f"): expected a regular file, got" \
			    "$(kind "$1/$f")"
	done <"$tmp/scn"
	return 0
}

# Run mode: the translation's folder when it lies outside the run
# (workspace/translations/<hash>/, s2r-run --translation, which reads
# none of its files): its translation_output.json (s2r-run reads it) must
# resolve inside it and be a regular file; its generated/ (the EPP
# configs) is printed, as its path from the run, and its entries go to
# $tmp/gen as side G.  The links of generated/ must stay inside it, as a
# bundle's.
run_generated() {
	t=s2r-run
	[ -z "${S2R_BIN:-}" ] || t=$S2R_BIN/s2r-run
	tr=$("$t" --translation --root "$1" "$1" 2>"$tmp/runerr") ||
		die "$(head -n 1 "$tmp/runerr")"
	case $tr in
	../*) ;;
	*) return 0 ;;	# none, or the run's own: walked already
	esac
	no_newline RUN "$tr"
	tabs=$(cd -P "$1/$tr" 2>/dev/null && pwd -P) ||
		die "RUN=$(shown "$S2R_REAL"): cannot enter $(shown "$tr")"
	f=$tabs/translation_output.json
	if [ -e "$f" ] || [ -L "$f" ]; then
		r=$(realpath -m -- "$f")
		case $r in
		"$tabs"/*) ;;
		*) [ -n "${S2R_FOLLOW_LINKS:-}" ] ||
			die "$(shown "$S2R_REAL/$tr/translation_output.json"): a" \
			    "link to $(shown "$r"), outside RUN: refused" \
			    "(FOLLOW_LINKS=1 follows links out of a bundle; only" \
			    "for bundles you trust)" ;;
		esac
		[ -f "$f" ] || die "$(shown "$S2R_REAL/$tr/translation_output.json"):" \
		    "expected a regular file, got $(kind "$f")"
	fi
	[ -d "$1/$tr/generated" ] || return 0
	g=$tr/generated
	gabs=$(cd -P "$1/$g" 2>/dev/null && pwd -P) ||
		die "RUN=$(shown "$S2R_REAL"): cannot enter $(shown "$g")"
	(cd "$gabs" && check_links "$gabs" RUN "$S2R_REAL/$g" -type l \
	    -print0) || exit 1
	walk G "$gabs" RUN "$S2R_REAL/$g" >"$tmp/gen" || exit 1
	printf '%s\n' "$g"
}

# The folders parity.mk's tools write into, in one mkdir rather than one
# a target: OUT/cells/<cell>/ for each cell, OUT/epp/ and OUT/epp-diff/
# when there is an EPP config or a pair of them (the names are those
# discover.awk checked; set -f: no globbing).
outdirs() {
	frag=$1
	set --
	for d in $(awk '$1 == "S2R_CELLS" { for (i = 3; i <= NF; i++)
	    print "cells/" $i } $1 == "S2R_EPP" && NF > 2 { print "epp" }
	    $1 == "S2R_PAIRS" && NF > 2 { print "epp-diff" }' "$frag"); do
		set -- "$@" "$out/$d"
	done
	[ $# -eq 0 ] || mkdir -p -- "$@" ||
		die "OUT=$(shown "$out"): cannot create its folders"
}

# shellcheck disable=SC2046  # $(real_prune) etc. are split on purpose
parity() {
	check_out
	rv=${S2R_REAL_VAR:-REAL}	# RUN= names it in run mode
	real=$(folder "$rv" "${S2R_REAL:-}") || exit 1
	sim=$(folder SIM "${S2R_SIM:-}") || exit 1
	no_newline MAP "${S2R_MAP:-}"
	tol=""
	if [ -n "${S2R_TOLERANCES:-}" ]; then
		no_newline TOLERANCES "$S2R_TOLERANCES"
		[ -e "$S2R_TOLERANCES" ] ||
			die "TOLERANCES=$(shown "$S2R_TOLERANCES"): no such file"
		regular TOLERANCES "$S2R_TOLERANCES"
		tol=$(cd -P "$(dirname "$S2R_TOLERANCES")" && pwd -P)/$(basename "$S2R_TOLERANCES")
	fi
	lock
	check_tools stamp
	tmp=$(mktemp -d) || die "cannot create a temporary folder"
	# The find expressions, one word a line (set -f: no globbing).
	IFS='
'
	(cd "$real" && check_links "$real" "$rv" "$S2R_REAL" $(real_prune) \
	    -type l -print0) || exit 1
	(cd "$sim" && check_links "$sim" SIM "$S2R_SIM" $(sim_prune) \
	    -type l $(sim_read) -print0) || exit 1
	walk R "$real" "$rv" "$S2R_REAL" $(real_prune) >"$tmp/real" || exit 1
	walk S "$sim" SIM "$S2R_SIM" $(sim_prune) >"$tmp/sim" || exit 1
	unset IFS
	sim_scenarios "$sim" || exit 1
	: >"$tmp/gen"
	gen=""
	[ "$rv" != RUN ] || gen=$(run_generated "$real") || exit 1
	if ! S2R_REAL=$S2R_REAL S2R_SIM=$S2R_SIM S2R_MAP=${S2R_MAP:-} \
	    S2R_GEN=$gen awk -f "$here/discover.awk" "$tmp/real" "$tmp/sim" \
	    "$tmp/gen" >"$tmp/frag"; then
		msg=$(sed -n 's/^!//p' "$tmp/frag")
		die "${msg:-discover.awk failed}"
	fi
	link real "$real"
	link sim "$sim"
	[ -z "$tol" ] || link tolerances "$tol"
	put "$out/.s2r/parity.d" <"$tmp/frag"
	outdirs "$tmp/frag"
	printf 'REAL=%s\n%s\n' "$S2R_REAL" "$real" | put "$out/.s2r/real.args"
	printf 'SIM=%s\n%s\nMAP=%s\n' "$S2R_SIM" "$sim" "${S2R_MAP:-}" |
		put "$out/.s2r/sim.args"
	printf 'TOLERANCES=%s\n%s\n' "${S2R_TOLERANCES:-}" "$tol" |
		put "$out/.s2r/verdict.args"
	echo ok
}

# align.mk's inputs are make words: the safe set and '/'; each one that
# exists (and a trace's header and ITL file beside it) must be a regular
# file.
align() {
	check_out
	for var in TRACE SLOTS RULES REAL_TRACE SIM_TRACE TOLERANCES; do
		val=""
		eval "val=\${S2R_$var:-}"
		no_newline "$var" "$val"
		for f in $val; do
			case $f in
			-*|*[!A-Za-z0-9._+@,=/-]*)
				die "$var=$(shown "$f"): make cannot use this path:" \
				    "expected letters, digits and . _ + @ , = / -" \
				    "(not starting with -)" ;;
			esac
			{ [ -e "$f" ] || [ -L "$f" ]; } && regular "$var" "$f"
			case $var in *_TRACE)
				for h in "$(dirname "$f")/trace_header.yaml" "${f%.*}.yaml" \
				    "${f%.csv}.itl.csv"; do
					[ "$h" = "$f" ] && continue
					{ [ -e "$h" ] || [ -L "$h" ]; } && regular "$var" "$h"
				done ;;
			esac
		done
	done
	lock
	check_tools stamp
	echo ok
}

# The bundles of batch.mk: names from the manifest (batch-manifest.awk)
# or the folders DISCOVER/NAME holding sim/ and real/.
bundle_names() {
	if [ -n "${S2R_DISCOVER:-}" ]; then
		disc=$(folder DISCOVER "$S2R_DISCOVER") || exit 1
		cd "$disc" || exit 1
		set +f
		for d in *; do
			[ -d "$d/sim" ] && [ -d "$d/real" ] || continue
			case $d in
			[!A-Za-z0-9]*|*[!A-Za-z0-9._-]*)
				die "DISCOVER=$(shown "$S2R_DISCOVER"): folder" \
				    "\"$(shown "$d")\": a bundle name must be letters," \
				    "digits, '.', '_' or '-', starting with a letter" \
				    "or digit; rename it" ;;
			esac
			printf '%s\n' "$d"
		done
		set -f
		return 0
	fi
	m=${S2R_BUNDLES:-}
	no_newline BUNDLES "$m"
	[ -e "$m" ] || die "BUNDLES=$(shown "$m"): no such file"
	regular BUNDLES "$m"
	dir=$(cd "$(dirname "$m")" && pwd)
	S2R_MANIFEST_DIR=$dir awk -f "$here/batch-manifest.awk" "$m"
}

batch() {
	check_out
	[ -z "${S2R_LOCK:-}" ] || lock
	check_tools
	names=$(bundle_names) || {
		msg=$(printf '%s\n' "$names" | sed -n 's/^!//p')
		[ -z "$msg" ] || die "$msg"
		exit 1
	}
	printf 'ok %s\n' "$(printf '%s\n' "$names" | tr '\n' ' ')"
}

# One bundle's parity.mk variables as single-quoted words, for
# eval "set -- ..." in batch.mk's recipe.
entry() {
	name=$1
	if [ -n "${S2R_DISCOVER:-}" ]; then
		disc=$(cd "$S2R_DISCOVER" && pwd) || exit 2
		printf '%s %s\n' "$(shq "SIM=$disc/$name/sim")" \
		    "$(shq "REAL=$disc/$name/real")"
		return 0
	fi
	m=$S2R_BUNDLES
	dir=$(cd "$(dirname "$m")" && pwd) || exit 2
	S2R_MANIFEST_DIR=$dir S2R_WANT=$name awk -f "$here/batch-manifest.awk" "$m"
}

case $mode in
parity) parity ;;
align) align ;;
batch) batch ;;
entry) entry "$2" ;;
*) echo "usage: discover.sh parity|align|batch|entry NAME" >&2; exit 2 ;;
esac
