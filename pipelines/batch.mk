# batch.mk - the parity pipeline over many bundles, and their index.
#
#   make -j8 -f pipelines/batch.mk BUNDLES=manifest OUT=outdir \
#        [S2R_BIN=dir] [STOP_ON_ERROR=1] [TITLE="..."]
#   make -j8 -f pipelines/batch.mk DISCOVER=folder OUT=outdir
#
# The manifest has one bundle per line (blank lines and # comments are
# skipped):
#
#   name  sim-bundle  real-bundle  [VAR=value ...]
#
# name: letters, digits, '.', '_', '-'.  Relative paths are relative to
# the manifest's folder.  VAR=value pairs go to pipelines/parity.mk as
# they are (GAIE=, LLMD=, MAP=, TOLERANCES=: the optional codebases and
# inputs; GAIE, LLMD and TOLERANCES are paths and resolved like the
# bundles).  Paths cannot contain spaces or '|' (make words).
# DISCOVER=folder instead takes every folder/NAME holding both sim/ and
# real/ as bundle NAME.
#
# Each bundle is one target, OUT/bundles/NAME/status, that runs parity.mk
# (report.md and report.html) into OUT/bundles/NAME; the bundles are
# independent, so -j runs them side by side, and parity.mk's own targets
# share the job slots.  A rerun redoes only what changed: the status file
# is rewritten only when the bundle's verdicts change, and the index
# (OUT/index.md, OUT/index.html) only when a status does.  A bundle that
# fails leaves OUT/bundles/NAME/error (its first diagnostic; make.log has
# the rest), appears in the index with it, and does not stop the others
# unless STOP_ON_ERROR=1.  With stderr on a terminal, each finished bundle
# prints a progress line (done/total, elapsed, ETA).  The run fails (make
# exits non-zero) when a bundle has a FAIL or an error.
#
# Targets: all (default), bundles (no index), index (the index over what
# is there now; what a Slurm job runs after the array), check (the
# summary line and exit status only), bundle-NAME, task TASK=i (the i-th
# bundle, 0-based: one Slurm array task), list (the bundle names).

PIPEDIR	:= $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
OUT	?= out
OUTABS	:= $(abspath $(OUT))
S2R_BIN	?= $(firstword $(wildcard $(PIPEDIR)/../build/bin))
BINABS	:= $(if $(S2R_BIN),$(abspath $(S2R_BIN))/,)
TITLE	?= Sim2Real Batch Index

ifdef DISCOVER
# Discovered bundles: folder/NAME/{sim,real}.
ENTRIES	:= $(shell cd '$(DISCOVER)' 2>/dev/null && \
	for d in */; do d=$${d%/}; \
	[ -d "$$d/sim" ] && [ -d "$$d/real" ] && \
	printf '%s|%s|%s\n' "$$d" "$$PWD/$$d/sim" "$$PWD/$$d/real"; \
	done | LC_ALL=C sort)
else ifdef BUNDLES
ENTRIES	:= $(shell awk -v dir='$(abspath $(dir $(BUNDLES)))' \
	-f '$(PIPEDIR)/batch-manifest.awk' '$(BUNDLES)' || echo 'ERROR:$(BUNDLES): cannot be read')
else
$(error BUNDLES=<manifest> or DISCOVER=<folder> is required)
endif

ifneq ($(filter ERROR:%,$(ENTRIES)),)
$(error bad manifest $(BUNDLES) (see the line above))
endif
ifeq ($(strip $(ENTRIES)),)
$(error no bundles in $(or $(BUNDLES),$(DISCOVER)))
endif

field	= $(word $(2),$(subst |, ,$(1)))
NAMES	:= $(foreach e,$(ENTRIES),$(call field,$(e),1))
$(foreach e,$(ENTRIES),$(eval SIM_$(call field,$(e),1) := $(call field,$(e),2)))
$(foreach e,$(ENTRIES),$(eval REAL_$(call field,$(e),1) := $(call field,$(e),3)))
$(foreach e,$(ENTRIES),$(eval ARGS_$(call field,$(e),1) := \
	$(foreach a,$(wordlist 4,99,$(subst |, ,$(e))),'$(a)')))
TOTAL	:= $(words $(NAMES))
STATUSES := $(NAMES:%=$(OUTABS)/bundles/%/status)

# Progress: each finished bundle adds a line; a run starts the count.
PROGRESS := $(OUTABS)/.batch-progress
START	:= $(shell mkdir -p '$(OUTABS)' && : >'$(PROGRESS)' && date +%s)

.PHONY: all bundles check index list task task-bad FORCE $(NAMES:%=bundle-%)
.DELETE_ON_ERROR:

all: $(OUTABS)/index.md $(OUTABS)/index.html
	@$(summary_cmd)

# check: the summary line and exit status over the statuses there now.
check:
	@$(summary_cmd)

summary_cmd = fail=0; err=0; miss=0; for s in $(STATUSES); do \
		if [ ! -f "$$s" ]; then miss=$$((miss + 1)); continue; fi; \
		case "$$(cat "$$s")" in \
		error*) err=$$((err + 1)) ;; \
		*' fail=0 '*) ;; \
		*) fail=$$((fail + 1)) ;; \
		esac; done; \
	echo "batch: $(OUT)/index.md: $(TOTAL) bundles, $$fail with a FAIL, $$err failed to process$$([ $$miss -eq 0 ] || echo ", $$miss not run")" >&2; \
	[ $$fail -eq 0 ] && [ $$err -eq 0 ] && [ $$miss -eq 0 ]

bundles: $(STATUSES)

$(NAMES:%=bundle-%): bundle-%: $(OUTABS)/bundles/%/status

list:
	@printf '%s\n' $(NAMES)

# task TASK=i: the i-th bundle (0-based), one Slurm array task.
TASKN	:= $(if $(TASK),$(shell expr '$(TASK)' + 1 2>/dev/null))
TASKNAME := $(if $(filter-out 0,$(TASKN)),$(word $(TASKN),$(NAMES)))
task: $(if $(TASKNAME),$(OUTABS)/bundles/$(TASKNAME)/status,task-bad)

task-bad:
	@echo 'batch.mk: TASK=$(TASK): expected a bundle number 0..$(TOTAL) - 1' >&2; exit 2

# One bundle: parity.mk's report.md and report.html into its folder.  The
# status holds "ok", the FAIL/WARN counts and the verdicts' checksum, or
# "error"; it is replaced only when that changes.
$(OUTABS)/bundles/%/status: FORCE
	@mkdir -p '$(@D)'
	@d='$(@D)'; \
	if $(MAKE) --no-print-directory -f '$(PIPEDIR)/parity.mk' \
		SIM='$(SIM_$*)' REAL='$(REAL_$*)' OUT="$$d" $(if $(BINABS),S2R_BIN='$(patsubst %/,%,$(BINABS))') \
		$(ARGS_$*) all html >"$$d/make.log" 2>&1; then \
		rm -f "$$d/error"; \
		st="ok fail=$$(grep -c '"verdict":"FAIL"' "$$d/verdicts.ndjson") warn=$$(grep -c '"verdict":"WARN"' "$$d/verdicts.ndjson") sum=$$(cksum <"$$d/verdicts.ndjson" | tr ' ' :)"; \
	else \
		{ grep -m1 '^s2r-' "$$d/make.log" || grep -m1 -i 'error' "$$d/make.log" || tail -n1 "$$d/make.log"; } >"$$d/error.tmp"; \
		if cmp -s "$$d/error.tmp" "$$d/error"; then rm -f "$$d/error.tmp"; else mv "$$d/error.tmp" "$$d/error"; fi; \
		st="error $$(cksum <"$$d/error" | tr ' ' :)"; \
	fi; \
	printf '%s\n' "$$st" >'$@.tmp'; \
	if cmp -s '$@.tmp' '$@'; then rm -f '$@.tmp'; else mv '$@.tmp' '$@'; fi; \
	echo '$*' >>'$(PROGRESS)'; \
	if [ -t 2 ]; then \
		n=$$(wc -l <'$(PROGRESS)'); t=$$(( $$(date +%s) - $(START) )); \
		printf 'batch: %d/%d bundles done, elapsed %d s, ETA %d s (%s)\n' \
			"$$n" $(TOTAL) "$$t" $$(( t * ($(TOTAL) - n) / n )) '$*' >&2; \
	fi; \
	case "$$st" in error*) \
		echo "batch: $*: $$(cat "$$d/error")" >&2; \
		[ -z '$(STOP_ON_ERROR)' ] || exit 1 ;; \
	esac

# The index lists every bundle of the manifest, links relative to OUT.
index_cmd = cd '$(OUTABS)' && $(BINABS)s2r-report --index $(2) \
	--title '$(TITLE)' -o '$(1)' $(NAMES:%=bundles/%) || [ $$? -eq 1 ]

$(OUTABS)/index.md: $(STATUSES)
	@$(call index_cmd,index.md,--format md)

$(OUTABS)/index.html: $(STATUSES)
	@$(call index_cmd,index.html,--format html)

index:
	@$(call index_cmd,index.md,--format md)
	@$(call index_cmd,index.html,--format html)

FORCE:
