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
EXPECTS	:= $(OUT)/expect.ndjson
ifneq ($(call have,s2r-config),)
EXPECTS	+= $(OUT)/config.ndjson
endif

.PHONY: all measures
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
$(OUT)/expect.ndjson: $(SIMFILES)
	@mkdir -p $(@D)
	$(BIN)s2r-expect --root '$(SIM)' $(foreach m,$(MAP),--map '$(m)') '$(SIM)' >'$@.tmp'
	@mv '$@.tmp' '$@'

$(OUT)/config.ndjson: $(wildcard $(SIM)/config.md $(SIM)/README.md $(REAL)/generated/*.yaml)
	@mkdir -p $(@D)
	$(BIN)s2r-config --sim '$(SIM)' --real '$(REAL)' >'$@.tmp'
	@mv '$@.tmp' '$@'

$(OUT)/verdicts.ndjson: $(EXPECTS) $(MEASURES) $(TOLERANCES)
	$(BIN)s2r-verdict --no-fail-status $(if $(TOLERANCES),--tolerances '$(TOLERANCES)') \
		$(EXPECTS) $(MEASURES) >'$@.tmp'
	@mv '$@.tmp' '$@'

$(OUT)/report.md: $(OUT)/verdicts.ndjson $(MEASURES)
	$(BIN)s2r-report --real '$(REAL)' --sim '$(SIM)' -o '$@' $^ || [ $$? -eq 1 ]
