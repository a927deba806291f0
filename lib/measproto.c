/* measproto.c - measurement.yaml into struct measproto; see measproto.h. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "configmd.h"
#include "err.h"
#include "measproto.h"
#include "str.h"
#include "yamlr.h"

const char *const mp_key_names[MP_NKEYS] = {
	[MP_MAX_CONCURRENCY] = "maxConcurrency",
	[MP_TIMEOUT] = "timeout",
	[MP_WARMUP] = "warmupRequests",
	[MP_PREWARM] = "prewarmDuration",
	[MP_DETECTORS] = "detectors",
	[MP_API_FORMAT] = "apiFormat",
	[MP_RECORD_ITL] = "recordItl",
	[MP_STREAMING] = "streaming",
	[MP_EXTRA_ARGS] = "extraArgs",
};

const enum mp_type mp_key_types[MP_NKEYS] = {
	[MP_MAX_CONCURRENCY] = MP_INT,
	[MP_TIMEOUT] = MP_INT,
	[MP_WARMUP] = MP_INT,
	[MP_PREWARM] = MP_DURATION,
	[MP_DETECTORS] = MP_STR,
	[MP_API_FORMAT] = MP_STR,
	[MP_RECORD_ITL] = MP_BOOL,
	[MP_STREAMING] = MP_BOOL,
	[MP_EXTRA_ARGS] = MP_STR,
};

static const struct {
	const char	*unit;
	int64_t		 us;
} go_units[] = {
	{ "ns", 0 }, { "us", 1 }, { "\xc2\xb5s", 1 }, { "\xce\xbcs", 1 },
	{ "ms", 1000 }, { "s", 1000000 }, { "m", 60000000 },
	{ "h", INT64_C(3600000000) }, { NULL, 0 }
};

/* One "<number><unit>" at *p; advances *p.  ns rounds to whole µs. */
static bool
duration_term(const char **p, double *us)
{
	const char *s = *p, *num = s;
	double v;
	char buf[64];
	size_t n;

	while (isdigit((unsigned char)*s) || *s == '.')
		s++;
	n = (size_t)(s - num);
	if (n == 0 || n >= sizeof(buf))
		return false;
	memcpy(buf, num, n);
	buf[n] = '\0';
	if (!parse_f64(buf, n, &v))
		return false;
	for (size_t i = 0; go_units[i].unit != NULL; i++) {
		size_t ul = strlen(go_units[i].unit);

		/* "m" must not take the "m" of "ms" */
		if (strncmp(s, go_units[i].unit, ul) != 0 ||
		    (strcmp(go_units[i].unit, "m") == 0 && s[1] == 's'))
			continue;
		*us = go_units[i].us == 0 ? v / 1000 : v * (double)go_units[i].us;
		*p = s + ul;
		return true;
	}
	return false;
}

bool
go_duration_us(const char *s, int64_t *us)
{
	double total = 0, term;
	bool neg = *s == '-';

	if (*s == '-' || *s == '+')
		s++;
	if (strcmp(s, "0") == 0) {
		*us = 0;
		return true;
	}
	if (*s == '\0')
		return false;
	while (*s != '\0') {
		if (!duration_term(&s, &term))
			return false;
		total += term;
	}
	if (!(total < 9e18))
		return false;
	*us = (int64_t)llround(neg ? -total : total);
	return true;
}

/* The text after "# " on the key's line: the bootstrap's "source: ...". */
static char *
line_comment(const char *buf, size_t len, long line)
{
	const char *p = buf, *end = buf + len, *eol, *hash;
	bool quote = false;

	for (long l = 1; l < line && p < end; l++) {
		p = memchr(p, '\n', (size_t)(end - p));
		if (p == NULL)
			return NULL;
		p++;
	}
	eol = memchr(p, '\n', (size_t)(end - p));
	if (eol == NULL)
		eol = end;
	for (hash = p; hash < eol; hash++) {
		if (*hash == '"' || *hash == '\'')
			quote = !quote;
		if (*hash == '#' && !quote && hash > p && isspace((unsigned char)
		    hash[-1]))
			break;
	}
	if (hash >= eol)
		return NULL;
	for (hash++; hash < eol && isspace((unsigned char)*hash); hash++)
		;
	while (eol > hash && isspace((unsigned char)eol[-1]))
		eol--;
	return eol > hash ? xstrndup(hash, (size_t)(eol - hash)) : NULL;
}

/* "got ..." of a message: the scalar quoted, or what the node is. */
static void
die_got(const struct measproto *m, const struct ynode *n,
    const struct ynode *parent, const char *key, const char *expected)
{
	const struct ynode *at = n ? n : parent;

	s2r_die_at(m->label, at->line, at->column, "%s: expected %s, got "
	    "%s%.80s%s", key, expected, yscalar(n) ? "\"" : "",
	    n == NULL ? "none" : yscalar(n) ? yscalar(n) : n->type == Y_MAP ?
	    "a mapping" : "a sequence", yscalar(n) ? "\"" : "");
}

#define die_key(m, n, key, expected) die_got(m, n, NULL, key, expected)

static void
read_value(struct measproto *m, enum mp_key k, const struct ynode *n,
    const char *buf, size_t len)
{
	struct mp_value *v = &m->v[k];
	const char *text = yscalar(n);
	int64_t i;

	if (text == NULL)
		die_key(m, n, mp_key_names[k], "a scalar");
	switch (mp_key_types[k]) {
	case MP_INT:
		if (!yscalar_i64(n, &i) || i < 0)
			die_key(m, n, mp_key_names[k], "an integer >= 0");
		v->i = i;
		break;
	case MP_DURATION:
		if (!go_duration_us(text, &v->i) || v->i < 0)
			die_key(m, n, mp_key_names[k], "a Go duration (\"60s\", "
			    "\"1m30s\")");
		break;
	case MP_BOOL:
		if (!yscalar_bool(n, &v->b))
			die_key(m, n, mp_key_names[k], "true or false");
		break;
	case MP_STR:
		break;
	}
	v->set = true;
	v->s = xstrdup(text);
	v->line = n->line;
	v->column = n->column;
	v->origin = line_comment(buf, len, n->line);
}

static void
read_envelope(struct measproto *m, const struct ynode *root)
{
	const struct ynode *kind = ymap_get(root, "kind");
	const struct ynode *ver = ymap_get(root, "version");

	if (yscalar(kind) == NULL ||
	    strcmp(yscalar(kind), "measurement-protocol") != 0)
		die_got(m, kind, root, "kind", "measurement-protocol");
	if (!yscalar_i64(ver, &m->version) || m->version < 1)
		die_got(m, ver, root, "version", "an integer >= 1");
}

void
measproto_load_buf(struct measproto *m, const char *label, const char *buf,
    size_t len)
{
	struct perr err;
	struct ydoc *doc = ydoc_load_buf(label, buf, len, 0, &err);
	const struct ynode *root;

	memset(m, 0, sizeof(*m));
	m->label = xstrdup(label);
	if (doc == NULL)
		s2r_die_at(label, err.line, err.column, "malformed YAML: %s",
		    err.msg);
	root = ydoc_root(doc);
	if (root == NULL || root->type != Y_MAP)
		s2r_die_at(label, root ? root->line : 1, root ? root->column : 1,
		    "expected a measurement protocol (a YAML mapping with kind: "
		    "measurement-protocol)");
	read_envelope(m, root);
	for (size_t i = 0; i < root->n; i++) {
		const char *key = root->keys[i]->value;
		int k;

		if (strcmp(key, "kind") == 0 || strcmp(key, "version") == 0)
			continue;
		for (k = 0; k < MP_NKEYS && strcmp(key, mp_key_names[k]); k++)
			;
		if (k < MP_NKEYS) {
			read_value(m, (enum mp_key)k, root->items[i], buf, len);
			continue;
		}
		if (m->version == 1)
			s2r_die_at(label, root->keys[i]->line,
			    root->keys[i]->column, "expected a version 1 "
			    "measurement-protocol key (maxConcurrency, timeout, "
			    "warmupRequests, prewarmDuration, detectors, "
			    "apiFormat, recordItl, streaming, extraArgs), got "
			    "\"%.80s\"", key);
	}
	ydoc_free(doc);
}

bool
measproto_is_doc(const char *buf, size_t len)
{
	struct perr err;
	struct ydoc *doc = ydoc_load_buf("-", buf, len, 0, &err);
	const char *kind;
	bool yes;

	if (doc == NULL)
		return false;
	/* A WorkloadSpec has no kind: any kind is read as a protocol, whose
	 * loader then says what kind it wanted. */
	kind = yscalar(ymap_get(ydoc_root(doc), "kind"));
	yes = kind != NULL;
	ydoc_free(doc);
	return yes;
}

void
measproto_load(struct measproto *m, const char *path, const char *label)
{
	size_t len;
	char *buf = md_read_file(path, &len);

	measproto_load_buf(m, label ? label : path, buf, len);
	free(buf);
}

void
measproto_free(struct measproto *m)
{
	for (int k = 0; k < MP_NKEYS; k++) {
		free(m->v[k].s);
		free(m->v[k].origin);
	}
	free(m->label);
	memset(m, 0, sizeof(*m));
}
