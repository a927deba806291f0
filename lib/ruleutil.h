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
#include <time.h>

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
/* The records s selects (judge_select()), in input order. */
void	 ru_select(const struct judge *j, const struct jsel *s,
	    struct ru_list *out);
void	 ru_list_free(struct ru_list *l);
/* The first record of l whose scope key equals val, or NULL. */
const json_t *ru_by_scope(const struct ru_list *l, const char *key,
	    const char *val);

/* Whether two names of a model name the same one: equal but for case
 * (BLIS keys its coefficients by the lower-cased name, the hub's names
 * resolve either way), or one a path ending in the other
 * ("/model-cache/models/Qwen/Qwen3-14B" serves Qwen/Qwen3-14B). */
bool	 ru_model_same(const char *a, const char *b);
/* Values compare by type; numbers by value (3.0 equals 3). */
bool	 ru_equal(const json_t *a, const json_t *b);
/* ru_equal, except that a model path ending in "/<name>" equals name and
 * GPUs (vllm.hardware) compare by ru_gpu_match(). */
bool	 ru_param_equal(const char *metric, const json_t *e, const json_t *a);

/* A GPU name as config.md and nvidia-smi write it ("H100-SXM-80GB",
 * "NVIDIA H100 80GB HBM3", "NVIDIA A100-SXM4-80GB"): the model token,
 * the memory in GB (0: not named) and the form factor ("SXM", "PCIE",
 * "NVL"; "": not named). */
struct ru_gpu {
	char	model[16];
	int	mem_gb;
	char	form[8];
};
/* False when name holds no GPU model token (a letter or two and digits:
 * H100, A10G, L40S, MI300X). */
bool	 ru_gpu_parse(const char *name, struct ru_gpu *out);
/* Whether two GPU names name the same part: the same model, and the same
 * memory and form factor where both name them. */
bool	 ru_gpu_match(const char *a, const char *b);
/* A value for a sentence: strings bare, numbers as ru_num_text(). */
void	 ru_value_text(struct sbuf *b, const json_t *v);
/* The differences of a conflict record's values ({metric, sim, run},
 * n in all) as " metric RUN <run_word>, SIM in the sim's (where); ...",
 * ending ". " (or "; ... . " when n is more than the values listed). */
void	 ru_differences(struct sbuf *why, const json_t *vals, size_t n,
	    const char *run_word);
/* A number as judge_fmt_num() writes it. */
void	 ru_num_text(struct sbuf *b, double v);
/* "file:line" (or the file, or "no source") of rec's source. */
void	 ru_where(struct sbuf *b, const json_t *rec);
/* "VALUE (FILE:LINE)": a record's value and where it was read ("VALUE
 * (added by the router's loader; FILE:LINE)" for ru_loader_added). */
void	 ru_value_at(struct sbuf *b, const json_t *rec);
bool	 ru_num(const json_t *rec, double *out);
/* What the measurement protocol states (measurement.yaml, else config.md's
 * blis observe flags): the warm-up requests, the prewarm in seconds.  The
 * record stating it, NULL (and *out untouched) when neither does. */
const json_t *ru_protocol_warmup(const struct judge *j, const struct jcell *c,
	    double *requests);
const json_t *ru_protocol_prewarm(const struct judge *j, const struct jcell *c,
	    double *seconds);

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
/* ru_emit of a configuration value: compared exactly, no sub-scope. */
void	 ru_emit_exact(struct judge *j, const struct rule *r,
	    const struct jcell *c, const char *metric, const json_t *e,
	    const json_t *m, enum jverdict_value v, const char *why,
	    const char *action);

/* True when instance inst's log has lines but none at INFO or below:
 * vLLM ran with a higher logging level, not a log cut short. */
bool	 ru_above_info(const struct judge *j, const struct jcell *c,
	    const char *inst);
/* A MISSING verdict `metric` for each vLLM server log of cell c (an
 * instance with log.pattern_count.* records) whose instance is not in
 * stated: "Instance I's log (file) <lacks>", or, for a log above INFO,
 * that it logged above INFO. */
void	 ru_missing_instances(struct judge *j, const struct rule *r,
	    const struct jcell *c, const struct strv *stated,
	    const char *metric, const char *lacks);

/* --- arms: the phases of one experiment ---------------------------- */

/* The arms other than c's (phases with a measured cell of some
 * workload), natural order, each once, into *out (caller frees the
 * array; the names are the judge's); returns how many. */
size_t	 ru_arms(const struct judge *j, const struct jcell *c,
	    const char ***out);
/* The cell of arm phase to compare c with: same workload and iteration,
 * else same workload, else same iteration, else the arm's first cell;
 * *same: it ran c's workload and iteration.  NULL: no cell. */
const struct jcell *ru_partner(const struct judge *j, const struct jcell *c,
	    const char *phase, bool *same);
/* The cell-level vLLM records of c (check 2a: one per distinct value,
 * n = logs stating it) for metric (a trailing '*' matches a prefix). */
void	 ru_cell_config(const struct judge *j, const struct jcell *c,
	    const char *metric, struct ru_list *out);

/* A config value as text into b, a string with the cell's pod names
 * (pods) and IPv4 addresses masked as <pod> and <address>: per-pod
 * identity (a KV-events topic naming the pod's address) is not
 * configuration, so values equal once masked are one setting. */
void	 ru_masked(struct sbuf *b, const json_t *v, const struct strv *pods);

/* What a log that does not state a parameter vLLM logs only when set
 * (its 'non-default args' line present, no engine config key) runs. */
#define RU_VLLM_DEFAULT "(vLLM's default)"
/* The masked value of metric in instance inst's log of c into b: its
 * value; RU_VLLM_DEFAULT when the parameter comes only from 'non-default
 * args' lines and this log's line leaves it out; else nothing. */
void	 ru_inst_value(struct sbuf *b, const struct judge *j,
	    const struct jcell *c, const char *metric, const char *inst,
	    const struct strv *pods);
/* How many different values (ru_inst_value, pods insts) c's instances
 * insts run for metric; *ndefault: how many run RU_VLLM_DEFAULT. */
size_t	 ru_inst_distinct(const struct judge *j, const struct jcell *c,
	    const char *metric, const struct strv *insts, size_t *ndefault);

/* --- a log's stamps against the trace's sends ----------------------- */

#define RU_WINDOW_SLACK_S	60		/* stats lines come every ~10 s */
#define RU_WINDOW_TZ_S	(14 * 3600)	/* the widest time-zone offset */

/* A log's "MM-DD HH:MM:SS" stamp (record m's value) as Unix seconds, read
 * as UTC in the year (of the three around near's) nearest to near: the
 * stamps carry no year.  False when it is no stamp. */
bool	 ru_stamp_epoch(const json_t *m, time_t near, time_t *out);
/* Seconds between instance inst's stats lines (stats.first_stamp to
 * stats.last_stamp) and the trace's sends (send_lo to send_hi, us since
 * the epoch), 0 when they overlap.  False when the log has no stamps. */
bool	 ru_log_gap(const struct judge *j, const struct jcell *c,
	    const char *inst, double send_lo, double send_hi, long long *gap);
/* The instances of c whose log is of another run than its trace: stats
 * lines further from its sends than any time-zone offset explains (5b
 * log.window FAILs them), into out (caller frees); returns how many. */
size_t	 ru_other_run_logs(const struct judge *j, const struct jcell *c,
	    struct strv *out);

/* --- one arm's EPP configuration (s2r-config records) -------------- */

/* The metrics s2r-config writes for an arm's EPP config (NULL-ended),
 * and whether metric is one of them. */
extern const char *const ru_epp_metrics[];
bool	 ru_is_epp_metric(const char *metric);
/* The item a config record names: its key, or the class of a tier. */
const char *ru_item_of(const json_t *rec);
/* Records of kind from one arm's EPP config: scope phase == phase and no
 * workload, one per (metric, item) and file: an item one file gives
 * twice (two places) comes twice, first first.  With global_tiers, priority tiers
 * without a phase count too. */
void	 ru_arm_config(const struct judge *j, const char *kind,
	    const char *phase, bool global_tiers, struct ru_list *out);
/* Whether s2r-config made rec for what the router's config loader adds
 * to a config (REC_LOADER_HOW). */
bool	 ru_loader_added(const json_t *rec);
/* The record of metric and item in l, or NULL. */
const json_t *ru_find_item(const struct ru_list *l, const char *metric,
	    const char *item);
/* The first record before l->v[i] naming its item (a parameter's key
 * in any case, as the EPP decodes it: the later value wins), or NULL. */
const json_t *ru_earlier_item(const struct ru_list *l, size_t i);
/* The first record of metric in l, or NULL. */
const json_t *ru_by_metric(const struct ru_list *l, const char *metric);
/* The deployed EPP config file of a phase (source.file of its
 * epp.plugin measures), or NULL. */
const char *ru_arm_file(const struct judge *j, const char *phase);

/* --- per instance (one server log, one pod) ------------------------ */

/* Scope {instance}.  Caller decrefs. */
json_t	*ru_inst_sub(const char *instance);
/* The distinct instances of c's measure records of metric (a trailing
 * '*' matches a prefix), in natural order.  Caller frees out. */
void	 ru_instances(const struct judge *j, const struct jcell *c,
	    const char *metric, struct strv *out);
/* Every measure record of metric for one instance of c, one per engine
 * when a log holds several (vLLM with data parallelism scopes its stats
 * by rank, and ru_inst_measure sees none of them).  Caller frees out. */
void	 ru_inst_records(const struct judge *j, const struct jcell *c,
	    const char *metric, const char *instance, struct ru_list *out);
/* Scope {instance[, rank]} of one of those records.  Caller decrefs. */
json_t	*ru_rank_sub(const char *instance, const json_t *rec);
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

/* --- request status (5b, 5d, 5g) ------------------------------------ */

/* Rows of c's trace with this status (status.count summed over the
 * classes; s2r-trace-stats); 0 when none is recorded. */
double	 ru_status_rows(const struct judge *j, const struct jcell *c,
	    const char *status);

/* The requests c's instances served (their access logs' completions)
 * beyond the trace's rows less the gateway's sheds: the load generator's
 * warm-up and prewarm on a run that lost none.  False without an access
 * count for every instance or without the trace's rows. */
bool	 ru_served_beyond(const struct judge *j, const struct jcell *c,
	    double *extra);

/* --- GPU health (5h; latency claims built on a hot cell) ------------ */

/* One GPU's thermal and power state in a cell, from s2r-log-extract's
 * gpu.* records (the busy ones: inside the workload window at full
 * load), each criterion judged with upstream's bands (runtime.gpu_*);
 * V_INAPPLICABLE where it cannot be judged. */
struct ru_thermal {
	const json_t	*busy;		/* gpu.busy.samples */
	const json_t	*p95, *max, *throttle, *cap, *name, *pods;
	double		 n;		/* busy samples */
	double		 tdp;		/* design TDP (W); NAN: unknown model */
	enum jverdict_value v_p95, v_max, v_throttle, v_cap;
};

/* sub: {instance: node, device: host index}. */
void	 ru_gpu_thermal(const struct judge *j, const struct jcell *c,
	    const json_t *sub, struct ru_thermal *t);
/* Whether it ran hot: temperature or throttling FAIL ... */
bool	 ru_thermal_hot(const struct ru_thermal *t);
/* ... or that, or a power cap below the design TDP (clocks held down). */
bool	 ru_thermal_failed(const struct ru_thermal *t);
/* The gpu.name records of the GPUs c's pods ran on (every GPU of the
 * node logs when no pod's GPU is known), node and index order. */
void	 ru_cell_gpus(const struct judge *j, const struct jcell *c,
	    struct ru_list *out);
/* For a latency claim whose real side is rec (a measure from a cell's
 * trace: same scope, or the trace the cell's GPU window came from):
 * when that cell ran on a GPU that fails 5h, appends to why a sentence
 * saying so (the cell ran on a throttled GPU); whether it did. */
bool	 ru_thermal_mark(const struct judge *j, const json_t *rec,
	    struct sbuf *why);

#endif
