/* fuzz.h - what the libFuzzer harnesses share: a rejected input (the
 * tools' "file:line:column: what was expected", exit 2) is not a finding,
 * so s2r_die's hook jumps back to the harness's setjmp(fuzz_back); and a
 * scratch file for the readers that open a path rather than a buffer.
 * What a rejected input allocated on the way is leaked (fuzz/run turns
 * leak detection off). */
#ifndef S2R_FUZZ_H
#define S2R_FUZZ_H

#include <fcntl.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "csvr.h"
#include "err.h"

static jmp_buf fuzz_back;
static char fuzz_path[] = "/tmp/s2r-fuzz.XXXXXX";
static int fuzz_fd = -1;

static void
fuzz_jump_back(void)
{
	longjmp(fuzz_back, 1);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	s2r_die_hook = fuzz_jump_back;
	return 0;
}

/* The lowest free descriptor before an input is read: a reader that
 * opens a path and dies leaves its descriptor open (the tool exits, the
 * harness goes on), and thousands of rejected inputs would use them up. */
static int fuzz_fd_low;

static inline void
fuzz_fds_mark(void)
{
	fuzz_fd_low = dup(0);
	if (fuzz_fd_low >= 0)
		close(fuzz_fd_low);
}

/* After a rejection: closes what the reader left open (a handful at
 * most; nothing else opens descriptors while an input runs). */
static inline void
fuzz_fds_close(void)
{
	for (int fd = fuzz_fd_low; fd >= 0 && fd < fuzz_fd_low + 32; fd++)
		if (fcntl(fd, F_GETFD) != -1)
			close(fd);
}

/* A CSV reader over the input (header not read yet), and what
 * fuzz_csv_close() closes after a rejection too; NULL when fmemopen
 * fails. */
static struct csvr *fuzz_reader;
static FILE *fuzz_mem;

static inline struct csvr *
fuzz_csv_open(const uint8_t *data, size_t size, const char *label)
{
	if ((fuzz_mem = fmemopen((void *)data, size, "rb")) == NULL)
		return NULL;
	return fuzz_reader = csvr_attach(fuzz_mem, label);
}

static inline void
fuzz_csv_close(void)
{
	csvr_close(fuzz_reader);
	if (fuzz_mem != NULL)
		fclose(fuzz_mem);
	fuzz_reader = NULL;
	fuzz_mem = NULL;
}

/* The input as the scratch file's whole content; its path. */
static inline const char *
fuzz_scratch(const uint8_t *data, size_t size)
{
	if (fuzz_fd < 0 && (fuzz_fd = mkstemp(fuzz_path)) < 0)
		abort();
	if (ftruncate(fuzz_fd, 0) != 0 || (size > 0 && pwrite(fuzz_fd, data,
	    size, 0) != (ssize_t)size))
		abort();
	return fuzz_path;
}

#endif
