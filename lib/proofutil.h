/* proofutil.h - proof records and the verdicts built on them, shared by
 * the code-proof rules: signal parity (3a-3b rules_signal.c, 3c-3d
 * rules_saturation.c) and policy parity (4a-4d rules_policy.c).
 *
 * A proof record of s2r-grep-proof carries a claim id (those of
 * pipelines/proofs.yaml), the role of the code it read (router, generated,
 * sim) with a codebase label, a status (found, ambiguous, not_found,
 * no_source), a snippet with its file and lines, and facts.  The rules
 * run once per bundle; their verdicts carry the code they rest on as an
 * "evidence" array ({label, source, snippet}) so that the report shows
 * router, sim and generated code side by side. */
#ifndef S2R_PROOFUTIL_H
#define S2R_PROOFUTIL_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "judge.h"
#include "ruleutil.h"
#include "str.h"

/* Why a claim about the router cannot be judged without its source. */
#define PU_NO_CODEBASE "no codebase given: pass GAIE=... or LLMD=... (the " \
	"router's Go source, s2r-grep-proof --root DIR) to prove this from code"
#define PU_ACT_REVIEW "Review the code shown side by side and record the " \
	"conclusion; the difference cannot be judged mechanically."

/* --- proof records ------------------------------------------------- */

bool	 pu_is_proof(const json_t *rec);
/* source.role ("router", "generated", "sim"; "" when absent). */
const char *pu_role(const json_t *p);
/* source.label (the codebase: "gaie"), else the role. */
const char *pu_label(const json_t *p);
/* Status found or ambiguous: the snippet holds the code. */
bool	 pu_found(const json_t *p);
bool	 pu_status_is(const json_t *p, const char *status);
/* Proof records of claim (and role, NULL: any), input order. */
void	 pu_claim_list(const struct judge *j, const char *claim,
	    const char *role, struct ru_list *out);

/* Which proof records pu_claim_find() considers. */
enum pu_status { PU_ANY, PU_FOUND };
/* Whether a record is the one sought; arg is the caller's (what to look
 * for, where to put what was found). */
typedef bool pu_match(const json_t *p, void *arg);
/* The first proof record of claim (and role, NULL: any), in input order,
 * found when status is PU_FOUND, that match accepts (NULL: any); NULL
 * when none.  The one lookup of "the first claim whose facts say ...". */
const json_t *pu_claim_find(const struct judge *j, const char *claim,
	    const char *role, enum pu_status status, pu_match *match,
	    void *arg);
/* The first element of the array facts.<list> of proof p whose string
 * field equals value and that match accepts (NULL: any); NULL when
 * none. */
const json_t *pu_fact_find(const json_t *p, const char *list,
	    const char *field, const char *value, pu_match *match, void *arg);
/* The router default name (a Go constant) as a 3c.router-defaults proof
 * gives it a number: that proof (found when status is PU_FOUND), *v and
 * the constant's *line; NULL when no proof gives it one. */
const json_t *pu_router_default(const struct judge *j, enum pu_status status,
	    const char *name, double *v, long *line);
/* How many hits claim/role has over every source (each source's record
 * "hits", a capped record's included), and how many of them are shown as
 * records (*shown); a cap is never silent: shown < total then. */
long	 pu_claim_hits(const struct judge *j, const char *claim,
	    const char *role, long *shown);
/* " (N hits, S shown as records: max_hits)" when capped, else nothing. */
void	 pu_cap_text(struct sbuf *b, const struct judge *j, const char *claim,
	    const char *role);
/* The first found record of claim/role, NULL when none. */
const json_t *pu_first_found(const struct judge *j, const char *claim,
	    const char *role);
/* The first record of kind (NULL: any) and metric in the whole bundle
 * (any scope) that match accepts (NULL: any); NULL when none. */
const json_t *pu_bundle_find(const struct judge *j, const char *kind,
	    const char *metric, pu_match *match, void *arg);

/* Which sources the proof records cover. */
struct pu_avail {
	bool		 router, generated, sim;
	struct strv	 labels;	/* router labels, input order */
};
/* Caller frees av->labels. */
void	 pu_availability(const struct judge *j, struct pu_avail *av);

/* --- snippets ------------------------------------------------------ */

/* A line of code inside a proof's snippet. */
struct pu_hit {
	const json_t	*p;
	long		 line;
	char		 code[256];	/* trimmed */
};

/* The first code line of p's snippet holding any of needles (NULL
 * terminated) as a whole word: no identifier byte runs on at either end
 * (QueueDepth is not found in QueueDepthThreshold); comments and
 * literals are passed over (h->code is the line as written). */
bool	 pu_find_line(const json_t *p, const char *const *needles,
	    struct pu_hit *h);
/* pu_find_line() passing over logging and formatting calls
 * (logger.V(5).Info(…, m.WaitingQueueSize), fmt.Sprintf): a value a
 * plugin only logs is not a signal it computes with. */
bool	 pu_find_use(const json_t *p, const char *const *needles,
	    struct pu_hit *h);
/* Calls fn(line, code, text, arg) for each line of p's snippet in order:
 * its number, its code with comments and literal contents blanked, and
 * the line as written (both trimmed); stops at the first fn that returns
 * true.  Whether one did. */
typedef bool pu_line_fn(long line, const char *code, const char *text,
	    void *arg);
bool	 pu_each_line(const json_t *p, pu_line_fn *fn, void *arg);
/* Whether a masked code line is a logging or formatting call: a value it
 * names is shown, not used. */
bool	 pu_log_line(const char *code);
/* Whether the snippet's code (comments and literals left out) holds
 * needle. */
bool	 pu_code_has(const json_t *p, const char *needle);
/* Whether s contains word, ignoring case. */
bool	 pu_icontains(const char *s, const char *word);
/* The text after '=' (blanks skipped) when snippet declares name: a
 * line "[const|var] name = ...", else NULL. */
const char *pu_decl_value(const char *snippet, const char *name);
/* "gaie pkg/x.go:12" (line < 1: the proof's own line). */
void	 pu_where(struct sbuf *b, const json_t *p, long line);
/* "gaie pkg/x.go:12 `code`" */
void	 pu_cite(struct sbuf *b, const struct pu_hit *h);

/* --- verdicts ------------------------------------------------------ */

/* A verdict side for a proof: value (stolen) as given, source the proof's
 * file and line (line < 1: the proof's own), how names the codebase,
 * commit and claim.  Caller decrefs. */
json_t	*pu_proof_side(const json_t *p, long line, json_t *value);
/* pu_proof_side() of a hit, its code as the value. */
json_t	*pu_hit_side(const struct pu_hit *h);
/* A side made from an expect/measure record (value, unit, source); NULL
 * for NULL. */
json_t	*pu_rec_side(const json_t *rec);
/* Scope {phase, class} (NULL members left out).  Caller decrefs. */
json_t	*pu_phase_sub(const char *phase, const char *class);

/* Appends {label, source, snippet} for p to the array ev; label is
 * "<who>: what", who the proof's side ("router gaie", "sim algorithm",
 * "generated plugin"); a record not found says so instead of a snippet. */
void	 pu_ev_add(json_t *ev, const char *what, const json_t *p);
/* pu_ev_add() for every record of claim/role that had source to read. */
void	 pu_ev_claim(json_t *ev, const struct judge *j, const char *claim,
	    const char *role, const char *what);

/* A bundle-wide verdict being written. */
struct pu_out {
	const char	*metric;
	json_t		*sub;		/* owned, or NULL */
	json_t		*expect;	/* owned sides, or NULL */
	json_t		*actual;
	json_t		*evidence;	/* owned array */
	struct sbuf	 why;
};

void	 pu_out_init(struct pu_out *o, const char *metric);
/* Writes the verdict with its evidence (action only with WARN and FAIL)
 * and releases o. */
void	 pu_out_emit(struct judge *j, const struct rule *r,
	    struct pu_out *o, enum jverdict_value v, const char *action);

/* --- EPP arms ------------------------------------------------------ */

/* The arms (phases) of the deployed EPP configs (measure records), else
 * of the sim bundle's planned ones (expect); sorted.  Returns the kind,
 * NULL when neither has any.  Caller frees arms. */
const char *pu_epp_arms(const struct judge *j, struct strv *arms);
/* Records of kind/metric in arm phase, input order. */
void	 pu_arm_recs(const struct judge *j, const char *kind,
	    const char *metric, const char *phase, struct ru_list *out);
/* Whether an EPP plugin type admits or sheds requests (an "admitter",
 * a "shed" plugin, or whatever it is called, the type the generated
 * plugin registers with the factory of a type that has an admission
 * function): what makes an arm's policy admission rather than routing. */
bool	 pu_is_admission_type(const struct judge *j, const char *type);
/* A record's value when it is a string, else NULL. */
const char *pu_str_value(const json_t *rec);

#endif
