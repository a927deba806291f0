/* promscrape.c - one Prometheus scrape of metrics/raw/; see promscrape.h
 * and docs/formats.md. */
#define _GNU_SOURCE	/* timegm */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "err.h"
#include "logkit.h"
#include "promscrape.h"
#include "str.h"

static const char *const n_waiting[] = { "vllm:num_requests_waiting", NULL };
static const char *const n_running[] = { "vllm:num_requests_running", NULL };
static const char *const n_kv[] = { "vllm:kv_cache_usage_perc",
	"vllm:gpu_cache_usage_perc", NULL };
static const char *const n_pool[] = {
	"inference_extension_flow_control_pool_saturation",
	"llm_d_epp_flow_control_pool_saturation", NULL };
static const char *const n_fcq[] = {
	"inference_extension_flow_control_queue_size",
	"llm_d_epp_flow_control_queue_size", NULL };
/* A counter: the preemptions since the engine started (vLLM's V1
 * exports num_preemptions as a Prometheus counter, _total appended). */
static const char *const n_preempt[] = { "vllm:num_preemptions_total",
	"vllm:num_preemptions", NULL };
const char *const *const promscrape_names[PS_NGAUGES] = {
	n_waiting, n_running, n_kv, n_pool, n_fcq, n_preempt
};
/* Counts add up over label sets; fractions take the largest. */
static const bool gauge_sums[PS_NGAUGES] = { true, true, false, false,
	true, true };

/* Which name of which gauge a sample is (-1: none kept). */
static int
gauge_of(const char *name, size_t n, int *pref)
{
	for (int g = 0; g < PS_NGAUGES; g++)
		for (int k = 0; promscrape_names[g][k] != NULL; k++)
			if (strlen(promscrape_names[g][k]) == n &&
			    memcmp(promscrape_names[g][k], name, n) == 0) {
				*pref = k;
				return g;
			}
	return -1;
}

/* "2026-09-09T06:30:29+0000" (or Z, or +00:00) to Unix seconds. */
static bool
parse_stamp(const char *s, size_t n, int64_t *out)
{
	struct tm tm = {0};
	char buf[40];
	int used = 0, off = 0, oh, om;

	if (n >= sizeof(buf))
		return false;
	memcpy(buf, s, n);
	buf[n] = '\0';
	if (sscanf(buf, "%4d-%2d-%2dT%2d:%2d:%2d%n", &tm.tm_year, &tm.tm_mon,
	    &tm.tm_mday, &tm.tm_hour, &tm.tm_min, &tm.tm_sec, &used) != 6)
		return false;
	if (tm.tm_mon < 1 || tm.tm_mon > 12 || tm.tm_mday < 1 ||
	    tm.tm_mday > 31 || tm.tm_hour > 23 || tm.tm_min > 59 ||
	    tm.tm_sec > 60)
		return false;
	if (strcmp(buf + used, "Z") == 0 || buf[used] == '\0')
		off = 0;
	else if ((buf[used] == '+' || buf[used] == '-') &&
	    (sscanf(buf + used + 1, "%2d%2d", &oh, &om) == 2 ||
	    sscanf(buf + used + 1, "%2d:%2d", &oh, &om) == 2) && oh < 24 &&
	    om < 60)
		off = (buf[used] == '-' ? -1 : 1) * (oh * 3600 + om * 60);
	else
		return false;
	tm.tm_year -= 1900;
	tm.tm_mon -= 1;
	*out = (int64_t)timegm(&tm) - off;
	return true;
}

/* <pod>_<unix-s>_metrics.log: the pod and time the name gives. */
static void
from_name(struct promscrape *s, const char *name, bool *have_t)
{
	const char *base = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
	const char *end = strstr(base, "_metrics.log");
	const char *us;
	int64_t t;

	if (end == NULL || end[12] != '\0')
		return;
	for (us = end; us > base && isdigit((unsigned char)us[-1]); us--)
		;
	if (us == end || us == base || us[-1] != '_' ||
	    !parse_i64(us, (size_t)(end - us), &t))
		return;
	if (s->pod == NULL)
		s->pod = xstrndup(base, (size_t)(us - 1 - base));
	if (!*have_t) {
		s->t_s = t;
		*have_t = true;
	}
}

/* "# Timestamp: ..." and "# Pod: ..." header comments. */
static void
header_line(struct promscrape *s, const char *l, size_t n, bool *have_t,
    const char *name, long lineno)
{
	static const char ts[] = "# Timestamp:", pod[] = "# Pod:";
	const char *v;
	size_t vn;

	if (n >= sizeof(ts) - 1 && memcmp(l, ts, sizeof(ts) - 1) == 0) {
		v = l + sizeof(ts) - 1;
		vn = n - (sizeof(ts) - 1);
		str_trim(&v, &vn);
		if (!parse_stamp(v, vn, &s->t_s))
			s2r_die_at(name, lineno, (long)(v - l) + 1, "expected "
			    "a time YYYY-MM-DDTHH:MM:SS+hhmm, got \"%.*s\"",
			    (int)(vn > 40 ? 40 : vn), v);
		*have_t = true;
	} else if (n >= sizeof(pod) - 1 && memcmp(l, pod,
	    sizeof(pod) - 1) == 0 && s->pod == NULL) {
		v = l + sizeof(pod) - 1;
		vn = n - (sizeof(pod) - 1);
		str_trim(&v, &vn);
		if (vn > 0)
			s->pod = xstrndup(v, vn);
	}
}

/* Past the {labels} of a sample at l[i] == '{'; the index after '}', or
 * 0 when they do not close. */
static size_t
skip_labels(const char *l, size_t n, size_t i)
{
	bool quoted = false;

	for (i++; i < n; i++) {
		if (quoted && l[i] == '\\')
			i++;
		else if (l[i] == '"')
			quoted = !quoted;
		else if (!quoted && l[i] == '}')
			return i + 1;
	}
	return 0;
}

static bool
parse_value(const char *s, size_t n, double *out)
{
	if ((n == 3 && memcmp(s, "NaN", 3) == 0)) {
		*out = NAN;
		return true;
	}
	if (n == 4 && (memcmp(s, "+Inf", 4) == 0 || memcmp(s, "-Inf", 4) == 0)) {
		*out = s[0] == '-' ? -INFINITY : INFINITY;
		return true;
	}
	return parse_f64(s, n, out);
}

static void
keep(struct promscrape *s, int g, int pref, int *best, double x,
    const char *name, size_t nn, long lineno)
{
	if (!isfinite(x) || pref > best[g])
		return;
	if (pref < best[g] || isnan(s->v[g])) {
		best[g] = pref;
		s->v[g] = x;
		s->line[g] = lineno;
		free(s->metric[g]);
		s->metric[g] = xstrndup(name, nn);
		return;
	}
	s->v[g] = gauge_sums[g] ? s->v[g] + x : fmax(s->v[g], x);
}

/* name{labels} value [timestamp] */
static void
sample_line(struct promscrape *s, const char *l, size_t n, int *best,
    const char *file, long lineno)
{
	size_t i = 0, nn, vs;
	double x;
	int g, pref = 0;

	while (i < n && (isalnum((unsigned char)l[i]) || l[i] == '_' ||
	    l[i] == ':'))
		i++;
	nn = i;
	if (nn == 0 || isdigit((unsigned char)l[0]))
		s2r_die_at(file, lineno, 1, "expected a metric name, got "
		    "\"%.*s\"", (int)(n > 40 ? 40 : n), l);
	if (i < n && l[i] == '{' && (i = skip_labels(l, n, i)) == 0)
		s2r_die_at(file, lineno, (long)nn + 1, "expected labels "
		    "closed by '}'");
	if (i >= n || (l[i] != ' ' && l[i] != '\t'))
		s2r_die_at(file, lineno, (long)i + 1, "expected a space and "
		    "a value after the metric");
	i = str_skip_space(l, n, i);
	for (vs = i; i < n && l[i] != ' ' && l[i] != '\t'; i++)
		;
	if (!parse_value(l + vs, i - vs, &x))
		s2r_die_at(file, lineno, (long)vs + 1, "expected a sample "
		    "value, got \"%.*s\"", (int)(i - vs > 40 ? 40 : i - vs),
		    l + vs);
	s->samples++;
	if ((g = gauge_of(l, nn, &pref)) < 0)
		return;
	keep(s, g, pref, best, g == PS_KV_PCT ? x * 100 : x, l, nn, lineno);
}

void
promscrape_read(struct promscrape *s, const char *path, const char *name)
{
	struct logreader r;
	struct logwarn w = { name, {0} };
	const char *l;
	size_t n;
	int best[PS_NGAUGES];
	bool have_t = false;

	memset(s, 0, sizeof(*s));
	for (int g = 0; g < PS_NGAUGES; g++) {
		s->v[g] = NAN;
		best[g] = 99;
	}
	if (!logreader_open(&r, path))
		s2r_die("%s: cannot open: %s", path, strerror(errno));
	while (logreader_next(&r, &w, &l, &n)) {
		str_trim(&l, &n);
		if (n == 0)
			continue;
		if (l[0] == '#')
			header_line(s, l, n, &have_t, name, r.lineno);
		else
			sample_line(s, l, n, best, name, r.lineno);
	}
	logreader_close(&r);
	logwarn_done(&w);
	from_name(s, name, &have_t);
	if (!have_t || s->pod == NULL)
		s2r_die("%s: expected a \"# Timestamp:\" and a \"# Pod:\" line "
		    "or a <pod>_<unix-s>_metrics.log name, got %s", name,
		    have_t ? "no pod" : "no time");
}

void
promscrape_free(struct promscrape *s)
{
	free(s->pod);
	for (int g = 0; g < PS_NGAUGES; g++)
		free(s->metric[g]);
	memset(s, 0, sizeof(*s));
}
