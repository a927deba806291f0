# discover.awk - the cells of a real bundle and the inputs of a sim
# bundle, as a make fragment for parity.mk (run by discover.sh, which
# explains the whole step).
#
# Input: one entry per line, "SIDE ./PATH<TAB>TYPE": SIDE R (the real
# bundle) or S (the sim bundle), PATH relative to the bundle, TYPE as
# find's %Y (f file, d folder, p FIFO, s socket, b/c device, N dangling
# link, L link loop).  discover.sh sorts the entries by path (LC_ALL=C)
# and turns a newline inside a name into \001, so a line is one entry.
#
# Output: the fragment on stdout.  Bad input: one line "!MESSAGE" and
# exit 1; the first bad entry in path order wins, so the message is the
# same every run.
#
# Every name written into the fragment has been checked against the safe
# set (ok_name) and appears only as the value of a ":=" assignment; the
# rule lines refer to those variables.  So no character of a bundle's
# names is ever parsed as make syntax.
#
# ENVIRON: S2R_REAL, S2R_SIM (the paths as given, for messages), S2R_MAP,
# S2R_REAL_VAR (REAL, or RUN in run mode: the variable to name).

function ok_name(s) {
	return s ~ /^[A-Za-z0-9_+=@,][A-Za-z0-9._+=@,-]*$/
}
# A path or name as it can be printed: control characters and bytes
# beyond ASCII as "?".
function shown(s) {
	gsub(/[^ -~]/, "?", s)
	return s
}
function where(side, p) {
	return shown((side == "R" ? REAL : side == "G" ? REAL "/" GEN : SIM) \
	    "/" p)
}
function fail(msg) {
	if (!failed)
		print "!" msg
	failed = 1
	exit 1
}
function kind(t) {
	return t == "d" ? "a folder" : t == "p" ? "a FIFO" : t == "s" ? \
	    "a socket" : t == "b" || t == "c" ? "a device" : t == "N" ? \
	    "a dangling link" : t == "L" ? "a link loop" : "type " t
}
function need_file(side, t, p) {
	if (t != "f")
		fail(where(side, p) ": expected a regular file, got " kind(t))
}
function need_dir(side, t, p) {
	if (t != "d")
		fail(where(side, p) ": expected a folder, got " kind(t))
}
function need_name(side, p, name, what) {
	if (!ok_name(name))
		fail(where(side, p) ": " what " \"" shown(name) "\": expected " \
		    "letters, digits and . _ + = @ , - (not starting with . " \
		    "or -); rename it")
}
# Every component of the relative path p.
function need_names(side, p, what,    n, c, i) {
	n = split(p, c, "/")
	for (i = 1; i <= n; i++)
		need_name(side, p, c[i], what)
}
# GEN, the generated folder of a run's translation as a path from the run
# ("../../translations/<hash>/generated"): ".." or safe names only, since
# it becomes part of the EPP config paths make sees.
function check_gen(    n, c, i) {
	n = split(GEN, c, "/")
	for (i = 1; i <= n && GEN != ""; i++)
		if (c[i] != ".." && !ok_name(c[i]))
			fail(shown(REAL) "/" shown(GEN) ": folder name \"" \
			    shown(c[i]) "\": expected letters, digits and " \
			    ". _ + = @ , - (not starting with . or -)")
}
# Insertion sort of a[1..n] (few elements: phases).
function sort_words(a, n,    i, j, v) {
	for (i = 2; i <= n; i++) {
		v = a[i]
		for (j = i - 1; j >= 1 && a[j] > v; j--)
			a[j + 1] = a[j]
		a[j + 1] = v
	}
}
# results/ and the repeat folders results.<N>/ of older runs hold the
# phases; any other results.* folder is a phase of its own name.
function is_results(name) {
	return name == "results" || name ~ /^results\.[1-9][0-9]*$/
}
# A cell under a repeat folder, results.<N>/<phase>/<workload>/: part[]
# (split from the whole path) becomes phase, workload and the repeat as
# its iteration, "results.<N>"; the count of parts is returned.  A repeat
# that also holds replicas (results.<N>/.../i<M>/) has no one iteration.
function repeat_cell(p, n, part,    i) {
	if (n == 4)
		fail(where("R", p) ": a repeat folder " part[1] "/ holding " \
		    "replicas " part[4] "/: expected results.<N>/<phase>/" \
		    "<workload>/trace_data.csv or results/<phase>/<workload>/" \
		    "i<N>/trace_data.csv, not both")
	if (n != 3)
		return n - 1
	part[4] = part[1]
	for (i = 1; i <= 3; i++)
		part[i] = part[i + 1]
	return 3
}
function basename(p) {
	sub(/.*\//, "", p)
	return p
}

BEGIN {
	REAL = ENVIRON["S2R_REAL"]
	SIM = ENVIRON["S2R_SIM"]
	GEN = ENVIRON["S2R_GEN"]
	check_gen()
	# Folders beside the phases that never hold cells (docs/formats.md
	# §1.2); generated/ is read for the EPP configs and plugins.
	nskip = split("generated workloads results_charts snapshots review " \
	    "cluster plans check", skip, " ")
	for (i = 1; i <= nskip; i++)
		skipped[skip[i]] = 1
	ncells = nspecs = 0
}

{
	side = substr($0, 1, 1)
	t = substr($0, length($0))
	p = substr($0, 5, length($0) - 6)
	type[side, p] = t
}

side == "R" && p ~ /(^|\/)trace_data\.csv$/ {
	first = p
	sub(/\/.*/, "", first)
	second = p
	sub(/^[^\/]*\//, "", second)
	sub(/\/.*/, "", second)
	if (skipped[first] || (is_results(first) && skipped[second]))
		next
	cell = p
	sub(/\/?trace_data\.csv$/, "", cell)
	if (cell == "")
		fail(where("R", p) ": REAL is a cell, not a bundle: expected " \
		    "REAL/<phase>/<workload>/trace_data.csv")
	need_names("R", cell, "folder name")
	rel = cell
	sub(/^results\//, "", rel)
	n = split(rel, part, "/")
	if (first != "results" && is_results(first))
		n = repeat_cell(p, n, part)
	if (n < 2 || n > 3)
		fail(where("R", p) ": expected <phase>/<workload>/" \
		    "[<iteration>/]trace_data.csv (or under results/), " \
		    "got " n " folder" (n == 1 ? "" : "s"))
	rel = part[1] "/" part[2] (n == 3 ? "/" part[3] : "")
	if (rel in scope)
		fail(where("R", p) ": the same cell as " \
		    where("R", scope[rel] "/trace_data.csv") \
		    " (a bundle has results/ or not, not both)")
	scope[rel] = cell
	need_file("R", t, p)
	cells[++ncells] = cell
	phase_of[ncells] = part[1]
	workload_of[ncells] = part[2]
	next
}

# A *.log file s2r-log-extract would read in the folder above its
# folder (a cell, when that has a trace_data.csv); hidden ones it skips.
side == "R" && p ~ /\/(server|epp|gpu)_logs\/[^\/]+\.log$/ {
	if (basename(p) !~ /^\./) {
		c = p
		sub(/\/[^\/]+\/[^\/]+$/, "", c)
		logsof[c] = logsof[c] SUBSEP p
	}
	next
}

# blis observe's saturation report and the metrics scrapes of a cell
# (s2r-log-extract reads them).
side == "R" && p ~ /(^|\/)saturation\.json$/ {
	c = p
	sub(/\/?saturation\.json$/, "", c)
	satof[c] = p
	next
}
side == "R" && p ~ /\/metrics\/(raw\/[^\/]+_metrics\.log|processed\/metrics_summary\.json)$/ {
	if (basename(p) !~ /^\./) {
		c = p
		sub(/\/metrics\/[^\/]+\/[^\/]+$/, "", c)
		logsof[c] = logsof[c] SUBSEP p
	}
	next
}

side == "S" && p ~ /^workloads\/[^\/]+$/ && p ~ /\.ya?ml$/ {
	name = basename(p)
	if (name ~ /^\./)
		next
	need_name("S", p, name, "spec name")
	need_file("S", t, p)
	specs[++nspecs] = p
	spec = name
	sub(/\.ya?ml$/, "", spec)
	have_spec[spec] = 1
	next
}

# The baselines' scenarios (s2r-expect reads those transfer.yaml names).
side == "S" && p ~ /^baselines\/[^\/]+\.ya?ml$/ {
	if (basename(p) ~ /^\./)
		next
	need_names("S", p, "file name")
	need_file("S", t, p)
	simdocs = simdocs " " p
	next
}

# Go files s2r-grep-proof reads (prerequisites of the proofs); hidden
# ones (editor files) are left out, not refused.
side == "S" && p ~ /^algorithms?\/.*\.go$/ && t == "f" {
	if (p ~ /(^|\/)\./)
		next
	need_names("S", p, "file name")
	simgo = simgo " " p
	next
}

# A run's PipelineRuns (s2r-expect --run): prerequisites of expect.ndjson.
side == "R" && p ~ /^cluster\/pipelinerun-[^\/]*\.yaml$/ {
	need_names("R", p, "file name")
	need_file("R", t, p)
	runspecs = runspecs " " p
	next
}

side == "R" && p ~ /^generated\/.*\.go$/ && t == "f" {
	if (p ~ /(^|\/)\./)
		next
	need_names("R", p, "file name")
	realgo = realgo " " p
	next
}

END {
	if (failed)
		exit 1
	if (ncells == 0)
		fail("no cells (.../trace_data.csv) found under " \
		    (ENVIRON["S2R_REAL_VAR"] ? ENVIRON["S2R_REAL_VAR"] : "REAL") \
		    "=" shown(REAL))
	if (!(("S", "workloads") in type))
		fail(shown(SIM) ": expected a sim bundle with workloads/*.yaml, " \
		    "found no workloads/")
	need_dir("S", type["S", "workloads"], "workloads")
	if (nspecs == 0)
		fail(shown(SIM) "/workloads: no workload specs (*.yaml)")
	for (i = split("config.md README.md transfer.yaml measurement.yaml",
	    doc, " "); i >= 1; i--)
		if (("S", doc[i]) in type) {
			need_file("S", type["S", doc[i]], doc[i])
			simdocs = simdocs " " doc[i]
		}
	check_map()
	print "# Written by pipelines/discover.sh for parity.mk: the cells of"
	print "# REAL and the inputs of SIM.  Names only as values of :="
	print "# assignments; $(O) is OUT, $(S) is OUT/.s2r (real, sim: links)."
	cell_rules()
	epp_rules()
	print "S2R_SIMFILES :=" simdocs " workloads" spec_list()
	print "S2R_RUNSPECS :=" runspecs
	print "S2R_GO_REAL :=" realgo
	print "S2R_GO_SIM :=" simgo
	print "S2R_GEN := " GEN
}

function spec_list(    s, i) {
	for (i = 1; i <= nspecs; i++)
		s = s " " specs[i]
	return s
}

# Per cell: its trace header, its *.log files, saturation.json and
# metrics scrapes (what
# s2r-trace-stats and s2r-log-extract read), and the log folders
# themselves, so that a log added or removed redoes the cell.
function cell_rules(    i, c, logs, k, d, f, n, lf, all) {
	for (i = 1; i <= ncells; i++) {
		c = cells[i]
		all = all " " c
		f = c "/trace_header.yaml"
		if (("R", f) in type)
			need_file("R", type["R", f], f)
		else
			f = ""
		print "s2r_c" i " := " c
		print "s2r_h" i " := " f
		logs = ""
		for (k = split("epp_logs gpu_logs server_logs metrics/raw", d,
		    " "); k >= 1; k--) {
			f = c "/" d[k]
			if (("R", f) in type) {
				need_dir("R", type["R", f], f)
				logs = f " " logs
			}
		}
		n = split(substr(logsof[c], 2), lf, SUBSEP)
		for (k = 1; k <= n; k++) {
			need_names("R", lf[k], "file name")
			need_file("R", type["R", lf[k]], lf[k])
			logs = logs " " lf[k]
		}
		if (c in satof) {
			need_file("R", type["R", satof[c]], satof[c])
			logs = logs " " satof[c]
		}
		print "s2r_l" i " := " logs
		print "$(O)/cells/$(s2r_c" i ")/trace.ndjson: " \
		    "$(addprefix $(S)/real/,$(s2r_h" i "))"
		print "$(O)/cells/$(s2r_c" i ")/logs.ndjson: " \
		    "$(addprefix $(S)/real/,$(s2r_l" i "))"
	}
	print "S2R_CELLS :=" all
}

# The deployed EPP config of each phase (docs/formats.md §1.4):
# generated/<phase>_config.yaml or generated/<phase>/<phase>_config.yaml;
# in run mode then the translation's (§1.6), GEN/baselines/<phase>/
# baseline_config.yaml or GEN/<phase>/<phase>_config.yaml, as a path from
# the run; one record file per phase, one diff per pair of phases in
# sorted order.
function epp_rules(    i, n, ph, seenp, np, cfg, a, b, cand, j, sd) {
	n = 0
	for (i = 1; i <= ncells; i++)
		if (!(phase_of[i] in seenp)) {
			seenp[phase_of[i]] = 1
			ph[++n] = phase_of[i]
		}
	sort_words(ph, n)
	np = 0
	for (i = 1; i <= n; i++) {
		cand[1] = "generated/" ph[i] "_config.yaml"
		cand[2] = "generated/" ph[i] "/" ph[i] "_config.yaml"
		cand[3] = "baselines/" ph[i] "/baseline_config.yaml"
		cand[4] = ph[i] "/" ph[i] "_config.yaml"
		cfg = ""
		for (j = 1; j <= 4 && cfg == ""; j++) {
			sd = j <= 2 ? "R" : "G"
			if ((sd, cand[j]) in type) {
				need_file(sd, type[sd, cand[j]], cand[j])
				cfg = (sd == "G" ? GEN "/" : "") cand[j]
			}
		}
		if (cfg == "")
			continue
		np++
		print "s2r_p" np " := " ph[i]
		print "s2r_e" np " := " cfg
		print "$(O)/epp/$(s2r_p" np ").ndjson: $(S)/real/$(s2r_e" np ")"
		eppph[np] = ph[i]
		eppcfg[np] = cfg
		phases = phases " " ph[i] "|" cfg
	}
	print "S2R_EPP :=" phases
	for (a = 1; a <= np; a++)
		for (b = a + 1; b <= np; b++)
			pairs = pairs " " eppph[a] "--" eppph[b] "|" eppcfg[a] \
			    "|" eppcfg[b]
	print "S2R_PAIRS :=" pairs
	for (a = 1; a <= np; a++)
		for (b = a + 1; b <= np; b++)
			print "$(O)/epp-diff/" "$(s2r_p" a ")--$(s2r_p" b \
			    ").ndjson: $(S)/real/$(s2r_e" a ") $(S)/real/$(s2r_e" \
			    b ")"
}

# MAP="workload=spec ...": names checked, every spec there.  Then, up
# front on stderr, the workloads no spec covers: their workload checks
# will say MISSING, and MAP= is how to name their spec.
function check_map(    n, m, i, eq, w, s, mapped, covered, nmiss, miss,
    cellsof, hint, list) {
	n = split(ENVIRON["S2R_MAP"], m, " ")
	for (i = 1; i <= n; i++) {
		eq = index(m[i], "=")
		w = substr(m[i], 1, eq - 1)
		s = substr(m[i], eq + 1)
		sub(/\.ya?ml$/, "", s)
		if (eq == 0 || !ok_name(w) || !ok_name(s))
			fail("MAP=" shown(ENVIRON["S2R_MAP"]) ": \"" shown(m[i]) \
			    "\": expected WORKLOAD=SPEC, names of letters, " \
			    "digits and . _ + = @ , -")
		if (!(s in have_spec))
			fail("MAP=" shown(ENVIRON["S2R_MAP"]) ": no spec " \
			    shown(SIM) "/workloads/" s ".yaml (specs:" \
			    spec_names() ")")
		mapped[s] = 1
		covered[w] = 1
	}
	for (s in have_spec)
		if (!(s in mapped))
			covered[s] = 1
	nmiss = 0
	for (i = 1; i <= ncells; i++) {
		w = workload_of[i]
		if (w in covered)
			continue
		if (w in cellsof)
			cellsof[w] = cellsof[w] ", " cells[i]
		else {
			cellsof[w] = cells[i]
			miss[++nmiss] = w
			hint = hint (nmiss > 1 ? " " : "") w "=<spec>"
		}
	}
	if (nmiss == 0)
		return
	for (i = 1; i <= nmiss; i++)
		list = list (i > 1 ? "; " : "") miss[i] " (" cellsof[miss[i]] ")"
	printf "parity: no spec in %s/workloads for workload%s %s: %s; " \
	    "name the spec with MAP=\"%s\" (specs:%s)\n", shown(SIM),
	    (nmiss > 1 ? "s" : ""), list, runspecs == "" ? "their workload " \
	    "checks will say MISSING" : "the specs the run's PipelineRuns " \
	    "embed stand in (cluster/pipelinerun-*.yaml, workloadSpec), " \
	    "and a workload none embeds says MISSING", hint,
	    spec_names() > "/dev/stderr"
}

function spec_names(    i, s, out) {
	for (i = 1; i <= nspecs; i++) {
		s = basename(specs[i])
		sub(/\.ya?ml$/, "", s)
		out = out " " s
	}
	return out
}
