/* fuzz_configmd - lib/configmd and lib/configexp over arbitrary bytes:
 * every input is parsed into headings, tables and fences with positive
 * lines, and turned into expect records or rejected with a located
 * message (malformed fenced YAML dies through s2r_die_hook); never a crash
 * or a hang. */
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>

#include "configexp.h"
#include "configmd.h"
#include "err.h"

static jmp_buf back;

static void
rejected(void)
{
	longjmp(back, 1);
}

static void
check_doc(const struct mddoc *d)
{
	for (size_t i = 0; i < d->nheadings; i++)
		if (d->headings[i].line <= 0)
			abort();
	for (size_t i = 0; i < d->ntables; i++)
		for (size_t j = 0; j < d->tables[i].nrows; j++)
			if (d->tables[i].rows[j].line <= d->tables[i].head.line)
				abort();
	/* A fence left open is an error, never a document. */
	for (size_t i = 0; i < d->nfences; i++)
		if (d->fences[i].body_line != d->fences[i].line + 1 ||
		    !d->fences[i].closed)
			abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct mddoc *d;
	static json_t *out;
	struct perr err;

	s2r_die_hook = rejected;
	if (setjmp(back) != 0) {
		/* The rejected document is freed here (the die left it). */
		mddoc_free(d);
		json_decref(out);
		d = NULL;
		out = NULL;
		return 0;
	}
	d = mddoc_parse("fuzz.md", (const char *)data, size, &err);
	if (d == NULL) {
		if (err.line <= 0 || err.msg[0] == '\0')
			abort();
		return 0;
	}
	check_doc(d);
	out = json_array();
	configexp_doc(out, d);
	configexp_conflicts(out);
	json_decref(out);
	mddoc_free(d);
	out = NULL;
	d = NULL;
	return 0;
}
