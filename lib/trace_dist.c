/* trace_dist.c - the trace's distribution records (for the report's
 * charts): the measure record that carries a points or bins array, and
 * the token histograms; see trace_int.h. */
#include <math.h>
#include <stdint.h>

#include "rec.h"
#include "stats.h"
#include "str.h"
#include "trace_int.h"

/* Token histograms: at most this many bins. */
#define HIST_BINS	40

/* A measure record whose data is a points or bins array rather than one
 * value: value null, the array last. */
void
trace_put_dist(struct out *o, const char *check, const char *metric,
    const char *unit, int64_t n, const char *cls, const char *field,
    const char *how, const char *key, json_t *data)
{
	rec_set(trace_put(o, check, metric, NAN, unit, n, cls ? "class" : NULL,
	    cls, NULL, field, how), key, data);
}

/* Bin width: the least 1, 2 or 5 times a power of ten that covers
 * [lo, hi] in at most HIST_BINS bins aligned on multiples of it. */
static int64_t
hist_width(int64_t lo, int64_t hi)
{
	static const int64_t mult[] = { 1, 2, 5 };

	for (int64_t base = 1; base <= INT64_MAX / 10; base *= 10)
		for (size_t i = 0; i < 3; i++) {
			int64_t w = base * mult[i];
			int64_t first = lo / w * w;

			if ((hi - first) / w + 1 <= HIST_BINS)
				return w;
		}
	return INT64_MAX / 10;
}

/* [[lo, hi, count], ...]: half-open integer bins [lo, hi) from the
 * sorted values, empty bins included. */
static json_t *
hist_bins(const struct ivals *v, int64_t *width)
{
	json_t *bins = json_array();
	int64_t lo, hi, w, edge;
	size_t i = 0;

	*width = 0;
	if (v->n == 0)
		return bins;
	lo = ivals_at(v, 0);
	hi = ivals_at(v, v->n - 1);
	w = hist_width(lo, hi);
	*width = w;
	/* Differences from the edge, never edge + w: no overflow near
	 * INT64_MAX (the last edge saturates there). */
	for (edge = lo / w * w; i < v->n; edge += w) {
		json_t *b = json_array();
		int64_t count = 0;

		while (i < v->n && ivals_at(v, i) - edge < w) {
			count++;
			i++;
		}
		json_array_append_new(b, rec_i64(edge));
		json_array_append_new(b, rec_i64(edge > INT64_MAX - w ?
		    INT64_MAX : edge + w));
		json_array_append_new(b, rec_i64(count));
		json_array_append_new(bins, b);
		if (edge > INT64_MAX - w)
			break;
	}
	return bins;
}

void
trace_put_hist(struct out *o, const char *check, const char *metric,
    const char *field, const struct ivals *v, const char *rows)
{
	struct sbuf how = {0};
	int64_t width;
	json_t *bins = hist_bins(v, &width);

	sbuf_printf(&how, "bins [lo, hi, count]: rows with lo <= %s < hi over "
	    "%s; width %lld (the least 1, 2 or 5 x 10^k giving at most %d "
	    "bins aligned on multiples of it), empty bins included", field,
	    rows, (long long)width, HIST_BINS);
	trace_put_dist(o, check, metric, "tokens", (int64_t)v->n, NULL, field,
	    sbuf_str(&how), "bins", bins);
	sbuf_free(&how);
}
