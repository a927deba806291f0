# batch.mk - the parity pipeline over many bundles, and their index.
#
#   make -j8 -f pipelines/batch.mk BUNDLES=manifest OUT=outdir \
#        [S2R_BIN=dir] [STOP_ON_ERROR=1] [STRICT=1] [TITLE="..."]
#   make -j8 -f pipelines/batch.mk DISCOVER=folder OUT=outdir
#
# The manifest has one bundle per line (blank lines and # comments are
# skipped):
#
#   name  sim-bundle  real-bundle  [VAR=value ...]
#
# name: letters, digits, '.', '_', '-'.  Relative paths are relative to
# the manifest's folder.  VAR=value pairs go to pipelines/parity.mk:
# GAIE=, GAIE_REV=, LLMD=, LLMD_REV=, MAP=, TOLERANCES=, FOLLOW_LINKS=
# (GAIE, LLMD and TOLERANCES are paths and resolved like the bundles).
# Fields cannot contain spaces, '|', quotes or '$'.  DISCOVER=folder
# instead takes every folder/NAME holding both sim/ and real/ as bundle
# NAME (a NAME outside the name set stops the run, naming it).
#
# Each bundle is one target, OUT/bundles/NAME/status, that runs parity.mk
# (report.md and report.html) into OUT/bundles/NAME; the bundles are
# independent, so -j runs them side by side, and parity.mk's own targets
# share the job slots.  A rerun redoes only what changed: the status file
# is rewritten only when the bundle's verdicts change, the index
# (OUT/index.md, OUT/index.html) only when a status does, and make.log
# only by a run that did something (so it keeps the last real log).  A
# bundle that cannot be processed leaves OUT/bundles/NAME/error (its
# first diagnostic; make.log has the rest), appears in the index with it,
# and does not stop the others unless STOP_ON_ERROR=1; a bundle with FAILs
# is a finding, not an error.  With stderr on a terminal, each finished
# bundle prints a progress line (done/total, elapsed, ETA).  The last line
# counts the bundles with a FAIL, with a MISSING and in error; the run
# fails (make exits non-zero) when a bundle has a FAIL or an error, and
# with STRICT=1 a MISSING too.
#
# One run at a time per OUT: OUT/.s2r/lock (a second run waits), and
# OUT/bundles/NAME/.s2r/batch.lock around each bundle (Slurm's task runs,
# which do not take the OUT lock).
#
# Targets: all (default), bundles (no index), index (the index over what
# is there now; what a Slurm job runs after the array), check (the
# summary line and exit status only), bundle-NAME, task TASK=i (the i-th
# bundle, 0-based: one Slurm array task), list (the bundle names).

PIPEDIR	:= $(abspath $(dir $(lastword $(MAKEFILE_LIST))))/
include $(PIPEDIR)common.mk
MAKEFLAGS += -r
.DEFAULT_GOAL := all
OUT	?= out
O	:= $(or $(patsubst %/,%,$(call raw,OUT)),$(call raw,OUT))
TITLE	?= Sim2Real Batch Index

ifeq ($(or $(DISCOVER),$(BUNDLES)),)
$(error BUNDLES=<manifest> or DISCOVER=<folder> is required)
endif
GOALS	:= $(or $(MAKECMDGOALS),all)
# Slurm's array tasks share OUT: task, list and check take no OUT lock.
LOCK	:= $(if $(filter-out task list check,$(GOALS)),1)
TOOLS	:= $(if $(filter-out list check,$(GOALS)),s2r-expect s2r-trace-stats \
	s2r-log-extract s2r-config s2r-grep-proof s2r-verdict s2r-report)
bundle_env = S2R_BUNDLES=$(call q,$(if $(DISCOVER),,$(call raw,BUNDLES))) \
	S2R_DISCOVER=$(call q,$(call raw,DISCOVER))

PREP	:= $(shell $(s2r_env) S2R_WHO=batch S2R_LOCK=$(LOCK) \
	S2R_TOOLS='$(TOOLS)' $(bundle_env) sh $(call q,$(PIPEDIR)discover.sh) batch)
ifneq ($(firstword $(PREP)),ok)
$(error $(or $(PREP),$(PIPEDIR)discover.sh failed))
endif
NAMES	:= $(wordlist 2,$(words $(PREP)),$(PREP))
ifeq ($(NAMES),)
$(error no bundles in $(or $(BUNDLES),$(DISCOVER)))
endif

TOTAL	:= $(words $(NAMES))
STATUSES := $(NAMES:%=$(O)/bundles/%/status)
# The tools as an absolute path: the index is made from inside OUT.
BINABS	:= $(if $(BINDIR),$(shell cd $(call q,$(BINDIR)) 2>/dev/null && pwd)/)

# Progress: each finished bundle adds a line; a run starts the count.
PROGRESS := $(O)/.batch-progress
START	:= $(if $(LOCK),$(shell : >$(call q,$(PROGRESS)) && date +%s),$(shell date +%s))

.PHONY: all bundles check index list task task-bad FORCE $(NAMES:%=bundle-%)
.DELETE_ON_ERROR:

all: $(O)/index.md $(O)/index.html
	@$(summary_cmd)

# check: the summary line and exit status over the statuses there now.
check:
	@$(summary_cmd)

summary_cmd = fail=0; miss=0; err=0; none=0; \
	for s in $(call quoted,$(STATUSES)); do \
		if [ ! -f "$$s" ]; then none=$$((none + 1)); continue; fi; \
		case "$$(cat "$$s")" in \
		error*) err=$$((err + 1)); continue ;; \
		*' fail=0 '*) ;; \
		*) fail=$$((fail + 1)) ;; \
		esac; \
		case "$$(cat "$$s")" in *' missing=0 '*) ;; *) miss=$$((miss + 1)) ;; esac; \
	done; \
	echo "batch: $(O)/index.md: $(TOTAL) bundles, $$fail with a FAIL, $$miss with a MISSING, $$err failed to process$$([ $$none -eq 0 ] || echo ", $$none not run")" >&2; \
	[ $$fail -eq 0 ] && [ $$err -eq 0 ] && [ $$none -eq 0 ] $(if $(STRICT),&& [ $$miss -eq 0 ])

quoted	= $(foreach f,$(1),$(call q,$(f)))

bundles: $(STATUSES)

$(NAMES:%=bundle-%): bundle-%: $(O)/bundles/%/status

list:
	@printf '%s\n' $(NAMES)

# task TASK=i: the i-th bundle (0-based), one Slurm array task.
TASKN	:= $(if $(TASK),$(shell expr $(call q,$(TASK)) + 1 2>/dev/null))
TASKNAME := $(if $(filter-out 0,$(TASKN)),$(word $(TASKN),$(NAMES)))
task: $(if $(TASKNAME),$(O)/bundles/$(TASKNAME)/status,task-bad)

task-bad:
	@echo 'batch.mk: TASK='$(call q,$(TASK))': expected a bundle number 0..$(TOTAL) - 1' >&2; exit 2

# One bundle: parity.mk's report.md and report.html into its folder, with
# the bundle's variables from discover.sh (never make words).  STRICT= : a
# FAIL is a finding for the status, not a make error.  The status holds
# "ok", the FAIL/WARN/MISSING counts and the verdicts' checksum, or
# "error"; it is replaced only when that changes.  make.log (parity.mk's
# step lines, also under make -s, and diagnostics) is replaced
# when the run failed or rebuilt something (a file newer than the last
# log), so a rerun that had nothing to do keeps the last real log.
$(STATUSES): $(O)/bundles/%/status: FORCE
	@$(call step,bundle,$*)
	@d=$(call q,$(O))/bundles/$*; mkdir -p "$$d/.s2r" && \
	exec 9>>"$$d/.s2r/batch.lock" && flock 9 || exit 2; \
	if args=$$($(bundle_env) sh $(call q,$(PIPEDIR)discover.sh) entry $*); then \
		eval "set -- $$args"; \
		$(MAKE) --no-print-directory --no-silent -f $(call q,$(PIPEDIR)parity.mk) "$$@" \
			OUT="$$d" $(if $(BINDIR),S2R_BIN=$(call q,$(BINDIR))) STRICT= \
			all html >"$$d/make.log.tmp" 2>&1 9>&-; rc=$$?; \
	else \
		echo "batch.mk: $*: cannot read the bundle from $(or $(BUNDLES),$(DISCOVER))" >"$$d/make.log.tmp"; rc=2; \
	fi; \
	if [ $$rc -ne 0 ] || [ ! -f "$$d/make.log" ] || \
	    [ -n "$$(find "$$d" -newer "$$d/make.log" -type f ! -name 'make.log*' \
	    ! -name status ! -name error ! -name '*.tmp' ! -name '*.lock' | head -n 1)" ]; then \
		mv -f "$$d/make.log.tmp" "$$d/make.log"; \
	else \
		rm -f "$$d/make.log.tmp"; \
	fi; \
	if [ $$rc -eq 0 ]; then \
		rm -f "$$d/error"; \
		$(call verdict_counts,"$$d/verdicts.ndjson"); \
		st="ok fail=$$fail warn=$$warn missing=$$miss sum=$$(cksum <"$$d/verdicts.ndjson" | tr ' ' :)"; \
	else \
		{ grep -m1 '^s2r-' "$$d/make.log" || grep -m1 -i 'error' "$$d/make.log" || tail -n1 "$$d/make.log"; } | \
			sed 's/^[^ ]*\.mk:[0-9]*: \*\*\* //; s/\.  Stop\.$$//' >"$$d/error.tmp"; \
		if cmp -s "$$d/error.tmp" "$$d/error"; then rm -f "$$d/error.tmp"; else mv "$$d/error.tmp" "$$d/error"; fi; \
		st="error $$(cksum <"$$d/error" | tr ' ' :)"; \
	fi; \
	printf '%s\n' "$$st" >$(call q,$@.tmp); \
	if cmp -s $(call q,$@.tmp) $(call q,$@); then rm -f $(call q,$@.tmp); else mv $(call q,$@.tmp) $(call q,$@); fi; \
	echo $* >>$(call q,$(PROGRESS)); \
	if [ -t 2 ]; then \
		n=$$(wc -l <$(call q,$(PROGRESS))); t=$$(( $$(date +%s) - $(START) )); \
		printf 'batch: %d/%d bundles done, elapsed %d s, ETA %d s (%s)\n' \
			"$$n" $(TOTAL) "$$t" $$(( t * ($(TOTAL) - n) / n )) '$*' >&2; \
	fi; \
	case "$$st" in error*) \
		echo "batch: $*: $$(cat "$$d/error")" >&2; \
		[ -z $(call q,$(STOP_ON_ERROR)) ] || exit 1 ;; \
	esac

# The index lists every bundle of the manifest, links relative to OUT.
index_cmd = cd $(call q,$(O)) && $(call q,$(BINABS))s2r-report --index $(2) \
	--title $(call q,$(TITLE)) -o '$(1)' $(NAMES:%=bundles/%) || [ $$? -eq 1 ]

$(O)/index.md: $(STATUSES)
	@$(call step,index,$@)
	@$(call index_cmd,index.md,--format md)

$(O)/index.html: $(STATUSES)
	@$(call step,index,$@)
	@$(call index_cmd,index.html,--format html)

index:
	@$(call index_cmd,index.md,--format md)
	@$(call index_cmd,index.html,--format html)

FORCE:
