/* fuzz_jsonscan - differential: the Kineto reader over the same bytes in
 * memory (one buffer) and through a pipe read in pieces of 1 to 64 bytes
 * (the first input byte picks the size), so that the scanner's fast
 * paths meet a buffer end inside every kind of token.  Both must give
 * the same trace, or die with the same message; anything else aborts. */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "jsonscan.h"
#include "ktrace.h"
#include "kineto.h"

static jmp_buf back;
static int errfd = -1;		/* where stderr goes during a read */

static void
jump_back(void)
{
	longjmp(back, 1);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	FILE *f = tmpfile();

	(void)argc;
	(void)argv;
	s2r_die_hook = jump_back;
	if (f == NULL)
		abort();
	errfd = fileno(f);
	return 0;
}

/* The trace, or NULL and the message the read died with in msg. */
static struct ktrace *
read_one(const uint8_t *data, size_t size, size_t piece, char *msg,
    size_t cap)
{
	struct ktrace *volatile t = ktrace_new("f.json", "kineto");
	int saved, p[2] = { -1, -1 };
	ssize_t n;

	msg[0] = '\0';
	if (ftruncate(errfd, 0) != 0 || lseek(errfd, 0, SEEK_SET) != 0)
		abort();
	fflush(stderr);
	saved = dup(STDERR_FILENO);
	dup2(errfd, STDERR_FILENO);
	if (piece > 0) {	/* all of it fits: max_len is the pipe size */
		if (pipe(p) != 0 ||
		    (size > 0 && write(p[1], data, size) != (ssize_t)size))
			abort();
		close(p[1]);
	}
	if (setjmp(back) == 0) {
		if (piece > 0) {
			jscan_read_size = piece;
			kineto_read_fd(t, p[0], "f.json");
		} else {
			kineto_read_mem(t, data, size, "f.json");
		}
	} else {
		kineto_reset();
		ktrace_free(t);
		t = NULL;
	}
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	n = pread(errfd, msg, cap - 1, 0);
	msg[n > 0 ? n : 0] = '\0';
	return t;
}

static bool
same_trace(const struct ktrace *a, const struct ktrace *b)
{
	if (a->nops != b->nops || a->nlaunch != b->nlaunch ||
	    a->nmarks != b->nmarks || a->n_skipped != b->n_skipped ||
	    a->n_sync != b->n_sync || a->names.n != b->names.n ||
	    a->rank != b->rank || a->world != b->world)
		return false;
	for (size_t i = 0; i < a->names.n; i++)
		if (strcmp(a->names.s[i], b->names.s[i]) != 0)
			return false;
	for (size_t i = 0; i < a->nops; i++) {
		const struct kop *x = &a->ops[i], *y = &b->ops[i];

		if (x->start != y->start || x->dur != y->dur ||
		    x->corr != y->corr || x->name != y->name ||
		    x->dev != y->dev || x->stream != y->stream ||
		    x->line != y->line || x->column != y->column ||
		    x->cat != y->cat)
			return false;
	}
	for (size_t i = 0; i < a->nlaunch; i++) {
		const struct klaunch *x = &a->launch[i], *y = &b->launch[i];

		if (x->corr != y->corr || x->pid != y->pid ||
		    x->tid != y->tid || x->ts != y->ts || x->graph != y->graph)
			return false;
	}
	for (size_t i = 0; i < a->nmarks; i++) {
		const struct kmarker *x = &a->marks[i], *y = &b->marks[i];

		if (x->start != y->start || x->end != y->end ||
		    x->pid != y->pid || x->tid != y->tid ||
		    x->name != y->name || x->line != y->line ||
		    x->column != y->column)
			return false;
	}
	return true;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char want[4096], got[4096];
	struct ktrace *m, *f;
	size_t piece;

	if (size < 1)
		return 0;
	piece = 1 + data[0] % 64;
	data++;
	size--;
	if (size > 0 && data[0] == 0x1f)	/* gzip magic: zlib inflates */
		return 0;
	m = read_one(data, size, 0, want, sizeof(want));
	f = read_one(data, size, piece, got, sizeof(got));
	if ((m == NULL) != (f == NULL) || strcmp(want, got) != 0 ||
	    (m != NULL && !same_trace(m, f))) {
		fprintf(stderr, "pieces of %zu: memory \"%s\", pipe \"%s\"\n",
		    piece, want, got);
		abort();
	}
	ktrace_free(m);
	ktrace_free(f);
	return 0;
}
