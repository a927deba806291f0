# common.mk - what parity.mk, align.mk and batch.mk share: quoting, the
# quiet output, the tools.  Included after PIPEDIR is set.

# Variables given on the command line (or passed down in MAKEFLAGS) are
# exported to every recipe, and make expands them to do so: a path
# holding "$(shell ...)" would run it.  Each becomes a simple variable
# holding the text as typed.
$(foreach v,$(.VARIABLES),$(if $(filter command,$(firstword $(origin $(v)))),\
	$(eval override $(v) := $$(value $(v)))))
# The same values taken from the environment stay out of the recipes'
# (only those: unexport would define the others, empty).
unexport $(foreach v,SIM REAL RUN OUT MAP TOLERANCES GAIE LLMD GAIE_REV LLMD_REV \
	BUNDLES DISCOVER TITLE S2R_BIN TRACE SLOTS RULES REAL_TRACE SIM_TRACE,\
	$(if $(filter environment,$(firstword $(origin $(v)))),$(v)))

# q: TEXT as one single-quoted shell word, whatever it holds ('\'' for a
# quote).  Every path in a recipe goes through it.
q = '$(subst ','\'',$(1))'

# raw: a variable given on the command line or in the environment as it
# was typed ('$' is not make's), any other as make expands it.
raw = $(if $(filter command environment,$(firstword $(origin $(1)))),$(value $(1)),$($(1)))

# One line per step by default ("  trace    baseline/w1"), the commands
# themselves with V=1, neither with make -s (the summary line stays).
# The line is make's own $(info), printed as the recipe starts: a step
# is no process (batch.mk logs them for every bundle).
nothing :=
sp := $(nothing) $(nothing)
# Step names padded to eight characters ("_": a space).
STEPNAMES := bundle__ compare_ duty____ epp_____ expect__ html____ \
	index___ kernels_ latency_ load____ logs____ proof___ report__ \
	run_____ trace___ verdict_
stepname = $(or $(subst _,$(sp),$(filter $(1)_%,$(STEPNAMES))),$(1))
ifeq ($(V),1)
Q :=
step =
else
Q := @
ifneq ($(findstring s,$(firstword -$(MAKEFLAGS))),)
step =
else
step = $(info $(sp) $(call stepname,$(1)) $(2))
endif
endif

# Tools: S2R_BIN, else the build next to the pipelines, else $PATH.
S2R_BIN	?= $(firstword $(wildcard $(PIPEDIR)../build/bin))
BINDIR	:= $(call raw,S2R_BIN)
tool	= $(call q,$(if $(BINDIR),$(BINDIR)/)$(1))

# The values discover.sh reads (never on a command line make parses).
s2r_env = S2R_PID=$$PPID S2R_OUT=$(call q,$(O)) S2R_BIN=$(call q,$(BINDIR))

# verdict_counts WORD: shell code setting $fail, $warn and $miss from the
# verdicts file WORD (a shell word, already quoted): the lines that say
# each, in one read.
verdict_counts = set -- $$(awk '/"verdict":"FAIL"/ { f++ } \
	/"verdict":"WARN"/ { w++ } /"verdict":"MISSING"/ { m++ } \
	END { print f + 0, w + 0, m + 0 }' $(1)); \
	fail=$${1:-0} warn=$${2:-0} miss=$${3:-0}
