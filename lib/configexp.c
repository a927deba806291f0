/* configexp.c - config.md / README → expect records.
 *
 * The rules follow the way sim2real's own tooling reads config.md
 * (reference/formats.md §3.1): the vLLM table is the first table under a
 * heading naming a vLLM/pod configuration or real deployment, else the
 * table with most rows that name a vLLM parameter; column 1 names the
 * parameter, column 2 holds the value; backticks and quotes are dropped and
 * numbers are the first token.  Everything else is found by shape: flags
 * (`--x`) in tables under BLIS or load-generator headings, `blis run` and
 * `blis observe` commands in fenced blocks, vLLM log lines quoted in fenced
 * blocks, YAML blocks holding EPP configs or InferenceObjectives, and
 * tables with a Priority column. */
#include <ctype.h>
#include <stdio.h>
#include <sys/stat.h>

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "configexp.h"
#include "err.h"
#include "rec.h"
#include "str.h"
#include "yamlr.h"

enum vtype { V_STR, V_INT, V_NUM, V_BOOL };

struct vparam {
	const char	*metric;
	const char	*aliases;	/* normalised names, space separated */
	enum vtype	 type;
	const char	*unit;
	const char	*check;
};

/* Names as normalise_param() writes them: lower case, "--" dropped,
 * spaces and dashes as underscores. */
static const struct vparam vparams[] = {
	{ "vllm.model", "model model_name", V_STR, NULL, "2a" },
	{ "vllm.hardware", "gpu hardware gpu_type accelerator", V_STR, NULL,
	  "2a" },
	{ "vllm.tensor_parallel_size", "tensor_parallel_size tp tp_size "
	  "tensor_parallel", V_INT, "count", "2a" },
	{ "vllm.pipeline_parallel_size", "pipeline_parallel_size", V_INT,
	  "count", "2a" },
	{ "vllm.data_parallel_size", "data_parallel_size", V_INT, "count",
	  "2a" },
	{ "vllm.max_num_seqs", "max_num_seqs", V_INT, "count", "2a" },
	{ "vllm.max_num_batched_tokens", "max_num_batched_tokens", V_INT,
	  "tokens", "2a" },
	{ "vllm.block_size", "block_size block_size_in_tokens", V_INT,
	  "tokens", "2a" },
	{ "vllm.gpu_memory_utilization", "gpu_memory_utilization", V_NUM,
	  "fraction", "2a" },
	{ "vllm.max_model_len", "max_model_len max_seq_len", V_INT, "tokens",
	  "2a" },
	{ "vllm.enable_chunked_prefill", "enable_chunked_prefill", V_BOOL, NULL,
	  "2a" },
	{ "vllm.enable_prefix_caching", "enable_prefix_caching", V_BOOL, NULL,
	  "2a" },
	{ "vllm.dtype", "dtype", V_STR, NULL, "2a" },
	{ "vllm.kv_cache_dtype", "kv_cache_dtype", V_STR, NULL, "2a" },
	{ "vllm.swap_space", "swap_space", V_NUM, NULL, "2a" },
	{ "vllm.enforce_eager", "enforce_eager", V_BOOL, NULL, "2a" },
	{ "instances.count", "number_of_pods number_of_vllm_pods "
	  "number_of_decode_pods number_of_instances instances replicas "
	  "num_instances", V_INT, "count", "2b" },
	{ NULL, NULL, V_STR, NULL, NULL }
};

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

struct ctx {
	json_t			*out;
	const struct mddoc	*doc;
	long			 vllm_table;
	bool			 have_instances;
};

/* ---- small text helpers ---- */

/* Drops **, backticks and one pair of surrounding quotes; trims. */
static char *
clean(const char *s)
{
	struct sbuf b = {0};
	char *r;
	size_t n;

	for (; *s != '\0'; s++) {
		if (*s == '`' || (s[0] == '*' && s[1] == '*')) {
			s += *s == '*';
			continue;
		}
		sbuf_addc(&b, *s);
	}
	r = xstrdup(sbuf_str(&b));
	sbuf_free(&b);
	s = r;
	while (isspace((unsigned char)*s))
		s++;
	n = strlen(s);
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		n--;
	if (n >= 2 && (s[0] == '"' || s[0] == '\'') && s[n - 1] == s[0]) {
		s++;
		n -= 2;
	}
	s = xstrndup(s, n);
	free(r);
	return (char *)s;
}

/* "Number of vLLM pods" -> "number_of_vllm_pods"; "--block-size" ->
 * "block_size". */
static char *
normalise_param(const char *raw)
{
	char *s = clean(raw), *p;
	const char *from = s;

	while (*from == '-')
		from++;
	p = xstrdup(from);
	free(s);
	for (s = p; *s != '\0'; s++) {
		if (*s == ' ' || *s == '-')
			*s = '_';
		else
			*s = (char)tolower((unsigned char)*s);
	}
	return p;
}

static bool
word_in(const char *word, const char *list)
{
	size_t n = strlen(word);

	while (*list != '\0') {
		size_t k = strcspn(list, " ");

		if (k == n && strncmp(list, word, n) == 0)
			return true;
		list += k;
		while (*list == ' ')
			list++;
	}
	return false;
}

/* The parameter a name stands for; *negate for "no_enable_…". */
static const struct vparam *
find_param(const char *name, bool *negate)
{
	*negate = false;
	for (const struct vparam *v = vparams; v->metric != NULL; v++)
		if (word_in(name, v->aliases))
			return v;
	if (strncmp(name, "no_", 3) == 0) {
		for (const struct vparam *v = vparams; v->metric != NULL; v++)
			if (v->type == V_BOOL && word_in(name + 3, v->aliases)) {
				*negate = true;
				return v;
			}
	}
	return NULL;
}

/* The first whitespace token with thousands separators removed. */
static char *
first_token(const char *s)
{
	struct sbuf b = {0};
	char *r;

	while (isspace((unsigned char)*s))
		s++;
	for (; *s != '\0' && !isspace((unsigned char)*s); s++)
		if (*s != ',' || !isdigit((unsigned char)s[1]))
			sbuf_addc(&b, *s);
	/* A unicode minus (U+2212) reads as "-". */
	if (b.len >= 3 && memcmp(b.s, "\xe2\x88\x92", 3) == 0) {
		r = xstrdup(b.s + 2);
		r[0] = '-';
	} else {
		r = xstrdup(sbuf_str(&b));
	}
	sbuf_free(&b);
	return r;
}

static json_t *
number_of(const char *tok)
{
	int64_t i;
	double d;

	if (parse_i64(tok, strlen(tok), &i))
		return rec_i64(i);
	if (parse_f64(tok, strlen(tok), &d))
		return rec_num(d);
	return NULL;
}

static int
bool_word(const char *w)
{
	static const char *const yes[] = { "true", "yes", "1", "on",
	    "enabled", NULL };
	static const char *const no[] = { "false", "no", "0", "off",
	    "disabled", NULL };

	for (size_t i = 0; yes[i] != NULL; i++) {
		if (strcasecmp(w, yes[i]) == 0)
			return 1;
		if (strcasecmp(w, no[i]) == 0)
			return 0;
	}
	return -1;
}

/* true/yes/1 …, else a lone "true" or "false" inside annotation text. */
static int
bool_of(const char *text)
{
	char *tok = first_token(text), *low = xstrdup(text);
	int b = bool_word(tok), t, f;

	for (char *p = low; *p != '\0'; p++)
		*p = (char)tolower((unsigned char)*p);
	t = strstr(low, "true") != NULL;
	f = strstr(low, "false") != NULL;
	if (b < 0 && t != f)
		b = t;
	free(tok);
	free(low);
	return b;
}

/* A typed value, or NULL with *why. */
static json_t *
typed_value(enum vtype type, const char *text, bool bare, bool negate,
    const char **why)
{
	char *tok;
	json_t *v;
	int b;

	switch (type) {
	case V_STR:
		if (text[0] == '\0') {
			*why = "the value cell is empty";
			return NULL;
		}
		return json_string(text);
	case V_BOOL:
		b = text[0] == '\0' && bare ? 1 : bool_of(text);
		if (b < 0) {
			*why = "expected true or false";
			return NULL;
		}
		return json_boolean(negate ? !b : b);
	case V_INT:
	case V_NUM:
		break;
	}
	tok = first_token(text);
	v = number_of(tok);
	free(tok);
	if (v == NULL)
		*why = "expected a number as the first token";
	return v;
}

static char *
lower_dup(const char *s)
{
	char *r = xstrdup(s);

	for (char *p = r; *p != '\0'; p++)
		*p = (char)tolower((unsigned char)*p);
	return r;
}

/* ---- records ---- */

struct where {
	long		 line;
	long		 column;
	const char	*field;
	const char	*how;
};

static void
emit(struct ctx *c, const char *check, const char *metric, const char *key,
    json_t *value, const char *unit, const char *phase, const char *cls,
    const struct where *w, const char *why)
{
	json_t *r = rec_new("expect"), *scope = rec_scope_new();

	rec_set_str(r, "check", check);
	rec_set_str(r, "metric", metric);
	rec_set_str(r, "key", key);
	rec_set(r, "value", value != NULL ? value : json_null());
	rec_set_str(r, "unit", unit);
	if (phase != NULL)
		rec_scope_set(scope, "phase", phase);
	if (cls != NULL)
		rec_scope_set(scope, "class", cls);
	rec_set(r, "scope", scope);
	rec_set(r, "source", rec_source(c->doc->path, w->line, w->column,
	    w->field, w->how));
	if (value == NULL) {
		rec_set(r, "comparable", json_false());
		rec_set_str(r, "why", why);
	}
	json_array_append_new(c->out, r);
}

/* ---- the vLLM table (2a, 2b) ---- */

static const char *const vllm_headings[] = {
	"vllm pod configuration", "vllm server arguments", "real deployment",
	"pod configuration", "vllm configuration", NULL
};

static size_t
indicator_rows(const struct md_table *t)
{
	size_t n = 0;

	for (size_t i = 0; i < t->nrows; i++) {
		char *name = normalise_param(md_cell(&t->rows[i], 0));
		bool neg;

		n += find_param(name, &neg) != NULL;
		free(name);
	}
	return n;
}

static long
find_vllm_table(const struct mddoc *doc)
{
	long best = -1;
	size_t best_n = 0;

	for (size_t i = 0; i < doc->ntables; i++) {
		char *h = lower_dup(mddoc_heading(doc, doc->tables[i].heading));
		bool hit = false;

		for (size_t k = 0; vllm_headings[k] != NULL && !hit; k++)
			hit = strstr(h, vllm_headings[k]) != NULL;
		free(h);
		if (hit)
			return (long)i;
	}
	for (size_t i = 0; i < doc->ntables; i++) {
		size_t n = indicator_rows(&doc->tables[i]);

		if (n > best_n) {
			best_n = n;
			best = (long)i;
		}
	}
	return best;
}

static void
vllm_row(struct ctx *c, const struct md_row *row, const char *how)
{
	char *name = normalise_param(md_cell(row, 0));
	char *field = clean(md_cell(row, 0));
	char *text = clean(md_cell(row, 1));
	const struct vparam *p;
	const char *why = NULL;
	bool negate;
	json_t *v;
	struct where w = { row->line, md_cell_column(row, 1), field, how };

	p = find_param(name, &negate);
	if (p != NULL) {
		if (w.column == 0)
			w.column = md_cell_column(row, 0);
		v = typed_value(p->type, text, field[0] == '-', negate, &why);
		emit(c, p->check, p->metric, NULL, v, p->unit, NULL, NULL, &w,
		    why);
		if (strcmp(p->metric, "instances.count") == 0)
			c->have_instances = true;
	}
	free(name);
	free(field);
	free(text);
}

static void
vllm_table(struct ctx *c)
{
	const struct md_table *t;
	struct sbuf how = {0};

	c->vllm_table = find_vllm_table(c->doc);
	if (c->vllm_table < 0)
		return;
	t = &c->doc->tables[c->vllm_table];
	sbuf_printf(&how, "vLLM table under \"%s\": column 1 names the "
	    "parameter, column 2 is the value (numbers: first token)",
	    mddoc_heading(c->doc, t->heading));
	for (size_t i = 0; i < t->nrows; i++)
		vllm_row(c, &t->rows[i], sbuf_str(&how));
	sbuf_free(&how);
}

/* "4 instances, Qwen/Qwen3-14B on H100" under the vLLM heading, when the
 * table gave no count (AW's config.md). */
static void
prose_instances(struct ctx *c)
{
	static const char *const words[] = { "instances", "pods", "replicas",
	    NULL };
	long heading;

	if (c->have_instances || c->vllm_table < 0)
		return;
	heading = c->doc->tables[c->vllm_table].heading;
	for (size_t i = 0; i < c->doc->ntexts; i++) {
		const struct md_text *t = &c->doc->texts[i];
		char *low;

		if (t->heading != heading)
			continue;
		low = lower_dup(t->text);
		for (size_t k = 0; words[k] != NULL; k++) {
			const char *at = strstr(low, words[k]), *d;
			size_t len = strlen(words[k]);
			struct where w;

			if (at == NULL || isalnum((unsigned char)at[len]))
				continue;
			d = at;
			while (d > low && d[-1] == ' ')
				d--;
			if (d == at || d == low || !isdigit((unsigned char)d[-1]))
				continue;
			while (d > low && isdigit((unsigned char)d[-1]))
				d--;
			if (d > low && isalnum((unsigned char)d[-1]))
				continue;
			w.line = t->line;
			w.column = (long)(d - low) + 1;
			w.field = words[k];
			w.how = "prose under the vLLM heading: the number "
			    "before \"instances\"/\"pods\"/\"replicas\"";
			emit(c, "2b", "instances.count", NULL,
			    rec_i64(strtoll(d, NULL, 10)), "count", NULL, NULL,
			    &w, NULL);
			c->have_instances = true;
			free(low);
			return;
		}
		free(low);
	}
}

/* ---- BLIS and blis-observe flags (tables and run commands) ---- */

static json_t *
flag_value(const char *text)
{
	char *tok;
	json_t *v;
	int b;

	if (text[0] == '\0')
		return json_true();
	tok = first_token(text);
	v = number_of(tok);
	if (v == NULL && (b = bool_word(tok)) >= 0 && strcmp(tok, "1") &&
	    strcmp(tok, "0"))
		v = json_boolean(b);
	if (v == NULL)
		v = json_string(tok);
	free(tok);
	return v;
}

/* flag without its dashes: "num-instances". */
static void
emit_flag(struct ctx *c, bool observe, const char *flag, const char *text,
    const struct where *w)
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
	emit(c, check, sbuf_str(&metric), NULL, flag_value(text), unit, NULL,
	    NULL, w, NULL);
	if (!observe && strcmp(flag, "num-instances") == 0)
		emit(c, "2b", "instances.count", NULL, flag_value(text),
		    "count", NULL, NULL, w, NULL);
	sbuf_free(&metric);
}

static bool
has_word(const char *haystack, const char *word)
{
	char *low = lower_dup(haystack);
	bool hit = strstr(low, word) != NULL;

	free(low);
	return hit;
}

/* Tables of `--flag | value` rows under a BLIS or load-generator heading
 * (or with a "BLIS Flag" column). */
static void
flag_table(struct ctx *c, const struct md_table *t)
{
	const char *heading = mddoc_heading(c->doc, t->heading);
	bool observe = has_word(heading, "observe") ||
	    has_word(heading, "load generator");
	bool blis = has_word(heading, "blis") ||
	    md_table_column(t, "BLIS Flag") >= 0;
	long vcol = md_table_column(t, "Value");
	struct sbuf how = {0};

	if (!observe && !blis)
		return;
	sbuf_printf(&how, "%s flags table under \"%s\": the --flag cell and "
	    "the %s", observe ? "blis observe" : "BLIS", heading, vcol >= 0 ?
	    "Value column (first token)" : "next cell (first token)");
	for (size_t i = 0; i < t->nrows; i++) {
		const struct md_row *row = &t->rows[i];

		for (size_t k = 0; k < row->n; k++) {
			char *cell = clean(row->cells[k].text);
			size_t vc = vcol >= 0 && (size_t)vcol != k ?
			    (size_t)vcol : k + 1;
			char *text;
			struct where w;

			if (strncmp(cell, "--", 2) != 0) {
				free(cell);
				continue;
			}
			text = clean(md_cell(row, vc));
			w.line = row->line;
			w.column = md_cell_column(row, vc) ?
			    md_cell_column(row, vc) : row->cells[k].column;
			w.field = cell;
			w.how = sbuf_str(&how);
			emit_flag(c, observe, cell + 2, text, &w);
			free(text);
			free(cell);
			break;
		}
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

		while (i < n && isspace((unsigned char)s[i]))
			i++;
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
		t->v = xreallocarray(t->v, t->n + 1, sizeof(*t->v));
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
command_flags(struct ctx *c, const struct toks *t)
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
		struct where w;

		if (strncmp(f, "--", 2) != 0)
			continue;
		eq = strchr(f, '=');
		w.line = t->v[i].line;
		w.column = t->v[i].column;
		w.how = observe ? "fenced `blis observe` command: --flag value" :
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

static void
fence_commands(struct ctx *c, const struct md_fence *f)
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
	else if ((v = number_of(tok)) == NULL)
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
log_pair(struct ctx *c, const char *key, const char *val, size_t vn,
    long line, long column, const char *how)
{
	char *name = normalise_param(key);
	const struct vparam *p;
	bool negate;
	struct where w = { line, column, key, how };

	p = find_param(name, &negate);
	free(name);
	/* Log lines never carry pod counts. */
	if (p == NULL || strcmp(p->metric, "instances.count") == 0)
		return;
	emit(c, p->check, p->metric, NULL, py_value(val, vn), p->unit, NULL,
	    NULL, &w, NULL);
}

static size_t
skip_space(const char *s, size_t i, size_t n)
{
	while (i < n && isspace((unsigned char)s[i]))
		i++;
	return i;
}

/* {'block_size': 64, 'gpu_memory_utilization': 0.95, …} */
static void
log_dict(struct ctx *c, const char *s, size_t n, size_t i, long line,
    long col0)
{
	const char *how = "vLLM log line quoted in the file: a key of the "
	    "non-default args dict";

	for (i++; i < n;) {
		char q, *key;
		size_t ks, ke, vs, ve;

		i = skip_space(s, i, n);
		if (i >= n || s[i] == '}')
			return;
		q = s[i];
		if (q != '\'' && q != '"')
			return;
		ks = ++i;
		while (i < n && s[i] != q)
			i++;
		ke = i++;
		i = skip_space(s, i, n);
		if (i >= n || s[i] != ':')
			return;
		vs = skip_space(s, i + 1, n);
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
log_kvs(struct ctx *c, const char *s, size_t n, long line, long col0)
{
	const char *how = "vLLM log line quoted in the file: key=value of the "
	    "engine configuration";
	size_t i = 0;

	while (i < n) {
		size_t ks, ke, vs, ve;
		char *key;

		i = skip_space(s, i, n);
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

static void
fence_log(struct ctx *c, const struct md_fence *f)
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
				while (memcmp(p + from, "with config:", 12) != 0)
					from++;
				from += 12;
			}
			log_kvs(c, p + from, n - from, line,
			    f->indent + (long)from);
		}
		p = nl != NULL ? nl + 1 : end;
	}
}

/* ---- EPP configs, priority bands and tiers ---- */

static bool
starts_word(const char *s, const char *w)
{
	size_t n = strlen(w);

	return strncmp(s, w, n) == 0 && !isalnum((unsigned char)s[n]);
}

static const char *const arms[] = { "baseline", "treatment", "control", NULL };

static const char *
arm_at(const char *s)
{
	for (size_t k = 0; arms[k] != NULL; k++)
		if (starts_word(s, arms[k]))
			return arms[k];
	return NULL;
}

const char *
configexp_phase(const char *heading)
{
	char *h = lower_dup(heading);
	const char *arm = NULL, *p;

	/* "EPP Configuration — X", "EPP Configuration (X)". */
	if ((p = strstr(h, "epp configuration")) != NULL) {
		p += strlen("epp configuration");
		for (;;) {
			if (*p == ' ' || *p == '(' || *p == '-' || *p == ':')
				p++;
			else if (strncmp(p, "\xe2\x80\x94", 3) == 0 ||
			    strncmp(p, "\xe2\x80\x93", 3) == 0)
				p += 3;
			else
				break;
		}
		arm = arm_at(p);
	}
	if (arm == NULL)
		arm = arm_at(h);
	for (p = h; arm == NULL && (p = strchr(p, '(')) != NULL; p++)
		arm = arm_at(p + 1);
	for (p = h; arm == NULL && *p != '\0'; p++)
		if (p == h || !isalnum((unsigned char)p[-1]))
			arm = arm_at(p);
	free(h);
	return arm;
}

static void
emit_entry(struct ctx *c, const char *kind, const char *check,
    const char *metric, const char *key, const struct epp_entry *e,
    const char *phase, const char *cls, const char *field, const char *how)
{
	json_t *v = e->value;
	json_t *r = rec_new(kind), *scope = rec_scope_new();

	rec_set_str(r, "check", check);
	rec_set_str(r, "metric", metric);
	rec_set_str(r, "key", key);
	/* Record values are scalars: lists and maps as compact JSON text. */
	if (json_is_object(v) || json_is_array(v)) {
		char *text = json_dumps(v, JSON_COMPACT | JSON_ENSURE_ASCII);

		rec_set_str(r, "value", text);
		free(text);
	} else {
		json_object_set(r, "value", v);
	}
	if (phase != NULL)
		rec_scope_set(scope, "phase", phase);
	if (cls != NULL)
		rec_scope_set(scope, "class", cls);
	rec_set(r, "scope", scope);
	rec_set(r, "source", rec_source(e->file, e->line, e->column, field,
	    how));
	json_array_append_new(c->out, r);
}

/* Every pluginRef is in its profile; scorers also have a weight. */
static void
profile_records(struct ctx *c, const char *kind, const struct epp_entry *e,
    const char *phase, const char *field, const char *how)
{
	struct epp_entry in = *e;

	if (e->item[strlen(e->item) - 1] == '/')
		return;		/* a profile without plugins */
	in.value = json_true();
	emit_entry(c, kind, "4a", "epp.profile.plugin", e->item, &in, phase,
	    NULL, field, how);
	json_decref(in.value);
	if (!json_is_null(e->value))
		emit_entry(c, kind, "4a", "epp.scorer.weight", e->item, e,
		    phase, NULL, field, how);
}

static int
line_cmp(const void *x, const void *y)
{
	const json_t *a = *(json_t *const *)x, *b = *(json_t *const *)y;
	const json_t *sa = json_object_get(a, "source");
	const json_t *sb = json_object_get(b, "source");
	json_int_t la = json_integer_value(json_object_get(sa, "line"));
	json_int_t lb = json_integer_value(json_object_get(sb, "line"));
	json_int_t ca = json_integer_value(json_object_get(sa, "column"));
	json_int_t cb = json_integer_value(json_object_get(sb, "column"));
	int d = strcmp(rec_get_str(sa, "file"), rec_get_str(sb, "file"));

	if (d != 0)
		return d;
	if (la != lb)
		return la < lb ? -1 : 1;
	if (ca != cb)
		return ca < cb ? -1 : 1;
	return strcmp(rec_get_str(a, "metric"), rec_get_str(b, "metric"));
}

/* Appends recs[from…] to out in file, line, column order. */
static void
sorted_append(json_t *out, json_t *recs)
{
	size_t n = json_array_size(recs);
	json_t **v = xreallocarray(NULL, n ? n : 1, sizeof(*v));

	for (size_t i = 0; i < n; i++)
		v[i] = json_array_get(recs, i);
	qsort(v, n, sizeof(*v), line_cmp);
	for (size_t i = 0; i < n; i++)
		json_array_append(out, v[i]);
	free(v);
}

static void
epp_section_records(struct ctx *c, const struct eppcfg *cfg,
    const char *kind, const char *phase, const char *how)
{
	struct sbuf key = {0}, field = {0};
	json_t *out = c->out;

	c->out = json_array();
	for (int s = 0; s < EPP_NSECTIONS; s++) {
		const struct epp_sec *sec = &cfg->sec[s];

		for (size_t i = 0; i < sec->n; i++) {
			const struct epp_entry *e = &sec->v[i];

			sbuf_reset(&key);
			sbuf_reset(&field);
			sbuf_printf(&field, "%s[%s]%s%s", epp_section_names[s],
			    e->item, e->path[0] != '\0' ? "." : "", e->path);
			switch (s) {
			case EPP_FEATURE_GATES:
				emit_entry(c, kind, "2d", "epp.feature_gate",
				    e->item, e, phase, NULL, sbuf_str(&field),
				    how);
				break;
			case EPP_PLUGINS:
				if (strcmp(e->path, "type") == 0)
					emit_entry(c, kind, "2d", "epp.plugin",
					    e->item, e, phase, NULL,
					    sbuf_str(&field), how);
				if (strncmp(e->path, "parameters.", 11) != 0)
					break;
				sbuf_printf(&key, "%s.%s", e->item,
				    e->path + 11);
				emit_entry(c, kind, "4c", "epp.plugin.parameter",
				    sbuf_str(&key), e, phase, NULL,
				    sbuf_str(&field), how);
				break;
			case EPP_PROFILES:
				profile_records(c, kind, e, phase,
				    sbuf_str(&field), how);
				break;
			case EPP_OBJECTIVES:
				emit_entry(c, kind, "2d", "priority.tier", NULL,
				    e, phase, e->item, sbuf_str(&field), how);
				break;
			case EPP_FLOW_CONTROL:
			case EPP_SATURATION:
			case EPP_CHART:
				if (e->path[0] == '\0' && !json_is_object(
				    e->value) && !json_is_array(e->value))
					sbuf_adds(&key, e->item);
				else if (e->path[0] != '\0')
					sbuf_printf(&key, "%s%s%s", e->item,
					    e->path[0] == '[' ? "" : ".",
					    e->path);
				else
					break;
				emit_entry(c, kind, s == EPP_SATURATION ? "3c" :
				    "2d", s == EPP_FLOW_CONTROL ?
				    "epp.flow_control" : s == EPP_SATURATION ?
				    "epp.saturation_detector" : "epp.chart",
				    sbuf_str(&key), e, phase, NULL,
				    sbuf_str(&field), how);
				break;
			default:
				break;
			}
		}
	}
	sbuf_free(&key);
	sbuf_free(&field);
	sorted_append(out, c->out);
	json_decref(c->out);
	c->out = out;
}

void
configexp_epp(json_t *out, const struct eppcfg *cfg, const char *kind,
    const char *phase, const char *how)
{
	struct ctx c = { out, NULL, -1, false };

	epp_section_records(&c, cfg, kind, phase, how);
}

static void
fence_yaml(struct ctx *c, const struct md_fence *f)
{
	struct epp_text src = { c->doc->path, f->body, f->len,
	    f->body_line - 1, f->indent };
	const char *heading = mddoc_heading(c->doc, f->heading);
	struct yerror yerr;
	struct epperror err;
	struct ydoc *doc;
	struct eppcfg *cfg;
	bool any = false;
	struct sbuf how = {0};

	doc = ydoc_load_buf(c->doc->path, f->body, f->len, src.line_offset,
	    &yerr);
	if (doc == NULL)
		s2r_die_at(c->doc->path, yerr.line, yerr.column + f->indent,
		    "fenced YAML block (opened at line %ld): %s", f->line,
		    yerr.msg);
	for (size_t i = 0; i < doc->ndocs; i++)
		any |= eppcfg_recognises(doc->docs[i]);
	if (!any) {
		ydoc_free(doc);
		return;
	}
	cfg = eppcfg_from_doc(doc, &src, &err);
	ydoc_free(doc);
	if (cfg == NULL)
		s2r_die_at(c->doc->path, err.line, err.column, "%s", err.msg);
	sbuf_printf(&how, "fenced YAML (%s) under \"%s\"", cfg->shape,
	    heading);
	epp_section_records(c, cfg, "expect", configexp_phase(heading),
	    sbuf_str(&how));
	sbuf_free(&how);
	eppcfg_free(cfg);
}

static long
first_column(const struct md_table *t, const char *const *names)
{
	for (size_t i = 0; names[i] != NULL; i++) {
		long col = md_table_column(t, names[i]);

		if (col >= 0)
			return col;
	}
	return -1;
}

/* | Tier | Priority | … | (README) or | Name | Priority | (bands). */
static void
tier_table(struct ctx *c, const struct md_table *t)
{
	static const char *const names[] = { "Tier", "Class", "SLO Class",
	    "Name", "Objective", "Band", NULL };
	static const char *const prios[] = { "Priority", NULL };
	long ncol = first_column(t, names), pcol = first_column(t, prios);
	struct sbuf how = {0};

	if (ncol < 0 || pcol < 0)
		return;
	sbuf_printf(&how, "priority table under \"%s\": the %s and Priority "
	    "columns", mddoc_heading(c->doc, t->heading),
	    t->head.cells[ncol].text);
	for (size_t i = 0; i < t->nrows; i++) {
		const struct md_row *row = &t->rows[i];
		char *cls = clean(md_cell(row, (size_t)ncol));
		char *text = clean(md_cell(row, (size_t)pcol));
		char *tok = first_token(text);
		struct where w = { row->line, md_cell_column(row, (size_t)pcol),
		    "Priority", sbuf_str(&how) };
		json_t *v = number_of(tok);

		if (cls[0] != '\0')
			emit(c, "4d", "priority.tier", NULL, v, NULL, NULL, cls,
			    &w, "expected an integer priority");
		else
			json_decref(v);
		free(cls);
		free(text);
		free(tok);
	}
	sbuf_free(&how);
}

/* GAIE admission thresholds rows: "QD threshold | 5", "KV threshold". */
static void
threshold_rows(struct ctx *c, const struct md_table *t)
{
	long vcol = md_table_column(t, "Value");
	struct sbuf how = {0};

	sbuf_printf(&how, "threshold row of the table under \"%s\"",
	    mddoc_heading(c->doc, t->heading));
	for (size_t i = 0; i < t->nrows; i++) {
		const struct md_row *row = &t->rows[i];
		char *name = normalise_param(md_cell(row, 0));
		const char *metric = NULL;
		size_t vc = vcol > 0 ? (size_t)vcol : 1;

		/* "--queue-depth-threshold" is a BLIS flag, read as one. */
		if (strncmp(md_cell(row, 0), "`--", 3) == 0 ||
		    strncmp(md_cell(row, 0), "--", 2) == 0) {
			free(name);
			continue;
		}
		if (word_in(name, "qd_threshold queue_depth_threshold "
		    "queuedepththreshold"))
			metric = "admission.queue_depth_threshold";
		else if (word_in(name, "kv_threshold kv_cache_util_threshold "
		    "kvcacheutilthreshold kv_utilization_threshold"))
			metric = "admission.kv_cache_util_threshold";
		if (metric != NULL) {
			char *field = clean(md_cell(row, 0));
			char *text = clean(md_cell(row, vc));
			char *tok = first_token(text);
			struct where w = { row->line, md_cell_column(row, vc),
			    field, sbuf_str(&how) };

			emit(c, "3c", metric, NULL, number_of(tok), NULL, NULL,
			    NULL, &w, "expected a number");
			free(field);
			free(text);
			free(tok);
		}
		free(name);
	}
	sbuf_free(&how);
}

static bool
is_yaml_lang(const char *lang)
{
	return strcmp(lang, "yaml") == 0 || strcmp(lang, "yml") == 0;
}

static bool
is_shell_lang(const char *lang)
{
	static const char *const shells[] = { "", "bash", "sh", "shell",
	    "console", "zsh", "text", NULL };

	for (size_t i = 0; shells[i] != NULL; i++)
		if (strcmp(lang, shells[i]) == 0)
			return true;
	return false;
}

static void
fence_records(struct ctx *c, const struct md_fence *f)
{
	if (is_yaml_lang(f->lang)) {
		fence_yaml(c, f);
		return;
	}
	if (is_shell_lang(f->lang))
		fence_commands(c, f);
	if (strcmp(f->lang, "") == 0 || strcmp(f->lang, "text") == 0 ||
	    strcmp(f->lang, "log") == 0 || strcmp(f->lang, "console") == 0)
		fence_log(c, f);
}

static void
table_records(struct ctx *c, size_t i)
{
	if ((long)i == c->vllm_table)
		return;
	flag_table(c, &c->doc->tables[i]);
	tier_table(c, &c->doc->tables[i]);
	threshold_rows(c, &c->doc->tables[i]);
}

/* The vLLM table first (the other rules need to know which it is), then
 * fences and tables in document order. */
void
configexp_doc(json_t *out, const struct mddoc *doc)
{
	struct ctx c = { out, doc, -1, false };
	size_t fi = 0, ti = 0;

	vllm_table(&c);
	prose_instances(&c);
	while (fi < doc->nfences || ti < doc->ntables) {
		if (ti >= doc->ntables || (fi < doc->nfences &&
		    doc->fences[fi].line < doc->tables[ti].head.line))
			fence_records(&c, &doc->fences[fi++]);
		else
			table_records(&c, ti++);
	}
}

/* ---- conflicts ---- */

static char *
group_key(const json_t *r)
{
	const char *key = rec_get_str(r, "key");
	char *scope = rec_scope_key(json_object_get(r, "scope"));
	struct sbuf b = {0};
	char *s;

	sbuf_printf(&b, "%s|%s|%s", rec_get_str(r, "metric"),
	    key != NULL ? key : "", scope);
	free(scope);
	s = xstrdup(sbuf_str(&b));
	sbuf_free(&b);
	return s;
}

static bool
judged(const json_t *r)
{
	const char *kind = rec_get_str(r, "kind");
	const char *metric = rec_get_str(r, "metric");

	return kind != NULL && strcmp(kind, "expect") == 0 && metric != NULL &&
	    strcmp(metric, "config.conflict") != 0 &&
	    !json_is_false(json_object_get(r, "comparable"));
}

static json_t *
conflict_record(const json_t *out, size_t first, const char *gkey)
{
	const json_t *r0 = json_array_get(out, first);
	json_t *rec = rec_new("expect"), *values = json_array();
	struct sbuf how = {0};
	size_t i;
	json_t *r;

	sbuf_adds(&how, "one value, given differently:");
	json_array_foreach(out, i, r) {
		json_t *v;
		char *k, *text;
		const json_t *src;

		if (i < first || !judged(r))
			continue;
		k = group_key(r);
		if (strcmp(k, gkey) == 0) {
			v = json_object();
			src = json_object_get(r, "source");
			json_object_set_new(v, "value",
			    json_deep_copy(json_object_get(r, "value")));
			json_object_set_new(v, "source", json_deep_copy(src));
			json_array_append(values, v);
			text = json_dumps(json_object_get(r, "value"),
			    JSON_ENCODE_ANY | JSON_COMPACT);
			sbuf_printf(&how, "%s %s (%s:%lld)",
			    json_array_size(values) > 1 ? "," : "", text,
			    rec_get_str(src, "file"), (long long)
			    json_integer_value(json_object_get(src, "line")));
			free(text);
			json_decref(v);
		}
		free(k);
	}
	rec_set_str(rec, "check", rec_get_str(r0, "check"));
	rec_set_str(rec, "metric", "config.conflict");
	rec_set_str(rec, "key", rec_get_str(r0, "key"));
	rec_set_str(rec, "value", rec_get_str(r0, "metric"));
	rec_set(rec, "scope", json_deep_copy(json_object_get(r0, "scope")));
	rec_set(rec, "values", values);
	{
		const json_t *s0 = json_object_get(r0, "source");

		rec_set(rec, "source", rec_source(rec_get_str(s0, "file"),
		    (long)json_integer_value(json_object_get(s0, "line")), 0,
		    rec_get_str(r0, "metric"), sbuf_str(&how)));
	}
	sbuf_free(&how);
	return rec;
}

void
configexp_conflicts(json_t *out)
{
	size_t n = json_array_size(out);
	struct strv seen = {0};
	json_t *found = json_array();

	for (size_t i = 0; i < n; i++) {
		const json_t *r = json_array_get(out, i);
		char *k;
		bool differs = false;

		if (!judged(r))
			continue;
		k = group_key(r);
		if (strv_find(&seen, k) >= 0) {
			free(k);
			continue;
		}
		strv_add(&seen, k);
		for (size_t j = i + 1; j < n && !differs; j++) {
			const json_t *o = json_array_get(out, j);
			char *ko;

			if (!judged(o))
				continue;
			ko = group_key(o);
			differs = strcmp(ko, k) == 0 &&
			    !json_equal(json_object_get(r, "value"),
			    json_object_get(o, "value"));
			free(ko);
		}
		if (differs)
			json_array_append_new(found, conflict_record(out, i, k));
		free(k);
	}
	json_array_extend(out, found);
	json_decref(found);
	strv_free(&seen);
}

void
configexp_file(json_t *out, const char *path, const char *label)
{
	size_t len;
	char *buf = md_read_file(path, &len);
	struct mderror err;
	struct mddoc *doc = mddoc_parse(label, buf, len, &err);

	free(buf);
	if (doc == NULL)
		s2r_die_at(label, err.line, err.column, "%s", err.msg);
	configexp_doc(out, doc);
	mddoc_free(doc);
}

int
configexp_bundle(json_t *out, const char *dir)
{
	static const char *const names[] = { "config.md", "README.md", NULL };
	struct sbuf path = {0};
	int found = 0;

	for (size_t i = 0; names[i] != NULL; i++) {
		struct stat st;

		sbuf_reset(&path);
		sbuf_printf(&path, "%s/%s", dir, names[i]);
		if (stat(sbuf_str(&path), &st) != 0)
			continue;
		configexp_file(out, sbuf_str(&path), names[i]);
		found++;
	}
	sbuf_free(&path);
	return found;
}
