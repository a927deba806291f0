/* alignutil.h - record lookups, evidence tables and verdicts shared by the
 * alignment checks A0-A3 (rules_align.c, rules_kernels.c, rules_kduty.c).
 *
 * An alignment run is one measured run: the records of s2r-latency
 * (measure: real.*, sim.*, align.*), s2r-kernel-match (summary, iter, op)
 * and s2r-dutycycle (summary, duty) carry no cell, so every lookup and
 * verdict here is bundle-wide.  Verdicts carry an "evidence" array of
 * tables ({label, source, table: {columns, rows}}) that the report prints
 * under them. */
#ifndef S2R_ALIGNUTIL_H
#define S2R_ALIGNUTIL_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "judge.h"

struct sbuf;

/* --- lookups ------------------------------------------------------- */

/* The bundle-wide measure record of metric (s2r-latency). */
const json_t *au_lat(const struct judge *j, const char *metric);
/* The record of kind and metric whose scope is exactly sub (NULL: {}). */
const json_t *au_find(const struct judge *j, const char *kind,
	    const char *metric, const json_t *sub);
/* au_find() of a summary record (s2r-kernel-match, s2r-dutycycle). */
const json_t *au_sum(const struct judge *j, const char *metric,
	    const json_t *sub);
/* Whether any record of s2r-latency, s2r-kernel-match or s2r-dutycycle
 * is there: without one, A0-A3 give no verdict (a parity run). */
bool	 au_alignment_run(const struct judge *j);
/* The worst verdict emitted so far for check (FAIL > WARN > MISSING >
 * PASS > INAPPLICABLE, as the report ranks them); -1 when none. */
int	 au_worst_of(struct judge *j, const char *check);

/* --- evidence tables ----------------------------------------------- */

/* An evidence item holding a table: {label, table: {columns, rows}};
 * au_evidence() sets its source.  Caller owns it. */
json_t	*au_table_new(const char *title, const char *const *columns,
	    size_t ncol);
/* Appends a row of ncol json_t values (stolen; NULL: null). */
void	 au_table_row(json_t *t, size_t ncol, ...);
/* Table cells: a record's value, a string, a signed percentage ("+2.5%"),
 * a fraction as a percentage ("25%"); null when absent or not finite. */
json_t	*au_val_of(const json_t *rec);
json_t	*au_str(const char *s);
json_t	*au_pct(double v);
json_t	*au_share(double v);
/* The evidence item (stolen, returned) with the file of from's source
 * as its source. */
json_t	*au_evidence(json_t *item, const json_t *from);

/* --- verdicts ------------------------------------------------------ */

/* A bundle-wide verdict: expected = the real side, actual = the sim;
 * the diff only when has_diff and finite; the action only with WARN and
 * FAIL; ev its evidence item (stolen), or NULL. */
void	 au_emit(struct judge *j, const struct rule *r, const char *metric,
	    const json_t *sub, const json_t *real, const json_t *sim,
	    bool has_diff, double diff, const char *diff_unit,
	    const char *tolerance, enum jverdict_value v, const char *why,
	    const char *action, json_t *ev);
void	 au_missing(struct judge *j, const struct rule *r, const char *metric,
	    const char *why, const char *action);
/* MISSING carrying a trace tool's refusal of its input (the summary
 * record input.refused of check, s2r-kernel-match or s2r-dutycycle
 * --record-refusal), under metric; what: what the check could not judge.
 * False when there is none. */
bool	 au_refused(struct judge *j, const struct rule *r, const char *check,
	    const char *metric, const char *what);
/* MISSING for each side s2r-latency was not given (what: the judged
 * thing); false then. */
bool	 au_sides_given(struct judge *j, const struct rule *r,
	    const char *what);

/* --- the kernel-level checks (rules_kernels.c, rules_kduty.c) ------ */

/* A0 (eligibility, rules_a0.c), A1 (kernels) and A2 (duty cycle): rows
 * of rules_align[]. */
void	 rule_a0(struct judge *j, const struct rule *r, const struct jcell *c);
void	 rule_a1(struct judge *j, const struct rule *r, const struct jcell *c);
void	 rule_a2(struct judge *j, const struct rule *r, const struct jcell *c);

/* --- A1 (rules_kernels.c) ------------------------------------------ */

/* The distinct scopes of kernel-match's summaries (one per compared
 * rank), sorted; caller decrefs. */
json_t	*a1_scopes(const struct judge *j);

/* --- ranks and stages (rules_kstage.c) ----------------------------- */

/* Whether kernel-match record rec (an iter record: scope plus
 * "iteration") is of the summary scope. */
bool	 au_in_scope(const json_t *rec, const json_t *scope);
/* The action of a mixed step compared with a pure one's slots. */
extern const char A1_ACT_MIXED[];
/* Whether a "uniform" factor differs by stage beyond the operation
 * tolerance (no clock shift); the finding into why and act when why is
 * given. */
bool	 a1_stage_split(const struct judge *j, const json_t *scope,
	    struct sbuf *why, struct sbuf *act);
/* Whether the ranks' median measured/simulated ratios differ beyond
 * the operation tolerance. */
bool	 a1_ranks_disagree(const struct judge *j, const json_t *scope);
/* kernel.error.abs's note on ranks whose median ratios to the slots
 * disagree: at least a WARN, naming the slow rank. */
enum jverdict_value a1_ranks_note(const struct judge *j, const json_t *scope,
	    enum jverdict_value v, struct sbuf *why, struct sbuf *act);
/* Whether the first stage mismatch is a mixed step against a pure one
 * (a scheduling difference, not a misnumbering). */
bool	 a1_mixed_step(const json_t *mis);
/* kernel.iterations.compared with none compared: FAIL, naming a capture
 * with no iteration marker (warm-up, CUDA-graph capture). */
enum jverdict_value a1_no_iterations(const json_t *cmp, struct sbuf *why,
	    const char **act);
/* The largest unmapped measured family when it is a large collective and
 * no slot charges any: slots of another parallelism; NULL otherwise. */
const json_t *a1_parallel_mismatch(const struct judge *j, const json_t *scope);
/* Slots of another parallelism: the kernel error's why and act, no
 * cause read. */
enum jverdict_value a1_other_parallelism(const struct judge *j,
	    const json_t *scope, bool over, struct sbuf *why,
	    struct sbuf *act);
/* The note on it for coverage and the kernel error; at least WARN. */
enum jverdict_value a1_parallel_note(const struct judge *j,
	    const json_t *scope, enum jverdict_value v, struct sbuf *why,
	    const char **act);

/* --- scale and clocks (rules_kscale.c) ----------------------------- */

/* A1's kernel.slots.zero verdict for scope. */
void	 a1_zero_slots(struct judge *j, const struct rule *r,
	    const json_t *scope);
/* A1's kernel.slots.count_mismatch verdict for scope. */
void	 a1_count_mismatch(struct judge *j, const struct rule *r,
	    const json_t *scope);
/* kernel.slots.kernel_mismatch: paired operations whose kernels are not
 * the one their slots' cost assumes (rules_kscale.c). */
/* kernel.slots.batch_mismatch: slots costed for another batch than the
 * iterations' markers ran (rules_kscale.c). */
void	 a1_batch_mismatch(struct judge *j, const struct rule *r,
	    const json_t *scope);
void	 a1_kernel_mismatch(struct judge *j, const struct rule *r,
	    const json_t *scope);
/* kernel.error.abs's note on rows predicted 0 ns or run no multiple of
 * their slots' count; PASS becomes WARN. */
enum jverdict_value a1_zero_note(struct judge *j, const json_t *scope,
	    enum jverdict_value v, struct sbuf *why);
/* Whether a shared factor is beyond a clock or thermal shift (why, act
 * say so when it is). */
bool	 a1_scale_error(const struct judge *j, double f, struct sbuf *why,
	    struct sbuf *act);
/* A1: iterations left out because launches inside them lost their
 * kernels (kernel.iterations.incomplete): noted in why; a PASS becomes
 * a WARN with its own action. */
enum jverdict_value a1_incomplete(const struct judge *j, const json_t *scope,
	    enum jverdict_value v, struct sbuf *why, const char **act);
/* A2: most collectives matched across ranks end before they all began
 * (clocks apart): noted in why; a PASS becomes a WARN. */
enum jverdict_value a2_clocks(const struct judge *j, enum jverdict_value v,
	    struct sbuf *why, const char **act);
/* A2: traces left out because an earlier one claimed their rank
 * (duty.ranks.copied): names both files in why; a PASS becomes a WARN. */
enum jverdict_value a2_copied(const struct judge *j, enum jverdict_value v,
	    struct sbuf *why, const char **act);
/* A2: a multiplier over its bound (over) whose idle time one iteration
 * holds (a lull, not a bubble of every step): says so and sets act. */
enum jverdict_value a2_lull(const struct judge *j, enum jverdict_value v,
	    bool over, struct sbuf *why, const char **act);

#endif
