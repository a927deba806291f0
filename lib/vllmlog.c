/* vllmlog.c - reads vLLM server logs (docs/formats.md §5) into struct vllmlog;
 * vllmrec.c writes its measure records.
 *
 * Lines look like
 *   (APIServer pid=1) (EngineCore_DP0 pid=437) INFO 04-23 14:08:49 [f.py:1] msg
 * (zero or more process tags, then vLLM's own header), or uvicorn's
 *   (APIServer pid=1) INFO:     10.0.0.1:0 - "POST /v1/completions HTTP/1.1" 200 OK
 * interleaved with anything else (tqdm, NCCL, Python warnings).  Nothing
 * relies on the [file.py:NNN] location: it moves between versions. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "numtext.h"
#include "pyrepr.h"
#include "rec.h"
#include "str.h"
#include "vdtype.h"
#include "vllmlog.h"

/* Distinct (metric, field, value) sightings kept per log; more is
 * adversarial input and only counted. */
#define VLLM_MAX_OBS	4096
/* Distinct access-log (endpoint, status) pairs kept per log. */
#define VLLM_MAX_ACCESS	256

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
	o->dp = v->cur_dp;
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
	/* The engine line states the revisions even when unset (None):
	 * an arm pinned to another checkpoint differs from one on the
	 * default branch in a stated value, not in an unstated default. */
	{"revision", "revision", NULL},
	{"tokenizer_revision", "tokenizer_revision", NULL},
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
#define HOW_NONDEFAULT_DTYPE "the 'non-default args' line (Python dict " \
	"repr), vLLM's --dtype name as the torch dtype it selects"
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

/* A non-default arg whose value vLLM resolves later and states again:
 * --dtype half is the engine line's torch.float16 (one name for both, so
 * that the two lines of one log agree); --max-model-len auto (-1) and
 * --dtype auto are no value at all: the engine line and the auto-fit
 * line say what they became.  True when handled here. */
static bool
nondefault_resolved(struct vllmlog *v, const char *key, json_t *val,
    long line)
{
	const char *t;

	if (strcmp(key, "max_model_len") == 0)
		return json_is_integer(val) && json_integer_value(val) < 0;
	if (strcmp(key, "dtype") != 0 || !json_is_string(val))
		return false;
	if ((t = vdtype_canon(json_string_value(val))) != NULL)
		add_obs(v, "vllm.dtype", "5a", NULL, json_string(t), line, key,
		    HOW_NONDEFAULT_DTYPE, 1);
	return true;
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
	if (nondefault_resolved(v, key, val, line))
		return;
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
    const char *line_start, const struct perr *err, const char *what)
{
	v->bad_config++;
	logwarn(&v->warn, WARN_SYNTAX, line,
	    (long)(msg_start - line_start) + err->column,
	    "%s: %s", what, err->msg);
}

static void
on_nondefault(struct vllmlog *v, const char *line0, const char *s,
    const char *end, long line)
{
	struct perr err;
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
	struct perr err;
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
	size_t used;

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
	if ((used = num_lead(p, (size_t)(end - p), &conc)) > 0 &&
	    starts(p + used, end, "x"))
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

/* Forgets what the log said of metric so far: a later line overrides
 * it (vLLM changed the value after stating it). */
static void
drop_obs(struct vllmlog *v, const char *metric)
{
	size_t kept = 0;

	for (size_t k = 0; k < v->nobs; k++) {
		struct vobs *o = &v->obs[k];

		if (strcmp(o->metric, metric) != 0) {
			v->obs[kept++] = *o;
			continue;
		}
		free(o->metric);
		free(o->field);
		json_decref(o->value);
	}
	v->nobs = kept;
}

/* "Auto-fit max_model_len: reduced from 40960 to 29440 to fit in
 * available GPU memory (…)": with --max-model-len auto vLLM fits the
 * context to the KV cache it found, after its engine line and 'Using max
 * model len' stated the model's full length, so this is the length the
 * engine ran.  ("… full model context length N fits …" keeps N.) */
static void
on_autofit(struct vllmlog *v, const char *s, const char *end, long line)
{
	const char *p = find(s, end, " to "), *stop;
	int64_t n;

	if (p == NULL || !parse_grouped(p + 4, end, &n, &stop) ||
	    !starts(stop, end, " to fit"))
		return;
	drop_obs(v, "vllm.max_model_len");
	add_obs(v, "vllm.max_model_len", "5a", "tokens", json_integer(n),
	    line, "Auto-fit max_model_len: reduced",
	    "the 'Auto-fit max_model_len: reduced from N to M' line (vLLM cut "
	    "the context to fit its KV cache, after the engine config line "
	    "stated the full length)", 0);
}

/* "world_size=1 rank=0 ... distributed_init_method=tcp://10.0.0.5:41857
 * backend=nccl": the pod's address (every worker of one pod starts on the
 * same one, tensor-parallel ranks included). */
static void
on_host(struct vllmlog *v, const char *p, const char *end, long line)
{
	size_t n = 0;

	while (p + n < end && p[n] != ':' && p[n] != ' ' && n < 64)
		n++;
	if (n == 0 || n == 64 || v->nhosts >= VLLM_MAX_HOSTS)
		return;
	for (size_t k = 0; k < v->nhosts; k++)
		if (strlen(v->hosts[k]) == n && memcmp(v->hosts[k], p, n) == 0)
			return;
	if (v->nhosts == 1)
		v->host_line = line;
	v->hosts[v->nhosts++] = xstrndup(p, n);
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
	v->eng = xroom(v->eng, v->neng, sizeof(*v->eng));
	e = &v->eng[v->neng++];
	memset(e, 0, sizeof(*e));
	memcpy(e->id, id, len);
	return e;
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
	if (v->busy_first_line == 0) {
		v->busy_first = st;
		v->busy_first_line = line;
	}
	v->busy_last = st;
	v->busy_last_line = line;
	if (e->ts == NULL)
		e->ts = xcalloc(1, sizeof(*e->ts));
	tseries_add(e->ts, t, vals, line);
}

static void	evidence(struct vllmlog *, int, const char *, size_t, long);

/* A stats line with requests running and no token made in its interval
 * (~10 s): the engine stalled (a GPU or collective hang, a stuck host
 * thread) with no ERROR line to show for it.  vLLM logs the next idle
 * lines at DEBUG, so one such line may be all there is. */
static void
stats_stall(struct vllmlog *v, const double tput[2], double running,
    const char *line0, const char *end, long line)
{
	if (running > 0 && tput[0] == 0 && tput[1] == 0)
		evidence(v, VP_STALL, line0, (size_t)(end - line0), line);
}

/* "Engine 000: Avg prompt throughput: 6078.4 tokens/s, ..., Running: 13
 * reqs, ..., GPU KV cache usage: 6.0%, Prefix cache hit rate: 39.2%" or
 * "2 Engines Aggregated: ...".  False when it is not a stats line. */
static bool
on_stats(struct vllmlog *v, const char *line0, const char *s,
    const char *end, long line, const char *stamp)
{
	const char *body, *id;
	struct vengine *e;
	size_t idlen;
	double vals[TS_NCOLS] = { NAN, NAN, NAN, NAN }, tput[2] = { NAN, NAN };

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
			const char *num;
			double x;

			if (!starts(part, pend, stat_labels[k].label))
				continue;
			num = part + strlen(stat_labels[k].label);
			if (num_lead(num, (size_t)(pend - num), &x) == 0)
				break;
			vseries_add(&e->s[stat_labels[k].series], x);
			if (stat_labels[k].series == VS_KV_USAGE)
				vals[0] = x;
			else if (stat_labels[k].series == VS_RUNNING)
				vals[1] = x;
			else if (stat_labels[k].series == VS_WAITING)
				vals[2] = x;
			else if (stat_labels[k].series == VS_PREFIX_HIT)
				vals[3] = x;
			else if (stat_labels[k].series == VS_PROMPT_TPUT)
				tput[0] = x;
			else if (stat_labels[k].series == VS_GEN_TPUT)
				tput[1] = x;
			break;
		}
		part = next != NULL ? next + 2 : end;
	}
	stats_point(v, e, stamp, vals, line);
	stats_stall(v, tput, vals[1], line0, end, line);
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
	v->acc = xroom(v->acc, v->nacc, sizeof(*v->acc));
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
	/* vLLM's request models warn once per request for fields they do
	 * not know and drop them: what the client asked for (an output
	 * length control, a priority) never reached the engine. */
	if (find(s, end, "were present in the request but ignored") != NULL)
		evidence(v, VP_IGNORED, s, n, line);
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

/* The data-parallel rank of the line's process tags, "(EngineCore_DP1
 * pid=440) ": each engine core of a pod logs its own KV-cache size, and
 * one on a GPU another process holds states less than its peers; -1
 * when no tag names one. */
static int
dp_of_tags(const char *s, const char *body)
{
	const char *p = find(s, body, "(EngineCore_DP");
	int k = 0;

	if (p == NULL)
		return -1;
	p += strlen("(EngineCore_DP");
	if (p >= body || !isdigit((unsigned char)*p))
		return -1;
	for (; p < body && isdigit((unsigned char)*p) && k < 100000; p++)
		k = k * 10 + (*p - '0');
	return k;
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

/* A startup line: the first one's stamp says when the container
 * started (a log of a restarted container starts with its own); one
 * after the instance was busy says it started again mid-log. */
static void
on_start(struct vllmlog *v, const char *stamp, long line)
{
	if (v->start_line == 0 && logstamp_parse(stamp, 14, &v->start))
		v->start_line = line;
	else if (v->busy_first_line != 0 && v->restart_line == 0 &&
	    logstamp_parse(stamp, 14, &v->restart))
		v->restart_line = line;
}

/* True for the periodic stats line (nothing else to look for in it). */
static bool
on_message(struct vllmlog *v, const char *line0, const char *msg,
    const char *end, long line, const char *stamp)
{
	const char *p;

	if (on_stats(v, line0, msg, end, line, stamp))
		return true;
	if (starts(msg, end, "non-default args: ")) {
		on_start(v, stamp, line);
		on_nondefault(v, line0, msg + strlen("non-default args: "), end,
		    line);
	} else if (find(msg, end, "Initializing a V1 LLM engine") != NULL) {
		on_start(v, stamp, line);
		on_engine(v, line0, msg, end, line);
	} else if ((p = find(msg, end, "distributed_init_method=tcp://")) !=
	    NULL) {
		on_host(v, p + strlen("distributed_init_method=tcp://"), end,
		    line);
	} else if (starts(msg, end, "Auto-fit max_model_len: reduced from ")) {
		on_autofit(v, msg + strlen("Auto-fit max_model_len: reduced from"),
		    end, line);
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
	} else if (starts(msg, end, "Using FlashAttention version ")) {
		/* FA3 runs on Hopper only: an arm on another GPU generation
		 * logs version 2, which vLLM's arguments never show */
		on_int_after(v, msg + strlen("Using FlashAttention version "),
		    end, line, "vllm.flash_attn_version", NULL,
		    "Using FlashAttention version", "the 'Using FlashAttention "
		    "version N' line");
	} else if (starts(msg, end, "Using ") &&
	    (p = find(msg, end, " attention backend")) != NULL &&
	    p > msg + strlen("Using ")) {
		add_obs(v, "vllm.attention_backend", "5a", NULL,
		    logrec_text(msg + strlen("Using "), (size_t)(p - msg -
		    strlen("Using ")), SIZE_MAX), line, "Using X attention backend",
		    "the 'Using X attention backend' line", 2);
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
		size_t used;
		double gib;

		p += strlen("Available KV cache memory: ");
		if ((used = num_lead(p, (size_t)(end - p), &gib)) > 0 &&
		    starts(p + used, end, " GiB"))
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
	v->cur_dp = body > s ? dp_of_tags(s, body) : -1;
	if ((lv = vllm_header(body, end, &msg, &stamp)) != LV_NONE) {
		v->vllm_lines++;
		v->info_lines += lv <= LV_INFO;
		count_level(v, lv, s, n, lineno);
		if (!on_message(v, s, msg, end, lineno, stamp))
			scan_problems(v, s, n, lineno, lv <= LV_INFO);
		return;
	}
	if ((lv = uvicorn_header(body, end, &msg)) != LV_NONE) {
		v->vllm_lines++;
		v->info_lines += lv <= LV_INFO;
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

void
vllmlog_init(struct vllmlog *v, const char *file)
{
	static const char *const suffixes[] = { "_vllm.log", ".log", NULL };

	memset(v, 0, sizeof(*v));
	v->file = file;
	v->instance = log_stem(file, suffixes);
	v->warn.file = file;
	v->cur_dp = -1;
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
	for (size_t k = 0; k < v->nhosts; k++)
		free(v->hosts[k]);
	free(v->instance);
}

void
vllmlog_defaults(struct vllmlog *v)
{
	bool logged = false, gmu = false;

	v->cur_dp = -1;		/* a default is no line's */
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
