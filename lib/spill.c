/* spill.c - see spill.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "spill.h"
#include "str.h"

/* Bytes read back at a time, and written at a time. */
#define WINDOW	((size_t)1 << 20)
#define IOBUF	((size_t)64 << 10)

void
spill_init(struct spill *s, size_t limit)
{
	memset(s, 0, sizeof(*s));
	s->limit = limit;
	s->window = WINDOW;
}

void
spill_free(struct spill *s)
{
	free(s->mem);
	free(s->win);
	if (s->f != NULL)
		fclose(s->f);
	free(s->iobuf);
	memset(s, 0, sizeof(*s));
}

static const char *
tmp_dir(void)
{
	const char *d = getenv("TMPDIR");

	return d != NULL && d[0] != '\0' ? d : "/tmp";
}

static void
write_all(struct spill *s, const char *p, size_t n)
{
	if (n > 0 && fwrite(p, 1, n, s->f) != n)
		s2r_die("temporary file in %s: write error: %s", tmp_dir(),
		    strerror(errno));
	s->size += n;
	s->dirty = 1;
}

/* Moves the lines held so far to a new temporary file. */
static void
spill_out(struct spill *s)
{
	struct sbuf path = {0};
	int fd;

	sbuf_printf(&path, "%s/s2r-spill.XXXXXX", tmp_dir());
	if ((fd = mkstemp(path.s)) < 0)
		s2r_die("cannot create a temporary file in %s: %s", tmp_dir(),
		    strerror(errno));
	/* Unlinked at once: nothing is left behind, however we exit. */
	unlink(path.s);
	sbuf_free(&path);
	if ((s->f = fdopen(fd, "w+")) == NULL)
		s2r_die("temporary file: %s", strerror(errno));
	/* Lines go out in larger writes than stdio's 4 KB (glibc takes a
	 * buffer size only with the buffer). */
	s->iobuf = xmalloc(IOBUF);
	setvbuf(s->f, s->iobuf, _IOFBF, IOBUF);
	write_all(s, s->mem, s->len);
	free(s->mem);
	s->mem = NULL;
	s->len = s->cap = 0;
}

uint64_t
spill_add(struct spill *s, const char *text, size_t len)
{
	uint64_t off;

	if (s->f == NULL && s->len + len + 1 > s->limit)
		spill_out(s);
	if (s->f != NULL) {
		off = s->size;
		write_all(s, text, len);
		write_all(s, "\n", 1);
		return off;
	}
	if (s->cap - s->len < len + 1) {
		while (s->cap - s->len < len + 1)
			s->cap = s->cap ? s->cap * 2 : 4096;
		s->mem = xrealloc(s->mem, s->cap);
	}
	off = s->len;
	memcpy(s->mem + s->len, text, len);
	s->mem[s->len + len] = '\n';
	s->len += len + 1;
	return off;
}

const char *
spill_get(struct spill *s, uint64_t off, size_t len)
{
	size_t want = len + 1, got = 0;

	if (s->f == NULL)
		return s->mem + off;
	if (off >= s->win_off && off + want <= s->win_off + s->win_len)
		return s->win + (off - s->win_off);
	if (s->dirty && fflush(s->f) != 0)
		s2r_die("temporary file in %s: write error: %s", tmp_dir(),
		    strerror(errno));
	s->dirty = 0;
	if (want < s->window)
		want = s->window;
	if (want > s->size - off)
		want = (size_t)(s->size - off);
	if (s->win_cap < want) {
		s->win = xrealloc(s->win, want);
		s->win_cap = want;
	}
	while (got < want) {
		ssize_t n = pread(fileno(s->f), s->win + got, want - got,
		    (off_t)(off + got));

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			s2r_die("temporary file in %s: read error: %s",
			    tmp_dir(), n < 0 ? strerror(errno) : "short file");
		got += (size_t)n;
	}
	s->win_off = off;
	s->win_len = got;
	return s->win;
}
