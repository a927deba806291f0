/* workload.c - BLIS WorkloadSpec YAML into struct workload: diagnostics,
 * distributions, clients and cohorts, the top level.  See workload.h;
 * field meanings are in docs/formats.md §3, the expectations drawn
 * from a spec are in wlexpect.c. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "infile.h"
#include "str.h"
#include "workload.h"
#include "yamlr.h"

/* Parsing context: the label for messages. */
struct wp {
	const char	*path;
};

static const char *const top_keys[] = { "version", "seed", "category",
	"clients", "cohorts", "aggregate_rate", "horizon", "num_requests",
	"servegen_data", "inference_perf", "goodput_slo_targets", NULL };
static const char *const client_keys[] = { "id", "tenant_id", "slo_class",
	"model", "adapter", "rate_fraction", "concurrency", "think_time_us",
	"arrival", "input_distribution", "output_distribution", "prefix_group",
	"prefix_length", "streaming", "network", "lifecycle", "multimodal",
	"reasoning", "timeout", "slo_target_us", "closed_loop", NULL };
static const char *const cohort_keys[] = { "id", "population", "tenant_id",
	"slo_class", "model", "adapter", "arrival", "input_distribution",
	"output_distribution", "prefix_group", "prefix_sharing",
	"prefix_length", "streaming", "rate_fraction", "diurnal", "spike",
	"drain", "reasoning", "closed_loop", "timeout", "slo_target_us",
	"network", "multimodal", NULL };
static const char *const arrival_keys[] = { "process", "cv", "shape",
	"scale", NULL };
static const char *const dist_keys[] = { "type", "params", "file", NULL };
static const char *const lifecycle_keys[] = { "windows", NULL };
static const char *const window_keys[] = { "start_us", "end_us",
	"trace_rate", "arrival", "input_distribution", "output_distribution",
	NULL };
static const char *const reasoning_keys[] = { "reason_ratio_distribution",
	"multi_turn", NULL };
static const char *const multi_turn_keys[] = { "max_rounds",
	"think_time_us", "context_growth", "single_session", NULL };
static const char *const multimodal_keys[] = { "text_distribution",
	"image_distribution", "image_count_distribution", "audio_distribution",
	"audio_count_distribution", "video_distribution",
	"video_count_distribution", NULL };
static const char *const network_keys[] = { "rtt_ms", "bandwidth_mbps",
	NULL };
static const char *const diurnal_keys[] = { "peak_hour",
	"peak_to_trough_ratio", NULL };
static const char *const spike_keys[] = { "start_time_us", "duration_us",
	"trace_rate", NULL };
static const char *const drain_keys[] = { "start_time_us",
	"ramp_duration_us", NULL };
static const char *const ip_keys[] = { "stages", "shared_prefix", NULL };
static const char *const stage_keys[] = { "rate", "duration", NULL };
static const char *const shared_prefix_keys[] = {
	"num_unique_system_prompts", "num_users_per_system_prompt",
	"system_prompt_len", "question_len", "output_len",
	"enable_multi_turn_chat", NULL };
static const char *const servegen_keys[] = { "path", "span_start",
	"span_end", NULL };

static const char *const slo_classes[] = { "", "critical", "standard",
	"sheddable", "batch", "background", NULL };
static const char *const categories[] = { "", "language", "multimodal",
	"reasoning", NULL };

/* ---- diagnostics ---- */

/* What a node is, for "got ..." (static buffer: used once per message). */
static const char *
got(const struct ynode *n)
{
	static char buf[96];

	if (n == NULL)
		return "nothing";
	if (n->type == Y_MAP)
		return "a mapping";
	if (n->type == Y_SEQ)
		return "a sequence";
	snprintf(buf, sizeof(buf), "\"%.80s\"", n->value);
	return buf;
}

static noreturn void
die_node(const struct wp *p, const struct ynode *n, const char *field,
    const char *expected)
{
	s2r_die_at(p->path, n ? n->line : 0, n ? n->column : 0,
	    "%s: expected %s, got %s", field, expected, got(n));
}

static struct wl_at
at_of(const struct ynode *n)
{
	return n ? (struct wl_at){ n->line, n->column } : (struct wl_at){ 0, 0 };
}

static char *
join(const char *a, const char *b)
{
	struct sbuf sb = { 0 };

	if (a[0] == '\0')
		return xstrdup(b);
	sbuf_printf(&sb, "%s.%s", a, b);
	return sb.s;
}

static bool
in_list(const char *const list[], const char *s)
{
	for (size_t i = 0; list[i] != NULL; i++)
		if (strcmp(list[i], s) == 0)
			return true;
	return false;
}

static void
list_words(struct sbuf *sb, const char *const list[])
{
	for (size_t i = 0, n = 0; list[i] != NULL; i++) {
		if (list[i][0] == '\0')
			continue;
		sbuf_printf(sb, "%s%s", n++ ? ", " : "", list[i]);
	}
}

/* A mapping whose keys are all in known.  NULL and null are "absent". */
static const struct ynode *
get_map(const struct wp *p, const struct ynode *n, const char *field,
    const char *const known[])
{
	if (n == NULL || yscalar_is_null(n))
		return NULL;
	if (n->type != Y_MAP)
		die_node(p, n, field, "a mapping");
	for (size_t i = 0; known != NULL && i < n->n; i++) {
		struct sbuf sb = { 0 };

		if (in_list(known, n->keys[i]->value))
			continue;
		list_words(&sb, known);
		s2r_die_at(p->path, n->keys[i]->line, n->keys[i]->column,
		    "%s: expected one of the keys %s (BLIS rejects unknown "
		    "keys), got \"%.80s\"", field, sbuf_str(&sb),
		    n->keys[i]->value);
	}
	return n;
}

static const struct ynode *
get_seq(const struct wp *p, const struct ynode *n, const char *field)
{
	if (n == NULL || yscalar_is_null(n))
		return NULL;
	if (n->type != Y_SEQ)
		die_node(p, n, field, "a sequence");
	return n;
}

static const struct ynode *
scalar_child(const struct wp *p, const struct ynode *map, const char *key,
    const char *field)
{
	const struct ynode *n = ymap_get(map, key);

	if (n == NULL || yscalar_is_null(n))
		return NULL;
	if (n->type != Y_SCALAR) {
		char *f = join(field, key);

		die_node(p, n, f, "a scalar");
	}
	return n;
}

static bool
get_f64(const struct wp *p, const struct ynode *map, const char *key,
    const char *field, double *out, struct wl_at *at)
{
	const struct ynode *n = scalar_child(p, map, key, field);

	if (n == NULL)
		return false;
	if (!yscalar_f64(n, out))
		die_node(p, n, join(field, key), "a finite number");
	if (at)
		*at = at_of(n);
	return true;
}

/* Integers; an integral float ("4e8") is accepted as yaml.v3 does. */
static bool
get_i64(const struct wp *p, const struct ynode *map, const char *key,
    const char *field, int64_t *out, struct wl_at *at)
{
	const struct ynode *n = scalar_child(p, map, key, field);
	double v;

	if (n == NULL)
		return false;
	if (!yscalar_i64(n, out)) {
		if (!yscalar_f64(n, &v) || v != floor(v) || fabs(v) > 9e18)
			die_node(p, n, join(field, key), "an integer");
		*out = (int64_t)v;
	}
	if (at)
		*at = at_of(n);
	return true;
}

static char *
get_str(const struct wp *p, const struct ynode *map, const char *key,
    const char *field, struct wl_at *at)
{
	const struct ynode *n = scalar_child(p, map, key, field);

	if (at)
		*at = at_of(n);
	return xstrdup(n ? n->value : "");
}

static bool
get_bool(const struct wp *p, const struct ynode *map, const char *key,
    const char *field, struct wl_at *at)
{
	const struct ynode *n = scalar_child(p, map, key, field);
	bool v = false;

	if (n == NULL)
		return false;
	if (!yscalar_bool(n, &v))
		die_node(p, n, join(field, key), "true or false");
	if (at)
		*at = at_of(n);
	return v;
}

/* ---- distributions ---- */

static double
need_param(const struct wp *p, const struct ynode *params,
    const struct ynode *dnode, const char *field, const char *type,
    const char *name, struct wl_at *at)
{
	double v;
	char *pf = join(field, "params");

	if (!get_f64(p, params, name, pf, &v, at)) {
		const struct ynode *n = params ? params : dnode;

		s2r_die_at(p->path, n->line, n->column, "%s: expected %s "
		    "(%s needs it), got none", pf, name, type);
	}
	free(pf);
	return v;
}

static double
opt_param(const struct wp *p, const struct ynode *params, const char *field,
    const char *name)
{
	double v = 0;
	char *pf = join(field, "params");

	get_f64(p, params, name, pf, &v, NULL);
	free(pf);
	return v;
}

static int64_t
int_param(const struct wp *p, const struct ynode *params, const char *field,
    const char *name, double v)
{
	if (fabs(v) > 9e18) {
		char *pf = join(field, "params");

		die_node(p, ymap_get(params, name), join(pf, name),
		    "a token count that fits an integer");
	}
	return (int64_t)v;	/* Go's int(): truncation toward zero */
}

struct bin {
	int64_t			 v;
	double			 p;
	const struct ynode	*key;
	size_t			 order;	/* in the file */
};

/* By token count, then file order: a repeated count is found next to its
 * first appearance, in one sort instead of a search per bin. */
static int
bin_cmp(const void *a, const void *b)
{
	const struct bin *x = a, *y = b;

	if (x->v != y->v)
		return x->v < y->v ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* Inline {"<tokens>": probability}: non-positive bins are skipped and the
 * rest normalised by the sum of all, as BLIS's NewEmpiricalPDFSampler. */
static void
parse_empirical(const struct wp *p, const struct ynode *params,
    const struct ynode *dnode, const char *field, struct dist *d)
{
	char *pf = join(field, "params");
	double total = 0, sum = 0;
	struct bin *bins;
	size_t n = 0, kept = 0;

	if (params == NULL || params->n == 0)
		die_node(p, params ? params : dnode, pf,
		    "inline bins {\"<tokens>\": probability} (an empirical "
		    "file is not implemented in BLIS)");
	bins = xcalloc(params->n, sizeof(*bins));
	for (size_t i = 0; i < params->n; i++) {
		const struct ynode *k = params->keys[i], *v = params->items[i];
		int64_t tokens;
		double prob;

		if (!parse_i64(k->value, strlen(k->value), &tokens))
			die_node(p, k, pf, "an integer token count as bin key");
		if (v->type != Y_SCALAR || !yscalar_f64(v, &prob))
			die_node(p, v, pf, "a finite probability");
		total += prob;
		bins[n++] = (struct bin){ tokens, prob, k, i };
	}
	qsort(bins, n, sizeof(*bins), bin_cmp);
	for (size_t i = 0; i < n; i++) {
		if (i > 0 && bins[i].v == bins[i - 1].v)
			die_node(p, bins[i].key, pf, "each token count once");
		if (bins[i].p > 0)	/* sorted, so still in order */
			bins[kept++] = bins[i];
	}
	n = kept;
	if (n == 0 || !(total > 0))
		die_node(p, params, pf, "at least one positive probability");
	d->nbins = n;
	d->bin_value = xcalloc(n, sizeof(*d->bin_value));
	d->bin_prob = xcalloc(n, sizeof(*d->bin_prob));
	for (size_t i = 0; i < n; i++) {
		d->bin_value[i] = bins[i].v;
		d->bin_prob[i] = bins[i].p / total;
		if (i + 1 < n)
			sum += d->bin_prob[i];
	}
	d->bin_prob[n - 1] = 1 - sum;	/* BLIS forces the last CDF to 1 */
	free(bins);
	free(pf);
}

static void
parse_params(const struct wp *p, const struct ynode *params,
    const struct ynode *dnode, struct wl_dist *wd)
{
	struct dist *d = &wd->d;
	const char *f = wd->field, *t = dist_type_name(d->type);

	switch (d->type) {
	case DIST_GAUSSIAN:
		d->mean = need_param(p, params, dnode, f, t, "mean", &wd->mean_at);
		d->std_dev = need_param(p, params, dnode, f, t, "std_dev", NULL);
		d->min = int_param(p, params, f, "min",
		    need_param(p, params, dnode, f, t, "min", NULL));
		d->max = int_param(p, params, f, "max",
		    need_param(p, params, dnode, f, t, "max", NULL));
		return;
	case DIST_EXPONENTIAL:
		d->mean = need_param(p, params, dnode, f, t, "mean", &wd->mean_at);
		d->min = int_param(p, params, f, "min",
		    opt_param(p, params, f, "min"));
		d->max = int_param(p, params, f, "max",
		    opt_param(p, params, f, "max"));
		return;
	case DIST_LOGNORMAL:
		d->mu = need_param(p, params, dnode, f, t, "mu", &wd->mean_at);
		d->sigma = need_param(p, params, dnode, f, t, "sigma", NULL);
		d->min = int_param(p, params, f, "min",
		    opt_param(p, params, f, "min"));
		d->max = int_param(p, params, f, "max",
		    opt_param(p, params, f, "max"));
		return;
	case DIST_PARETO_LOGNORMAL:
		d->alpha = need_param(p, params, dnode, f, t, "alpha",
		    &wd->mean_at);
		d->xm = need_param(p, params, dnode, f, t, "xm", NULL);
		d->mu = need_param(p, params, dnode, f, t, "mu", NULL);
		d->sigma = need_param(p, params, dnode, f, t, "sigma", NULL);
		d->mix_weight = need_param(p, params, dnode, f, t, "mix_weight",
		    NULL);
		if (!(d->alpha > 0) || !(d->xm > 0)) {
			char *pf = join(f, "params");

			die_node(p, ymap_get(params, d->alpha > 0 ? "xm" :
			    "alpha"), pf, "alpha > 0 and xm > 0");
		}
		return;
	case DIST_CONSTANT:
		d->value = int_param(p, params, f, "value",
		    need_param(p, params, dnode, f, t, "value", &wd->mean_at));
		return;
	case DIST_EMPIRICAL:
		parse_empirical(p, params, dnode, f, d);
		if (params)
			wd->mean_at = at_of(params);
		return;
	}
}

static void
parse_dist(const struct wp *p, const struct ynode *n, const char *field,
    const struct ynode *owner, struct wl_dist *wd)
{
	const struct ynode *map = get_map(p, n, field, dist_keys), *type;
	const struct ynode *params;
	char what[160], *pf;

	wd->field = xstrdup(field);
	snprintf(what, sizeof(what), "a distribution type (one of %s)",
	    dist_known_types);
	if (map == NULL)
		die_node(p, n ? n : owner, field, what);
	type = scalar_child(p, map, "type", field);
	if (type == NULL || !dist_type_parse(type->value, &wd->d.type))
		die_node(p, type ? type : map, join(field, "type"), what);
	if (scalar_child(p, map, "file", field) != NULL)
		die_node(p, ymap_get(map, "file"), join(field, "file"),
		    "inline params (BLIS does not implement distribution "
		    "files)");
	wd->set = true;
	wd->at = at_of(type);
	/* Params are a free map in BLIS (map[string]float64): extra names
	 * are not an error there either. */
	pf = join(field, "params");
	params = get_map(p, ymap_get(map, "params"), pf, NULL);
	free(pf);
	parse_params(p, params, map, wd);
}

static void
parse_arrival(const struct wp *p, const struct ynode *n, const char *field,
    const struct ynode *owner, struct wl_arrival *wa)
{
	const struct ynode *map = get_map(p, n, field, arrival_keys), *proc;
	char what[128];
	double cv;

	wa->field = xstrdup(field);
	snprintf(what, sizeof(what), "an arrival process (one of %s)",
	    arrival_known_processes);
	if (map == NULL)
		die_node(p, n ? n : owner, field, what);
	proc = scalar_child(p, map, "process", field);
	if (proc == NULL || !arrival_process_parse(proc->value,
	    &wa->a.process))
		die_node(p, proc ? proc : map, join(field, "process"), what);
	wa->at = at_of(proc);
	get_f64(p, map, "shape", field, &wa->a.shape, NULL);
	get_f64(p, map, "scale", field, &wa->a.scale, NULL);
	if (!get_f64(p, map, "cv", field, &cv, &wa->cv_at))
		return;
	if (!(cv > 0))
		die_node(p, ymap_get(map, "cv"), join(field, "cv"),
		    "a positive number");
	if (wa->a.process == ARR_WEIBULL && !(wa->a.shape > 0 &&
	    wa->a.scale > 0) && (cv < 0.01 || cv > 10.4))
		die_node(p, ymap_get(map, "cv"), join(field, "cv"),
		    "a weibull cv in [0.01, 10.4]");
	wa->a.cv = cv;
	wa->has_cv = true;
}

/* ---- clients ---- */

static void
free_client(struct wl_client *c)
{
	free(c->id);
	free(c->tenant_id);
	free(c->slo_class);
	free(c->field);
	free(c->prefix_group);
	free(c->adapter);
	free(c->arrival.field);
	free(c->input.field);
	free(c->output.field);
	dist_free(&c->input.d);
	dist_free(&c->output.d);
	free(c->windows);
}

static void
add_window(struct wl_client *c, int64_t start, int64_t end, double rate,
    struct wl_at at)
{
	c->windows = xreallocarray(c->windows, c->nwindows + 1,
	    sizeof(*c->windows));
	c->windows[c->nwindows++] = (struct wl_window){ start, end, rate, at,
	    false };
}

static void
parse_windows(const struct wp *p, const struct ynode *lc, const char *field,
    struct wl_client *c)
{
	char *lf = join(field, "lifecycle");
	const struct ynode *map = get_map(p, lc, lf, lifecycle_keys), *seq;
	char *wf = join(lf, "windows");

	if (map != NULL && (seq = get_seq(p, ymap_get(map, "windows"), wf))) {
		c->windows_at = at_of(map);
		c->windows_why = "lifecycle.windows";
		for (size_t i = 0; i < seq->n; i++) {
			struct sbuf f = { 0 };
			const struct ynode *w;
			int64_t s = 0, e = 0;
			double rate = 0;
			struct wl_dist tmp = { 0 };
			struct wl_arrival ta = { 0 };
			bool over = false;

			sbuf_printf(&f, "%s[%zu]", wf, i);
			w = get_map(p, seq->items[i], f.s, window_keys);
			if (w == NULL)
				die_node(p, seq->items[i], f.s, "a window");
			get_i64(p, w, "start_us", f.s, &s, NULL);
			get_i64(p, w, "end_us", f.s, &e, NULL);
			if (e <= s)
				die_node(p, ymap_get(w, "end_us") ? ymap_get(w,
				    "end_us") : w, join(f.s, "end_us"),
				    "end_us > start_us");
			get_f64(p, w, "trace_rate", f.s, &rate, NULL);
			/* Per-window overrides: validated, then noted. */
			if (ymap_get(w, "arrival") != NULL) {
				char *af = join(f.s, "arrival");

				parse_arrival(p, ymap_get(w, "arrival"), af, w,
				    &ta);
				free(ta.field);
				free(af);
				over = true;
			}
			for (int k = 0; k < 2; k++) {
				const char *key = k ? "output_distribution" :
				    "input_distribution";
				char *df;

				if (ymap_get(w, key) == NULL)
					continue;
				df = join(f.s, key);
				parse_dist(p, ymap_get(w, key), df, w, &tmp);
				free(tmp.field);
				dist_free(&tmp.d);
				free(df);
				over = true;
			}
			add_window(c, s, e, rate > 0 ? rate : 0, at_of(w));
			c->windows[c->nwindows - 1].overrides = over;
			sbuf_free(&f);
		}
	}
	free(wf);
	free(lf);
}

static void
parse_reasoning(const struct wp *p, const struct ynode *n,
    const char *field, struct wl_client *c)
{
	char *rf = join(field, "reasoning"), *mf;
	const struct ynode *map = get_map(p, n, rf, reasoning_keys), *mt;
	int64_t rounds = 0;
	struct wl_dist tmp = { 0 };

	if (map == NULL) {
		free(rf);
		return;
	}
	if (ymap_get(map, "reason_ratio_distribution") != NULL) {
		char *df = join(rf, "reason_ratio_distribution");

		parse_dist(p, ymap_get(map, "reason_ratio_distribution"), df,
		    map, &tmp);
		free(tmp.field);
		dist_free(&tmp.d);
		free(df);
	}
	mf = join(rf, "multi_turn");
	mt = get_map(p, ymap_get(map, "multi_turn"), mf, multi_turn_keys);
	if (mt != NULL) {
		get_i64(p, mt, "max_rounds", mf, &rounds, NULL);
		get_i64(p, mt, "think_time_us", mf, &(int64_t){ 0 }, NULL);
		free(get_str(p, mt, "context_growth", mf, NULL));
		get_bool(p, mt, "single_session", mf, NULL);
		c->multi_turn = rounds > 1;
		c->multi_turn_at = at_of(mt);
	}
	free(mf);
	free(rf);
}

/* Keys that only need their values to be well-formed. */
static void
check_extras(const struct wp *p, const struct ynode *map, const char *field)
{
	char *f;
	const struct ynode *mm, *net;
	int64_t i;

	f = join(field, "network");
	net = get_map(p, ymap_get(map, "network"), f, network_keys);
	if (net != NULL) {
		get_f64(p, net, "rtt_ms", f, &(double){ 0 }, NULL);
		get_f64(p, net, "bandwidth_mbps", f, &(double){ 0 }, NULL);
	}
	free(f);
	f = join(field, "multimodal");
	mm = get_map(p, ymap_get(map, "multimodal"), f, multimodal_keys);
	for (size_t k = 0; mm != NULL && k < mm->n; k++) {
		struct wl_dist tmp = { 0 };
		char *df = join(f, mm->keys[k]->value);

		parse_dist(p, mm->items[k], df, mm, &tmp);
		free(tmp.field);
		dist_free(&tmp.d);
		free(df);
	}
	free(f);
	get_i64(p, map, "timeout", field, &i, NULL);
	get_i64(p, map, "slo_target_us", field, &i, NULL);
	get_i64(p, map, "think_time_us", field, &i, NULL);
	free(get_str(p, map, "model", field, NULL));
}

static bool
parse_closed_loop(const struct wp *p, const struct ynode *map,
    const char *field, struct wl_at *at)
{
	const struct ynode *n = ymap_get(map, "closed_loop");

	if (n == NULL || yscalar_is_null(n))
		return false;
	if (n->type == Y_MAP) {
		*at = at_of(n);
		return true;
	}
	return get_bool(p, map, "closed_loop", field, at);
}

/* The fields clients and cohorts share. */
static void
parse_common(const struct wp *p, const struct ynode *map, const char *field,
    struct wl_client *c)
{
	struct wl_at at;
	struct sbuf sb = { 0 };

	c->field = xstrdup(field);
	c->at = at_of(map);
	c->id = get_str(p, map, "id", field, NULL);
	c->tenant_id = get_str(p, map, "tenant_id", field, NULL);
	c->slo_class = get_str(p, map, "slo_class", field, &c->class_at);
	sbuf_printf(&sb, "%s.arrival", field);
	parse_arrival(p, ymap_get(map, "arrival"), sb.s, map, &c->arrival);
	sbuf_reset(&sb);
	sbuf_printf(&sb, "%s.input_distribution", field);
	parse_dist(p, ymap_get(map, "input_distribution"), sb.s, map,
	    &c->input);
	sbuf_reset(&sb);
	sbuf_printf(&sb, "%s.output_distribution", field);
	parse_dist(p, ymap_get(map, "output_distribution"), sb.s, map,
	    &c->output);
	sbuf_free(&sb);
	get_f64(p, map, "rate_fraction", field, &c->rate_fraction, &c->rate_at);
	c->streaming = get_bool(p, map, "streaming", field, &c->streaming_at);
	c->closed_loop = parse_closed_loop(p, map, field, &c->closed_at);
	if (scalar_child(p, map, "prefix_group", field) != NULL &&
	    yscalar(ymap_get(map, "prefix_group"))[0] != '\0') {
		c->prefix_group = get_str(p, map, "prefix_group", field,
		    &c->prefix_at);
		c->prefix_length = 50;		/* BLIS's default */
	}
	if (get_i64(p, map, "prefix_length", field, &c->prefix_length,
	    &at)) {
		if (c->prefix_length < 0)
			die_node(p, ymap_get(map, "prefix_length"),
			    join(field, "prefix_length"),
			    "a non-negative token count");
		if (c->prefix_group != NULL)
			c->prefix_at = at;
	}
	if (c->prefix_group == NULL)
		c->prefix_length = 0;
	/* The adapter a client's requests name (blis observe sends it as the
	 * request's model); empty or absent: the base model. */
	if (scalar_child(p, map, "adapter", field) != NULL &&
	    yscalar(ymap_get(map, "adapter"))[0] != '\0')
		c->adapter = get_str(p, map, "adapter", field, &c->adapter_at);
	parse_reasoning(p, ymap_get(map, "reasoning"), field, c);
	check_extras(p, map, field);
	c->cohort = -1;
}

static void parse_client_tail(const struct wp *, const struct ynode *,
    const char *, struct wl_client *);

static void
parse_client(const struct wp *p, const struct ynode *n, const char *field,
    struct wl_client *c)
{
	const struct ynode *map = get_map(p, n, field, client_keys);

	if (map == NULL)
		die_node(p, n, field, "a client mapping");
	parse_common(p, map, field, c);
	parse_client_tail(p, map, field, c);
}

static void
parse_client_tail(const struct wp *p, const struct ynode *map,
    const char *field, struct wl_client *c)
{
	struct wl_at at;

	if (get_i64(p, map, "concurrency", field, &c->concurrency, &at)) {
		if (c->concurrency < 0)
			die_node(p, ymap_get(map, "concurrency"), join(field,
			    "concurrency"), "a non-negative integer");
		if (c->concurrency > 0)
			c->closed_at = at;
	}
	parse_windows(p, ymap_get(map, "lifecycle"), field, c);
}

static void
add_client(struct workload *w, const struct wl_client *c)
{
	w->clients = xroom(w->clients, w->nclients, sizeof(*w->clients));
	w->clients[w->nclients++] = *c;
}

/* Deep copy for cohort members. */
static void
copy_dist(struct wl_dist *dst, const struct wl_dist *src)
{
	*dst = *src;
	dst->field = xstrdup(src->field);
	if (src->d.nbins > 0) {
		size_t n = src->d.nbins;

		dst->d.bin_value = xcalloc(n, sizeof(int64_t));
		dst->d.bin_prob = xcalloc(n, sizeof(double));
		memcpy(dst->d.bin_value, src->d.bin_value, n * sizeof(int64_t));
		memcpy(dst->d.bin_prob, src->d.bin_prob, n * sizeof(double));
	}
}

/* Cohort patterns become lifecycle windows exactly as BLIS builds them
 * (cohort.go): 24 diurnal hours, one spike window, drain segments. */
static void
cohort_windows(const struct wp *p, const struct ynode *map,
    const char *field, struct wl_client *c)
{
	const struct ynode *n;
	char *f;

	f = join(field, "diurnal");
	if ((n = get_map(p, ymap_get(map, "diurnal"), f, diurnal_keys))) {
		int64_t peak = 0, hour = 3600000000LL;
		double r = 1;

		get_i64(p, n, "peak_hour", f, &peak, NULL);
		get_f64(p, n, "peak_to_trough_ratio", f, &r, NULL);
		if (peak < 0 || peak > 23 || !(r >= 1))
			die_node(p, n, f, "peak_hour 0-23 and "
			    "peak_to_trough_ratio >= 1");
		for (int h = 0; h < 24; h++) {
			double ang = 2 * M_PI * (double)(h - peak) / 24;
			double mult = (1 + cos(ang)) / 2 * (1 - 1 / r) + 1 / r;
			int64_t dur = (int64_t)((double)hour * mult);

			dur = dur > hour ? hour : dur < 1 ? 1 : dur;
			add_window(c, h * hour, h * hour + dur, 0, at_of(n));
		}
		c->windows_at = at_of(n);
		c->windows_why = "diurnal";
	}
	free(f);
	f = join(field, "spike");
	if ((n = get_map(p, ymap_get(map, "spike"), f, spike_keys))) {
		int64_t s = 0, d = 0;
		double rate = 0;

		get_i64(p, n, "start_time_us", f, &s, NULL);
		get_i64(p, n, "duration_us", f, &d, NULL);
		get_f64(p, n, "trace_rate", f, &rate, NULL);
		if (d <= 0)
			die_node(p, n, f, "a positive duration_us");
		add_window(c, s, s + d, rate, at_of(n));
		c->windows_at = at_of(n);
		c->windows_why = "spike";
	}
	free(f);
	f = join(field, "drain");
	if ((n = get_map(p, ymap_get(map, "drain"), f, drain_keys))) {
		int64_t s = 0, ramp = 0, seg;

		get_i64(p, n, "start_time_us", f, &s, NULL);
		get_i64(p, n, "ramp_duration_us", f, &ramp, NULL);
		seg = ramp / 10 < 1 ? 1 : ramp / 10;
		if (s > 0)
			add_window(c, 0, s, 0, at_of(n));
		for (int i = 0; i < 10; i++) {
			int64_t act = (int64_t)((double)seg * (10 - i) / 10);

			add_window(c, s + i * seg, s + i * seg + (act < 1 ? 1 :
			    act), 0, at_of(n));
		}
		c->windows_at = at_of(n);
		c->windows_why = "drain";
	}
	free(f);
}

static void
parse_cohort(const struct wp *p, struct workload *w, const struct ynode *n,
    const char *field, int index)
{
	const struct ynode *map = get_map(p, n, field, cohort_keys);
	struct wl_client proto = { 0 };
	int64_t pop = 0;
	char *sharing;
	bool per_member;

	if (map == NULL)
		die_node(p, n, field, "a cohort mapping");
	parse_common(p, map, field, &proto);
	if (!get_i64(p, map, "population", field, &pop, NULL) || pop < 1 ||
	    pop > 100000)
		die_node(p, ymap_get(map, "population") ? ymap_get(map,
		    "population") : map, join(field, "population"),
		    "a population in 1..100000");
	sharing = get_str(p, map, "prefix_sharing", field, NULL);
	if (!in_list((const char *const[]){ "", "shared", "per_member", NULL },
	    sharing))
		die_node(p, ymap_get(map, "prefix_sharing"), join(field,
		    "prefix_sharing"), "shared or per_member");
	per_member = strcmp(sharing, "per_member") == 0;
	free(sharing);
	cohort_windows(p, map, field, &proto);
	for (int64_t j = 0; j < pop; j++) {
		struct wl_client c = proto;
		struct sbuf sb = { 0 };

		sbuf_printf(&sb, "%s-%lld", proto.id, (long long)j);
		c.id = sb.s;
		c.tenant_id = xstrdup(proto.tenant_id);
		c.slo_class = xstrdup(proto.slo_class);
		c.field = xstrdup(proto.field);
		c.arrival.field = xstrdup(proto.arrival.field);
		copy_dist(&c.input, &proto.input);
		copy_dist(&c.output, &proto.output);
		c.rate_fraction = proto.rate_fraction / (double)pop;
		c.adapter = proto.adapter ? xstrdup(proto.adapter) : NULL;
		c.prefix_group = NULL;
		if (proto.prefix_group != NULL) {
			struct sbuf g = { 0 };

			sbuf_adds(&g, proto.prefix_group);
			if (per_member)
				sbuf_printf(&g, "-%lld", (long long)j);
			c.prefix_group = g.s;
		}
		c.windows = NULL;
		if (proto.nwindows > 0) {
			c.windows = xcalloc(proto.nwindows, sizeof(*c.windows));
			memcpy(c.windows, proto.windows, proto.nwindows *
			    sizeof(*c.windows));
		}
		c.cohort = index;
		c.member = j;
		add_client(w, &c);
	}
	free_client(&proto);
}

/* ---- top level ---- */

static void
parse_inference_perf(const struct wp *p, const struct ynode *n,
    struct workload *w)
{
	const struct ynode *map = get_map(p, n, "inference_perf", ip_keys);
	const struct ynode *seq, *sp;

	if (map == NULL)
		return;
	w->inference_perf = true;
	w->inference_perf_at = at_of(map);
	seq = get_seq(p, ymap_get(map, "stages"), "inference_perf.stages");
	for (size_t i = 0; seq != NULL && i < seq->n; i++) {
		struct sbuf f = { 0 };
		const struct ynode *s;
		struct wl_stage st = { 0, 0, at_of(seq->items[i]) };

		sbuf_printf(&f, "inference_perf.stages[%zu]", i);
		s = get_map(p, seq->items[i], f.s, stage_keys);
		if (s == NULL)
			die_node(p, seq->items[i], f.s, "a stage mapping");
		if (!get_f64(p, s, "rate", f.s, &st.rate, NULL) || !(st.rate > 0))
			die_node(p, ymap_get(s, "rate") ? ymap_get(s, "rate") :
			    s, join(f.s, "rate"), "a positive rate");
		if (!get_f64(p, s, "duration", f.s, &st.duration_s, NULL) ||
		    !(st.duration_s > 0))
			die_node(p, ymap_get(s, "duration") ? ymap_get(s,
			    "duration") : s, join(f.s, "duration"),
			    "a positive duration");
		w->stages = xroom(w->stages, w->nstages, sizeof(*w->stages));
		w->stages[w->nstages++] = st;
		sbuf_free(&f);
	}
	sp = get_map(p, ymap_get(map, "shared_prefix"),
	    "inference_perf.shared_prefix", shared_prefix_keys);
	if (sp != NULL) {
		const char *f = "inference_perf.shared_prefix";

		get_i64(p, sp, "num_unique_system_prompts", f, &w->ip_prompts,
		    NULL);
		get_i64(p, sp, "num_users_per_system_prompt", f, &w->ip_users,
		    NULL);
		get_i64(p, sp, "system_prompt_len", f, &w->ip_prefix_len, NULL);
		get_i64(p, sp, "question_len", f, &w->ip_question_len, NULL);
		get_i64(p, sp, "output_len", f, &w->ip_output_len, NULL);
		w->ip_multi_turn = get_bool(p, sp, "enable_multi_turn_chat", f,
		    NULL);
	}
}

static void
parse_servegen(const struct wp *p, const struct ynode *n, struct workload *w)
{
	const struct ynode *map = get_map(p, n, "servegen_data", servegen_keys);

	if (map == NULL)
		return;
	w->servegen = true;
	w->servegen_at = at_of(map);
	free(get_str(p, map, "path", "servegen_data", NULL));
}

/* A class outside BLIS's tiers: BLIS's priority map gives any class it
 * does not know its default priority (standard's), and upstream specs use
 * that ("default", config-exploration's chatbot.yaml).  A name, so that
 * it reads as one in the trace's slo_class column. */
static bool
class_name(const char *s)
{
	if (*s == '\0' || strlen(s) > 64)
		return false;
	for (; *s != '\0'; s++)
		if (!isalnum((unsigned char)*s) && *s != '_' && *s != '-' &&
		    *s != '.')
			return false;
	return true;
}

static void
upgrade_and_check_classes(const struct wp *p, const struct ynode *root,
    struct workload *w)
{
	const struct wl_client *first = NULL;

	for (size_t i = 0; i < w->nclients; i++) {
		struct wl_client *c = &w->clients[i];
		const char *to = NULL;

		/* BLIS's UpgradeV1ToV2 maps the names whatever the version. */
		if (strcmp(c->slo_class, "realtime") == 0)
			to = "critical";
		if (strcmp(c->slo_class, "interactive") == 0)
			to = "standard";
		if (to != NULL) {
			free(c->slo_class);
			c->slo_class = xstrdup(to);
		}
		c->custom_class = !in_list(slo_classes, c->slo_class);
		if (c->custom_class && !class_name(c->slo_class)) {
			struct sbuf sb = { 0 };

			sbuf_adds(&sb, "an SLO class (");
			list_words(&sb, slo_classes);
			sbuf_adds(&sb, ", or a name of letters, digits, '_', "
			    "'-' and '.' that BLIS gives the default priority)");
			s2r_die_at(p->path, c->at.line, c->at.column,
			    "%s.slo_class: expected %s, got \"%.80s\"", c->field,
			    sbuf_str(&sb), c->slo_class);
		}
		if (first == NULL)
			first = c;
		else if ((first->slo_class[0] == '\0') !=
		    (c->slo_class[0] == '\0'))
			s2r_die_at(p->path, c->at.line, c->at.column,
			    "%s.slo_class: expected every client to set "
			    "slo_class or none (BLIS rejects a mix; %s has "
			    "\"%s\"), got \"%s\"", c->field, first->field,
			    first->slo_class, c->slo_class);
	}
	(void)root;
}

bool
wl_client_rate_based(const struct wl_client *c)
{
	return c->concurrency == 0 && !c->closed_loop;
}

double
workload_rate_total(const struct workload *w)
{
	double t = 0;

	for (size_t i = 0; i < w->nclients; i++)
		if (wl_client_rate_based(&w->clients[i]))
			t += w->clients[i].rate_fraction;
	return t;
}

static bool
has_trace_rate(const struct wl_client *c)
{
	for (size_t i = 0; i < c->nwindows; i++)
		if (c->windows[i].trace_rate > 0)
			return true;
	return false;
}

static void
check_rates(const struct wp *p, const struct ynode *root, struct workload *w)
{
	for (size_t i = 0; i < w->nclients; i++) {
		const struct wl_client *c = &w->clients[i];

		if (!wl_client_rate_based(c))
			continue;
		if (!(c->rate_fraction > 0))
			s2r_die_at(p->path, c->rate_at.line ? c->rate_at.line :
			    c->at.line, c->rate_at.line ? c->rate_at.column :
			    c->at.column, "%s.rate_fraction: expected a positive "
			    "number (or concurrency > 0), got %.10g", c->field,
			    c->rate_fraction);
		if (!(w->aggregate_rate > 0) && !has_trace_rate(c) &&
		    !w->inference_perf) {
			const struct ynode *n = ymap_get(root, "aggregate_rate");

			s2r_die_at(p->path, n ? n->line : root->line,
			    n ? n->column : root->column, "aggregate_rate: "
			    "expected a positive rate in requests/s (0 is "
			    "absolute mode, which needs trace_rate windows), "
			    "got %s", n ? got(n) : "none");
		}
	}
	if (w->nclients == 0 && !w->servegen && !w->inference_perf)
		die_node(p, ymap_get(root, "clients") ? ymap_get(root,
		    "clients") : root, "clients", "at least one client, cohort, "
		    "servegen_data or inference_perf");
}

static void
parse_top(const struct wp *p, const struct ynode *root, struct workload *w)
{
	const struct ynode *seq;
	struct wl_at at;

	if (root == NULL || get_map(p, root, "workload", top_keys) == NULL)
		die_node(p, root, "workload", "a WorkloadSpec mapping");
	w->version = get_str(p, root, "version", "", &w->version_at);
	w->upgraded = w->version[0] == '\0' || strcmp(w->version, "1") == 0;
	if (w->upgraded) {
		free(w->version);
		w->version = xstrdup("2");
	}
	w->has_seed = get_i64(p, root, "seed", "", &w->seed, &w->seed_at);
	w->category = get_str(p, root, "category", "", &at);
	if (!in_list(categories, w->category))
		die_node(p, ymap_get(root, "category"), "category",
		    "language, multimodal, reasoning or none");
	get_f64(p, root, "aggregate_rate", "", &w->aggregate_rate,
	    &w->rate_at);
	get_i64(p, root, "horizon", "", &w->horizon, &w->horizon_at);
	get_i64(p, root, "num_requests", "", &w->num_requests,
	    &w->num_requests_at);
	if (w->horizon < 0 || w->num_requests < 0)
		die_node(p, ymap_get(root, w->horizon < 0 ? "horizon" :
		    "num_requests"), w->horizon < 0 ? "horizon" :
		    "num_requests", "a non-negative integer");
	get_map(p, ymap_get(root, "goodput_slo_targets"),
	    "goodput_slo_targets", NULL);
	seq = get_seq(p, ymap_get(root, "clients"), "clients");
	w->clients_at = at_of(seq);
	for (size_t i = 0; seq != NULL && i < seq->n; i++) {
		struct wl_client c = { 0 };
		struct sbuf f = { 0 };

		sbuf_printf(&f, "clients[%zu]", i);
		parse_client(p, seq->items[i], f.s, &c);
		add_client(w, &c);
		sbuf_free(&f);
	}
	seq = get_seq(p, ymap_get(root, "cohorts"), "cohorts");
	for (size_t i = 0; seq != NULL && i < seq->n; i++) {
		struct sbuf f = { 0 };

		sbuf_printf(&f, "cohorts[%zu]", i);
		parse_cohort(p, w, seq->items[i], f.s, (int)i);
		sbuf_free(&f);
	}
	parse_inference_perf(p, ymap_get(root, "inference_perf"), w);
	parse_servegen(p, ymap_get(root, "servegen_data"), w);
	upgrade_and_check_classes(p, root, w);
	check_rates(p, root, w);
}

struct workload *
workload_load_buf(const char *label, const char *buf, size_t len)
{
	struct perr err;
	struct ydoc *doc = ydoc_load_buf(label, buf, len, 0, &err);
	struct workload *w;
	struct wp p = { label };

	if (doc == NULL)
		s2r_die_at(label, err.line, err.column, "malformed YAML: %s",
		    err.msg);
	w = xcalloc(1, sizeof(*w));
	w->path = xstrdup(label);
	parse_top(&p, ydoc_root(doc), w);
	ydoc_free(doc);
	return w;
}

struct workload *
workload_load(const char *path, const char *label)
{
	FILE *f = infile_open(path, label);
	struct sbuf sb = { 0 };
	char chunk[8192];
	size_t n;
	struct workload *w;

	if (label == NULL)
		label = path;
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		sbuf_add(&sb, chunk, n);
	if (ferror(f))
		s2r_die("%s: read error: %s", label, strerror(errno));
	if (f != stdin)
		fclose(f);
	w = workload_load_buf(label, sb.s ? sb.s : "", sb.len);
	sbuf_free(&sb);
	return w;
}

void
workload_free(struct workload *w)
{
	if (w == NULL)
		return;
	for (size_t i = 0; i < w->nclients; i++)
		free_client(&w->clients[i]);
	free(w->clients);
	free(w->stages);
	free(w->path);
	free(w->version);
	free(w->category);
	free(w);
}
