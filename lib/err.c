/* err.c - diagnostics and allocation that exit on failure (see err.h). */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"

const char *s2r_prog = "s2r";
void (*s2r_die_hook)(void);

/* The fatal message, kept for s2r_die_hook (a tool that turns its refusal
 * into a record: lib/krefuse.c); the location as vreport was given it. */
static struct {
	char	 file[1024];
	bool	 has_file;
	long	 line, column;
	char	 msg[2048];
} last;

void
s2r_setprog(const char *argv0)
{
	const char *slash;

	if (argv0 == NULL || *argv0 == '\0')
		return;
	slash = strrchr(argv0, '/');
	s2r_prog = slash ? slash + 1 : argv0;
}

/* s on stderr with every control character (a newline, a carriage
 * return, an escape) as '?', as discover.sh shows a path: a message
 * quoting text of an input (a name, a value) stays one line, so it can
 * neither forge a second message nor move the terminal's cursor. */
static void
put_shown(const char *s)
{
	for (; *s != '\0'; s++)
		fputc((unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s, stderr);
}

/* Keeps the message of a fatal report (cut to the buffers' size). */
static void
keep_last(const char *file, long line, long column, const char *msg)
{
	last.has_file = file != NULL;
	snprintf(last.file, sizeof(last.file), "%s", file ? file : "");
	last.line = line;
	last.column = column;
	snprintf(last.msg, sizeof(last.msg), "%s", msg);
}

const char *
s2r_last_fatal(const char **file, long *line, long *column)
{
	*file = last.has_file ? last.file : NULL;
	*line = last.line;
	*column = last.column;
	return last.msg;
}

static void
vreport(const char *file, long line, long column, bool fatal, const char *fmt,
    va_list ap)
{
	char small[512], *msg = small;
	va_list aq;
	int n;

	/* Formatted first, so that what it quotes can be shown safely; not
	 * xmalloc: that reports through here when memory runs out. */
	va_copy(aq, ap);
	n = vsnprintf(small, sizeof(small), fmt, aq);
	va_end(aq);
	if (n >= (int)sizeof(small) && (msg = malloc((size_t)n + 1)) != NULL)
		vsnprintf(msg, (size_t)n + 1, fmt, ap);
	else if (msg == NULL)
		msg = small;	/* no memory: the message cut, still a line */
	fflush(stdout);
	fprintf(stderr, "%s: ", s2r_prog);
	if (file != NULL) {
		put_shown(file);
		if (line > 0)
			fprintf(stderr, ":%ld", line);
		if (line > 0 && column > 0)
			fprintf(stderr, ":%ld", column);
		fputs(": ", stderr);
	}
	put_shown(n < 0 ? fmt : msg);
	fputc('\n', stderr);
	if (fatal)
		keep_last(file, line, column, n < 0 ? fmt : msg);
	if (msg != small)
		free(msg);
}

void
s2r_die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(NULL, 0, 0, true, fmt, ap);
	va_end(ap);
	if (s2r_die_hook != NULL)
		s2r_die_hook();
	exit(S2R_EXIT_BAD);
}

void
s2r_die_at(const char *file, long line, long column, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(file ? file : "-", line, column, true, fmt, ap);
	va_end(ap);
	if (s2r_die_hook != NULL)
		s2r_die_hook();
	exit(S2R_EXIT_BAD);
}

void
s2r_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(NULL, 0, 0, false, fmt, ap);
	va_end(ap);
}

void
s2r_warn_at(const char *file, long line, long column, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(file ? file : "-", line, column, false, fmt, ap);
	va_end(ap);
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		s2r_die("out of memory (%zu bytes)", n);
	return p;
}

void *
xcalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (p == NULL)
		s2r_die("out of memory");
	return p;
}

void *
xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (p == NULL)
		s2r_die("out of memory (%zu bytes)", n);
	return p;
}

void *
xreallocarray(void *p, size_t nmemb, size_t size)
{
	if (size != 0 && nmemb > SIZE_MAX / size)
		s2r_die("out of memory (array of %zu x %zu)", nmemb, size);
	return xrealloc(p, nmemb * size);
}

void *
xroom(void *p, size_t n, size_t size)
{
	if (n == 0 || (n & (n - 1)) == 0)
		p = xreallocarray(p, n != 0 ? n * 2 : 1, size);
	return p;
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	char *d = xmalloc(n + 1);

	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

void
xstrset(char **dst, const char *s)
{
	free(*dst);
	*dst = xstrdup(s);
}

char *
nullstr_dup(const char *s)
{
	return s != NULL ? xstrdup(s) : NULL;
}

bool
nullstr_eq(const char *a, const char *b)
{
	return a == NULL ? b == NULL : b != NULL && strcmp(a, b) == 0;
}
