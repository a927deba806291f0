/* vllmlog.c - reads vLLM server logs (formats.md §4) into measure records.
 *
 * Lines look like
 *   (APIServer pid=1) (EngineCore_DP0 pid=437) INFO 04-23 14:08:49 [f.py:1] msg
 * (zero or more process tags, then vLLM's own header), or uvicorn's
 *   (APIServer pid=1) INFO:     10.0.0.1:0 - "POST /v1/completions HTTP/1.1" 200 OK
 * interleaved with anything else (tqdm, NCCL, Python warnings).  Nothing
 * relies on the [file.py:NNN] location: it moves between versions. */
#define _GNU_SOURCE	/* memmem */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "pyrepr.h"
#include "rec.h"
#include "str.h"
#include "vllmlog.h"

/* Distinct (metric, field, value) sightings kept per log; more is
 * adversarial input and only counted. */
#define VLLM_MAX_OBS	4096
/* Distinct access-log (endpoint, status) pairs kept per log. */
#define VLLM_MAX_ACCESS	256

const char *const vllm_pattern_names[VP_NPATTERNS] = {
	"ERROR", "WARNING", "CRITICAL", "oom", "cuda_error", "timeout",
	"traceback", "engine_dead"
};

/* ---------------------------------------------------------------- */
/* line reader */

bool
logreader_open(struct logreader *r, const char *path)
{
	memset(r, 0, sizeof(*r));
	if (strcmp(path, "-") == 0)
		r->fd = STDIN_FILENO;
	else if ((r->fd = open(path, O_RDONLY)) < 0)
		return false;
	/* Room for one capped line plus a read's worth after it. */
	r->cap = LOG_MAX_LINE + 256 * 1024;
	r->buf = xmalloc(r->cap);
	return true;
}

/* Reads more after moving unread data to the front; false at EOF. */
static bool
fill(struct logreader *r)
{
	ssize_t got;

	if (r->eof)
		return false;
	if (r->start > 0) {
		memmove(r->buf, r->buf + r->start, r->end - r->start);
		r->end -= r->start;
		r->start = 0;
	}
	if (r->end == r->cap)
		return true;	/* full: the caller handles the long line */
	do
		got = read(r->fd, r->buf + r->end, r->cap - r->end);
	while (got < 0 && errno == EINTR);
	if (got < 0)
		s2r_die("read error: %s", strerror(errno));
	if (got == 0) {
		r->eof = true;
		return false;
	}
	r->end += (size_t)got;
	return true;
}

/* Drops input up to and including the next newline. */
static void
skip_rest_of_line(struct logreader *r)
{
	for (;;) {
		char *nl = memchr(r->buf + r->start, '\n', r->end - r->start);

		if (nl != NULL) {
			r->start = (size_t)(nl - r->buf) + 1;
			return;
		}
		r->start = r->end = 0;
		if (!fill(r))
			return;
	}
}

/* The next line, or an overlong one as line NULL; false at EOF. */
static bool
next_raw(struct logreader *r, const char **line, size_t *len)
{
	size_t scanned = 0;
	char *nl;

	for (;;) {
		char *from = r->buf + r->start + scanned;

		nl = memchr(from, '\n', r->end - r->start - scanned);
		if (nl != NULL)
			break;
		scanned = r->end - r->start;
		if (scanned > LOG_MAX_LINE) {
			/* Drop the whole line: its head is not worth the
			 * memory, and its text is not trusted anyway. */
			*line = NULL;
			r->lineno++;
			r->start += scanned;
			skip_rest_of_line(r);
			return true;
		}
		if (!fill(r)) {
			if (r->end == r->start)
				return false;
			/* The last line has no newline: a cut file? */
			r->no_newline = true;
			*line = r->buf + r->start;
			*len = r->end - r->start;
			r->start = r->end;
			r->lineno++;
			if (*len > LOG_MAX_LINE)
				*line = NULL;
			return true;
		}
	}
	*line = r->buf + r->start;
	*len = (size_t)(nl - *line);
	r->start += *len + 1;
	r->lineno++;
	if (*len > LOG_MAX_LINE) {
		/* Fitted the buffer's slack, still over the limit. */
		*line = NULL;
		return true;
	}
	if (*len > 0 && (*line)[*len - 1] == '\r')
		(*len)--;
	return true;
}

bool
logreader_next(struct logreader *r, struct logwarn *w, const char **line,
    size_t *len)
{
	while (next_raw(r, line, len)) {
		if (*line != NULL)
			return true;
		r->overlong++;
		logwarn(w, WARN_OVERLONG, r->lineno, LOG_MAX_LINE, "expected a "
		    "line of at most %d bytes, got a longer one (skipped)",
		    LOG_MAX_LINE);
	}
	return false;
}

void
logreader_close(struct logreader *r)
{
	if (r->fd > STDIN_FILENO)
		close(r->fd);
	free(r->buf);
	r->buf = NULL;
}

/* ---------------------------------------------------------------- */
/* line checks and warnings */

/* Length of a valid UTF-8 sequence at s, 0 if invalid. */
static size_t
utf8_seq(const unsigned char *s, size_t n)
{
	size_t need;
	uint32_t cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		need = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		need = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		need = 4, cp = s[0] & 0x07;
	else
		return 0;
	if (n < need)
		return 0;
	for (size_t k = 1; k < need; k++) {
		if ((s[k] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[k] & 0x3f);
	}
	if ((need == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
	    (need == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return 0;
	return need;
}

/* Offset of the first NUL or invalid UTF-8 byte, n if none; *binary
 * says which. */
static size_t
first_flaw(const char *s, size_t n, bool *binary)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;

	*binary = false;
	while (i < n) {
		size_t len;

		/* ASCII runs are the common case: 8 bytes at a time. */
		while (i + 8 <= n) {
			uint64_t w;

			memcpy(&w, u + i, 8);
			if ((w & 0x8080808080808080ULL) != 0 ||
			    ((w - 0x0101010101010101ULL) & ~w &
			    0x8080808080808080ULL) != 0)
				break;
			i += 8;
		}
		if (i >= n)
			break;
		if (u[i] == 0) {
			*binary = true;
			return i;
		}
		if ((len = utf8_seq(u + i, n - i)) == 0)
			return i;
		i += len;
	}
	return n;
}

enum line_flaw
line_check(const char *s, size_t n)
{
	bool binary;

	if (first_flaw(s, n, &binary) == n)
		return LINE_OK;
	return binary ? LINE_BINARY : LINE_INVALID_UTF8;
}

long
line_flaw_column(const char *s, size_t n)
{
	bool binary;

	return (long)first_flaw(s, n, &binary) + 1;
}

void
logwarn(struct logwarn *w, int kind, long line, long column,
    const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	if (w->count[kind]++ >= LOG_MAX_WARN)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	s2r_warn_at(w->file, line, column, "%s", msg);
}

void
logwarn_done(struct logwarn *w)
{
	static const char *const what[WARN_NKINDS] = {
		"over-long lines", "binary lines", "invalid UTF-8 lines",
		"unparsable lines"
	};

	for (int k = 0; k < WARN_NKINDS; k++)
		if (w->count[k] > LOG_MAX_WARN)
			s2r_warn_at(w->file, 0, 0, "%ld more %s not shown",
			    w->count[k] - LOG_MAX_WARN, what[k]);
}

/* ---------------------------------------------------------------- */
/* records */

json_t *
logrec_new(const char *check, const char *metric, json_t *value,
    const char *unit, long n)
{
	json_t *rec = rec_new("measure");

	rec_set_str(rec, "check", check);
	rec_set_str(rec, "metric", metric);
	rec_set(rec, "value", value != NULL ? value : json_null());
	rec_set_str(rec, "unit", unit);
	if (n >= 0)
		rec_set_i64(rec, "n", n);
	return rec;
}

void
logrec_emit(const struct logctx *ctx, json_t *rec, const char *inst,
    const char *key, const char *value, json_t *source)
{
	json_t *scope = rec_scope_new();

	rec_scope_set(scope, "phase", ctx->phase);
	rec_scope_set(scope, "workload", ctx->workload);
	rec_scope_set(scope, "iteration", ctx->iteration);
	rec_scope_set(scope, "instance", inst);
	if (key != NULL)
		rec_scope_set(scope, key, value);
	rec_set(rec, "scope", scope);
	rec_set(rec, "source", source);
	rec_emit(ctx->out, rec);
}

static void
metric_part(struct sbuf *b, const char *s)
{
	size_t start = b->len;

	for (; *s != '\0'; s++) {
		if (isalnum((unsigned char)*s) || *s == '_')
			sbuf_addc(b, *s);
		else if (*s == '-' && isdigit((unsigned char)s[1]))
			sbuf_addc(b, 'm');
		else if (b->len > start && b->s[b->len - 1] != '_')
			sbuf_addc(b, '_');
	}
	while (b->len > start && b->s[b->len - 1] == '_')
		b->s[--b->len] = '\0';
	if (b->len == start)
		sbuf_adds(b, "none");
}

void
logrec_metric(char *buf, size_t len, const char *prefix, const char *part1,
    const char *part2)
{
	struct sbuf b = {0};

	sbuf_adds(&b, prefix);
	sbuf_addc(&b, '.');
	metric_part(&b, part1);
	if (part2 != NULL) {
		sbuf_addc(&b, '.');
		metric_part(&b, part2);
	}
	snprintf(buf, len, "%s", b.s);
	sbuf_free(&b);
}

json_t *
logrec_text(const char *s, size_t n, size_t max)
{
	struct sbuf b = {0};
	json_t *v;

	if (n > max)
		n = max;
	/* Keep whole UTF-8 sequences, '?' for anything else odd. */
	for (size_t i = 0; i < n;) {
		size_t len = utf8_seq((const unsigned char *)s + i, n - i);

		if (len == 0 || s[i] == '\0' ||
		    ((unsigned char)s[i] < 0x20 && s[i] != '\t')) {
			sbuf_addc(&b, '?');
			i++;
			continue;
		}
		sbuf_add(&b, s + i, len);
		i += len;
	}
	v = json_string(sbuf_str(&b));
	sbuf_free(&b);
	return v != NULL ? v : json_string("");
}

/* ---------------------------------------------------------------- */
/* small text helpers over (pointer, end) */

/* memchr for one byte of the needle, then memcmp: log lines are short,
 * and memmem's set-up cost per call dominated the profile on them.  The
 * byte searched for is the needle's first that is not a space, since
 * spaces are everywhere in a log line. */
static inline const char *
find(const char *s, const char *end, const char *needle)
{
	size_t n = strlen(needle), k = 0;
	const char *p, *last;

	if (n == 0)
		return s;
	if (end - s < (ptrdiff_t)n)
		return NULL;
	while (k + 1 < n && needle[k] == ' ')
		k++;
	last = end - n;		/* the last possible start */
	for (p = s + k; p <= last + k; p++) {
		p = memchr(p, needle[k], (size_t)(last + k - p) + 1);
		if (p == NULL)
			return NULL;
		if (memcmp(p - k, needle, n) == 0)
			return p - k;
	}
	return NULL;
}

static inline bool
starts(const char *s, const char *end, const char *prefix)
{
	size_t n = strlen(prefix);

	/* The first byte rules out nearly every candidate: skip memcmp. */
	return (size_t)(end - s) >= n && (n == 0 || (*s == *prefix &&
	    memcmp(s, prefix, n) == 0));
}

/* "198,208" -> 198208; the digits and commas at s. */
static bool
parse_grouped(const char *s, const char *end, int64_t *out,
    const char **stop)
{
	char digits[32];
	size_t n = 0;

	for (; s < end && (isdigit((unsigned char)*s) || *s == ','); s++) {
		if (*s == ',')
			continue;
		if (n + 1 >= sizeof(digits))
			return false;
		digits[n++] = *s;
	}
	*stop = s;
	return n > 0 && parse_i64(digits, n, out);
}

/* A decimal number at s (no sign), up to the first other byte. */
static bool
parse_num_at(const char *s, const char *end, double *out,
    const char **stop)
{
	const char *p = s;

	while (p < end && (isdigit((unsigned char)*p) || *p == '.'))
		p++;
	*stop = p;
	return p > s && parse_f64(s, (size_t)(p - s), out);
}

/* ---------------------------------------------------------------- */
/* observations */

static void
add_obs(struct vllmlog *v, const char *metric, const char *check,
    const char *unit, json_t *value, long line, const char *field,
    const char *how, int rank)
{
	struct vobs *o;

	for (size_t k = 0; k < v->nobs; k++) {
		o = &v->obs[k];
		/* The same statement again (a restart): the first is enough. */
		if (strcmp(o->metric, metric) == 0 &&
		    strcmp(o->field, field) == 0 &&
		    json_equal(o->value, value)) {
			json_decref(value);
			return;
		}
	}
	if (v->nobs >= VLLM_MAX_OBS) {
		json_decref(value);
		return;
	}
	if (v->nobs == v->capobs) {
		v->capobs = v->capobs ? v->capobs * 2 : 64;
		v->obs = xreallocarray(v->obs, v->capobs, sizeof(*v->obs));
	}
	o = &v->obs[v->nobs++];
	o->metric = xstrdup(metric);
	o->check = check;
	o->unit = unit;
	o->value = value;
	o->line = line;
	o->field = xstrdup(field);
	o->how = how;
	o->rank = rank;
}

/* Parameters whose source of truth is the engine config line, under the
 * name the checks use. */
static const struct {
	const char	*key;
	const char	*param;
	const char	*unit;
} engine_keys[] = {
	{"model", "model", NULL},
	{"tokenizer", "tokenizer", NULL},
	{"dtype", "dtype", NULL},
	{"max_seq_len", "max_model_len", "tokens"},
	{"tensor_parallel_size", "tensor_parallel_size", NULL},
	{"pipeline_parallel_size", "pipeline_parallel_size", NULL},
	{"data_parallel_size", "data_parallel_size", NULL},
	{"decode_context_parallel_size", "decode_context_parallel_size",
	    NULL},
	{"quantization", "quantization", NULL},
	{"enforce_eager", "enforce_eager", NULL},
	{"kv_cache_dtype", "kv_cache_dtype", NULL},
	{"device_config", "device_config", NULL},
	{"seed", "seed", NULL},
	{"served_model_name", "served_model_name", NULL},
	{"enable_prefix_caching", "enable_prefix_caching", NULL},
	{"enable_chunked_prefill", "enable_chunked_prefill", NULL},
	{"speculative_config", "speculative_config", NULL},
	{NULL, NULL, NULL}
};

static const char *
param_unit(const char *param)
{
	if (strcmp(param, "max_model_len") == 0 ||
	    strcmp(param, "max_num_batched_tokens") == 0 ||
	    strcmp(param, "block_size") == 0)
		return "tokens";
	if (strcmp(param, "gpu_memory_utilization") == 0)
		return "fraction";
	return NULL;
}

#define HOW_NONDEFAULT "the 'non-default args' line (Python dict repr)"
#define HOW_ENGINE "the 'Initializing a V1 LLM engine ... with config:' line"
#define HOW_DEFAULT "absent from non-default args and the engine config " \
	"line: vLLM's default (0.9 in every version read)"

/* A repr value as a record value: scalars as they are, a one-element
 * list as its element (served_model_name), anything else as text. */
static json_t *
scalar_of(json_t *v)
{
	if (json_is_array(v) && json_array_size(v) == 1 &&
	    !json_is_object(json_array_get(v, 0)) &&
	    !json_is_array(json_array_get(v, 0)))
		return json_incref(json_array_get(v, 0));
	if (json_is_array(v) || json_is_object(v)) {
		char *text = pyrepr_text(v);
		json_t *s = json_string(text);

		free(text);
		return s;
	}
	return json_incref(v);
}

/* One non-default arg; object reprs and dicts one level down as
 * vllm.<arg>.<field>. */
static void
nondefault_arg(struct vllmlog *v, const char *key, json_t *val, long line)
{
	char metric[256], field[256];
	const char *sub;
	json_t *x;

	snprintf(metric, sizeof(metric), "vllm.%s", key);
	if (!json_is_object(val)) {
		add_obs(v, metric, "5a", param_unit(key), scalar_of(val),
		    line, key, HOW_NONDEFAULT, 1);
		return;
	}
	x = json_object_get(val, "__class__");
	if (x != NULL)
		add_obs(v, metric, "5a", NULL, json_incref(x), line, key,
		    HOW_NONDEFAULT, 1);
	json_object_foreach(val, sub, x) {
		if (strcmp(sub, "__class__") == 0)
			continue;
		snprintf(metric, sizeof(metric), "vllm.%s.%s", key, sub);
		snprintf(field, sizeof(field), "%s.%s", key, sub);
		add_obs(v, metric, "5a", NULL, scalar_of(x), line, field,
		    HOW_NONDEFAULT, 1);
	}
}

static void
config_warn(struct vllmlog *v, long line, const char *msg_start,
    const char *line_start, const struct pyrepr_err *err, const char *what)
{
	v->bad_config++;
	logwarn(&v->warn, WARN_SYNTAX, line,
	    (long)(msg_start - line_start + (ptrdiff_t)err->offset) + 1,
	    "%s: %s", what, err->msg);
}

static void
on_nondefault(struct vllmlog *v, const char *line0, const char *s,
    const char *end, long line)
{
	struct pyrepr_err err;
	json_t *args = pyrepr_parse_dict(s, (size_t)(end - s), &err);
	const char *key;
	json_t *val;

	if (err.msg[0] != '\0')
		config_warn(v, line, s, line0, &err, "non-default args");
	if (args == NULL)
		return;
	json_object_foreach(args, key, val)
		nondefault_arg(v, key, val, line);
	json_decref(args);
}

static void
on_engine(struct vllmlog *v, const char *line0, const char *s,
    const char *end, long line)
{
	const char *ver = find(s, end, "engine (v"), *cfg;
	struct pyrepr_err err;
	json_t *kw, *val;

	if (ver != NULL) {
		const char *close = memchr(ver, ')', (size_t)(end - ver));

		ver += strlen("engine (v");
		if (close != NULL && close > ver)
			add_obs(v, "vllm.version", "5a", NULL,
			    logrec_text(ver, (size_t)(close - ver), SIZE_MAX), line,
			    "engine (v...)", HOW_ENGINE, 0);
	}
	if ((cfg = find(s, end, "with config: ")) == NULL)
		return;
	cfg += strlen("with config: ");
	kw = pyrepr_parse_kwargs(cfg, (size_t)(end - cfg), &err);
	if (err.msg[0] != '\0')
		config_warn(v, line, cfg, line0, &err, "engine config");
	for (size_t k = 0; engine_keys[k].key != NULL; k++) {
		char metric[128];

		if ((val = json_object_get(kw, engine_keys[k].key)) == NULL)
			continue;
		snprintf(metric, sizeof(metric), "vllm.%s",
		    engine_keys[k].param);
		add_obs(v, metric, "5a", engine_keys[k].unit, scalar_of(val),
		    line, engine_keys[k].key, HOW_ENGINE, 0);
	}
	json_decref(kw);
}

/* "GPU KV cache size: 198,208 tokens" and the concurrency sentence,
 * on two lines or merged on one. */
static void
on_kv(struct vllmlog *v, const char *s, const char *end, long line)
{
	const char *p, *stop;
	int64_t tokens;
	double conc;

	if ((p = find(s, end, "GPU KV cache size: ")) != NULL &&
	    parse_grouped(p + strlen("GPU KV cache size: "), end, &tokens,
	    &stop) && starts(stop, end, " tokens"))
		add_obs(v, "kv_cache.tokens", "5f", "tokens",
		    json_integer(tokens), line, "GPU KV cache size",
		    "the 'GPU KV cache size: N tokens' line (thousands "
		    "separators dropped)", 0);
	if ((p = find(s, end, "Maximum concurrency for ")) == NULL)
		return;
	if (!parse_grouped(p + strlen("Maximum concurrency for "), end,
	    &tokens, &stop) || !starts(stop, end, " tokens per request: "))
		return;
	add_obs(v, "kv_cache.request_tokens", "5f", "tokens",
	    json_integer(tokens), line, "Maximum concurrency for N tokens",
	    "the 'Maximum concurrency for N tokens per request' line", 0);
	p = stop + strlen(" tokens per request: ");
	if (parse_num_at(p, end, &conc, &stop) && starts(stop, end, "x"))
		add_obs(v, "kv_cache.max_concurrency", "5f", NULL,
		    rec_num(conc), line, "Maximum concurrency",
		    "the 'Maximum concurrency for N tokens per request: Xx' "
		    "line", 0);
}

static void
on_int_after(struct vllmlog *v, const char *s, const char *end,
    long line, const char *metric, const char *unit, const char *field,
    const char *how)
{
	const char *stop;
	int64_t n;

	if (parse_grouped(s, end, &n, &stop))
		add_obs(v, metric, "5a", unit, json_integer(n), line, field,
		    how, 2);
}

/* The banner: "... version 0.17.1", "... model   /path". */
static void
on_banner(struct vllmlog *v, const char *s, const char *end, long line)
{
	const char *p;

	/* The ASCII-art glyphs (U+2580 block) mark the banner. */
	if (find(s, end, "\xe2\x96") == NULL)
		return;
	if ((p = find(s, end, " version ")) != NULL) {
		p += strlen(" version ");
		if (p < end && memchr(p, ' ', (size_t)(end - p)) == NULL)
			add_obs(v, "vllm.version", "5a", NULL,
			    logrec_text(p, (size_t)(end - p), SIZE_MAX), line,
			    "banner version", "the startup banner", 3);
	} else if ((p = find(s, end, " model ")) != NULL) {
		p += strlen(" model ");
		while (p < end && *p == ' ')
			p++;
		if (p < end && memchr(p, ' ', (size_t)(end - p)) == NULL)
			add_obs(v, "vllm.model", "5a", NULL,
			    logrec_text(p, (size_t)(end - p), SIZE_MAX), line,
			    "banner model", "the startup banner", 3);
	}
}

/* ---------------------------------------------------------------- */
/* stats lines */

static const struct {
	const char	*label;
	int		 series;
} stat_labels[] = {
	{"Avg prompt throughput: ", VS_PROMPT_TPUT},
	{"Avg generation throughput: ", VS_GEN_TPUT},
	{"Running: ", VS_RUNNING},
	{"Waiting: ", VS_WAITING},
	{"Preemptions: ", VS_PREEMPT},
	{"GPU KV cache usage: ", VS_KV_USAGE},
	{"Prefix cache hit rate: ", VS_PREFIX_HIT},
	{NULL, 0}
};

static struct vengine *
engine_get(struct vllmlog *v, const char *id, size_t len)
{
	struct vengine *e;

	if (len >= sizeof(e->id))
		len = sizeof(e->id) - 1;
	for (size_t k = 0; k < v->neng; k++)
		if (strlen(v->eng[k].id) == len &&
		    memcmp(v->eng[k].id, id, len) == 0)
			return &v->eng[k];
	if (v->neng >= 64)
		return NULL;	/* DP ranks are few: junk otherwise */
	v->eng = xreallocarray(v->eng, v->neng + 1, sizeof(*v->eng));
	e = &v->eng[v->neng++];
	memset(e, 0, sizeof(*e));
	memcpy(e->id, id, len);
	return e;
}

void
vseries_add(struct vseries *s, double x)
{
	if (s->n == 0 || x < s->min)
		s->min = x;
	if (s->n == 0 || x > s->max)
		s->max = x;
	s->sum += x;
	s->last = x;
	s->n++;
}

/* The point of one stats line in its engine's time series; a line whose
 * stamp is not a real date and time is left out of the series (its
 * values still count in the summaries) and warned about. */
static void
stats_point(struct vllmlog *v, struct vengine *e, const char *stamp,
    const double vals[TS_NCOLS], long line)
{
	struct logstamp st;
	int64_t t;

	if (!logstamp_parse(stamp, 14, &st)) {
		v->bad_stamp++;
		logwarn(&v->warn, WARN_SYNTAX, line, 0, "expected a MM-DD "
		    "HH:MM:SS time stamp, got \"%.14s\" (line left out of the "
		    "time series)", stamp);
		return;
	}
	t = logclock_feed(&v->clock, &st);
	if (e->ts == NULL)
		e->ts = xcalloc(1, sizeof(*e->ts));
	tseries_add(e->ts, t, vals, line);
}

/* "Engine 000: Avg prompt throughput: 6078.4 tokens/s, ..., Running: 13
 * reqs, ..., GPU KV cache usage: 6.0%, Prefix cache hit rate: 39.2%" or
 * "2 Engines Aggregated: ...".  False when it is not a stats line. */
static bool
on_stats(struct vllmlog *v, const char *s, const char *end, long line,
    const char *stamp)
{
	const char *body, *id;
	struct vengine *e;
	size_t idlen;
	double vals[TS_NCOLS] = { NAN, NAN, NAN };

	if (starts(s, end, "Engine ")) {
		id = s + strlen("Engine ");
		for (body = id; body < end && isdigit((unsigned char)*body);
		    body++)
			;
		if (body == id || !starts(body, end, ": "))
			return false;
		idlen = (size_t)(body - id);
		body += 2;
	} else if ((body = find(s, end, " Engines Aggregated: ")) != NULL) {
		id = "aggregated";
		idlen = strlen(id);
		body += strlen(" Engines Aggregated: ");
	} else {
		return false;
	}
	if (!starts(body, end, "Avg prompt throughput: "))
		return false;
	if ((e = engine_get(v, id, idlen)) == NULL)
		return true;
	if (e->samples++ == 0)
		e->first_line = line;
	e->last_line = line;
	/* Parts are ", "-separated; labels matched whole, so "External
	 * prefix cache hit rate" is not "Prefix cache hit rate". */
	for (const char *part = body; part < end;) {
		const char *next = find(part, end, ", ");
		const char *pend = next != NULL ? next : end;

		for (size_t k = 0; stat_labels[k].label != NULL; k++) {
			const char *num, *stop;
			double x;

			if (!starts(part, pend, stat_labels[k].label))
				continue;
			num = part + strlen(stat_labels[k].label);
			if (!parse_num_at(num, pend, &x, &stop))
				break;
			vseries_add(&e->s[stat_labels[k].series], x);
			if (stat_labels[k].series == VS_KV_USAGE)
				vals[0] = x;
			else if (stat_labels[k].series == VS_RUNNING)
				vals[1] = x;
			else if (stat_labels[k].series == VS_WAITING)
				vals[2] = x;
			break;
		}
		part = next != NULL ? next + 2 : end;
	}
	stats_point(v, e, stamp, vals, line);
	return true;
}

/* ---------------------------------------------------------------- */
/* access log */

static void
access_add(struct vllmlog *v, const char *ep, size_t eplen, int status,
    long line)
{
	struct vaccess *a;

	/* Two or three endpoints take nearly every line: look at the
	 * previous hits first. */
	for (size_t j = 0; j < 2 && j < v->nacc; j++) {
		a = &v->acc[v->hot[j] < v->nacc ? v->hot[j] : 0];
		if (a->status == status && a->len == eplen &&
		    memcmp(a->endpoint, ep, eplen) == 0) {
			a->count++;
			return;
		}
	}
	for (size_t k = 0; k < v->nacc; k++) {
		a = &v->acc[k];
		if (a->status == status && a->len == eplen &&
		    memcmp(a->endpoint, ep, eplen) == 0) {
			a->count++;
			v->hot[1] = v->hot[0];
			v->hot[0] = k;
			return;
		}
	}
	if (v->nacc >= VLLM_MAX_ACCESS) {
		ep = "(other)";
		eplen = strlen(ep);
		status = 0;
		for (size_t k = 0; k < v->nacc; k++)
			if (strcmp(v->acc[k].endpoint, ep) == 0) {
				v->acc[k].count++;
				return;
			}
	}
	v->acc = xreallocarray(v->acc, v->nacc + 1, sizeof(*v->acc));
	a = &v->acc[v->nacc++];
	a->endpoint = xstrndup(ep, eplen);
	a->len = eplen;
	a->status = status;
	a->count = 1;
	a->first_line = line;
}

/* After uvicorn's "INFO:     ": 'addr - "POST /v1/completions HTTP/1.1"
 * 200 OK'.  False when it is not an access line. */
static bool
on_access(struct vllmlog *v, const char *s, const char *end, long line)
{
	const char *req, *proto, *sp, *q;
	int status = 0;

	if ((req = find(s, end, " - \"")) == NULL)
		return false;
	req += 4;
	if ((q = memchr(req, '"', (size_t)(end - req))) == NULL)
		return false;
	/* "METHOD PATH HTTP/x": keep METHOD PATH, without a query. */
	if ((proto = find(req, q, " HTTP/")) == NULL)
		proto = q;
	if ((sp = memchr(req, ' ', (size_t)(proto - req))) == NULL)
		return false;
	for (const char *p = sp + 1; p < proto; p++)
		if (*p == '?') {
			proto = p;
			break;
		}
	for (const char *p = q + 1; p < end && *p == ' '; p++)
		q = p;
	for (const char *p = q + 1; p < end && isdigit((unsigned char)*p) &&
	    status < 1000; p++)
		status = status * 10 + (*p - '0');
	v->access_lines++;
	access_add(v, req, (size_t)(proto - req), status, line);
	return true;
}

/* ---------------------------------------------------------------- */
/* problems */

static void
evidence(struct vllmlog *v, int pat, const char *s, size_t n, long line)
{
	long k = v->pattern[pat]++;
	json_t *t;

	if (k >= LOG_MAX_EVIDENCE)
		return;
	t = logrec_text(s, n, LOG_EVIDENCE_LEN);
	v->evidence[pat][k].line = line;
	v->evidence[pat][k].text = xstrdup(json_string_value(t));
	json_decref(t);
}

/* Patterns that mean trouble wherever they appear.  timeout only
 * outside INFO/DEBUG lines: option names mention timeouts harmlessly. */
static void
scan_problems(struct vllmlog *v, const char *s, size_t n, long line,
    bool info)
{
	const char *end = s + n;

	if (find(s, end, "CUDA out of memory") != NULL ||
	    find(s, end, "OutOfMemoryError") != NULL ||
	    find(s, end, "No available memory for the cache blocks") != NULL)
		evidence(v, VP_OOM, s, n, line);
	if (find(s, end, "CUDA error") != NULL)
		evidence(v, VP_CUDA, s, n, line);
	if (!info && (find(s, end, "imeout") != NULL ||
	    find(s, end, "imed out") != NULL))
		evidence(v, VP_TIMEOUT, s, n, line);
	if (find(s, end, "Traceback (most recent call last)") != NULL)
		evidence(v, VP_TRACEBACK, s, n, line);
	if (find(s, end, "EngineDeadError") != NULL ||
	    find(s, end, "EngineCore encountered a fatal error") != NULL)
		evidence(v, VP_ENGINE_DEAD, s, n, line);
}

/* ---------------------------------------------------------------- */
/* one line */

static const char *
skip_proc_tags(const char *s, const char *end)
{
	while (s < end && *s == '(') {
		const char *close = memchr(s, ')', (size_t)(end - s));

		if (close == NULL || close + 1 >= end || close[1] != ' ' ||
		    find(s, close, " pid=") == NULL)
			break;
		s = close + 2;
	}
	return s;
}

static const char *const level_names[] = {
	"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL", NULL
};
static const size_t level_lens[] = { 5, 4, 7, 5, 8 };
enum { LV_DEBUG, LV_INFO, LV_WARNING, LV_ERROR, LV_CRITICAL, LV_NONE };

static bool
digits_at(const char *s, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (!isdigit((unsigned char)s[k]))
			return false;
	return true;
}

/* "INFO 04-23 14:08:49 [file.py:1] " -> level, *msg after it, *stamp
 * at "04-23". */
static int
vllm_header(const char *s, const char *end, const char **msg,
    const char **stamp)
{
	/* Most lines start with neither: skip the loop for them. */
	if (s >= end || strchr("DIWEC", *s) == NULL || *s == '\0')
		return LV_NONE;
	for (int lv = 0; level_names[lv] != NULL; lv++) {
		size_t len = level_lens[lv];
		const char *p = s + len + 1, *close;

		if (end - s < (ptrdiff_t)len + 18 || *s != *level_names[lv] ||
		    memcmp(s, level_names[lv], len) != 0 || s[len] != ' ')
			continue;
		/* MM-DD HH:MM:SS */
		if (!digits_at(p, 2) || p[2] != '-' || !digits_at(p + 3, 2) ||
		    p[5] != ' ' || !digits_at(p + 6, 2) || p[8] != ':' ||
		    !digits_at(p + 9, 2) || p[11] != ':' ||
		    !digits_at(p + 12, 2) || p[14] != ' ' || p[15] != '[')
			return LV_NONE;
		close = memchr(p + 16, ']', (size_t)(end - p - 16));
		if (close == NULL)
			return LV_NONE;
		*msg = close + 1 < end && close[1] == ' ' ? close + 2 : close + 1;
		*stamp = p;
		return lv;
	}
	return LV_NONE;
}

/* uvicorn: "INFO:     ...", "WARNING:  ...", "ERROR:    ..." */
static int
uvicorn_header(const char *s, const char *end, const char **msg)
{
	for (int lv = 0; level_names[lv] != NULL; lv++) {
		size_t len = level_lens[lv];

		if (end - s < (ptrdiff_t)len || *s != *level_names[lv] ||
		    memcmp(s, level_names[lv], len) != 0 || s + len >= end ||
		    s[len] != ':')
			continue;
		s += len + 1;
		while (s < end && *s == ' ')
			s++;
		*msg = s;
		return lv;
	}
	return LV_NONE;
}

/* True for the periodic stats line (nothing else to look for in it). */
static bool
on_message(struct vllmlog *v, const char *line0, const char *msg,
    const char *end, long line, const char *stamp)
{
	const char *p;

	if (on_stats(v, msg, end, line, stamp))
		return true;
	if (starts(msg, end, "non-default args: ")) {
		on_nondefault(v, line0, msg + strlen("non-default args: "), end,
		    line);
	} else if (find(msg, end, "Initializing a V1 LLM engine") != NULL) {
		on_engine(v, line0, msg, end, line);
	} else if (starts(msg, end, "Using max model len ")) {
		on_int_after(v, msg + strlen("Using max model len "), end,
		    line, "vllm.max_model_len", "tokens", "Using max model len",
		    "the 'Using max model len N' line");
	} else if ((p = find(msg, end, "Chunked prefill is enabled with "
	    "max_num_batched_tokens=")) != NULL) {
		p += strlen("Chunked prefill is enabled with "
		    "max_num_batched_tokens=");
		on_int_after(v, p, end, line, "vllm.max_num_batched_tokens",
		    "tokens", "Chunked prefill is enabled with "
		    "max_num_batched_tokens", "the 'Chunked prefill is enabled "
		    "with max_num_batched_tokens=N' line");
		add_obs(v, "vllm.enable_chunked_prefill", "5a", NULL,
		    json_true(), line, "Chunked prefill is enabled",
		    "the 'Chunked prefill is enabled' line", 2);
	} else if (find(msg, end, "GPU KV cache size: ") != NULL ||
	    find(msg, end, "Maximum concurrency for ") != NULL) {
		on_kv(v, msg, end, line);
	} else if (starts(msg, end, "vLLM API server version ")) {
		p = msg + strlen("vLLM API server version ");
		add_obs(v, "vllm.version", "5a", NULL,
		    logrec_text(p, (size_t)(end - p), SIZE_MAX), line,
		    "vLLM API server version", "the 'vLLM API server version' "
		    "line", 3);
	} else if ((p = find(msg, end, "Available KV cache memory: ")) !=
	    NULL) {
		const char *stop;
		double gib;

		p += strlen("Available KV cache memory: ");
		if (parse_num_at(p, end, &gib, &stop) &&
		    starts(stop, end, " GiB"))
			add_obs(v, "kv_cache.memory_gib", "5f", "GiB",
			    rec_num(gib), line, "Available KV cache memory",
			    "the 'Available KV cache memory: X GiB' line", 0);
	} else {
		on_banner(v, msg, end, line);
	}
	return false;
}

static void
count_level(struct vllmlog *v, int lv, const char *s, size_t n, long line)
{
	if (lv == LV_ERROR)
		evidence(v, VP_ERROR, s, n, line);
	else if (lv == LV_WARNING)
		evidence(v, VP_WARNING, s, n, line);
	else if (lv == LV_CRITICAL)
		evidence(v, VP_CRITICAL, s, n, line);
}

void
vllmlog_line(struct vllmlog *v, const char *s, size_t n, long lineno)
{
	const char *end = s + n, *body, *msg, *stamp;
	int lv;

	v->lines++;
	switch (line_check(s, n)) {
	case LINE_BINARY:
		v->bad_binary++;
		logwarn(&v->warn, WARN_BINARY, lineno, line_flaw_column(s, n),
		    "expected text, got a NUL byte (binary data)");
		return;
	case LINE_INVALID_UTF8:
		/* Counted, still read: the ASCII parts may be fine. */
		v->bad_utf8++;
		logwarn(&v->warn, WARN_UTF8, lineno, line_flaw_column(s, n),
		    "expected UTF-8 text, got an invalid byte");
		break;
	case LINE_OK:
		break;
	}
	body = skip_proc_tags(s, end);
	if ((lv = vllm_header(body, end, &msg, &stamp)) != LV_NONE) {
		v->vllm_lines++;
		count_level(v, lv, s, n, lineno);
		if (!on_message(v, s, msg, end, lineno, stamp))
			scan_problems(v, s, n, lineno, lv <= LV_INFO);
		return;
	}
	if ((lv = uvicorn_header(body, end, &msg)) != LV_NONE) {
		v->vllm_lines++;
		if (lv == LV_INFO && on_access(v, msg, end, lineno))
			return;
		count_level(v, lv, s, n, lineno);
		scan_problems(v, s, n, lineno, lv <= LV_INFO);
		return;
	}
	scan_problems(v, s, n, lineno, false);
}

/* ---------------------------------------------------------------- */
/* whole file */

static char *
instance_of(const char *file)
{
	const char *base = strrchr(file, '/');
	size_t n;

	base = base != NULL ? base + 1 : file;
	n = strlen(base);
	if (str_has_suffix(base, "_vllm.log"))
		n -= strlen("_vllm.log");
	else if (str_has_suffix(base, ".log"))
		n -= strlen(".log");
	return xstrndup(base, n);
}

void
vllmlog_init(struct vllmlog *v, const char *file)
{
	memset(v, 0, sizeof(*v));
	v->file = file;
	v->instance = instance_of(file);
	v->warn.file = file;
}

bool
vllmlog_read(struct vllmlog *v, const char *path)
{
	struct logreader r;
	const char *line;
	size_t len;

	if (!logreader_open(&r, path))
		return false;
	while (logreader_next(&r, &v->warn, &line, &len))
		vllmlog_line(v, line, len, r.lineno);
	v->lines += r.overlong;
	v->bad_overlong += r.overlong;
	if (r.no_newline && r.lineno > 0) {
		v->truncated = true;
		logwarn(&v->warn, WARN_SYNTAX, r.lineno, 0,
		    "expected the last line to end with a newline, got end of "
		    "file (truncated log?)");
	}
	logreader_close(&r);
	logwarn_done(&v->warn);
	return true;
}

bool
vllmlog_is_vllm(const struct vllmlog *v)
{
	return v->vllm_lines > 0;
}

void
vllmlog_free(struct vllmlog *v)
{
	for (size_t k = 0; k < v->nobs; k++) {
		free(v->obs[k].metric);
		free(v->obs[k].field);
		json_decref(v->obs[k].value);
	}
	free(v->obs);
	for (size_t k = 0; k < v->neng; k++)
		free(v->eng[k].ts);
	free(v->eng);
	for (size_t k = 0; k < v->nacc; k++)
		free(v->acc[k].endpoint);
	free(v->acc);
	for (int p = 0; p < VP_NPATTERNS; p++)
		for (int k = 0; k < LOG_MAX_EVIDENCE; k++)
			free(v->evidence[p][k].text);
	free(v->instance);
}

/* ---------------------------------------------------------------- */
/* emitting */

/* The distinct values one log states for a metric, most authoritative
 * sighting first. */
struct vgroup {
	const struct vobs	*best;
	long			 n;	/* lines stating this value */
};

static int
obs_order(const void *a, const void *b)
{
	const struct vobs *x = *(const struct vobs *const *)a;
	const struct vobs *y = *(const struct vobs *const *)b;
	int c = strcmp(x->metric, y->metric);

	if (c != 0)
		return c;
	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return x->line < y->line ? -1 : x->line > y->line;
}

/* The sightings sorted by metric, authority, line; caller frees. */
static const struct vobs **
sorted_obs(const struct vllmlog *v)
{
	const struct vobs **s = xreallocarray(NULL, v->nobs + 1, sizeof(*s));

	for (size_t k = 0; k < v->nobs; k++)
		s[k] = &v->obs[k];
	qsort(s, v->nobs, sizeof(*s), obs_order);
	return s;
}

/* Groups of sightings s[from, to) (one metric) by value. */
static size_t
group_values(const struct vobs **s, size_t from, size_t to,
    struct vgroup *g)
{
	size_t ng = 0;

	for (size_t k = from; k < to; k++) {
		size_t j;

		for (j = 0; j < ng; j++)
			if (json_equal(g[j].best->value, s[k]->value))
				break;
		if (j == ng) {
			g[ng].best = s[k];
			g[ng].n = 0;
			ng++;
		}
		g[j].n++;
	}
	return ng;
}

static void
add_line_ref(struct sbuf *how, const struct vobs *o)
{
	if (o->line > 0)
		sbuf_printf(how, "line %ld (%s)", o->line, o->field);
	else
		sbuf_printf(how, "%s", o->field);
}

/* "from <how>; also line 12 (Using max model len); line 40 (max_seq_len)
 * says 32768" */
static char *
group_how(const struct vobs **s, size_t from, size_t to,
    const struct vgroup *g, size_t ng, size_t which)
{
	struct sbuf how = {0};
	int shown = 0;

	sbuf_printf(&how, "from %s", g[which].best->how);
	for (size_t k = from; k < to; k++) {
		if (s[k] == g[which].best ||
		    !json_equal(s[k]->value, g[which].best->value))
			continue;
		if (shown++ == 0)
			sbuf_adds(&how, "; same value at ");
		else
			sbuf_adds(&how, ", ");
		add_line_ref(&how, s[k]);
	}
	for (size_t j = 0; j < ng; j++) {
		char *text;

		if (j == which)
			continue;
		text = pyrepr_text(g[j].best->value);
		sbuf_adds(&how, "; DISAGREES with ");
		add_line_ref(&how, g[j].best);
		sbuf_printf(&how, " = %s", text);
		free(text);
	}
	return how.s;
}

static json_t *
obs_source(const char *file, const struct vobs *o, const char *how)
{
	return rec_source(file, o->line, 0, o->line > 0 ? o->field : NULL,
	    how);
}

/* Adds vLLM's documented default for gpu_memory_utilization when the
 * log states its configuration but not that parameter. */
static void
add_defaults(struct vllmlog *v)
{
	bool logged = false, gmu = false;

	for (size_t k = 0; k < v->nobs; k++) {
		if (v->obs[k].rank <= 1)
			logged = true;
		if (strcmp(v->obs[k].metric, "vllm.gpu_memory_utilization") == 0)
			gmu = true;
	}
	if (logged && !gmu)
		add_obs(v, "vllm.gpu_memory_utilization", "5a", "fraction",
		    json_real(0.9), 0, "default", HOW_DEFAULT, 9);
}

/* The only value of a metric, NULL when absent or ambiguous. */
static const struct vobs *
single_value(const struct vobs **s, size_t n, const char *metric)
{
	const struct vobs *found = NULL;

	for (size_t k = 0; k < n; k++) {
		if (strcmp(s[k]->metric, metric) != 0)
			continue;
		if (found != NULL && !json_equal(found->value, s[k]->value))
			return NULL;
		if (found == NULL)
			found = s[k];
	}
	return found;
}

static void
emit_blocks(const struct vllmlog *v, const struct vobs **s,
    const struct logctx *ctx)
{
	const struct vobs *tok = single_value(s, v->nobs, "kv_cache.tokens");
	const struct vobs *bs = single_value(s, v->nobs, "vllm.block_size");
	struct sbuf how = {0};
	json_t *rec;

	if (tok == NULL || bs == NULL || !json_is_integer(bs->value) ||
	    json_integer_value(bs->value) <= 0)
		return;
	sbuf_printf(&how, "kv_cache.tokens (line %ld) / vllm.block_size "
	    "(line %ld, %s)", tok->line, bs->line, bs->field);
	rec = logrec_new("5f", "kv_cache.num_gpu_blocks",
	    rec_num((double)json_integer_value(tok->value) /
	    (double)json_integer_value(bs->value)), "count", -1);
	logrec_emit(ctx, rec, v->instance, NULL, NULL,
	    rec_source(v->file, tok->line, 0, tok->field, sbuf_str(&how)));
	sbuf_free(&how);
}

static void
emit_obs(struct vllmlog *v, const struct logctx *ctx)
{
	const struct vobs **s;
	struct vgroup *g;

	add_defaults(v);
	s = sorted_obs(v);
	g = xreallocarray(NULL, v->nobs + 1, sizeof(*g));
	for (size_t from = 0, to; from < v->nobs; from = to) {
		size_t ng;

		for (to = from; to < v->nobs &&
		    strcmp(s[to]->metric, s[from]->metric) == 0; to++)
			;
		ng = group_values(s, from, to, g);
		for (size_t j = 0; j < ng; j++) {
			char *how = group_how(s, from, to, g, ng, j);
			const struct vobs *o = g[j].best;
			json_t *rec = logrec_new(o->check, o->metric,
			    json_incref(o->value), o->unit, g[j].n);

			logrec_emit(ctx, rec, v->instance, NULL, NULL,
			    obs_source(v->file, o, how));
			free(how);
		}
	}
	emit_blocks(v, s, ctx);
	free(g);
	free(s);
}

static const struct {
	const char	*name;
	const char	*check;
	const char	*unit;
	const char	*label;
} series_info[VS_NSERIES] = {
	[VS_PROMPT_TPUT] = {"prompt_throughput", "5b", NULL,
	    "Avg prompt throughput"},
	[VS_GEN_TPUT] = {"generation_throughput", "5b", NULL,
	    "Avg generation throughput"},
	[VS_RUNNING] = {"running", "5b", "count", "Running"},
	[VS_WAITING] = {"waiting", "5b", "count", "Waiting"},
	[VS_KV_USAGE] = {"kv_cache_usage_pct", "5f", "%",
	    "GPU KV cache usage"},
	[VS_PREFIX_HIT] = {"prefix_cache_hit_rate_pct", "5c", "%",
	    "Prefix cache hit rate"},
	[VS_PREEMPT] = {"preemptions", "5f", "count", "Preemptions"},
};

static void
emit_stat(const struct vllmlog *v, const struct vengine *e,
    const char *rank, const struct logctx *ctx, int series,
    const char *stat, double value, long n)
{
	char metric[96], how[256];
	json_t *rec, *src;

	snprintf(metric, sizeof(metric), "stats.%s.%s",
	    series_info[series].name, stat);
	snprintf(how, sizeof(how), "%s of '%s' over the Engine %s stats "
	    "lines (lines %ld-%ld)", stat, series_info[series].label, e->id,
	    e->first_line, e->last_line);
	rec = logrec_new(series_info[series].check, metric, rec_num(value),
	    series_info[series].unit, n);
	src = rec_source(v->file, e->first_line, 0, series_info[series].label,
	    how);
	logrec_emit(ctx, rec, v->instance, "rank", rank, src);
}

/* stats.series: the engine's stats lines over time (tseries.h). */
static void
emit_series(const struct vllmlog *v, const struct vengine *e,
    const char *rank, const struct logctx *ctx)
{
	static const char *const cols[] = { "t_s", "kv_cache_usage_pct",
	    "running", "waiting" };
	const struct tseries *ts = e->ts;
	json_t *rec, *c, *pts;
	char how[512];

	if (ts == NULL || ts->n == 0)
		return;
	c = json_array();
	for (size_t k = 0; k < 4; k++)
		json_array_append_new(c, json_string(cols[k]));
	pts = json_array();
	for (size_t i = 0; i < ts->n; i++) {
		json_t *row = json_array();

		json_array_append_new(row, rec_i64(ts->p[i].t));
		for (int k = 0; k < TS_NCOLS; k++)
			json_array_append_new(row, rec_num(ts->p[i].v[k]));
		json_array_append_new(pts, row);
	}
	if (ts->width == 1 && (long)ts->n == ts->samples)
		snprintf(how, sizeof(how), "one point per 'Engine %s:' stats "
		    "line: seconds since the log's first stats line (from the "
		    "MM-DD HH:MM:SS stamps), 'GPU KV cache usage' %%, "
		    "'Running', 'Waiting' (null: not on the line)", e->id);
	else
		snprintf(how, sizeof(how), "the %ld 'Engine %s:' stats lines "
		    "in %zu buckets of %lld s: per bucket, the seconds of its "
		    "first line since the log's first stats line (from the "
		    "MM-DD HH:MM:SS stamps) and the maximum 'GPU KV cache "
		    "usage' %%, 'Running', 'Waiting' (null: on no line of the "
		    "bucket)", ts->samples, e->id, ts->n,
		    (long long)ts->width);
	rec = logrec_new("5f", "stats.series", json_null(), NULL,
	    ts->samples);
	rec_set(rec, "columns", c);
	rec_set(rec, "points", pts);
	logrec_emit(ctx, rec, v->instance, "rank", rank,
	    rec_source(v->file, ts->first_line, 0, NULL, how));
}

static void
emit_engine(const struct vllmlog *v, const struct vengine *e,
    const char *rank, const struct logctx *ctx)
{
	char how[256];
	json_t *rec;

	snprintf(how, sizeof(how), "count of 'Engine %s:' stats lines "
	    "(vLLM logs them every ~10 s, only while busy)", e->id);
	rec = logrec_new("5b", "stats.samples", json_integer(e->samples),
	    "count", -1);
	logrec_emit(ctx, rec, v->instance, "rank", rank,
	    rec_source(v->file, e->first_line, 0, NULL, how));
	for (int k = 0; k < VS_NSERIES; k++) {
		const struct vseries *s = &e->s[k];

		if (s->n == 0)
			continue;
		if (k == VS_PREEMPT) {
			/* Logged only when > 0: absent lines count as 0. */
			emit_stat(v, e, rank, ctx, k, "total", s->sum, s->n);
			emit_stat(v, e, rank, ctx, k, "max", s->max, s->n);
			continue;
		}
		emit_stat(v, e, rank, ctx, k, "min", s->min, s->n);
		emit_stat(v, e, rank, ctx, k, "mean", s->sum / (double)s->n,
		    s->n);
		emit_stat(v, e, rank, ctx, k, "max", s->max, s->n);
		emit_stat(v, e, rank, ctx, k, "last", s->last, s->n);
	}
	emit_series(v, e, rank, ctx);
	if (e->s[VS_PREFIX_HIT].n > 0) {
		snprintf(how, sizeof(how), "last 'Prefix cache hit rate' of "
		    "the Engine %s stats lines / 100 (vLLM's own running "
		    "window)", e->id);
		rec = logrec_new("5c", "prefix_cache.hit_rate",
		    rec_num(e->s[VS_PREFIX_HIT].last / 100.0), "fraction",
		    e->s[VS_PREFIX_HIT].n);
		logrec_emit(ctx, rec, v->instance, "rank", rank,
		    rec_source(v->file, e->last_line, 0,
		    "Prefix cache hit rate", how));
	}
}

static void
emit_stats(const struct vllmlog *v, const struct logctx *ctx)
{
	json_t *rec;

	if (v->neng == 0) {
		rec = logrec_new("5b", "stats.samples", json_integer(0),
		    "count", -1);
		logrec_emit(ctx, rec, v->instance, NULL, NULL,
		    rec_source(v->file, 0, 0, NULL, "no 'Engine NNN:' stats "
		    "lines in the log (vLLM logs them only while busy, at "
		    "INFO)"));
		return;
	}
	for (size_t k = 0; k < v->neng; k++)
		emit_engine(v, &v->eng[k], v->neng > 1 ? v->eng[k].id : NULL,
		    ctx);
}

static bool
is_inference(const char *endpoint)
{
	return strcmp(endpoint, "POST /v1/completions") == 0 ||
	    strcmp(endpoint, "POST /v1/chat/completions") == 0;
}

static int
access_order(const void *a, const void *b)
{
	const struct vaccess *x = a, *y = b;
	int c = strcmp(x->endpoint, y->endpoint);

	if (c != 0)
		return c;
	return x->status < y->status ? -1 : x->status > y->status;
}

static void
emit_access(struct vllmlog *v, const struct logctx *ctx)
{
	long requests = 0, first = 0;
	json_t *rec;

	if (v->nacc > 0)
		qsort(v->acc, v->nacc, sizeof(*v->acc), access_order);
	for (size_t k = 0; k < v->nacc; k++)
		if (is_inference(v->acc[k].endpoint)) {
			requests += v->acc[k].count;
			if (first == 0 || v->acc[k].first_line < first)
				first = v->acc[k].first_line;
		}
	if (v->access_lines == 0) {
		rec = logrec_new("5b", "instance.requests", json_null(),
		    "count", -1);
		logrec_emit(ctx, rec, v->instance, NULL, NULL,
		    rec_source(v->file, 0, 0, NULL, "no uvicorn access log "
		    "lines (vLLM runs with the access log disabled unless "
		    "--no-disable-uvicorn-access-log)"));
		return;
	}
	rec = logrec_new("5b", "instance.requests", json_integer(requests),
	    "count", -1);
	logrec_emit(ctx, rec, v->instance, NULL, NULL, rec_source(v->file,
	    first, 0, "request_line", "access log lines \"POST "
	    "/v1/completions\" + \"POST /v1/chat/completions\", any status "
	    "(includes warm-up requests)"));
	for (size_t k = 0; k < v->nacc; k++) {
		const struct vaccess *a = &v->acc[k];
		char metric[160], status[16], field[160];

		snprintf(status, sizeof(status), "%d", a->status);
		snprintf(field, sizeof(field), "%s %d", a->endpoint, a->status);
		logrec_metric(metric, sizeof(metric), "access.count",
		    a->endpoint, status);
		rec = logrec_new("5b", metric, json_integer(a->count),
		    "count", -1);
		logrec_emit(ctx, rec, v->instance, NULL, NULL,
		    rec_source(v->file, a->first_line, 0, field,
		    "access log lines with this method, path and status "
		    "(source line: the first)"));
	}
}

static const char *const pattern_how[VP_NPATTERNS] = {
	"vLLM or uvicorn lines at level ERROR",
	"vLLM or uvicorn lines at level WARNING",
	"vLLM or uvicorn lines at level CRITICAL",
	"lines with 'CUDA out of memory', 'OutOfMemoryError' or 'No "
	    "available memory for the cache blocks'",
	"lines with 'CUDA error'",
	"lines with 'timeout' or 'timed out', INFO/DEBUG vLLM lines excepted",
	"lines with 'Traceback (most recent call last)'",
	"lines with 'EngineDeadError' or 'EngineCore encountered a fatal "
	    "error'",
};

static void
emit_problems(const struct vllmlog *v, const struct logctx *ctx)
{
	for (int p = 0; p < VP_NPATTERNS; p++) {
		const struct vevidence *ev = v->evidence[p];
		char metric[64], evmetric[64];
		json_t *rec;

		logrec_metric(metric, sizeof(metric), "log.pattern_count",
		    vllm_pattern_names[p], NULL);
		logrec_metric(evmetric, sizeof(evmetric), "log.evidence",
		    vllm_pattern_names[p], NULL);
		rec = logrec_new("5e", metric, json_integer(v->pattern[p]),
		    "count", -1);
		logrec_emit(ctx, rec, v->instance, NULL, NULL,
		    rec_source(v->file, ev[0].text ? ev[0].line : 0, 0, NULL,
		    pattern_how[p]));
		for (int k = 0; k < LOG_MAX_EVIDENCE && ev[k].text; k++) {
			rec = logrec_new("5e", evmetric,
			    json_string(ev[k].text), NULL, -1);
			logrec_emit(ctx, rec, v->instance, NULL, NULL,
			    rec_source(v->file, ev[k].line, 0, NULL,
			    "the line's text (first few per pattern, cut to "
			    "300 bytes)"));
		}
	}
}

static void
emit_bad(const struct logctx *ctx, const char *file, const char *inst,
    const char *check, const char *reason, long count, const char *how)
{
	char metric[64];
	json_t *rec;

	if (count == 0)
		return;
	logrec_metric(metric, sizeof(metric), "log.bad_lines", reason, NULL);
	rec = logrec_new(check, metric, json_integer(count), "count", -1);
	logrec_emit(ctx, rec, inst, NULL, NULL,
	    rec_source(file, 0, 0, NULL, how));
}

static void
emit_lines(const struct vllmlog *v, const struct logctx *ctx)
{
	char how[160];
	json_t *rec;

	snprintf(how, sizeof(how), "lines read; %ld in vLLM's or uvicorn's "
	    "format", v->vllm_lines);
	rec = logrec_new("5e", "log.lines", json_integer(v->lines), "count",
	    -1);
	logrec_emit(ctx, rec, v->instance, NULL, NULL,
	    rec_source(v->file, 0, 0, NULL, how));
	emit_bad(ctx, v->file, v->instance, "5e", "overlong", v->bad_overlong,
	    "lines over 1 MiB, skipped");
	emit_bad(ctx, v->file, v->instance, "5e", "binary", v->bad_binary,
	    "lines with NUL bytes, skipped");
	emit_bad(ctx, v->file, v->instance, "5e", "invalid_utf8", v->bad_utf8,
	    "lines that are not UTF-8, still read");
	emit_bad(ctx, v->file, v->instance, "5a", "config_syntax",
	    v->bad_config, "config lines that did not parse whole (the part "
	    "before the problem is used)");
	emit_bad(ctx, v->file, v->instance, "5e", "stamp", v->bad_stamp,
	    "stats lines whose MM-DD HH:MM:SS stamp is no real date or "
	    "time, left out of stats.series");
	emit_bad(ctx, v->file, v->instance, "5e", "truncated",
	    v->truncated ? 1 : 0, "the last line has no newline");
}

void
vllmlog_emit(struct vllmlog *v, const struct logctx *ctx)
{
	emit_lines(v, ctx);
	if (!vllmlog_is_vllm(v))
		return;
	emit_obs(v, ctx);
	emit_stats(v, ctx);
	emit_access(v, ctx);
	emit_problems(v, ctx);
}

/* ---------------------------------------------------------------- */
/* cell */

struct cellval {
	const char	*metric;
	json_t		*value;
	const char	*unit;
	const char	*file;
	const struct vobs *first;
	long		 logs;
};

static void
cell_add(struct cellval **cv, size_t *ncv, const char *file,
    const struct vobs *o)
{
	for (size_t k = 0; k < *ncv; k++)
		if (strcmp((*cv)[k].metric, o->metric) == 0 &&
		    json_equal((*cv)[k].value, o->value)) {
			(*cv)[k].logs++;
			return;
		}
	*cv = xreallocarray(*cv, *ncv + 1, sizeof(**cv));
	(*cv)[*ncv] = (struct cellval){o->metric, o->value, o->unit, file, o,
	    1};
	(*ncv)++;
}

static int
cellval_order(const void *a, const void *b)
{
	const struct cellval *x = a, *y = b;

	return strcmp(x->metric, y->metric);
}

void
vllmlog_emit_cell(struct vllmlog *const *logs, size_t n, const char *dir,
    const struct logctx *ctx)
{
	struct cellval *cv = NULL;
	size_t ncv = 0, nvllm = 0;
	char how[256];
	json_t *rec;

	for (size_t k = 0; k < n; k++)
		if (vllmlog_is_vllm(logs[k]))
			nvllm++;
	snprintf(how, sizeof(how), "server log files holding vLLM log lines: "
	    "%zu of %zu files", nvllm, n);
	rec = logrec_new("2b", "instances.count", json_integer((long)nvllm),
	    "count", (long)n);
	logrec_emit(ctx, rec, NULL, NULL, NULL,
	    rec_source(dir, 0, 0, NULL, how));
	for (size_t k = 0; k < n; k++) {
		const struct vobs **s = sorted_obs(logs[k]);
		struct vgroup *g = xreallocarray(NULL, logs[k]->nobs + 1,
		    sizeof(*g));

		/* Every distinct value a log states counts for that log. */
		for (size_t from = 0, to; from < logs[k]->nobs; from = to) {
			size_t ng;

			for (to = from; to < logs[k]->nobs &&
			    strcmp(s[to]->metric, s[from]->metric) == 0; to++)
				;
			if (strncmp(s[from]->metric, "vllm.", 5) != 0)
				continue;
			ng = group_values(s, from, to, g);
			for (size_t j = 0; j < ng; j++)
				cell_add(&cv, &ncv, logs[k]->file, g[j].best);
		}
		free(g);
		free(s);
	}
	/* Stable: within a metric, values keep first-log order. */
	for (size_t k = 1; k < ncv; k++)
		for (size_t j = k; j > 0 &&
		    cellval_order(&cv[j - 1], &cv[j]) > 0; j--) {
			struct cellval t = cv[j];

			cv[j] = cv[j - 1];
			cv[j - 1] = t;
		}
	for (size_t k = 0; k < ncv; k++) {
		snprintf(how, sizeof(how), "stated by %ld of %zu vLLM server "
		    "logs (per-log evidence: the 5a records); source: the "
		    "first such log", cv[k].logs, nvllm);
		rec = logrec_new("2a", cv[k].metric, json_incref(cv[k].value),
		    cv[k].unit, cv[k].logs);
		logrec_emit(ctx, rec, NULL, NULL, NULL,
		    obs_source(cv[k].file, cv[k].first, how));
	}
	free(cv);
}
