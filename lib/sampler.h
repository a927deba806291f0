/* sampler.h - BLIS's token-length and arrival samplers: exact moments of
 * what they produce, and a deterministic generator with the same semantics.
 *
 * BLIS (sim/workload/distribution.go) samples a real number, rounds it half
 * away from zero, clamps it and floors it at 1; gaussian clamps before
 * rounding.  Because the clamp bounds are integers both orders give the
 * same integer, so the law of the result is a distribution on the integers
 * that we compute exactly from the CDF rather than by Monte Carlo
 * (docs/formats.md §3.4). */
#ifndef S2R_SAMPLER_H
#define S2R_SAMPLER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum dist_type {
	DIST_GAUSSIAN,
	DIST_EXPONENTIAL,
	DIST_LOGNORMAL,
	DIST_PARETO_LOGNORMAL,
	DIST_CONSTANT,
	DIST_EMPIRICAL
};

/* "gaussian, exponential, lognormal, pareto_lognormal, constant, empirical" */
extern const char dist_known_types[];
/* false when name is not a known type. */
bool	dist_type_parse(const char *name, enum dist_type *out);
const char *dist_type_name(enum dist_type t);

struct dist {
	enum dist_type	 type;
	double		 mean, std_dev;		/* gaussian; exponential mean */
	int64_t		 min, max;		/* gaussian; 0 = none elsewhere */
	double		 mu, sigma;		/* lognormal, pareto_lognormal */
	double		 alpha, xm, mix_weight;	/* pareto_lognormal */
	int64_t		 value;			/* constant, already int() */
	size_t		 nbins;			/* empirical, sorted by value */
	int64_t		*bin_value;
	double		*bin_prob;		/* normalised, sums to 1 */
};

void	dist_free(struct dist *d);	/* frees the empirical bins */

/* The law of the integer BLIS's sampler returns. */
struct moments {
	double		 mean, stdev;		/* population stdev */
	bool		 has_mean, has_stdev;	/* false: infinite moment */
	int64_t		 min, max;		/* support bounds */
	bool		 has_max;		/* false: unbounded above */
	/* When a moment is missing: why, in words (static storage). */
	const char	*why;
	/* > 0: integers above this were summed as a continuous tail. */
	int64_t		 tail_from;
};

void	dist_moments(const struct dist *d, struct moments *m);
/* P(the integer BLIS's sampler returns <= k): the exact CDF of the law
 * dist_moments sums (1c/1d's shape check). */
double	dist_cdf(const struct dist *d, int64_t k);
/* d as a JSON object (type and every parameter; empirical: bins
 * [[value, prob]]), and back: false when the object is not one. */
struct json_t;
struct json_t *dist_json(const struct dist *d);
bool	dist_from_json(const struct json_t *o, struct dist *d);

/* One line describing d and BLIS's rounding, e.g. "gaussian(mean 512,
 * std_dev 128) clamped to [128,1024], rounded half away from zero". */
void	dist_describe(const struct dist *d, char *buf, size_t len);

/* Deterministic PRNG: xoshiro256** seeded through splitmix64. */
struct rng {
	uint64_t	s[4];
};

void	rng_seed(struct rng *r, uint64_t seed);
uint64_t rng_next(struct rng *r);
double	rng_uniform(struct rng *r);		/* [0, 1) */
double	rng_normal(struct rng *r);		/* N(0, 1), Box-Muller */
double	rng_exp(struct rng *r);			/* Exp(1) */
double	rng_gamma(struct rng *r, double shape);	/* scale 1 */

/* Go's math.Round: half away from zero. */
double	round_half_away(double x);

/* One length with BLIS's semantics. */
int64_t	dist_sample(const struct dist *d, struct rng *r);

enum arrival_process {
	ARR_POISSON,
	ARR_CONSTANT,
	ARR_GAMMA,
	ARR_WEIBULL
};

extern const char arrival_known_processes[];	/* "poisson, constant, ..." */
bool	arrival_process_parse(const char *name, enum arrival_process *out);
const char *arrival_process_name(enum arrival_process p);

struct arrival {
	enum arrival_process	 process;
	double			 cv;		/* <= 0: absent (default 1) */
	double			 shape, scale;	/* both > 0: explicit, scale µs */
};

/* The CV of the inter-arrival times the process produces (before the
 * truncation to integer µs): poisson 1, constant 0, gamma cv (poisson when
 * 1/cv² < 0.01), weibull cv; explicit shape/scale give their own CV. */
double	arrival_cv(const struct arrival *a);
/* Weibull shape k whose CV is cv (bisection, as BLIS). */
double	weibull_shape_for_cv(double cv);
double	weibull_cv(double k);

/* One inter-arrival time in integer µs (floor 1) at rate_per_us. */
int64_t	arrival_iat(const struct arrival *a, double rate_per_us, struct rng *r);

#endif
