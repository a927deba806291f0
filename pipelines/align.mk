# align.mk - the sim-vs-framework alignment pipeline (checks A0-A3).
#
#   make -f pipelines/align.mk OUT=outdir \
#        [TRACE="rank0.pt.trace.json.gz ..."] [SLOTS=slots.ndjson] \
#        [RULES=pipelines/rules/vllm-dense.rules] \
#        [REAL_TRACE=real/trace_data.csv] [SIM_TRACE=sim.csv|metrics.json] \
#        [WINDOW_MS=1000] [TOLERANCES=file.yaml] [S2R_BIN=dir] [STRICT=1]
#
# Measures each level as its own target: kernels (s2r-kernel-match: TRACE,
# SLOTS, RULES), duty cycle (s2r-dutycycle: TRACE), request populations
# and latency distributions (s2r-latency: REAL_TRACE, SIM_TRACE); then
# judges A0-A3 once and writes OUT/report.md, whose Alignment section runs
# tightest first (A0, A1, A2, A3).  An input that is not given (or does not
# exist) is not a make error: its tool is skipped, or told the side is
# absent, and the verdicts that needed it say MISSING with what to give.
# Every output is written under a temporary name and renamed, so a file
# that exists is complete.  STRICT=1 makes the run fail on a FAIL.

OUT	?= out
WINDOW_MS ?= 1000

PIPEDIR	:= $(dir $(lastword $(MAKEFILE_LIST)))
# Tools: S2R_BIN, else the build next to this file, else $PATH.
S2R_BIN	?= $(firstword $(wildcard $(PIPEDIR)../build/bin))
BIN	:= $(if $(S2R_BIN),$(S2R_BIN)/,)

# The inputs that exist; a name given but absent is reported and dropped.
given	= $(foreach f,$(1),$(if $(wildcard $(f)),$(f),$(info align.mk: $(2)=$(f) does not exist: treated as not given)))
TRACES	:= $(call given,$(TRACE),TRACE)
SLOTSF	:= $(call given,$(SLOTS),SLOTS)
RULESF	:= $(call given,$(RULES),RULES)
REALF	:= $(call given,$(REAL_TRACE),REAL_TRACE)
SIMF	:= $(call given,$(SIM_TRACE),SIM_TRACE)
# A trace header beside a trace is an input too (warm-up, mode).
header	= $(wildcard $(dir $(1))trace_header.yaml $(basename $(1)).yaml)

RECORDS	:= $(OUT)/latency.ndjson
ifneq ($(strip $(TRACES)),)
RECORDS	+= $(OUT)/duty.ndjson
ifneq ($(and $(strip $(SLOTSF)),$(strip $(RULESF))),)
RECORDS	+= $(OUT)/kernels.ndjson
endif
endif

.PHONY: all measures
.DELETE_ON_ERROR:

all: $(OUT)/report.md
	@fails=$$(grep -c '"verdict":"FAIL"' '$(OUT)/verdicts.ndjson' || true); \
	warns=$$(grep -c '"verdict":"WARN"' '$(OUT)/verdicts.ndjson' || true); \
	echo "align: $(OUT)/report.md ($$fails FAIL, $$warns WARN)"; \
	if [ -n '$(STRICT)' ] && [ "$$fails" -gt 0 ]; then exit 1; fi

measures: $(RECORDS)

# The inputs' names are part of the recipe: a changed variable reruns it.
$(OUT)/inputs.%: FORCE
	@mkdir -p $(@D)
	@printf '%s\n' '$($*)' >'$@.tmp'
	@if cmp -s '$@.tmp' '$@'; then rm -f '$@.tmp'; else mv '$@.tmp' '$@'; fi
FORCE:

$(OUT)/kernels.ndjson: $(TRACES) $(SLOTSF) $(RULESF) $(OUT)/inputs.TRACES
	@mkdir -p $(@D)
	$(BIN)s2r-kernel-match --rules '$(RULESF)' --slots '$(SLOTSF)' \
		$(foreach t,$(TRACES),'$(t)') >'$@.tmp'
	@mv '$@.tmp' '$@'

$(OUT)/duty.ndjson: $(TRACES) $(OUT)/inputs.TRACES
	@mkdir -p $(@D)
	$(BIN)s2r-dutycycle $(foreach t,$(TRACES),'$(t)') >'$@.tmp'
	@mv '$@.tmp' '$@'

$(OUT)/latency.ndjson: $(REALF) $(SIMF) $(call header,$(REALF)) \
	$(call header,$(SIMF)) $(OUT)/inputs.REALF $(OUT)/inputs.SIMF
	@mkdir -p $(@D)
	$(BIN)s2r-latency --window-ms '$(WINDOW_MS)' \
		$(if $(REALF),--real '$(REALF)') $(if $(SIMF),--sim '$(SIMF)') >'$@.tmp'
	@mv '$@.tmp' '$@'

$(OUT)/verdicts.ndjson: $(RECORDS) $(TOLERANCES)
	$(BIN)s2r-verdict --no-fail-status --checks A \
		$(if $(TOLERANCES),--tolerances '$(TOLERANCES)') $(RECORDS) >'$@.tmp'
	@mv '$@.tmp' '$@'

$(OUT)/report.md: $(OUT)/verdicts.ndjson
	$(BIN)s2r-report --title 'Sim vs framework alignment' \
		$(if $(REALF),--real '$(REALF)') $(if $(SIMF),--sim '$(SIMF)') \
		-o '$@' $^ || [ $$? -eq 1 ]
