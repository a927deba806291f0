# s2r - sim2real experiment checker.  See README.md.
#
#   make            build the tools into build/bin
#   make demo       install missing packages, build, run the parity pipeline
#                   on examples/ and print where the report is
#   make test       install missing packages, build (plain and ASan+UBSan),
#                   run the unit tests and the bats suites
#   make bench      benchmarks under bench/ (side by side, medians)
#   make fuzz       libFuzzer runs over every parser, SECONDS=N each
#                   (default 60); fails on a crash (see fuzz/RESULTS.md)
#   make faults     plant every fault of tests/faults in copies of the real
#                   samples and say which ones the checks catch (issue 11)
#   make install    PREFIX=/usr/local DESTDIR= : the tools and s2r-slurm-batch
#                   in PREFIX/bin, the pipelines in PREFIX/share/s2r/pipelines,
#                   man pages (s2r-pipelines(7)); install-data: all but the tools
#   make SANITIZE=1 build with ASan+UBSan into build/asan

VERSION	= 0.1.0
PREFIX	?= /usr/local
BINDIR	= $(PREFIX)/bin
MANDIR	= $(PREFIX)/share/man/man1
MAN7DIR	= $(PREFIX)/share/man/man7
DATADIR	= $(PREFIX)/share/s2r

PKGS	= jansson yaml-0.1 zlib
CC	?= cc
CFLAGS	?= -O2 -g
S2R_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
	-Wall -Wextra -Wshadow -Wno-unused-parameter \
	-DS2R_VERSION='"$(VERSION)"' -Ilib \
	$(shell pkg-config --cflags $(PKGS) 2>/dev/null)
LDLIBS	= -lcsv $(shell pkg-config --libs $(PKGS) 2>/dev/null || echo -ljansson -lyaml -lz) -lm

BUILDROOT ?= build
ifeq ($(SANITIZE),1)
BUILD	= $(BUILDROOT)/asan
S2R_CFLAGS += -O1 -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=undefined
S2R_LDFLAGS = -fsanitize=address,undefined
else
BUILD	= $(BUILDROOT)
endif

LIB_SRC	= $(sort $(wildcard lib/*.c))
LIB_OBJ	= $(LIB_SRC:lib/%.c=$(BUILD)/lib/%.o)
TOOL_SRC = $(sort $(wildcard tools/s2r-*.c))
TOOLS	= $(TOOL_SRC:tools/%.c=$(BUILD)/bin/%)
UNIT_SRC = $(sort $(wildcard tests/unit/test_*.c))
UNITS	= $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
MANS	= $(sort $(wildcard docs/man/*.1))
MANS7	= $(sort $(wildcard docs/man/*.7))

.PHONY: all tools units deps deps-test demo test check bench fuzz faults \
	install install-data uninstall clean
.DELETE_ON_ERROR:

all: tools

tools: $(TOOLS)
units: $(UNITS)

$(BUILD)/lib/%.o: lib/%.c $(wildcard lib/*.h)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(S2R_CFLAGS) -c -o $@ $<

$(BUILD)/libs2r.a: $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/bin/%: tools/%.c $(BUILD)/libs2r.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(S2R_CFLAGS) -o $@ $< $(BUILD)/libs2r.a \
		$(S2R_LDFLAGS) $(LDFLAGS) $(LDLIBS)

$(BUILD)/tests/%: tests/unit/%.c tests/unit/unit.h $(BUILD)/libs2r.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(S2R_CFLAGS) -Itests/unit -o $@ $< \
		$(BUILD)/libs2r.a $(S2R_LDFLAGS) $(LDFLAGS) $(LDLIBS)

# It compiles lib/csvr.c and test_csvr.c in (the portable splitter).
$(BUILD)/tests/test_csvr_scalar: lib/csvr.c tests/unit/test_csvr.c

deps:
	@scripts/ensure-deps build

# The browser is optional: without it (and without root to install it)
# the one headless-Chromium test skips.
deps-test:
	@scripts/ensure-deps build test
	@scripts/ensure-deps browser >/dev/null 2>&1 || \
		echo "note: chromium is not installed; the HTML test in headless Chromium will be skipped"

demo: deps
	@$(MAKE) --no-print-directory tools
	@scripts/demo

test: deps-test
	@$(MAKE) --no-print-directory tools units
	@$(MAKE) --no-print-directory SANITIZE=1 tools units
	@scripts/run-tests

check: test

bench: deps
	@scripts/ensure-deps bench
	@$(MAKE) --no-print-directory tools
	@bench/run

# make fuzz [SECONDS=N] [FUZZ="name ..."]: every harness (or those named)
# for N seconds (default 60); fails on a crash, a hang or a memory blow-up.
fuzz:
	@scripts/ensure-deps build fuzz
	@fuzz/run $(or $(SECONDS),60) $(FUZZ)

faults: deps-test
	@$(MAKE) --no-print-directory tools
	@tests/faults/run

# The pipelines go to DATADIR/pipelines (make -f PREFIX/share/s2r/
# pipelines/parity.mk ...: they find the tools on PATH) and the Slurm
# wrapper on PATH; it finds batch.mk in ../share/s2r/pipelines.
install: tools install-data
	install -m 755 $(TOOLS) '$(DESTDIR)$(BINDIR)'

install-data:
	install -d '$(DESTDIR)$(BINDIR)' '$(DESTDIR)$(MANDIR)' \
		'$(DESTDIR)$(MAN7DIR)' '$(DESTDIR)$(DATADIR)/pipelines' \
		'$(DESTDIR)$(DATADIR)/schemas'
	$(if $(MANS),install -m 644 $(MANS) '$(DESTDIR)$(MANDIR)')
	$(if $(MANS7),install -m 644 $(MANS7) '$(DESTDIR)$(MAN7DIR)')
	cp -R pipelines/. '$(DESTDIR)$(DATADIR)/pipelines/'
	cp -R schemas/. '$(DESTDIR)$(DATADIR)/schemas/'
	install -m 755 pipelines/s2r-slurm-batch '$(DESTDIR)$(BINDIR)'

uninstall:
	rm -f $(TOOL_SRC:tools/%.c='$(DESTDIR)$(BINDIR)'/%) \
		'$(DESTDIR)$(BINDIR)/s2r-slurm-batch'
	rm -f $(MANS:docs/man/%='$(DESTDIR)$(MANDIR)'/%) \
		$(MANS7:docs/man/%='$(DESTDIR)$(MAN7DIR)'/%)
	rm -rf '$(DESTDIR)$(DATADIR)'

clean:
	rm -rf build out
