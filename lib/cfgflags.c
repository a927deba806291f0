/* cfgflags.c - BLIS and `blis observe` flags (tables under a BLIS or
 * load-generator heading, `blis run`/`blis observe` commands in fenced
 * blocks) and vLLM log lines quoted in fenced blocks, read from config.md
 * into expect records. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cfgutil.h"
#include "err.h"
#include "numtext.h"
#include "str.h"

struct flagmap {
	const char	*flag;
	const char	*metric;
	const char	*check;
	const char	*unit;
};

static const struct flagmap simflags[] = {
	{ "num-instances", "sim.num_instances", "2b", "count" },
	{ "snapshot-refresh-interval", "sim.snapshot_refresh_interval_us",
	  "3d", "us" },
	{ "routing-policy", "sim.routing_policy", "4a", NULL },
	{ "routing-scorers", "sim.routing_scorers", "4a", NULL },
	{ "admission-policy", "sim.admission_policy", "4b", NULL },
	{ "queue-depth-threshold", "sim.queue_depth_threshold", "3c", NULL },
	{ "kv-cache-util-threshold", "sim.kv_cache_util_threshold", "3c",
	  "fraction" },
	{ "flow-control", "sim.flow_control", "4c", NULL },
	{ "saturation-detector", "sim.saturation_detector", "4c", NULL },
	{ "dispatch-order", "sim.dispatch_order", "4c", NULL },
	{ "ceiling-policy", "sim.ceiling_policy", "4c", NULL },
	{ "usage-limit-threshold", "sim.usage_limit_threshold", "4c", NULL },
	{ NULL, NULL, NULL, NULL }
};

/* ---- BLIS and blis-observe flags (tables and run commands) ---- */

static json_t *
flag_value(const char *text)
{
	char *tok;
	json_t *v;
	int b;

	if (text[0] == '\0')
		return json_true();
	tok = cfg_first_token(text);
	v = num_json(tok, strlen(tok));
	if (v == NULL && (b = cfg_bool_word(tok)) >= 0 && strcmp(tok, "1") &&
	    strcmp(tok, "0"))
		v = json_boolean(b);
	if (v == NULL)
		v = json_string(tok);
	free(tok);
	return v;
}

/* flag without its dashes: "num-instances". */
static void
emit_flag(struct cfgctx *c, bool observe, const char *flag, const char *text,
    const struct cfgwhere *w)
{
	const struct flagmap *m = NULL;
	struct sbuf metric = {0};
	const char *check = "2a", *unit = NULL;

	for (const char *p = flag; *p != '\0'; p++)
		if (!isalnum((unsigned char)*p) && *p != '-' && *p != '_')
			return;
	if (flag[0] == '\0')
		return;
	if (!observe)
		for (m = simflags; m->flag != NULL; m++)
			if (strcmp(m->flag, flag) == 0)
				break;
	if (m != NULL && m->flag != NULL) {
		sbuf_adds(&metric, m->metric);
		check = m->check;
		unit = m->unit;
	} else {
		sbuf_adds(&metric, observe ? "observe." : "sim.");
		for (const char *p = flag; *p != '\0'; p++)
			sbuf_addc(&metric, *p == '-' ? '_' :
			    (char)tolower((unsigned char)*p));
	}
	cfgrec_add(c, &(struct cfgrec){ .check = check,
	    .metric = sbuf_str(&metric), .value = flag_value(text),
	    .unit = unit, .at = *w });
	if (!observe && strcmp(flag, "num-instances") == 0)
		cfgrec_add(c, &(struct cfgrec){ .check = "2b",
		    .metric = "instances.count", .value = flag_value(text),
		    .unit = "count", .at = *w });
	sbuf_free(&metric);
}

static bool
has_word(const char *haystack, const char *word)
{
	char *low = cfg_lower(haystack);
	bool hit = strstr(low, word) != NULL;

	free(low);
	return hit;
}

/* The column of a flags table that names the flags: the first whose
 * header says "flag", else the first.  Other columns may quote another
 * program's flags (a "vLLM parameter" column beside the BLIS flag) and
 * are not this table's flags. */
static size_t
flag_column(const struct md_table *t)
{
	for (size_t i = 0; i < t->head.n; i++)
		if (has_word(t->head.cells[i].text, "flag"))
			return i;
	return 0;
}

/* The flag a trimmed cell names, without its dashes: "--name", or the
 * "--name" of "--name (a remark)"; NULL otherwise ("--name 16" gives its
 * value in the flag cell: not a row of this table's shape). */
static char *
flag_name(const char *cell)
{
	size_t n = 2, k;

	if (strncmp(cell, "--", 2) != 0)
		return NULL;
	while (cell[n] != '\0' && !isspace((unsigned char)cell[n]) &&
	    cell[n] != '(')
		n++;
	for (k = n; isspace((unsigned char)cell[k]); k++)
		;
	if (cell[k] != '\0' && cell[k] != '(')
		return NULL;
	return xstrndup(cell + 2, n - 2);
}

/* The parts of s between slashes, trimmed. */
static void
split_slash(const char *s, struct strv *out)
{
	for (;;) {
		const char *end = strchr(s, '/');
		size_t n = end != NULL ? (size_t)(end - s) : strlen(s);
		char *part;

		while (n > 0 && isspace((unsigned char)*s)) {
			s++;
			n--;
		}
		while (n > 0 && isspace((unsigned char)s[n - 1]))
			n--;
		part = xstrndup(s, n);
		strv_add(out, part);
		free(part);
		if (end == NULL)
			return;
		s = end + 1;
	}
}

/* One row: its flag cell's flags with the value cell's values.  A cell
 * of several flags ("--hardware / --tp") pairs them with as many values
 * ("H100 / 1"); with another count nothing can be paired. */
static void
flag_row(struct cfgctx *c, bool observe, const char *cell, const char *text,
    const struct cfgwhere *w)
{
	struct strv parts = {0}, names = {0}, vals = {0};
	char *name;

	if (strncmp(cell, "--", 2) != 0)	/* cfg_clean trimmed it */
		return;
	split_slash(cell, &parts);
	for (size_t i = 0; i < parts.n; i++)
		if ((name = flag_name(parts.v[i])) != NULL) {
			strv_add(&names, name);
			free(name);
		}
	if (names.n > 1)
		split_slash(text, &vals);
	for (size_t i = 0; i < names.n; i++)
		if (names.n == 1 || vals.n == names.n)
			emit_flag(c, observe, names.v[i], names.n == 1 ? text :
			    vals.v[i], w);
	strv_free(&parts);
	strv_free(&names);
	strv_free(&vals);
}

/* Tables of `--flag | value` rows under a BLIS or load-generator heading
 * (or with a "BLIS Flag" column). */
void
cfg_flag_table(struct cfgctx *c, const struct md_table *t)
{
	const char *heading = mddoc_heading(c->doc, t->heading);
	bool observe = has_word(heading, "observe") ||
	    has_word(heading, "load generator");
	bool blis = has_word(heading, "blis") ||
	    md_table_column(t, "BLIS Flag") >= 0;
	long vcol = md_table_column(t, "Value");
	size_t fcol = flag_column(t);
	struct sbuf how = {0};

	if (!observe && !blis)
		return;
	sbuf_printf(&how, "%s flags table under \"%s\": the --flag cell and "
	    "the %s", observe ? "blis observe" : "BLIS", heading, vcol >= 0 ?
	    "Value column (first token)" : "next cell (first token)");
	for (size_t i = 0; i < t->nrows; i++) {
		const struct md_row *row = &t->rows[i];
		size_t vc = vcol >= 0 && (size_t)vcol != fcol ? (size_t)vcol :
		    fcol + 1;
		char *cell, *text;
		struct cfgwhere w;

		if (fcol >= row->n)
			continue;
		cell = cfg_clean(row->cells[fcol].text);
		text = cfg_clean(md_cell(row, vc));
		w.line = row->line;
		w.column = md_cell_column(row, vc) ? md_cell_column(row, vc) :
		    row->cells[fcol].column;
		w.field = cell;
		w.how = sbuf_str(&how);
		flag_row(c, observe, cell, text, &w);
		free(text);
		free(cell);
	}
	sbuf_free(&how);
}

struct tok {
	char	*s;
	long	 line;
	long	 column;
};

struct toks {
	struct tok	*v;
	size_t		 n;
};

static void
toks_clear(struct toks *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->v[i].s);
	free(t->v);
	memset(t, 0, sizeof(*t));
}

/* Shell-ish words of one physical line; returns true when the line ends
 * in a "\" continuation. */
static bool
tokenise(const char *s, size_t n, long line, long col0, struct toks *t)
{
	size_t i = 0;

	while (i < n) {
		struct sbuf w = {0};
		size_t start;

		i = str_skip_space(s, n, i);
		if (i >= n)
			break;
		if (s[i] == '#')
			return false;
		if (s[i] == '\\' && i + 1 >= n)
			return true;
		start = i;
		while (i < n && !isspace((unsigned char)s[i])) {
			char q = s[i];

			if (q == '"' || q == '\'') {
				for (i++; i < n && s[i] != q; i++)
					sbuf_addc(&w, s[i]);
				i += i < n;
				continue;
			}
			if (q == '\\' && i + 1 < n) {
				sbuf_addc(&w, s[i + 1]);
				i += 2;
				continue;
			}
			sbuf_addc(&w, s[i++]);
		}
		t->v = xroom(t->v, t->n, sizeof(*t->v));
		t->v[t->n].s = xstrdup(sbuf_str(&w));
		t->v[t->n].line = line;
		t->v[t->n].column = col0 + (long)start + 1;
		t->n++;
		sbuf_free(&w);
	}
	return false;
}

static bool
is_blis(const char *word)
{
	const char *base = strrchr(word, '/');

	base = base != NULL ? base + 1 : word;
	return strcmp(base, "blis") == 0;
}

static void
command_flags(struct cfgctx *c, const struct toks *t)
{
	size_t i = 0;
	bool observe;

	while (i < t->n && (strcmp(t->v[i].s, "$") == 0 ||
	    strchr(t->v[i].s, '=') != NULL))
		i++;
	if (i + 1 >= t->n || !is_blis(t->v[i].s))
		return;
	if (strcmp(t->v[i + 1].s, "run") != 0 &&
	    strcmp(t->v[i + 1].s, "observe") != 0)
		return;
	observe = strcmp(t->v[i + 1].s, "observe") == 0;
	for (i += 2; i < t->n; i++) {
		const char *f = t->v[i].s, *eq;
		char *flag, *val, *field;
		struct cfgwhere w;

		if (strncmp(f, "--", 2) != 0)
			continue;
		eq = strchr(f, '=');
		w.line = t->v[i].line;
		w.column = t->v[i].column;
		w.how = observe ?
		    "fenced `blis observe` command: --flag value" :
		    "fenced `blis run` command: --flag value";
		if (eq != NULL) {
			flag = xstrndup(f + 2, (size_t)(eq - f - 2));
			val = xstrdup(eq + 1);
		} else {
			flag = xstrdup(f + 2);
			val = i + 1 < t->n && strncmp(t->v[i + 1].s, "--", 2)
			    != 0 ? xstrdup(t->v[++i].s) : xstrdup("");
		}
		field = eq != NULL ? xstrndup(f, (size_t)(eq - f)) : xstrdup(f);
		w.field = field;
		emit_flag(c, observe, flag, val, &w);
		free(field);
		free(flag);
		free(val);
	}
}

void
cfg_fence_commands(struct cfgctx *c, const struct md_fence *f)
{
	const char *p = f->body, *end = f->body + f->len;
	long line = f->body_line;
	struct toks t = {0};

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl != NULL ? (size_t)(nl - p) : (size_t)(end - p);

		while (n > 0 && (p[n - 1] == '\r' || p[n - 1] == ' ' ||
		    p[n - 1] == '\t'))
			n--;
		if (!tokenise(p, n, line, f->indent, &t)) {
			command_flags(c, &t);
			toks_clear(&t);
		}
		line++;
		p = nl != NULL ? nl + 1 : end;
	}
	command_flags(c, &t);
	toks_clear(&t);
}

/* ---- vLLM log lines quoted in a fence (14b) ---- */

static json_t *
py_value(const char *s, size_t n)
{
	char *tok = xstrndup(s, n);
	json_t *v;

	if (n >= 2 && (s[0] == '\'' || s[0] == '"') && s[n - 1] == s[0])
		v = json_stringn(s + 1, n - 2);
	else if (strcmp(tok, "True") == 0 || strcmp(tok, "False") == 0)
		v = json_boolean(tok[0] == 'T');
	else if (strcmp(tok, "None") == 0)
		v = json_null();
	else if ((v = num_json(tok, strlen(tok))) == NULL)
		v = json_string(tok);
	free(tok);
	return v;
}

/* End of a Python value at s: the next top-level "," or closer. */
static size_t
py_value_end(const char *s, size_t n)
{
	int depth = 0;

	for (size_t i = 0; i < n; i++) {
		char ch = s[i];

		if (ch == '\'' || ch == '"') {
			for (i++; i < n && s[i] != ch; i++)
				i += s[i] == '\\';
			continue;
		}
		if (ch == '(' || ch == '[' || ch == '{')
			depth++;
		else if (ch == ')' || ch == ']' || ch == '}') {
			if (depth-- == 0)
				return i;
		} else if (ch == ',' && depth == 0)
			return i;
	}
	return n;
}

static void
log_pair(struct cfgctx *c, const char *key, const char *val, size_t vn,
    long line, long column, const char *how)
{
	char *name = cfg_normalise(key);
	const struct vparam *p;
	bool negate;
	struct cfgwhere w = { line, column, key, how };

	p = cfg_find_param(name, &negate);
	free(name);
	/* Log lines never carry pod counts. */
	if (p == NULL || strcmp(p->metric, "instances.count") == 0)
		return;
	cfgrec_add(c, &(struct cfgrec){ .check = p->check, .metric = p->metric,
	    .value = py_value(val, vn), .unit = p->unit, .at = w });
}

/* {'block_size': 64, 'gpu_memory_utilization': 0.95, …} */
static void
log_dict(struct cfgctx *c, const char *s, size_t n, size_t i, long line,
    long col0)
{
	const char *how = "vLLM log line quoted in the file: a key of the "
	    "non-default args dict";

	for (i++; i < n;) {
		char q, *key;
		size_t ks, ke, vs, ve;

		i = str_skip_space(s, n, i);
		if (i >= n || s[i] == '}')
			return;
		q = s[i];
		if (q != '\'' && q != '"')
			return;
		ks = ++i;
		while (i < n && s[i] != q)
			i++;
		ke = i++;
		i = str_skip_space(s, n, i);
		if (i >= n || s[i] != ':')
			return;
		vs = str_skip_space(s, n, i + 1);
		ve = vs + py_value_end(s + vs, n - vs);
		while (ve > vs && isspace((unsigned char)s[ve - 1]))
			ve--;
		key = xstrndup(s + ks, ke - ks);
		log_pair(c, key, s + vs, ve - vs, line, col0 + (long)ks, how);
		free(key);
		i = vs + py_value_end(s + vs, n - vs);
		if (i < n && s[i] == ',')
			i++;
		else
			return;
	}
}

/* model='Qwen/Qwen3-14B', max_seq_len=40960, … */
static void
log_kvs(struct cfgctx *c, const char *s, size_t n, long line, long col0)
{
	const char *how = "vLLM log line quoted in the file: key=value of the "
	    "engine configuration";
	size_t i = 0;

	while (i < n) {
		size_t ks, ke, vs, ve;
		char *key;

		i = str_skip_space(s, n, i);
		ks = i;
		while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '_'))
			i++;
		ke = i;
		if (ke > ks && i < n && s[i] == '=') {
			vs = i + 1;
			ve = vs + py_value_end(s + vs, n - vs);
			i = ve;
			while (ve > vs && isspace((unsigned char)s[ve - 1]))
				ve--;
			key = xstrndup(s + ks, ke - ks);
			log_pair(c, key, s + vs, ve - vs, line,
			    col0 + (long)ks + 1, how);
			free(key);
		} else {
			i += py_value_end(s + i, n - i);
		}
		if (i < n)
			i++;	/* the comma (or a stray closer) */
	}
}

static bool
mentions(const char *s, size_t n, const char *what)
{
	size_t k = strlen(what);

	for (size_t i = 0; i + k <= n; i++)
		if (memcmp(s + i, what, k) == 0)
			return true;
	return false;
}

void
cfg_fence_log(struct cfgctx *c, const struct md_fence *f)
{
	static const char nda[] = "non-default args:";
	const char *p = f->body, *end = f->body + f->len;
	long line = f->body_line;

	for (; p < end; line++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl != NULL ? (size_t)(nl - p) : (size_t)(end - p);
		const char *at;

		if (mentions(p, n, nda)) {
			at = p;
			while (memcmp(at, nda, sizeof(nda) - 1) != 0)
				at++;
			at = memchr(at, '{', n - (size_t)(at - p));
			if (at != NULL)
				log_dict(c, p, n, (size_t)(at - p), line,
				    f->indent);
		} else if (mentions(p, n, "max_seq_len=") ||
		    mentions(p, n, "tensor_parallel_size=") ||
		    mentions(p, n, "enable_prefix_caching=")) {
			size_t from = 0;

			if (mentions(p, n, "with config:")) {
				while (memcmp(p + from, "with config:", 12) !=
				    0)
					from++;
				from += 12;
			}
			log_kvs(c, p + from, n - from, line,
			    f->indent + (long)from);
		}
		p = nl != NULL ? nl + 1 : end;
	}
}
