/* fuzz_golex - libFuzzer harness for the Go lexer, the declaration index
 * and every structural query (lib/golex.c, lib/goindex.c, lib/goquery.c
 * and the answerers behind it). */
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "golex.h"
#include "goquery.h"

static jmp_buf back;

static void
die_hook(void)
{
	longjmp(back, 1);
}

static struct gquery qs[10];
static size_t nq;

static void
setup(void)
{
	static const struct {
		enum qkind kind;
		const char *name;
	} spec[] = {
		{ Q_FUNC, "F" }, { Q_TYPE, "T" }, { Q_FIELD, "X" },
		{ Q_CONST, "C" }, { Q_ASSIGN, "x" }, { Q_CALL, "f" },
		{ Q_KEYVAL, "K" }, { Q_STRING, "s" }, { Q_SCALE, NULL },
		{ Q_DISPATCH, NULL }
	};
	char msg[200];

	for (nq = 0; nq < sizeof(spec) / sizeof(spec[0]); nq++) {
		gquery_init(&qs[nq]);
		qs[nq].kind = spec[nq].kind;
		qs[nq].name = spec[nq].name ? xstrdup(spec[nq].name) : NULL;
		qs[nq].whole_block = true;
		qs[nq].enclosing = true;
		qs[nq].facts = GF_EMPTY_POOL | GF_SIGNALS | GF_RETURNS;
		if (!gquery_compile(&qs[nq], msg, sizeof(msg)))
			abort();
		/* No pre-filter: every query sees every input. */
		free(qs[nq].literal);
		qs[nq].literal = NULL;
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct gofile f;
	struct gindex ix;
	char *src;

	if (nq == 0)
		setup();
	s2r_die_hook = die_hook;
	if (setjmp(back) != 0)
		return 0;
	src = xmalloc(size + 1);
	memcpy(src, data, size);
	gofile_init(&f, xstrdup("fuzz.go"), src, size);
	/* What is left open is where golex says, and only then. */
	if ((f.open.line == 0) != (f.unterminated == 0) ||
	    (f.open.line != 0 && (f.open.at >= f.len ||
	    gofile_line(&f, f.open.at) != f.open.line)))
		abort();
	gindex_build(&ix, &f);
	for (size_t i = 0; i < nq; i++) {
		struct ghits h = {0};

		goq_file(&qs[i], &f, &ix, &h);
		for (size_t k = 0; k < h.n; k++)
			if (h.v[k].start > f.len || h.v[k].end > f.len)
				abort();
		ghits_free(&h);
	}
	gindex_free(&ix);
	gofile_free(&f);
	return 0;
}
