# parity.mk - the sim2real parity pipeline.
#
#   make -f pipelines/parity.mk SIM=simbundle \
#        (REAL=realbundle | RUN=workspace/runs/<run>) OUT=outdir \
#        [GAIE=gaie-tree] [LLMD=llmd-tree] [MAP="workload=spec ..."] \
#        [TOLERANCES=file.yaml] [S2R_BIN=dir] [STRICT=1] [FOLLOW_LINKS=1] \
#        [UPSTREAM=1] [V=1] [-j N] [all] [html]
#
# Discovers the cells of REAL in both bundle shapes (<phase>/<workload>/,
# results/<phase>/<workload>/, .../i<N>/ replicas and the repeat folders
# results.<N>/ of older runs), measures each cell
# as its own target (so -j parallelises and a rerun redoes only what
# changed), then judges everything once and writes OUT/report.md;
# OUT/compare.ndjson compares the arms of every workload more than one
# phase ran (s2r-compare), shown in the report's Comparison section.
# RUN= names a sim2real run directory instead of REAL= (the same cells,
# read the same way) and adds OUT/run.ndjson (s2r-run): every cell the run
# declares, PRESENT, MISSING or SKIP, in the report's Run section; a
# declared cell that is not there gets MISSING verdicts.
# Every output is written under a temporary name and renamed (each
# tool's -o), so a file that exists is complete.  Prints one line per step (V=1: the commands)
# and last "parity: OUT/report.md (N FAIL, N WARN, N MISSING)"; STRICT=1
# makes the run fail when the report has a FAIL or a MISSING; UPSTREAM=1
# appends upstream's check numbering to report.md (s2r-report --upstream).
#
# Bundles are untrusted (docs/security.md): pipelines/discover.sh checks
# every name make will see and writes the rules' names into
# OUT/.s2r/parity.d; recipes single-quote every path.  A name outside the
# safe set, a FIFO where a file is read, or a link out of the bundle
# stops the run with one line naming the path (exit 2).  OUT/.s2r/lock
# keeps a second run into the same OUT waiting until this one is done.

PIPEDIR	:= $(dir $(lastword $(MAKEFILE_LIST)))
include $(PIPEDIR)common.mk
MAKEFLAGS += -r
.DEFAULT_GOAL := all

ifndef SIM
$(error SIM=<sim bundle> is required)
endif
ifdef RUN
ifdef REAL
$(error RUN= and REAL= both name the real side: give one)
endif
endif
ifeq ($(REAL)$(RUN),)
$(error REAL=<real bundle> or RUN=<run directory> is required)
endif
OUT	?= out
O	:= $(or $(patsubst %/,%,$(call raw,OUT)),$(call raw,OUT))
S	:= $(O)/.s2r
REALP	:= $(call raw,$(if $(RUN),RUN,REAL))
SIMP	:= $(call raw,SIM)
TOL	:= $(call raw,TOLERANCES)
TOOLS	:= s2r-expect s2r-trace-stats s2r-log-extract s2r-config \
	s2r-grep-proof s2r-verdict s2r-report s2r-compare $(if $(RUN),s2r-run)

PREP	:= $(shell $(s2r_env) S2R_WHO=parity S2R_TOOLS='$(TOOLS)' \
	S2R_REAL=$(call q,$(REALP)) S2R_SIM=$(call q,$(SIMP)) \
	S2R_REAL_VAR=$(if $(RUN),RUN,REAL) \
	S2R_MAP=$(call q,$(call raw,MAP)) S2R_TOLERANCES=$(call q,$(TOL)) \
	S2R_FOLLOW_LINKS=$(call q,$(FOLLOW_LINKS)) \
	sh $(call q,$(PIPEDIR)discover.sh) parity)
ifneq ($(PREP),ok)
$(error $(or $(PREP),$(PIPEDIR)discover.sh failed))
endif
include $(S)/parity.d

# cell path -> words "phase workload [iteration]": results/ dropped, a
# repeat folder results.<N>/ (older runs) moved last as the iteration.
repeatwords = $(if $(filter results.%,$(firstword $(1))),$(wordlist 2,3,$(1)) \
	$(firstword $(1)),$(1))
cellwords = $(call repeatwords,$(subst /, ,$(patsubst results/%,%,$(1))))
# The same as "phase/workload[/iteration]", as s2r-compare --cell takes it.
cellname = $(subst $() ,/,$(strip $(call cellwords,$(1))))
phase	= $(word 1,$(call cellwords,$(1)))
workload = $(word 2,$(call cellwords,$(1)))
iteration = $(word 3,$(call cellwords,$(1)))
scopeopts = --phase $(call q,$(call phase,$(1))) \
	--workload $(call q,$(call workload,$(1))) \
	$(if $(call iteration,$(1)),--iteration $(call q,$(call iteration,$(1))))
# "name|file|file" words of parity.d: the files of NAME.
field	= $(word $(2),$(subst |, ,$(1)))
files_of = $(wordlist 2,3,$(subst |, ,$(filter $(1)|%,$(2))))

TRACEREC := $(S2R_CELLS:%=$(O)/cells/%/trace.ndjson)
LOGREC	:= $(S2R_CELLS:%=$(O)/cells/%/logs.ndjson)
# The deployed EPP config of each phase: one record file per phase
# (checks 2d, 5b, 5d, 5g) and one diff per pair of phases (2c).  A phase
# without a config is left out: its 2c/2d verdicts then say MISSING.
EPPREC	:= $(foreach e,$(S2R_EPP),$(O)/epp/$(call field,$(e),1).ndjson)
DIFFREC	:= $(foreach e,$(S2R_PAIRS),$(O)/epp-diff/$(call field,$(e),1).ndjson)
MEASURES := $(TRACEREC) $(LOGREC) $(EPPREC) $(DIFFREC)
# A/B between arms (s2r-compare, informational: no verdicts): the cells of
# every workload that more than one phase ran, each as --cell
# phase/workload[/iteration] (names from parity.d, checked by
# discover.sh), into OUT/compare.ndjson; none: no file.
phases_of = $(sort $(foreach c,$(S2R_CELLS),\
	$(if $(filter $(1),$(call workload,$(c))),$(call phase,$(c)))))
CMPWL	:= $(strip $(foreach w,$(sort $(foreach c,$(S2R_CELLS),$(call workload,$(c)))),\
	$(if $(word 2,$(call phases_of,$(w))),$(w))))
CMPCELLS := $(strip $(foreach c,$(S2R_CELLS),\
	$(if $(filter $(call workload,$(c)),$(CMPWL)),$(c))))
COMPARE	:= $(if $(CMPCELLS),$(O)/compare.ndjson)
cmpargs	= --root $(call q,$(REALP)) $(foreach c,$(CMPCELLS),\
	--cell $(call q,$(call cellname,$(c))) $(call q,$(REALP)/$(c)/trace_data.csv))
# s2r-expect states config.md too (the records s2r-config writes for SIM),
# so the sim side needs no second pass.  In run mode the run's declared
# cells are expectations too (run.cell).
RUNREC	:= $(if $(RUN),$(O)/run.ndjson)
EXPECTS	:= $(O)/expect.ndjson $(O)/proof.ndjson $(RUNREC)
RECORDS	:= $(EXPECTS) $(MEASURES)

# Code proof (3a-3d, 4a-4d): the proof catalog over the router source
# GAIE= and/or LLMD= (work trees, or git dirs with GAIE_REV= / LLMD_REV=)
# and over the bundle's generated/ plugin and sim algorithm.  Without a
# codebase the bundle side still runs: the router claims say no_source and
# their verdicts INAPPLICABLE with the reason.  proof.args holds the
# arguments, so changing GAIE=/LLMD= reruns it.
codebase = $(if $(call raw,$(1)_REV),--git-dir $(call q,$(call raw,$(1))) \
	--rev $(call q,$(call raw,$(1)_REV)),--root $(call q,$(call raw,$(1))))
PROOFARGS := $(strip $(if $(GAIE),$(call codebase,GAIE) --label gaie) \
	$(if $(LLMD),$(call codebase,LLMD) --label llmd) \
	--real $(call q,$(REALP)) --sim $(call q,$(SIMP)) \
	--catalog $(call q,$(PIPEDIR)proofs.yaml))
ifneq ($(file <$(O)/proof.args),$(PROOFARGS))
$(file >$(O)/proof.args,$(PROOFARGS))
endif
# UPSTREAM=1: report.md's appendix of upstream's check numbering;
# report.args holds the choice, so changing it rewrites the report.
REPORTARGS := $(if $(UPSTREAM),--upstream)
ifneq ($(strip $(file <$(O)/report.args)),$(strip report $(REPORTARGS)))
$(file >$(O)/report.args,report $(REPORTARGS))
endif

.PHONY: all measures html
.DELETE_ON_ERROR:

# The summary line, last; STRICT=1: a FAIL or a MISSING fails the run.
summary = $(call verdict_counts,$(call q,$(O)/verdicts.ndjson)); \
	echo "parity: $(O)/$(1) ($$fail FAIL, $$warn WARN, $$miss MISSING)"; \
	$(if $(STRICT),[ $$((fail + miss)) -eq 0 ],:)

all: $(O)/report.md $(if $(filter html,$(MAKECMDGOALS)),$(O)/report.html)
	@$(call summary,report.md)

html: $(O)/report.html
	@$(if $(filter all,$(MAKECMDGOALS)),:,$(call summary,report.html))

measures: $(MEASURES)

# A rebuilt or upgraded tool redoes what the old one wrote (discover.sh
# stamps the tools' files, sizes and times in tools.args).
$(RECORDS) $(COMPARE) $(O)/verdicts.ndjson $(O)/report.md \
	$(O)/report.html: $(S)/tools.args

# Every tool writes its file itself (-o: whole or not at all), so make
# runs it without a shell or a rename, and discover.sh has made the
# folders (OUT/cells/<cell>/, OUT/epp/, OUT/epp-diff/): a bundle of many
# cells spends its time on its tools, not on processes around them.
$(TRACEREC): $(O)/cells/%/trace.ndjson: $(S)/real/%/trace_data.csv $(S)/real.args
	@$(call step,trace,$*)
	$(Q)$(call tool,s2r-trace-stats) --root $(call q,$(REALP)) $(call scopeopts,$*) \
		-o $(call q,$@) $(call q,$(REALP)/$*/trace_data.csv)

$(LOGREC): $(O)/cells/%/logs.ndjson: $(S)/real/%/trace_data.csv $(S)/real.args
	@$(call step,logs,$*)
	$(Q)$(call tool,s2r-log-extract) --root $(call q,$(REALP)) $(call scopeopts,$*) \
		-o $(call q,$@) $(call q,$(REALP)/$*)

# In run mode the specs the run's PipelineRuns embed stand in for those
# SIM lacks (s2r-expect --run).
$(O)/expect.ndjson: $(addprefix $(S)/sim/,$(S2R_SIMFILES)) $(S)/sim.args \
		$(if $(RUN),$(S)/real.args $(addprefix $(S)/real/,$(S2R_RUNSPECS)))
	@$(call step,expect,$(SIMP))
	$(Q)$(call tool,s2r-expect) --root $(call q,$(SIMP)) \
		$(foreach m,$(call raw,MAP),--map $(call q,$(m))) \
		$(if $(RUN),--run $(call q,$(REALP))) \
		-o $(call q,$@) $(call q,$(SIMP))

# In run mode the run's PipelineRuns too: the EPP config each one's
# scenarioContent deployed is compared with the generated one (2d).
$(EPPREC): $(O)/epp/%.ndjson: $(S)/real.args \
		$(if $(RUN),$(addprefix $(S)/real/,$(S2R_RUNSPECS)))
	@$(call step,epp,$*)
	$(Q)$(call tool,s2r-config) --root $(call q,$(REALP)) \
		--epp $(call q,$(REALP)/$(call files_of,$*,$(S2R_EPP))) \
		$(if $(RUN),$(foreach f,$(S2R_RUNSPECS),--deployed $(call q,$(REALP)/$(f)))) \
		--phase $(call q,$*) --output $(call q,$@)

$(DIFFREC): $(O)/epp-diff/%.ndjson: $(S)/real.args
	@$(call step,epp-diff,$*)
	$(Q)$(call tool,s2r-config) --root $(call q,$(REALP)) --diff \
		$(foreach f,$(call files_of,$*,$(S2R_PAIRS)),$(call q,$(REALP)/$(f))) \
		--output $(call q,$@)

# The run's files (names fixed, read through the link OUT/.s2r/real), the
# translation's (S2R_GEN: its generated/ folder from the run, checked by
# discover.sh), and parity.d, which changes when a cell comes or goes.
$(O)/run.ndjson: $(S)/real.args $(S)/parity.d $(wildcard $(addprefix $(S)/real/,\
		run_metadata.json manifest.assembly.yaml progress.json translation_output.json \
		$(if $(S2R_GEN),$(S2R_GEN)/../translation_output.json)))
	@$(call step,run,$(REALP))
	$(Q)$(call tool,s2r-run) --root $(call q,$(REALP)) -o $(call q,$@) \
		$(call q,$(REALP))

# Exit 1 (a claim not found) and 3 (ambiguous) are findings, not errors:
# the file is written whole all the same.
$(O)/proof.ndjson: $(O)/proof.args $(PIPEDIR)proofs.yaml \
		$(addprefix $(S)/real/,$(S2R_GO_REAL)) \
		$(addprefix $(S)/sim/,$(S2R_GO_SIM))
	@$(call step,proof,$(REALP))
	$(Q)$(call tool,s2r-grep-proof) $(PROOFARGS) -o $(call q,$@) || \
		{ rc=$$?; [ $$rc -eq 1 ] || [ $$rc -eq 3 ]; }

# After the cells' trace records: they depend on each cell's trace and
# header (the header's goodput_slo_targets feed the comparison).  One
# read of each trace for both analyses (ab --timeline).
$(O)/compare.ndjson: $(CMPCELLS:%=$(O)/cells/%/trace.ndjson) $(S)/real.args
	@$(call step,compare,$(REALP))
	$(Q)$(call tool,s2r-compare) ab --timeline -o $(call q,$@) $(cmpargs)

# parity.d changes when a cell or an input comes or goes.
$(O)/verdicts.ndjson: $(RECORDS) $(S)/verdict.args $(S)/parity.d \
		$(if $(TOL),$(S)/tolerances)
	@$(call step,verdict,$@)
	$(Q)$(call tool,s2r-verdict) --no-fail-status \
		$(if $(TOL),--tolerances $(call q,$(TOL))) \
		-o $(call q,$@) $(foreach f,$(RECORDS),$(call q,$(f)))

# The Markdown report reads the verdicts, the comparison and the run's
# records; the measure records (the bulk of the input) are for the HTML
# report's charts.
$(O)/report.md: $(O)/verdicts.ndjson $(COMPARE) $(RUNREC) \
		$(S)/real.args $(S)/sim.args $(O)/report.args
	@$(call step,report,$@)
	$(Q)$(call tool,s2r-report) $(REPORTARGS) --real $(call q,$(REALP)) --sim $(call q,$(SIMP)) \
		-o $(call q,$@) $(foreach f,$(O)/verdicts.ndjson $(COMPARE) \
		$(RUNREC),$(call q,$(f))) \
		|| [ $$? -eq 1 ]

# The HTML report with charts (s2r-report --format html): `make ... html`.
# The expect records feed the token-length charts.
$(O)/report.html: $(O)/verdicts.ndjson $(RECORDS) $(COMPARE) $(S)/real.args \
		$(S)/sim.args
	@$(call step,html,$@)
	$(Q)$(call tool,s2r-report) --format html --real $(call q,$(REALP)) \
		--sim $(call q,$(SIMP)) -o $(call q,$@) \
		$(foreach f,$(O)/verdicts.ndjson $(RECORDS) $(COMPARE),$(call q,$(f))) || [ $$? -eq 1 ]
