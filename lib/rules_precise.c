/* rules_precise.c - 4a: whether llm-d's precise prefix-cache scorer
 * can see the engines' caches.
 *
 * The precise-prefix-cache-scorer keeps an index of which pod holds which
 * KV block, filled from the KV events every vLLM engine publishes for its
 * own blocks (--kv-events-config: enabled, a zmq publisher sending to the
 * port the scorer's kvEventsConfig.zmqEndpoint binds, 5557 by
 * default, on a topic its topicFilter, "kv@", starts), and looks a
 * request up by hashing its tokens in blocks of
 * tokenProcessorConfig.blockSize (16 when unset: the kv-cache library's
 * default), which must be the engines' --block-size.  When an engine's
 * events never arrive, or its blocks are other than the scorer's, the
 * scorer finds none of its blocks: its pod scores 0 whatever it caches,
 * and with every pod so the arm routes without the prefix affinity the
 * simulation counts on, whatever the weights say.  Nothing in the logs
 * says so (the scorer runs, scores 0, and is silent). */
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "proofutil.h"
#include "rec.h"
#include "ruleutil.h"
#include "rules_precise.h"

#define PRECISE_SCORER	"precise-prefix-cache-scorer"
#define KV_LIB_BLOCK	16	/* TokenProcessorConfig's default */
#define KV_LIB_PORT	5557	/* kvEventsConfig.zmqEndpoint's default port */
#define KV_LIB_TOPIC	"kv@"	/* kvEventsConfig.topicFilter */

static const char ACT_BLOCKS[] = "Set the precise prefix-cache scorer's "
    "tokenProcessorConfig.blockSize to the engines' --block-size (or the "
    "reverse) and rerun the arm: until they agree the scorer matches no "
    "block and the arm routes without prefix affinity.";
static const char ACT_TOKENIZER[] = "Give the precise prefix-cache "
    "scorer's tokenizer (indexerConfig.tokenizersPoolConfig.modelName, the "
    "tokenizer plugin's modelName) the model the engines serve, or confirm "
    "that the two share a tokenizer.";
static const char ACT_EVENTS[] = "Start every engine with --kv-events-config "
    "enabling KV-cache events on a zmq publisher that sends to the EPP's "
    "kvEventsConfig.zmqEndpoint port, on a topic its topicFilter starts, "
    "and rerun the arm: until then the scorer sees none of those engines' "
    "blocks.";

/* The scorer's parameter at path (under its name) in the arm's config,
 * NULL when unset. */
static const json_t *
scorer_param(const struct judge *j, const char *kind, const char *arm,
    const char *name, const char *path)
{
	struct ru_list l;
	const json_t *found = NULL;
	struct sbuf key = {0};

	sbuf_printf(&key, "%s.%s", name, path);
	pu_arm_recs(j, kind, "epp.plugin.parameter", arm, &l);
	for (size_t i = 0; i < l.n && found == NULL; i++) {
		const char *k = rec_get_str(l.v[i], "key");

		if (k != NULL && strcmp(k, sbuf_str(&key)) == 0)
			found = l.v[i];
	}
	ru_list_free(&l);
	sbuf_free(&key);
	return found;
}

/* What scorer p hashes with (*set: its blockSize is stated), said in
 * why; false when the stated value is no number (2d and 4c judge it). */
static bool
scorer_blocks(const struct judge *j, const char *kind, const char *arm,
    const json_t *p, struct sbuf *why, double *size, const json_t **set)
{
	const char *name = rec_get_str(p, "key");

	*set = scorer_param(j, kind, arm, name,
	    "tokenProcessorConfig.blockSize");
	*size = KV_LIB_BLOCK;
	if (*set != NULL && !ru_num(*set, size))
		return false;
	sbuf_printf(why, "%s%s plugin %s (", why->len ? "; the " : "The "
	    "arm's ", PRECISE_SCORER, name);
	ru_where(why, *set != NULL ? *set : p);
	if (*set != NULL)
		sbuf_printf(why, ") hashes requests in blocks of %.0f tokens",
		    *size);
	else
		sbuf_printf(why, ") sets no tokenProcessorConfig.blockSize, "
		    "so it hashes requests in the kv-cache library's default "
		    "blocks of %d tokens", KV_LIB_BLOCK);
	return true;
}

/* The block size the cell's engines ran, in *size: the 2a record the
 * server logs agree on, else the one every pod's metrics agree on as the
 * router read them (EPP "Refreshed metrics": a log that states no
 * --block-size ran vLLM's default).  NULL when unknown or the pods
 * differ: 2a and 5a say so. */
static const json_t *
engine_blocks(const struct judge *j, const struct jcell *c, double *size)
{
	const json_t *rec = judge_measure(j, c, "vllm.block_size", NULL);
	struct ru_list l;
	double v;

	if (rec != NULL)
		return ru_num(rec, size) ? rec : NULL;
	ru_collect(j, c, "measure", "epp.pod.cache_block_size", RU_INSTANCE,
	    false, &l);
	for (size_t i = 0; i < l.n; i++) {
		if (!ru_num(l.v[i], &v) || (i > 0 && v != *size)) {
			rec = NULL;
			break;
		}
		*size = v;
		rec = l.v[0];
	}
	ru_list_free(&l);
	return rec;
}

/* One cell of the arm: the engines' block size against each precise
 * scorer's; the worst of them is the verdict.  No verdict without the
 * engines' size: 2a says why it is unknown. */
static void
cell_blocks(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *kind, const struct ru_list *scorers)
{
	const json_t *engines, *side = NULL, *set;
	struct sbuf why = {0};
	double ev, sv, diff = 0;
	enum jverdict_value v = V_PASS;

	if ((engines = engine_blocks(j, c, &ev)) == NULL)
		return;
	for (size_t i = 0; i < scorers->n; i++) {
		if (!scorer_blocks(j, kind, c->phase, scorers->v[i], &why, &sv,
		    &set) || sv == ev)
			continue;
		/* an unset size rests on the library version's default */
		if (v != V_FAIL && (side == NULL || set != NULL)) {
			side = set != NULL ? set : scorers->v[i];
			diff = sv - ev;
		}
		if (set != NULL)
			v = V_FAIL;
		else if (v == V_PASS)
			v = V_WARN;
	}
	if (why.len == 0) {
		sbuf_free(&why);
		return;
	}
	sbuf_printf(&why, "; the cell's vLLM engines ran --block-size %.0f (",
	    ev);
	ru_where(&why, engines);
	sbuf_adds(&why, v == V_PASS ? "): the scorer's block hashes are the "
	    "ones the engines' KV events announce." : "): no request's block "
	    "hash is ever one an engine announced, so every pod scores 0 "
	    "and the arm routes without prefix affinity, whatever the "
	    "scorer's weight.");
	judge_emit(j, r, c, &(struct jverdict){
	    .metric = "routing.prefix_block_size", .expect = engines,
	    .measure = side != NULL ? side : scorers->v[0],
	    .has_diff = side != NULL, .diff = diff, .diff_unit = "tokens",
	    .tolerance = "exact", .verdict = v, .why = sbuf_str(&why),
	    .action = v == V_PASS ? NULL : ACT_BLOCKS });
	sbuf_free(&why);
}

/* The port of a tcp://HOST:PORT endpoint, 0 when it names none. */
static long
endpoint_port(const char *ep)
{
	const char *colon;
	char *end;
	long port;

	if (ep == NULL || strncmp(ep, "tcp://", 6) != 0 ||
	    (colon = strrchr(ep + 6, ':')) == NULL)
		return 0;
	port = strtol(colon + 1, &end, 10);
	return *end == '\0' && port > 0 && port < 65536 ? port : 0;
}

/* Where the scorer hears events: the port its zmqEndpoint binds and its
 * topic filter, each its default when unset. */
struct listen {
	const json_t	*src;		/* a parameter, or the plugin's record */
	long		 port;
	const char	*filter;
};

static void
scorer_listen(const struct judge *j, const char *kind, const char *arm,
    const json_t *p, struct listen *l)
{
	const char *name = rec_get_str(p, "key");
	const json_t *ep = scorer_param(j, kind, arm, name,
	    "kvEventsConfig.zmqEndpoint");
	const json_t *topic = scorer_param(j, kind, arm, name,
	    "kvEventsConfig.topicFilter");
	const json_t *discover = scorer_param(j, kind, arm, name,
	    "kvEventsConfig.discoverPods");

	l->src = ep != NULL ? ep : topic != NULL ? topic : p;
	l->port = ep != NULL ? endpoint_port(pu_str_value(ep)) : KV_LIB_PORT;
	l->filter = topic != NULL ? pu_str_value(topic) : KV_LIB_TOPIC;
	/* discovering pods, the scorer connects to each pod's own socket:
	 * its zmqEndpoint is not where the engines send */
	if (json_is_true(json_object_get(discover, "value")))
		l->port = 0;
}

/* Whether the cell's log of inst states the engine's non-default args (the
 * line that would list --kv-events-config had it been given). */
static bool
args_stated(const struct judge *j, const struct jcell *c, const char *inst,
    const json_t **rec)
{
	static const char *const stated[] = { "vllm.model_tag", "vllm.model",
	    "vllm.port", NULL };
	const char *how;

	for (const char *const *m = stated; *m != NULL; m++) {
		*rec = ru_inst_measure(j, c, *m, inst);
		how = rec_get_str(json_object_get(*rec, "source"), "how");
		if (how != NULL && strstr(how, "'non-default args'") != NULL)
			return true;
	}
	return false;
}

/* What keeps one engine's KV events from the scorer, said in why: 1 when
 * something does, 0 when they reach it, -1 when its log cannot tell. */
static int
engine_unheard(const struct judge *j, const struct jcell *c,
    const char *inst, const struct listen *l, struct sbuf *why,
    const json_t **rec)
{
	const char *pub, *ep, *topic;
	const json_t *on;
	long port;

#define EV(f) ru_inst_measure(j, c, "vllm.kv_events_config." f, inst)
	on = EV("enable_kv_cache_events");
	pub = pu_str_value(EV("publisher"));
	ep = pu_str_value(*rec = EV("endpoint"));
	topic = pu_str_value(EV("topic"));
#undef EV
	if (on == NULL && pub == NULL && ep == NULL) {
		if (!args_stated(j, c, inst, rec))
			return -1;
		sbuf_adds(why, "ran with no --kv-events-config (vLLM "
		    "publishes no KV events by default)");
	} else if (on != NULL && json_is_false(json_object_get(on, "value"))) {
		*rec = on;
		sbuf_adds(why, "ran with KV-cache events off "
		    "(enable_kv_cache_events False)");
	} else if (pub != NULL && strcmp(pub, "zmq") != 0) {
		sbuf_printf(why, "publishes its events with \"%s\", not zmq",
		    pub);
	} else if ((port = endpoint_port(ep)) != 0 && l->port != 0 &&
	    port != l->port) {
		sbuf_printf(why, "sends its events to %s, port %ld where the "
		    "scorer listens on %ld", ep, port, l->port);
	} else if (topic != NULL && l->filter != NULL &&
	    strncmp(topic, l->filter, strlen(l->filter)) != 0) {
		sbuf_printf(why, "publishes on topic \"%s\", which the "
		    "scorer's filter \"%s\" drops", topic, l->filter);
	} else
		return 0;
	return 1;
}

static const char *
plural(size_t n, const char *one, const char *more)
{
	return n == 1 ? one : more;
}

/* The events verdict of a cell: heard and unheard engines (lost says
 * why each is unheard; side: the first one's record). */
static void
events_emit(struct judge *j, const struct rule *r, const struct jcell *c,
    const json_t *scorer, const struct listen *l, size_t heard,
    size_t unheard, const struct sbuf *lost, const json_t *side)
{
	struct sbuf why = {0};

	sbuf_printf(&why, "The arm's %s plugin %s (", PRECISE_SCORER,
	    rec_get_str(scorer, "key"));
	ru_where(&why, l->src);
	if (l->port != 0)
		sbuf_printf(&why, ") listens for KV events on port %ld",
		    l->port);
	else
		sbuf_adds(&why, ") subscribes to the engines' KV events");
	sbuf_printf(&why, " with topic filter \"%s\". ",
	    l->filter ? l->filter : "?");
	if (unheard == 0)
		sbuf_printf(&why, "The %zu engine%s whose log%s state%s the "
		    "events config publish%s them there: the scorer sees "
		    "their blocks.", heard, plural(heard, "", "s"),
		    plural(heard, "", "s"), plural(heard, "s", ""),
		    plural(heard, "es", ""));
	else
		sbuf_printf(&why, "%s. The scorer sees none of %s blocks: %s "
		    "whatever %s cache%s%s.", sbuf_str(lost),
		    plural(unheard, "that engine's", "those engines'"),
		    plural(unheard, "its pod scores 0", "their pods score 0"),
		    plural(unheard, "it", "they"), plural(unheard, "s", ""),
		    heard == 0 ? ", so the arm routes without prefix affinity, "
		    "whatever the scorer's weight" : "");
	judge_emit(j, r, c, &(struct jverdict){
	    .metric = "routing.prefix_events", .expect = l->src,
	    .measure = side, .tolerance = "exact",
	    .verdict = unheard > 0 ? V_FAIL : V_PASS, .why = sbuf_str(&why),
	    .action = unheard > 0 ? ACT_EVENTS : NULL });
	sbuf_free(&why);
}

/* The engines a scorer cannot hear: their names, why each, and whether
 * one reason holds for all (then said once). */
struct unheard {
	size_t		 n;
	struct sbuf	 names, each, first, at;
	bool		 same;
	const json_t	*side;		/* the first one's record */
};

static void
unheard_add(struct unheard *u, const char *inst, const struct sbuf *why,
    const json_t *rec)
{
	const char *sep = u->n > 0 ? "; " : "";

	if (u->n++ == 0) {
		u->same = true;
		u->side = rec;
		sbuf_adds(&u->first, sbuf_str(why));
		ru_where(&u->at, rec);
	} else if (strcmp(sbuf_str(&u->first), sbuf_str(why)) != 0)
		u->same = false;
	sbuf_printf(&u->names, "%s%s", u->n > 1 ? ", " : "", inst);
	sbuf_printf(&u->each, "%s%s %s (", sep, inst, sbuf_str(why));
	ru_where(&u->each, rec);
	sbuf_adds(&u->each, ")");
}

/* One cell of the arm: whether every engine's KV events reach the arm's
 * (first) precise scorer.  No verdict when no log tells. */
static void
cell_events(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *kind, const struct ru_list *scorers)
{
	struct strv insts;
	struct listen l;
	struct unheard u = {0};
	struct sbuf lost = {0};
	const json_t *rec;
	size_t heard = 0;

	scorer_listen(j, kind, c->phase, scorers->v[0], &l);
	ru_instances(j, c, "vllm.*", &insts);
	for (size_t i = 0; i < insts.n; i++) {
		struct sbuf why = {0};
		int v = engine_unheard(j, c, insts.v[i], &l, &why, &rec);

		if (v == 1)
			unheard_add(&u, insts.v[i], &why, rec);
		heard += v == 0;
		sbuf_free(&why);
	}
	strv_free(&insts);
	if (u.n > 1 && u.same)
		sbuf_printf(&lost, "%zu engines (%s) each %s (the first: %s)",
		    u.n, sbuf_str(&u.names), sbuf_str(&u.first),
		    sbuf_str(&u.at));
	else if (u.n > 0)
		sbuf_adds(&lost, sbuf_str(&u.each));
	if (heard + u.n > 0)
		events_emit(j, r, c, scorers->v[0], &l, heard, u.n, &lost,
		    u.side);
	sbuf_free(&lost);
	sbuf_free(&u.names);
	sbuf_free(&u.each);
	sbuf_free(&u.first);
	sbuf_free(&u.at);
}

/* The model whose tokenizer the scorer hashes with: its own tokenizer
 * pool's modelName, else the arm's tokenizer plugin's; NULL when neither
 * names one. */
static const json_t *
scorer_tokenizer(const struct judge *j, const char *kind, const char *arm,
    const json_t *p)
{
	const json_t *m = scorer_param(j, kind, arm, rec_get_str(p, "key"),
	    "indexerConfig.tokenizersPoolConfig.modelName");
	struct ru_list l;

	if (m != NULL)
		return pu_str_value(m) != NULL ? m : NULL;
	pu_arm_recs(j, kind, "epp.plugin", arm, &l);
	for (size_t i = 0; i < l.n && m == NULL; i++) {
		const char *type = pu_str_value(l.v[i]);

		if (type != NULL && strcmp(type, "tokenizer") == 0)
			m = scorer_param(j, kind, arm,
			    rec_get_str(l.v[i], "key"), "modelName");
	}
	ru_list_free(&l);
	return pu_str_value(m) != NULL ? m : NULL;
}

/* One cell of the arm: the scorer tokenizes for the model the engines
 * serve (the 2a record of the cell's logs), or its token blocks are not
 * theirs.  Another name may share the tokenizer (sizes of one family
 * do), so a difference is a WARN. */
static void
cell_tokenizer(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *kind, const struct ru_list *scorers)
{
	const json_t *tok = scorer_tokenizer(j, kind, c->phase, scorers->v[0]);
	const json_t *served = judge_measure(j, c, "vllm.model", NULL);
	struct sbuf why = {0};
	bool same;

	if (tok == NULL || pu_str_value(served) == NULL)
		return;
	same = ru_model_same(pu_str_value(tok), pu_str_value(served));
	sbuf_printf(&why, "The arm's %s plugin %s tokenizes requests for "
	    "%s (", PRECISE_SCORER, rec_get_str(scorers->v[0], "key"),
	    pu_str_value(tok));
	ru_where(&why, tok);
	sbuf_printf(&why, "); the cell's engines serve %s (",
	    pu_str_value(served));
	ru_where(&why, served);
	sbuf_adds(&why, same ? "): the scorer's token ids are the engines'." :
	    "): unless the two models share a tokenizer, the scorer's token "
	    "ids, and so its block hashes, are not the engines', and it "
	    "matches none of their blocks (every pod scores 0).");
	judge_emit(j, r, c, &(struct jverdict){
	    .metric = "routing.prefix_tokenizer", .expect = served,
	    .measure = tok, .tolerance = "the same model (a path ending in "
	    "the name, case aside)", .verdict = same ? V_PASS : V_WARN,
	    .why = sbuf_str(&why), .action = same ? NULL : ACT_TOKENIZER });
	sbuf_free(&why);
}

void
routing_precise_scorer(struct judge *j, const struct rule *r,
    const char *kind, const struct strv *arms)
{
	for (size_t a = 0; a < arms->n; a++) {
		struct ru_list l, scorers = {0};

		pu_arm_recs(j, kind, "epp.plugin", arms->v[a], &l);
		for (size_t i = 0; i < l.n; i++) {
			const char *type = pu_str_value(l.v[i]);

			if (type != NULL && strcmp(type, PRECISE_SCORER) == 0 &&
			    rec_get_str(l.v[i], "key") != NULL)
				ru_list_add(&scorers, l.v[i]);
		}
		for (size_t k = 0; k < j->ncells && scorers.n > 0; k++) {
			const struct jcell *c = &j->cells[k];

			if (!c->measured || c->workload == NULL ||
			    judge_natcmp(c->phase, arms->v[a]) != 0)
				continue;
			cell_blocks(j, r, c, kind, &scorers);
			cell_events(j, r, c, kind, &scorers);
			cell_tokenizer(j, r, c, kind, &scorers);
		}
		ru_list_free(&scorers);
		ru_list_free(&l);
	}
}
