/* wlexpect_int.h - what the files of the workload expectations share
 * (wlexpect.c: aggregates 1a-1g; wlexpect_run.c: counts, duration, client
 * spans and rates, per-window mixtures; wlexpect_proto.c: corpus
 * workloads and measurement.yaml): the context and the one record
 * builder, xrec_add. */
#ifndef S2R_WLEXPECT_INT_H
#define S2R_WLEXPECT_INT_H

#include <stdbool.h>

#include <jansson.h>

#include "sampler.h"
#include "str.h"
#include "workload.h"

struct xctx {
	const struct workload	*w;	/* NULL: not a WorkloadSpec */
	const char		*name, *file;	/* name NULL: no workload */
	json_t			*out;
	double			 total;		/* Σ rate_fraction, rate-based */
	/* Why an aggregate is not comparable; NULL when it is. */
	char			*why_rate, *why_mix, *why_len;
	/* Why counts, duration and client spans are not (closed-loop
	 * clients, multi-turn sessions, servegen data). */
	char			*why_time;
};

/* One record: check, metric, value (null, "comparable": false and why
 * when why is set), unit, scope {workload, client, prefix_group, class,
 * adapter, window}, source, and for 1g the arrival process and its configured cv;
 * extra keys (readings, sd, clients ...) last. */
struct xrec {
	const char	*check, *metric;
	double		 value;
	json_t		*jvalue;	/* stolen; instead of value when set */
	const char	*unit;
	const char	*client, *group, *cls, *window;
	const char	*adapter;
	struct wl_at	 at;
	const char	*field, *how;
	const char	*why;
	const char	*process;
	bool		 has_cv;
	double		 cv;
	bool		 has_sd1;	/* sd1: see struct wl_disp */
	double		 sd1;
	json_t		*extra;		/* stolen object: keys appended */
};

void	 xrec_add(struct xctx *x, const struct xrec *r);
char	*fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));

/* How a rate-share statistic sum(N_k x_k) / sum(N_k) over the clients
 * (x_k: 1 or 0, a client in a share or not; its mean length, for a
 * mixture's mean) varies with the clients' request counts N_k.  A
 * renewal process of inter-arrival CV cv_k gives N_k a variance of
 * cv_k^2 N_k, so the statistic varies per request as sd1^2 =
 * sum(w_k cv_k^2 (x_k - mean)^2), plus sum(w_k var_k) for a mean; with
 * every client poisson (cv 1) that is p(1 - p) for a share and the
 * mixture's variance for a mean, which s2r-verdict assumes without sd1.
 * Bursty clients widen it, constant ones narrow it. */
struct wl_disp {
	double	 c0, c1, c2;	/* sum w cv^2, sum w cv^2 x, sum w cv^2 x^2 */
	double	 within;	/* sum w var_k (a mean's own spread) */
	bool	 other;		/* some client's cv is not 1 */
};

void	 disp_add(struct wl_disp *d, const struct wl_client *c, double w,
	    double x, double var);
/* r->sd1 for a statistic of value r->value, when some client is not
 * poisson; its how gets the formula. */
void	 disp_set(const struct wl_disp *d, struct xrec *r, struct sbuf *how);

/* The exact law of one client's lengths, for mixtures. */
struct mix {
	double	 mean, m2;		/* Σw·mean, Σw(var + mean²) */
	struct wl_disp disp;		/* of the mean */
	int64_t	 min, max;
	char	*why_mean, *why_stdev, *why_max;
	int64_t	 tail_from;
	bool	 identical;
	const struct wl_client *first;
	size_t	 n;
};

/* The rate-share mixture of the members' (all rate-based clients when
 * members is NULL) input or output lengths, weights rate_fraction/total;
 * list gets "id w= mean stdev" of the first few.  Free the why_*. */
void	 mix_lengths(struct xctx *x, bool output, const size_t *members,
	    size_t nmembers, double total, struct mix *mx, struct sbuf *list);
void	 mix_free(struct mix *mx);

/* Which clients a share counts. */
typedef bool pick_fn(const struct wl_client *, const void *);
bool	 pick_class(const struct wl_client *c, const void *cls);
bool	 pick_adapter(const struct wl_client *c, const void *adapter);
bool	 pick_prefix(const struct wl_client *c, const void *unused);
bool	 pick_streaming(const struct wl_client *c, const void *unused);

/* The rate share of the members (every client when NULL) for which pick
 * holds, over total; how gets "a 0.7 + b 0.3 over the total ...", first
 * the first such client (NULL: none), d the share's dispersion. */
double	 share_of(struct xctx *x, const size_t *members, size_t nmembers,
	    double total, pick_fn *pick, const void *arg, struct sbuf *how,
	    const struct wl_client **first, struct wl_disp *d);

/* wlexpect_run.c */
void	 expect_run(struct xctx *x);
void	 expect_windows(struct xctx *x);

#endif
