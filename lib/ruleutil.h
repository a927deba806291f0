/* ruleutil.h - record lookups and text shared by the rules (config 2a-2d,
 * runtime 5a-5h, and the code-proof and alignment rules).
 *
 * judge.h joins one record per (metric, sub-scope); these rules also need
 * every record of a metric in a cell (one per instance, one per distinct
 * value), records keyed by "key" (EPP items), and synthetic sides (a share,
 * a summary of a diff) carrying the source they were computed from. */
#ifndef S2R_RULEUTIL_H
#define S2R_RULEUTIL_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "judge.h"
#include "str.h"

/* Which records ru_collect() keeps by their instance scope key. */
enum ru_inst { RU_ANY, RU_CELL, RU_INSTANCE };

struct ru_list {
	const json_t	**v;	/* borrowed from the judge */
	size_t		  n, cap;
};

/* Whether rec's "check" is check. */
bool	 ru_check_is(const json_t *rec, const char *check);
/* Every phase/workload/iteration the record sets equals c's (c == NULL:
 * any record); exact: the record sets exactly c's keys. */
bool	 ru_applies(const json_t *rec, const struct jcell *c, bool exact);
/* Records of kind and metric (a trailing '*' matches a prefix) that apply
 * to c, in input order.  Measures must name exactly c unless loose. */
void	 ru_collect(const struct judge *j, const struct jcell *c,
	    const char *kind, const char *metric, enum ru_inst inst,
	    bool loose, struct ru_list *out);
void	 ru_list_add(struct ru_list *l, const json_t *rec);
void	 ru_list_free(struct ru_list *l);
/* The first record of l whose scope key equals val, or NULL. */
const json_t *ru_by_scope(const struct ru_list *l, const char *key,
	    const char *val);

/* Values compare by type; numbers by value (3.0 equals 3). */
bool	 ru_equal(const json_t *a, const json_t *b);
/* ru_equal, except that a model path ending in "/<name>" equals name. */
bool	 ru_param_equal(const char *metric, const json_t *e, const json_t *a);
/* A value for a sentence: strings bare, numbers as ru_num_text(). */
void	 ru_value_text(struct sbuf *b, const json_t *v);
/* A number as judge_fmt_num() writes it. */
void	 ru_num_text(struct sbuf *b, double v);
/* "file:line" (or the file, or "no source") of rec's source. */
void	 ru_where(struct sbuf *b, const json_t *rec);
bool	 ru_num(const json_t *rec, double *out);

/* A side for judge_emit(): {value, unit?, n?, source}; value is stolen,
 * source copied from src (a record or a source object; NULL: none) with
 * how replaced when given.  Caller decrefs. */
json_t	*ru_side(json_t *value, const char *unit, const json_t *src,
	    const char *how);

/* The other measured cells with c's workload and iteration (other arms),
 * in cell order; returns how many (≤ max). */
size_t	 ru_other_arms(const struct judge *j, const struct jcell *c,
	    const struct jcell **out, size_t max);

/* A "cell" with no workload comes from arm-level records (a deployed EPP
 * config, scope phase only), not from a run: nothing to judge there. */
bool	 ru_arm_only(const struct jcell *c);

/* A verdict in cell c; the action goes with WARN and FAIL only. */
void	 ru_emit(struct judge *j, const struct rule *r, const struct jcell *c,
	    const char *metric, const json_t *sub, const json_t *e,
	    const json_t *m, const char *tolerance, enum jverdict_value v,
	    const char *why, const char *action);

/* --- per instance (one server log, one pod) ------------------------ */

/* Scope {instance}.  Caller decrefs. */
json_t	*ru_inst_sub(const char *instance);
/* The distinct instances of c's measure records of metric (a trailing
 * '*' matches a prefix), in natural order.  Caller frees out. */
void	 ru_instances(const struct judge *j, const struct jcell *c,
	    const char *metric, struct strv *out);
/* The measure record of metric for one instance of c. */
const json_t *ru_inst_measure(const struct judge *j, const struct jcell *c,
	    const char *metric, const char *instance);
/* Whether c has logs of kind ("server_logs", "epp_logs", "gpu_logs",
 * from s2r-log-extract's logs.present.<kind>); when not, one verdict says
 * that what cannot be checked: INAPPLICABLE for optional logs, else
 * MISSING. */
bool	 ru_need_logs(struct judge *j, const struct rule *r,
	    const struct jcell *c, const char *kind, bool optional,
	    const char *what);

#endif
