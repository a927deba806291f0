# parity.mk - the sim2real parity pipeline.
#
#   make -f pipelines/parity.mk SIM=simbundle REAL=realbundle OUT=outdir \
#        [GAIE=gaie-tree] [LLMD=llmd-tree] [MAP="cell=spec ..."] \
#        [TOLERANCES=file.yaml] [S2R_BIN=dir] [STRICT=1] [-j N]
#
# Discovers the cells of REAL in both bundle shapes (<phase>/<workload>/,
# results/<phase>/<workload>/, and .../i<N>/ replicas), measures each cell
# as its own target (so -j parallelises and a rerun redoes only what
# changed), then judges everything once and writes OUT/report.md.
# Every output is written under a temporary name and renamed, so a file
# that exists is complete.  STRICT=1 makes the run fail when the report
# has a FAIL.

ifndef SIM
$(error SIM=<sim bundle> is required)
endif
ifndef REAL
$(error REAL=<real bundle> is required)
endif
OUT	?= out

PIPEDIR	:= $(dir $(lastword $(MAKEFILE_LIST)))
# Tools: S2R_BIN, else the build next to this file, else $PATH.
S2R_BIN	?= $(firstword $(wildcard $(PIPEDIR)../build/bin))
BIN	:= $(if $(S2R_BIN),$(S2R_BIN)/,)
have	= $(or $(wildcard $(BIN)$(1)),$(if $(BIN),,$(shell command -v $(1))))

# Folders beside the phases that never hold cells (formats.md §0.2).
SKIP	:= generated workloads results_charts snapshots review cluster plans
TRACES	:= $(shell cd '$(REAL)' 2>/dev/null && find . \
	$(foreach s,$(SKIP),-path './$(s)' -prune -o -path './results/$(s)' -prune -o) \
	-name trace_data.csv -print | sed 's|^\./||' | LC_ALL=C sort)
CELLDIRS := $(patsubst %/trace_data.csv,%,$(TRACES))

ifeq ($(strip $(CELLDIRS)),)
$(error no cells (…/trace_data.csv) found under REAL=$(REAL))
endif

# cell path -> words "phase workload [iN]" (results/ prefix dropped).
cellwords = $(subst /, ,$(patsubst results/%,%,$(1)))
phase	= $(word 1,$(call cellwords,$(1)))
workload = $(word 2,$(call cellwords,$(1)))
iteration = $(word 3,$(call cellwords,$(1)))
scopeopts = --phase '$(call phase,$(1))' --workload '$(call workload,$(1))' \
	$(if $(call iteration,$(1)),--iteration '$(call iteration,$(1))')

MEASURES := $(CELLDIRS:%=$(OUT)/cells/%/trace.ndjson)
ifneq ($(call have,s2r-log-extract),)
MEASURES += $(CELLDIRS:%=$(OUT)/cells/%/logs.ndjson)
endif
# s2r-expect states config.md too (the records s2r-config writes for SIM),
# so the sim side needs no second pass.
EXPECTS	:= $(OUT)/expect.ndjson

# The deployed EPP config of each phase (formats.md §0.2):
# generated/<phase>_config.yaml or generated/<phase>/<phase>_config.yaml.
# One measure file per phase (checks 2d, 5b, 5d, 5g) and one diff per pair
# of phases in sorted order (2c).  A phase without a config is left out:
# its 2c/2d verdicts then say MISSING.
PHASES	:= $(sort $(foreach c,$(CELLDIRS),$(call phase,$(c))))
eppfile	= $(firstword $(wildcard $(REAL)/generated/$(1)_config.yaml \
	$(REAL)/generated/$(1)/$(1)_config.yaml))
EPPPHASES := $(foreach p,$(PHASES),$(if $(call eppfile,$(p)),$(p)))
pairs_of = $(if $(word 2,$(1)),$(foreach b,$(wordlist 2,$(words $(1)),$(1)),\
	$(firstword $(1))--$(b)) $(call pairs_of,$(wordlist 2,$(words $(1)),$(1))))
EPPPAIRS := $(strip $(call pairs_of,$(EPPPHASES)))
pairfile = $(call eppfile,$(word $(2),$(subst --, ,$(1))))
ifneq ($(call have,s2r-config),)
MEASURES += $(EPPPHASES:%=$(OUT)/epp/%.ndjson) \
	$(EPPPAIRS:%=$(OUT)/epp-diff/%.ndjson)
endif

# Code proof (3a-3d, 4a-4d): the proof catalog over the router source
# GAIE= and/or LLMD= (work trees, or git dirs with GAIE_REV= / LLMD_REV=)
# and over the bundle's generated/ plugin and sim algorithm.  Without a
# codebase the bundle side still runs: the router claims say no_source and
# their verdicts INAPPLICABLE with the reason.  proof.args holds the
# arguments, so changing GAIE=/LLMD= reruns it.
codebase = $(if $(2),--git-dir '$(1)' --rev '$(2)',--root '$(1)')
PROOFARGS := $(strip $(if $(GAIE),$(call codebase,$(GAIE),$(GAIE_REV)) \
	--label gaie) $(if $(LLMD),$(call codebase,$(LLMD),$(LLMD_REV)) \
	--label llmd) --real '$(REAL)' --sim '$(SIM)' \
	--catalog '$(PIPEDIR)proofs.yaml')
ifneq ($(call have,s2r-grep-proof),)
EXPECTS	+= $(OUT)/proof.ndjson
ifneq ($(file <$(OUT)/proof.args),$(PROOFARGS))
$(shell mkdir -p '$(OUT)')
$(file >$(OUT)/proof.args,$(PROOFARGS))
endif
endif

.PHONY: all measures html
.DELETE_ON_ERROR:
.SECONDEXPANSION:

all: $(OUT)/report.md
	@fails=$$(grep -c '"verdict":"FAIL"' '$(OUT)/verdicts.ndjson' || true); \
	warns=$$(grep -c '"verdict":"WARN"' '$(OUT)/verdicts.ndjson' || true); \
	echo "parity: $(OUT)/report.md ($$fails FAIL, $$warns WARN)"; \
	if [ -n '$(STRICT)' ] && [ "$$fails" -gt 0 ]; then exit 1; fi

measures: $(MEASURES)

$(OUT)/cells/%/trace.ndjson: $(REAL)/%/trace_data.csv $$(wildcard $(REAL)/%/trace_header.yaml)
	@mkdir -p $(@D)
	$(BIN)s2r-trace-stats --root '$(REAL)' $(call scopeopts,$*) '$<' >'$@.tmp'
	@mv '$@.tmp' '$@'

$(OUT)/cells/%/logs.ndjson: $(REAL)/%/trace_data.csv $$(wildcard $(REAL)/%/server_logs/* $(REAL)/%/epp_logs/* $(REAL)/%/gpu_logs/*)
	@mkdir -p $(@D)
	$(BIN)s2r-log-extract --root '$(REAL)' $(call scopeopts,$*) '$(REAL)/$*' >'$@.tmp'
	@mv '$@.tmp' '$@'

SIMFILES := $(wildcard $(SIM)/workloads/*.yaml $(SIM)/workloads/*.yml)
$(OUT)/expect.ndjson: $(SIMFILES) $(wildcard $(SIM)/config.md $(SIM)/README.md)
	@mkdir -p $(@D)
	$(BIN)s2r-expect --root '$(SIM)' $(foreach m,$(MAP),--map '$(m)') '$(SIM)' >'$@.tmp'
	@mv '$@.tmp' '$@'

$(OUT)/epp/%.ndjson: $$(call eppfile,$$*)
	@mkdir -p $(@D)
	$(BIN)s2r-config --root '$(REAL)' --epp '$<' --phase '$*' >'$@.tmp'
	@mv '$@.tmp' '$@'

$(OUT)/epp-diff/%.ndjson: $$(call pairfile,$$*,1) $$(call pairfile,$$*,2)
	@mkdir -p $(@D)
	$(BIN)s2r-config --root '$(REAL)' --diff $(foreach f,$^,'$(f)') >'$@.tmp'
	@mv '$@.tmp' '$@'

# Exit 1 (a claim not found) and 3 (ambiguous) are findings, not errors.
$(OUT)/proof.ndjson: $(OUT)/proof.args $(PIPEDIR)proofs.yaml \
	$(wildcard $(REAL)/generated/*.go $(REAL)/generated/*/*.go \
	$(SIM)/algorithm/*.go $(SIM)/algorithms/*.go)
	$(BIN)s2r-grep-proof $(PROOFARGS) >'$@.tmp' || \
		{ rc=$$?; [ $$rc -eq 1 ] || [ $$rc -eq 3 ]; }
	@mv '$@.tmp' '$@'

$(OUT)/verdicts.ndjson: $(EXPECTS) $(MEASURES) $(TOLERANCES)
	$(BIN)s2r-verdict --no-fail-status $(if $(TOLERANCES),--tolerances '$(TOLERANCES)') \
		$(EXPECTS) $(MEASURES) >'$@.tmp'
	@mv '$@.tmp' '$@'

$(OUT)/report.md: $(OUT)/verdicts.ndjson $(MEASURES)
	$(BIN)s2r-report --real '$(REAL)' --sim '$(SIM)' -o '$@' $^ || [ $$? -eq 1 ]

# The HTML report with charts (s2r-report --format html): `make ... html`.
# The expect records feed the token-length charts.
html: $(OUT)/report.html

$(OUT)/report.html: $(OUT)/verdicts.ndjson $(EXPECTS) $(MEASURES)
	$(BIN)s2r-report --format html --real '$(REAL)' --sim '$(SIM)' -o '$@' $^ || [ $$? -eq 1 ]
