# fuzz/fuzz.mk - builds every fuzz/fuzz_*.c as a libFuzzer target with
# ASan+UBSan into build/fuzz/NAME (fuzz/run and fuzz/campaign call it):
# the library once, instrumented for coverage, each harness linked
# against it.  make -f fuzz/fuzz.mk [-j2] [build/fuzz/NAME]
CC	= clang
PKGS	= jansson yaml-0.1 zlib
B	= build/fuzz
FUZZ_CFLAGS = -g -O1 -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
	-DS2R_VERSION='"fuzz"' -Ilib -fsanitize=fuzzer-no-link,address,undefined \
	-fno-sanitize-recover=undefined $(shell pkg-config --cflags $(PKGS))
LIBS	= -lcsv $(shell pkg-config --libs $(PKGS)) -lm
LIB_OBJ	= $(patsubst lib/%.c,$(B)/obj/%.o,$(sort $(wildcard lib/*.c)))
HARNESSES = $(patsubst fuzz/fuzz_%.c,$(B)/%,$(sort $(wildcard fuzz/fuzz_*.c)))

.PHONY: all
.DELETE_ON_ERROR:

all: $(HARNESSES)

$(B)/obj/%.o: lib/%.c $(wildcard lib/*.h)
	@mkdir -p $(@D)
	$(CC) $(FUZZ_CFLAGS) -c -o $@ $<

$(B)/libs2r-fuzz.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(B)/%: fuzz/fuzz_%.c fuzz/fuzz.h $(B)/libs2r-fuzz.a
	$(CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(B)/libs2r-fuzz.a $(LIBS)
