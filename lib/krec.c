/* krec.c - see krec.h. */
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "krec.h"
#include "labels.h"
#include "rec.h"

json_t *
krec_scope(const struct krank *rk, const char *iter)
{
	json_t *sc = rec_scope_new();
	char buf[32];

	rec_scope_set(sc, "iteration", iter);
	snprintf(buf, sizeof(buf), "%d", rk->dev);
	rec_scope_set(sc, "device", buf);
	snprintf(buf, sizeof(buf), "%lld", (long long)rk->rank);
	rec_scope_set(sc, "rank", buf);
	return sc;
}

json_t *
krec_i64_or_null(int64_t v)
{
	return v == K_NONE ? json_null() : rec_i64(v);
}

static void
emit_iters(FILE *out, const struct krank *rk)
{
	const struct ktrace *t = rk->t;
	char buf[32];

	for (size_t i = 0; i < t->niters; i++) {
		const struct kiter *it = &t->iters[i];
		json_t *rec = rec_new("iter");

		snprintf(buf, sizeof(buf), "%lld", (long long)it->id);
		rec_set(rec, "scope", krec_scope(rk, buf));
		rec_set_str(rec, "side", "real");
		rec_set_i64(rec, "iter", it->id);
		rec_set_str(rec, "stage", kstage_name(it->stage));
		rec_set_str(rec, "marker", t->names.s[it->name]);
		rec_set(rec, "ctx_reqs", it->ctx_reqs < 0 ? json_null() :
		    rec_i64(it->ctx_reqs));
		rec_set(rec, "ctx_tokens", it->ctx_toks < 0 ? json_null() :
		    rec_i64(it->ctx_toks));
		rec_set(rec, "gen_reqs", it->gen_reqs < 0 ? json_null() :
		    rec_i64(it->gen_reqs));
		rec_set(rec, "gen_tokens", it->gen_toks < 0 ? json_null() :
		    rec_i64(it->gen_toks));
		rec_set(rec, "host_start_ns", strcmp(t->format, "ndjson") ?
		    rec_i64(it->start) : json_null());
		rec_set(rec, "host_end_ns", strcmp(t->format, "ndjson") ?
		    rec_i64(it->end) : json_null());
		rec_set_i64(rec, "n_ops", (int64_t)it->nops);
		rec_set(rec, "graph", json_boolean(it->graph));
		rec_set(rec, "source", rec_source(t->path, it->line,
		    it->column, "name", "iteration marker; stage from its "
		    "request/token counts"));
		rec_emit(out, rec);
	}
}

static void
emit_kernel(FILE *out, const struct krank *rk, const struct kop *op,
    const struct llabel *lab)
{
	const struct ktrace *t = rk->t;
	json_t *rec = rec_new("kernel");
	char buf[32];
	const char *iter = NULL;

	if (op->iter >= 0) {
		snprintf(buf, sizeof(buf), "%lld",
		    (long long)t->iters[op->iter].id);
		iter = buf;
	}
	rec_set(rec, "scope", krec_scope(rk, iter));
	rec_set_str(rec, "name", t->names.s[op->name]);
	rec_set_str(rec, "cat", kcat_name(op->cat));
	rec_set_i64(rec, "start_ns", op->start);
	rec_set_i64(rec, "dur_ns", op->dur);
	rec_set_i64(rec, "dev", op->dev);
	rec_set_i64(rec, "rank", rk->rank);
	rec_set_i64(rec, "stream", op->stream);
	rec_set(rec, "corr", krec_i64_or_null(op->corr));
	rec_set(rec, "iter", op->iter >= 0 ?
	    rec_i64(t->iters[op->iter].id) : json_null());
	rec_set(rec, "launch_ns", krec_i64_or_null(op->launch));
	rec_set(rec, "graph", json_boolean(op->graph));
	if (lab != NULL) {
		rec_set(rec, "category", lab->kind ? json_string(lab->kind) :
		    json_null());
		rec_set(rec, "op", lab->op ? json_string(lab->op) :
		    json_null());
	}
	rec_set(rec, "source", rec_source(t->path, op->line, op->column,
	    NULL, "ts/dur decimal microseconds to integer ns; iteration by "
	    "correlation id -> launching call -> enclosing marker"));
	rec_emit(out, rec);
}

static const struct ktrace *sort_trace;	/* qsort has no context */

/* Start order; operations that start together keep their order. */
static int
cmp_op_start(const void *a, const void *b)
{
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	const struct kop *x = &sort_trace->ops[i], *y = &sort_trace->ops[j];

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return i < j ? -1 : 1;
}

void
krec_kernels(FILE *out, const struct krank *rk, const struct lrules *rs)
{
	const struct ktrace *t = rk->t;
	size_t *idx = xcalloc(t->nops + 1, sizeof(*idx));
	struct llabel *lab = NULL;
	size_t n = 0;

	emit_iters(out, rk);
	for (size_t j = 0; j < t->nops; j++)
		if (t->ops[j].dev == rk->dev)
			idx[n++] = j;
	if (rs != NULL) {
		lab = xcalloc(t->nops + 1, sizeof(*lab));
		label_device(rs, t, rk->dev, lab);
	}
	sort_trace = t;
	qsort(idx, n, sizeof(*idx), cmp_op_start);
	for (size_t k = 0; k < n; k++)
		emit_kernel(out, rk, &t->ops[idx[k]], lab != NULL ?
		    &lab[idx[k]] : NULL);
	free(idx);
	free(lab);
}
