# align.mk - the sim-vs-framework alignment pipeline (checks A0-A3).
#
#   make -f pipelines/align.mk OUT=outdir \
#        [TRACE="rank0.pt.trace.json.gz ..."] [SLOTS=slots.ndjson] \
#        [RULES=pipelines/rules/vllm-dense.rules] \
#        [REAL_TRACE=real/trace_data.csv] [SIM_TRACE=sim.csv|metrics.json] \
#        [WINDOW_MS=1000] [TOLERANCES=file.yaml] [S2R_BIN=dir] [STRICT=1] [V=1]
#
# Measures each level as its own target: kernels (s2r-kernel-match: TRACE,
# SLOTS, RULES), duty cycle (s2r-dutycycle: TRACE), request populations
# and latency distributions (s2r-latency: REAL_TRACE, SIM_TRACE, and the
# per-chunk ITL file blis observe --record-itl writes beside a CSV trace,
# <stem>.itl.csv, when it is there), and the real run's saturation report
# (s2r-log-extract: the saturation.json blis observe writes beside
# REAL_TRACE, when it is there: a latency gap of an OVERLOADED run is load,
# not the cost model); then
# judges A0-A3 once and writes OUT/report.md, whose Alignment section runs
# tightest first (A0, A1, A2, A3).  An input that is not given (or does not
# exist) is not a make error: its tool is skipped, or told the side is
# absent, and the verdicts that needed it say MISSING with what to give;
# with none of TRACE, REAL_TRACE and SIM_TRACE there is nothing to align.
# A trace the kernel or duty-cycle tool refuses (cut mid-write, malformed)
# stops nothing either: the tool's --record-refusal output, one record
# holding its located message, becomes A1/A2's MISSING verdict, and A0/A3
# and the report still follow (the message also goes to stderr).
# Every output is written under a temporary name and renamed, so a file
# that exists is complete.  One line per step (V=1: the commands), the
# summary last; STRICT=1 makes the run fail on a FAIL or a MISSING.
#
# The inputs are make words: paths of letters, digits and . _ + @ , = / -
# (pipelines/discover.sh says so in one line otherwise), and regular files
# (a FIFO would block a tool).  OUT/.s2r/lock keeps a second run into the
# same OUT waiting.

OUT	?= out
WINDOW_MS ?= 1000

PIPEDIR	:= $(dir $(lastword $(MAKEFILE_LIST)))
include $(PIPEDIR)common.mk
MAKEFLAGS += -r
.DEFAULT_GOAL := all
O	:= $(or $(patsubst %/,%,$(call raw,OUT)),$(call raw,OUT))

# The inputs that exist; a name given but absent is reported and dropped.
given	= $(foreach f,$(1),$(if $(wildcard $(f)),$(f),$(info align.mk: $(2)=$(f) does not exist: treated as not given)))
TRACES	:= $(call given,$(call raw,TRACE),TRACE)
SLOTSF	:= $(call given,$(call raw,SLOTS),SLOTS)
RULESF	:= $(call given,$(call raw,RULES),RULES)
REALF	:= $(call given,$(call raw,REAL_TRACE),REAL_TRACE)
SIMF	:= $(call given,$(call raw,SIM_TRACE),SIM_TRACE)
# A trace header beside a trace is an input too (warm-up, mode), and so
# is the ITL file beside a CSV trace (inter-token latencies).
header	= $(wildcard $(dir $(1))trace_header.yaml $(basename $(1)).yaml)
itl	= $(if $(filter %.csv,$(1)),$(wildcard $(basename $(1)).itl.csv))
REALITL	:= $(call itl,$(REALF))
SIMITL	:= $(call itl,$(SIMF))
# blis observe's saturation report beside the real trace: an OVERLOADED
# run's latency gap is load, not the cost model (A3).
REALSAT	:= $(if $(REALF),$(wildcard $(dir $(REALF))saturation.json))

# s2r-latency needs a side to read: with neither, A0 and A3 are MISSING.
RECORDS	:= $(if $(strip $(REALF) $(SIMF)),$(O)/latency.ndjson)
TOOLS	:= s2r-latency s2r-verdict s2r-report
ifneq ($(REALSAT),)
RECORDS	+= $(O)/load.ndjson
TOOLS	+= s2r-log-extract
endif
ifneq ($(strip $(TRACES)),)
RECORDS	+= $(O)/duty.ndjson
TOOLS	+= s2r-dutycycle
ifneq ($(and $(strip $(SLOTSF)),$(strip $(RULESF))),)
RECORDS	+= $(O)/kernels.ndjson
TOOLS	+= s2r-kernel-match
endif
endif

PREP	:= $(shell $(s2r_env) S2R_WHO=align S2R_TOOLS='$(TOOLS)' \
	S2R_TRACE=$(call q,$(call raw,TRACE)) S2R_SLOTS=$(call q,$(call raw,SLOTS)) \
	S2R_RULES=$(call q,$(call raw,RULES)) \
	S2R_REAL_TRACE=$(call q,$(call raw,REAL_TRACE)) \
	S2R_SIM_TRACE=$(call q,$(call raw,SIM_TRACE)) \
	S2R_TOLERANCES=$(call q,$(call raw,TOLERANCES)) \
	sh $(call q,$(PIPEDIR)discover.sh) align)
ifneq ($(PREP),ok)
$(error $(or $(PREP),$(PIPEDIR)discover.sh failed))
endif
ifeq ($(strip $(TRACES) $(REALF) $(SIMF)),)
$(error align.mk: nothing to align: expected TRACE=, REAL_TRACE= or SIM_TRACE=)
endif

TOLF	:= $(call raw,TOLERANCES)
quoted	= $(foreach f,$(1),$(call q,$(f)))
# After a trace tool given --record-refusal: its exit 2 with the refusal
# record written to FILE (a shell word, removed before the tool runs, so
# that an earlier run's output cannot pass for it) is a result; any other
# failure stays one (and .DELETE_ON_ERROR removes what it left).
refused	= { rc=$$?; [ "$$rc" -eq 2 ] && [ -s $(1) ] || exit "$$rc"; }

.PHONY: all measures
.DELETE_ON_ERROR:

all: $(O)/report.md
	@$(call verdict_counts,$(call q,$(O)/verdicts.ndjson)); \
	echo "align: $(O)/report.md ($$fail FAIL, $$warn WARN, $$miss MISSING)"; \
	$(if $(STRICT),[ $$((fail + miss)) -eq 0 ],:)

measures: $(RECORDS)

# The inputs' names are part of the recipe: a changed variable reruns it.
# Each target depends on one of these, so OUT exists before its tool
# writes there (each tool's -o: whole or not at all).
$(O)/inputs.%: FORCE
	@mkdir -p $(call q,$(@D))
	@printf '%s\n' $(call q,$($*)) >$(call q,$@.tmp)
	@if cmp -s $(call q,$@.tmp) $(call q,$@); then rm -f $(call q,$@.tmp); \
	else mv $(call q,$@.tmp) $(call q,$@); fi
FORCE:

$(O)/kernels.ndjson: $(TRACES) $(SLOTSF) $(RULESF) $(O)/inputs.TRACES
	@$(call step,kernels,$(TRACES))
	$(Q)rm -f $(call q,$@); $(call tool,s2r-kernel-match) --record-refusal \
		--rules $(call q,$(RULESF)) --slots $(call q,$(SLOTSF)) \
		-o $(call q,$@) $(call quoted,$(TRACES)) || $(call refused,$(call q,$@))

$(O)/duty.ndjson: $(TRACES) $(O)/inputs.TRACES
	@$(call step,duty,$(TRACES))
	$(Q)rm -f $(call q,$@); $(call tool,s2r-dutycycle) --record-refusal \
		-o $(call q,$@) \
		$(call quoted,$(TRACES)) || $(call refused,$(call q,$@))

$(O)/latency.ndjson: $(REALF) $(SIMF) $(call header,$(REALF)) \
	$(call header,$(SIMF)) $(REALITL) $(SIMITL) $(O)/inputs.REALF \
	$(O)/inputs.SIMF $(O)/inputs.REALITL $(O)/inputs.SIMITL
	@$(call step,latency,$(strip $(REALF) $(SIMF)))
	$(Q)$(call tool,s2r-latency) --window-ms $(call q,$(WINDOW_MS)) \
		$(if $(REALF),--real $(call q,$(REALF))) \
		$(if $(REALITL),--real-itl $(call q,$(REALITL))) \
		$(if $(SIMF),--sim $(call q,$(SIMF))) \
		$(if $(SIMITL),--sim-itl $(call q,$(SIMITL))) \
		$(if $(REALITL)$(SIMITL),,--no-itl) -o $(call q,$@)

$(O)/load.ndjson: $(REALSAT) $(O)/inputs.REALSAT
	@$(call step,load,$(REALSAT))
	$(Q)$(call tool,s2r-log-extract) --saturation $(call q,$(REALSAT)) \
		-o $(call q,$@)

$(O)/verdicts.ndjson: $(RECORDS) $(TOLF)
	@$(call step,verdict,$@)
	$(Q)$(call tool,s2r-verdict) --no-fail-status --checks A \
		$(if $(TOLF),--tolerances $(call q,$(TOLF))) \
		-o $(call q,$@) $(call quoted,$(RECORDS))

$(O)/report.md: $(O)/verdicts.ndjson
	@$(call step,report,$@)
	$(Q)$(call tool,s2r-report) --title 'Sim vs framework alignment' \
		$(if $(REALF),--real $(call q,$(REALF))) \
		$(if $(SIMF),--sim $(call q,$(SIMF))) \
		-o $(call q,$@) $(call q,$<) || [ $$? -eq 1 ]

# A rebuilt or upgraded tool redoes what the old one wrote (discover.sh
# stamps the tools' files, sizes and times in tools.args).
$(RECORDS) $(O)/verdicts.ndjson $(O)/report.md: $(O)/.s2r/tools.args
