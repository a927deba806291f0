/* rules_wl.h - the workload checks beyond the aggregates of
 * rules_workload.c: the rate and burstiness (rules_wlarrive.c); the
 * run's size and span, each client's active span and rate under both readings of rate_fraction, the seed and corpus
 * sessions (rules_wlrun.c); per-window mixtures (rules_wlwin.c); each
 * client's length law (rules_wlshape.c); the measurement protocol, 1h
 * (rules_protocol.c); the prompts the server prefilled (rules_wlprompt.c).
 * rules_workload.c's rows call them. */
#ifndef S2R_RULES_WL_H
#define S2R_RULES_WL_H

#include <stdbool.h>

#include <jansson.h>

#include "judge.h"

/* Outside a band but within this many standard errors of sampling noise
 * (n rows): the run is too small to tell, which is a WARN, not a FAIL.
 * Three, as for counts and client rates (rules_wlrun.c): at two, a ±2 pp
 * class share of 2400 poisson rows fails one correct run in ten. */
#define WL_NOISE_SE	3.0

/* 1a: qps.intended, qps.actual, workload.conflict and wl_rule_run's;
 * 1g: iat.cv, iat.cv_send per client, iat.cv_merged and wl_rule_think's
 * (rules_wlarrive.c). */
void	wl_rule_rate(struct judge *j, const struct rule *r,
	    const struct jcell *c);
void	wl_rule_burst(struct judge *j, const struct rule *r,
	    const struct jcell *c);
/* 1a: requests.count, run.duration_us, client.rate, client.start_us,
 * client.end_us, workload.seed, sessions.*, session.rounds.min. */
void	wl_rule_run(struct judge *j, const struct rule *r,
	    const struct jcell *c);
/* 1c: session.context_growth, session.rounds.grown; 1g: think_time_us.max,
 * session.rounds.early. */
void	wl_rule_growth(struct judge *j, const struct rule *r,
	    const struct jcell *c);
void	wl_rule_think(struct judge *j, const struct rule *r,
	    const struct jcell *c);
/* window.* of check r->check: the clients of each window pooled. */
void	wl_rule_windows(struct judge *j, const struct rule *r,
	    const struct jcell *c);
/* 1f: streaming.chunked, the streamed answers came in chunks. */
void	wl_rule_chunked(struct judge *j, const struct rule *r,
	    const struct jcell *c);
/* 1f: client.streaming.chunked, each client's streamed answers came in
 * chunks (a FAIL for a client that departs only). */
void	wl_rule_client_chunked(struct judge *j, const struct rule *r,
	    const struct jcell *c);
/* 1d: output_tokens.stopped, the answers that ended at the end of
 * sequence; free_run: the record saying the protocol runs blis observe
 * with --unconstrained-output, or NULL (exact-length mode). */
void	wl_rule_stopped(struct judge *j, const struct rule *r,
	    const struct jcell *c, const json_t *free_run);
/* 1c/1d: client.<side>_tokens.shape, each client's lengths against its
 * sampler's law (side "input" or "output"); action goes with a FAIL.
 * unconstrained: the protocol lets the model stop early (INAPPLICABLE);
 * failed: more than 1 % of the requests failed, so a FAIL is a WARN. */
void	wl_rule_shapes(struct judge *j, const struct rule *r,
	    const struct jcell *c, const char *side, const char *action,
	    bool unconstrained, bool failed);
/* 1c: server_input_tokens.ratio; 1e: prefix.server_share
 * (rules_wlprompt.c). */
void	wl_rule_server_tokens(struct judge *j, const struct rule *r,
	    const struct jcell *c);
void	wl_rule_prefix_counted(struct judge *j, const struct rule *r,
	    const struct jcell *c);
/* 1h. */
void	wl_rule_protocol(struct judge *j, const struct rule *r,
	    const struct jcell *c);
/* The record (measurement.record_itl or measurement.streaming false, or
 * config.md's observe.record_itl / observe.no_streaming) by which the
 * measurement protocol decides every request's streaming, or NULL. */
const json_t *wl_protocol_streaming(const struct judge *j,
	    const struct jcell *c, double *fraction);

/* The standard error over n rows of expectation e's statistic: e's sd1
 * (s2r-expect: the noise per request the clients' arrival CVs give),
 * else poisson_sd1 (what poisson arrivals give: a mean's stdev); 0 when
 * unknown.  wl_share_se: the same for a share, sqrt(share(1 - share)). */
double	wl_noise_se(const json_t *e, double poisson_sd1, double n);
double	wl_share_se(const json_t *e, double share, double n);

/* rules_workload.c's band with noise: PASS within the tolerance, WARN
 * outside it but within three standard errors se, else FAIL with action. */
void	noisy_band(struct judge *j, const struct rule *r,
	    const struct jcell *c, const struct jquery *q,
	    const struct jcmp *cmp, double se, const char *action);

/* rules_workload.c's band test alone: V_PASS never; V_WARN (a sentence
 * in note naming whose noise) when cmp's difference is within
 * WL_NOISE_SE standard errors se, else V_FAIL. */
enum jverdict_value wl_noise_check(const struct jcmp *cmp, double se,
	    const char *whose, struct sbuf *note);
/* The action of a WARN that wl_noise_check gave: rerun longer. */
extern const char wl_act_noise[];

/* A judgement of one sub-scope of a cell (a class, client, group). */
typedef void wl_sub_fn(struct judge *j, const struct rule *r,
    const struct jcell *c, const struct jquery *q);
/* Runs fn for every sub-scope (by key) of base's metrics in c that has
 * both sides, a one-sided verdict (with action) for the rest; with no
 * sub-scope at all the check is MISSING when need_any. */
void	wl_each_sub(struct judge *j, const struct rule *r,
	    const struct jcell *c, const struct jquery *base, const char *key,
	    wl_sub_fn *fn, const char *action, bool need_any);

/* Shared by the three files: a comparison of two sides the rule built
 * (ru_side), as judge_compare makes of two records. */
void	wl_cmp(struct jcmp *cmp, const json_t *e, const json_t *m,
	    enum jdiff kind, double t);

#endif
