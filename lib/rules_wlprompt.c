/* rules_wlprompt.c - the prompts the server prefilled against those the
 * trace says it sent: 1c's server_input_tokens.ratio (the whole prompt;
 * a chat template's fixed tokens, another tokenizer, a truncation cap)
 * and 1e's prefix.server_share (the shared prefixes: recorded but not
 * sent).  Both read the server's usage counts (server_input_tokens); a
 * real trace without them is MISSING.  rules_workload.c's 1c and 1e rows
 * call them; see rules_wl.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "rec.h"
#include "rules_wl.h"
#include "ruleutil.h"
#include "str.h"

/* Whether the server's extra tokens are a template's (role markers, a
 * default system line: fixed per request, so short prompts show them as a
 * large ratio): per request a fixed 0..most tokens (the fit's intercept;
 * tolerance workload.template_max_tokens) on prompts otherwise counted
 * alike (its slope within band); why gets the sentence. */
static bool
template_only(const json_t *m, double band, double most, struct sbuf *why)
{
	double slope, icpt;

	if (!rec_get_num(m, "slope", &slope) ||
	    !rec_get_num(m, "intercept", &icpt) ||
	    fabs(slope - 1) * 100 > band || icpt < 0 || icpt > most)
		return false;
	sbuf_adds(why, "Per request the server adds about ");
	ru_num_text(why, icpt);
	sbuf_adds(why, " tokens and counts the rest ");
	ru_num_text(why, slope);
	sbuf_printf(why, " times (slope and intercept): a chat template's "
	    "fixed tokens (up to %g, workload.template_max_tokens), not "
	    "another tokenizer; on short prompts they make the ratio large, "
	    "not the prefill work.", most);
	return true;
}

/* The ratio within its band, but the server's counts grow otherwise than
 * the prompts: the fit's slope off by more than the band and by more than
 * SLOPE_SE standard errors (the rows' tokenisation scatter).  The long
 * prompts were counted shorter (a truncation cap: truncate_prompt_tokens,
 * a gateway's input limit) or longer than the short ones; the mean hides
 * it when only some are.  Why gets the sentence. */
#define SLOPE_SE	4.0

static bool
slope_bent(const json_t *m, double band, struct sbuf *why)
{
	double slope, se, icpt = 0;

	if (!rec_get_num(m, "slope", &slope) ||
	    !rec_get_num(m, "slope_se", &se) ||
	    fabs(slope - 1) * 100 <= band || fabs(slope - 1) <= SLOPE_SE * se)
		return false;
	rec_get_num(m, "intercept", &icpt);
	sbuf_adds(why, "The mean is within its band, but per request the "
	    "server counted ");
	ru_num_text(why, icpt);
	sbuf_adds(why, " tokens plus ");
	ru_num_text(why, slope);
	sbuf_adds(why, " times the prompt (slope and intercept; the slope's "
	    "standard error ");
	ru_num_text(why, se);
	sbuf_printf(why, "): the counts do not grow with the prompts, so "
	    "some prompts were prefilled %s than the trace says, %s.",
	    slope < 1 ? "shorter" : "longer", slope < 1 ? "the long ones "
	    "cut at a cap (truncate_prompt_tokens, a gateway's input limit)" :
	    "the long ones counted longer (another tokenizer for long text)");
	return true;
}

/* The prompts the server prefilled (usage.prompt_tokens) against those
 * the trace says it sent, which are the simulation's: beyond the mean's
 * tolerance the real run did other prefill work than the simulation
 * (prompts built for another tokenizer).  Up to twice the tolerance is
 * WARN: a chat template's fixed tokens weigh that much on short
 * prompts.  No measure (an older or sim trace): no verdict. */
void
wl_rule_server_tokens(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const json_t *m = judge_measure(j, c, "server_input_tokens.ratio",
	    NULL);
	double band = tol(j->tol, TOL_TOKENS_MEAN_PCT), ratio, d;
	enum jverdict_value v;
	struct sbuf why = {0};
	char tolbuf[64];
	json_t *es;
	bool bent = false;

	if (m == NULL)
		return;
	if (!ru_num(m, &ratio)) {
		/* a real trace whose server reported no usage: say so */
		sbuf_adds(&why, "What the server prefilled cannot be seen (");
		ru_where(&why, m);
		sbuf_printf(&why, ": %s): neither whether it counted the "
		    "prompts the simulation prefills nor whether the shared "
		    "prefixes reached it (1e).", rec_get_str(json_object_get(m,
		    "source"), "how"));
		judge_emit(j, r, c, &(struct jverdict){
		    .metric = "server_input_tokens.ratio", .measure = m,
		    .verdict = V_MISSING, .why = sbuf_str(&why), .action =
		    "Have the load generator ask for usage on streamed "
		    "requests (stream_options include_usage) and keep the "
		    "usage chunk through any proxy, so that the server's "
		    "prompt counts are recorded." });
		sbuf_free(&why);
		return;
	}
	d = (ratio - 1) * 100;
	v = fabs(d) <= band ? V_PASS : fabs(d) <= 2 * band ? V_WARN : V_FAIL;
	sbuf_adds(&why, "The server counted ");
	ru_num_text(&why, ratio);
	sbuf_adds(&why, " times the prompt tokens the trace says it sent (");
	ru_where(&why, m);
	sbuf_printf(&why, ": %s). ", rec_get_str(json_object_get(m,
	    "source"), "how"));
	if (v != V_PASS && template_only(m, band,
	    tol(j->tol, TOL_TEMPLATE_TOKENS), &why))
		v = V_PASS;
	else if (v == V_PASS && (bent = slope_bent(m, band, &why)))
		v = V_WARN;
	else
		sbuf_adds(&why, v == V_PASS ? "The server prefilled the "
		    "prompts the simulation assumes (a few percent off is the "
		    "synthesised words' tokenisation)." : v == V_WARN ?
		    "Somewhat more or fewer tokens than the simulation "
		    "prefills: prompts built for another tokenizer, or more "
		    "than a chat template's fixed tokens." : "The server "
		    "prefilled other prompt lengths than the simulation "
		    "assumes: the prompts were built for another tokenizer "
		    "than the served model's, so every prefill cost differs.");
	es = ru_side(json_real(1), NULL, m, "the prompts the trace records: "
	    "prefix_length + input_tokens, what the simulation prefills");
	rec_set_str(json_object_get(es, "source"), "field",
	    "prefix_length, input_tokens");
	snprintf(tolbuf, sizeof(tolbuf), "\u00b1%g%% (WARN to \u00b1%g%%)",
	    band, 2 * band);
	judge_emit(j, r, c, &(struct jverdict){
	    .metric = "server_input_tokens.ratio", .expect = es, .measure = m,
	    .has_diff = true, .diff = d, .diff_unit = "%", .tolerance = tolbuf,
	    .verdict = v, .why = sbuf_str(&why), .action = v == V_PASS ? NULL :
	    bent ? "Look for a prompt limit between the load generator and "
	    "the model (truncate_prompt_tokens in the requests, a gateway's "
	    "or the server's input limit) and rerun without it: the "
	    "simulation prefills every prompt whole." :
	    "Build the prompts with the served model's tokenizer (or its "
	    "tokens-per-word ratio) so that the server prefills the lengths "
	    "the simulation samples." });
	json_decref(es);
	sbuf_free(&why);
}

/* Whether the shared prefixes reached the server: the prefixed rows'
 * prompts as the server counted them, less their suffixes counted as the
 * unprefixed prompts are, over prefix_length (s2r-trace-stats'
 * prefix.server_share).  The prefix_length column says what the
 * generator meant to send; only the server's count says what it
 * prefilled.  Within the token mean's tolerance PASS, to twice it WARN,
 * beyond FAIL: a prefix recorded but not sent (share near 0) leaves the
 * prefix column, and so the rest of 1e, looking right. */
void
wl_rule_prefix_counted(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const json_t *m = judge_measure(j, c, "prefix.server_share", NULL);
	double band = tol(j->tol, TOL_TOKENS_MEAN_PCT), share, d;
	enum jverdict_value v;
	struct sbuf why = {0};
	char tolbuf[64];
	json_t *es;

	if (!ru_num(m, &share))
		return;
	d = (share - 1) * 100;
	v = fabs(d) <= band ? V_PASS : fabs(d) <= 2 * band ? V_WARN : V_FAIL;
	sbuf_adds(&why, "The server counted ");
	ru_num_text(&why, share);
	sbuf_adds(&why, " of the prefixed rows' prefix_length in their "
	    "prompts (");
	ru_where(&why, m);
	sbuf_printf(&why, ": %s). ", rec_get_str(json_object_get(m,
	    "source"), "how"));
	sbuf_adds(&why, v == V_PASS ? "The shared prefixes reached the "
	    "server." : share < 1 ? "The prefixed prompts the server "
	    "prefilled are shorter than their prefix and suffix: the shared "
	    "prefix was recorded but not (all) sent, or cut in front of the "
	    "model (a prompt limit keeps a prompt's end), so the prefix "
	    "tokens the simulation caches and reuses were not there (unless "
	    "the trace's input_tokens holds the whole prompt, prefix "
	    "included: then 1c's input means are prefix_length too long)." :
	    "The prefixed prompts the server prefilled are longer than their "
	    "prefix and suffix: the generator sent more shared text than "
	    "prefix_length says.");
	es = ru_side(json_real(1), "fraction", m, "every prefixed row's "
	    "prefix_length counted by the server, as the simulation prefills "
	    "and caches it");
	rec_set_str(json_object_get(es, "source"), "field", "prefix_length");
	snprintf(tolbuf, sizeof(tolbuf), "\u00b1%g%% (WARN to \u00b1%g%%)",
	    band, 2 * band);
	judge_emit(j, r, c, &(struct jverdict){
	    .metric = "prefix.server_share", .expect = es, .measure = m,
	    .has_diff = true, .diff = d, .diff_unit = "%", .tolerance = tolbuf,
	    .verdict = v, .why = sbuf_str(&why), .action = v == V_PASS ? NULL :
	    "Check that the load generator put each group's shared prefix "
	    "in front of the prompt it sent (not only in the trace's "
	    "prefix_length) and that nothing between it and the model cuts "
	    "prompts, then rerun the cell." });
	json_decref(es);
	sbuf_free(&why);
}
