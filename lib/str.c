/* str.c - byte buffers, string vectors, strict numbers, paths (see str.h). */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "str.h"

static void
sbuf_grow(struct sbuf *b, size_t extra)
{
	size_t need = b->len + extra + 1;

	if (need <= b->cap)
		return;
	if (b->cap == 0)
		b->cap = 64;
	while (b->cap < need)
		b->cap *= 2;
	b->s = xrealloc(b->s, b->cap);
}

void
sbuf_add(struct sbuf *b, const char *s, size_t n)
{
	sbuf_grow(b, n);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void
sbuf_adds(struct sbuf *b, const char *s)
{
	sbuf_add(b, s, strlen(s));
}

void
sbuf_addc(struct sbuf *b, char c)
{
	sbuf_add(b, &c, 1);
}

void
sbuf_printf(struct sbuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	/* Written where it fits, which is the usual case: formatted once. */
	sbuf_grow(b, 64);
	va_start(ap, fmt);
	n = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	if (n < 0)
		s2r_die("sbuf_printf: bad format");
	if ((size_t)n >= b->cap - b->len) {
		sbuf_grow(b, (size_t)n);
		va_start(ap, fmt);
		vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	b->len += (size_t)n;
}

void
sbuf_reset(struct sbuf *b)
{
	b->len = 0;
	if (b->s != NULL)
		b->s[0] = '\0';
}

void
sbuf_free(struct sbuf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}

const char *
sbuf_str(const struct sbuf *b)
{
	return b->s != NULL ? b->s : "";
}

void
strv_add(struct strv *sv, const char *s)
{
	if (sv->n == sv->cap) {
		sv->cap = sv->cap ? sv->cap * 2 : 8;
		sv->v = xreallocarray(sv->v, sv->cap, sizeof(*sv->v));
	}
	sv->v[sv->n++] = xstrdup(s);
}

static int
cmpstr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void
strv_sort(struct strv *sv)
{
	if (sv->n > 1)
		qsort(sv->v, sv->n, sizeof(*sv->v), cmpstr);
}

long
strv_find(const struct strv *sv, const char *s)
{
	for (size_t i = 0; i < sv->n; i++)
		if (strcmp(sv->v[i], s) == 0)
			return (long)i;
	return -1;
}

void
strv_free(struct strv *sv)
{
	for (size_t i = 0; i < sv->n; i++)
		free(sv->v[i]);
	free(sv->v);
	sv->v = NULL;
	sv->n = sv->cap = 0;
}

bool
parse_i64(const char *s, size_t n, int64_t *out)
{
	size_t i = 0;
	bool neg = false;
	uint64_t v = 0, limit;

	if (n == 0)
		return false;
	if (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-';
		i = 1;
		if (n == 1)
			return false;
	}
	limit = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
	for (; i < n; i++) {
		unsigned d = (unsigned char)s[i] - '0';

		if (d > 9)
			return false;
		if (v > (limit - d) / 10)
			return false;
		v = v * 10 + d;
	}
	*out = neg ? (int64_t)(0 - v) : (int64_t)v;
	return true;
}

bool
parse_f64(const char *s, size_t n, double *out)
{
	char buf[64], *end;
	double v;

	if (n == 0 || n >= sizeof(buf))
		return false;
	for (size_t i = 0; i < n; i++) {
		/* strtod would accept hex, inf, nan and leading blanks. */
		if (!(isdigit((unsigned char)s[i]) || s[i] == '.' ||
		    s[i] == '-' || s[i] == '+' || s[i] == 'e' || s[i] == 'E'))
			return false;
	}
	memcpy(buf, s, n);
	buf[n] = '\0';
	errno = 0;
	v = strtod(buf, &end);
	if (end != buf + n || errno == ERANGE || !isfinite(v))
		return false;
	*out = v;
	return true;
}

bool
parse_bool(const char *s, size_t n, bool *out)
{
	if (n == 4 && memcmp(s, "true", 4) == 0) {
		*out = true;
		return true;
	}
	if (n == 5 && memcmp(s, "false", 5) == 0) {
		*out = false;
		return true;
	}
	return false;
}

bool
str_has_prefix(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

bool
str_has_suffix(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && memcmp(s + ls - lx, suffix, lx) == 0;
}

const char *
path_under(const char *path, const char *root)
{
	size_t n;

	if (root == NULL)
		return path;
	n = strlen(root);
	while (n > 1 && root[n - 1] == '/')
		n--;
	if (strncmp(path, root, n) == 0 && path[n] == '/')
		return path + n + 1;
	return path;
}

/* The real path of path, or of its directory when path itself does not
 * exist (so a missing file is still named relative to the root). */
static bool
real_path(const char *path, char out[PATH_MAX])
{
	const char *slash = strrchr(path, '/');
	char dir[PATH_MAX];

	if (realpath(path, out) != NULL)
		return true;
	if (slash == NULL)
		snprintf(dir, sizeof(dir), ".");
	else if (slash == path)
		snprintf(dir, sizeof(dir), "/");
	else
		snprintf(dir, sizeof(dir), "%.*s", (int)(slash - path), path);
	if (realpath(dir, out) == NULL ||
	    strlen(out) + strlen(slash ? slash : path) + 2 > PATH_MAX)
		return false;
	strcat(out, "/");
	strcat(out, slash ? slash + 1 : path);
	return true;
}

/* path as written in records: relative to root when it lies under it,
 * textually or once both are real paths. */
char *
path_display(const char *path, const char *root)
{
	char rp[PATH_MAX], rr[PATH_MAX];
	size_t n;

	if (strcmp(path, "-") == 0)
		return xstrdup("<stdin>");
	/* Textually under root: the same name path_under gives. */
	if (root == NULL || path_under(path, root) != path)
		return xstrdup(path_under(path, root));
	if (!real_path(path, rp) || realpath(root, rr) == NULL)
		return xstrdup(path);
	n = strlen(rr);
	if (strncmp(rp, rr, n) == 0 && rp[n] == '/')
		return xstrdup(rp + n + 1);
	if (n == 1 && rr[0] == '/')
		return xstrdup(rp + 1);
	return xstrdup(path);
}

size_t
str_skip_space(const char *s, size_t n, size_t i)
{
	while (i < n && isspace((unsigned char)s[i]))
		i++;
	return i;
}

void
str_trim(const char **s, size_t *n)
{
	while (*n > 0 && isspace((unsigned char)**s)) {
		(*s)++;
		(*n)--;
	}
	while (*n > 0 && isspace((unsigned char)(*s)[*n - 1]))
		(*n)--;
}

int
utf8_seq(const char *s, size_t avail, int32_t *cp)
{
	static const int32_t least[] = { 0, 0, 0x80, 0x800, 0x10000 };
	const unsigned char *p = (const unsigned char *)s;
	int n;

	if (p[0] < 0x80) {
		*cp = p[0];
		return 1;
	}
	if (p[0] < 0xC2 || p[0] >= 0xF5)
		return 0;
	n = p[0] < 0xE0 ? 2 : p[0] < 0xF0 ? 3 : 4;
	if ((size_t)n > avail)
		return 0;
	*cp = p[0] & (0x7F >> n);
	for (int k = 1; k < n; k++) {
		if ((p[k] & 0xC0) != 0x80)
			return 0;
		*cp = (*cp << 6) | (p[k] & 0x3F);
	}
	if (*cp > 0x10FFFF || (*cp >= 0xD800 && *cp <= 0xDFFF) ||
	    *cp < least[n])
		return 0;
	return n;
}

/* The value of the four hex digits at p, -1 when there are not four. */
static int
hex4_value(const char *p, const char *end)
{
	int v = 0;

	if (end - p < 4)
		return -1;
	for (int i = 0; i < 4; i++) {
		char c = p[i];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= c - '0';
		else if (c >= 'a' && c <= 'f')
			v |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v |= c - 'A' + 10;
		else
			return -1;
	}
	return v;
}

int
json_u_escape(const char *p, const char *end, int32_t *cp)
{
	int hi, lo;

	if (end - p < 5 || *p != 'u')
		return 0;
	hi = hex4_value(p + 1, end);
	if (hi <= 0 || (hi >= 0xDC00 && hi <= 0xDFFF))
		return 0;
	if (hi < 0xD800 || hi > 0xDBFF) {
		*cp = hi;
		return 5;
	}
	if (end - p < 11 || p[5] != '\\' || p[6] != 'u')
		return 0;
	lo = hex4_value(p + 7, end);
	if (lo < 0xDC00 || lo > 0xDFFF)
		return 0;
	*cp = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
	return 11;
}

void
sbuf_ids(struct sbuf *b, const int64_t *ex, int64_t count, int64_t shown)
{
	if (count <= 0)
		return;
	shown = count < shown ? count : shown;
	sbuf_adds(b, " (first ids:");
	for (int64_t i = 0; i < shown; i++)
		sbuf_printf(b, " %lld", (long long)ex[i]);
	sbuf_printf(b, "%s)", count > shown ? " ..." : "");
}

void
sbuf_add_utf8(struct sbuf *b, uint32_t cp)
{
	char u[4];
	size_t n;

	if (cp < 0x80) {
		u[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		u[0] = (char)(0xC0 | (cp >> 6));
		u[1] = (char)(0x80 | (cp & 0x3F));
		n = 2;
	} else if (cp < 0x10000) {
		u[0] = (char)(0xE0 | (cp >> 12));
		u[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		u[2] = (char)(0x80 | (cp & 0x3F));
		n = 3;
	} else {
		u[0] = (char)(0xF0 | (cp >> 18));
		u[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
		u[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
		u[3] = (char)(0x80 | (cp & 0x3F));
		n = 4;
	}
	sbuf_add(b, u, n);
}
