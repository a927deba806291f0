/* cfgutil.h - what the config.md readers share (configexp.c, cfgflags.c,
 * cfgepp.c): the reading context, the text of table cells (cleaned,
 * parameter names, first tokens, typed values) and the expect-record
 * builder.  Not for other users: the API is configexp.h. */
#ifndef S2R_CFGUTIL_H
#define S2R_CFGUTIL_H

#include <stdbool.h>

#include <jansson.h>

#include "configmd.h"

enum vtype { V_STR, V_INT, V_NUM, V_BOOL };

/* A parameter config.md may name, as the measuring side names it. */
struct vparam {
	const char	*metric;
	const char	*aliases;	/* normalised names, space separated */
	enum vtype	 type;
	const char	*unit;
	const char	*check;
};

/* One document being read into out. */
struct cfgctx {
	json_t			*out;
	const struct mddoc	*doc;
	long			 vllm_table;	/* its index; -1: none */
	bool			 have_instances; /* instances.count given */
	bool			 have_hardware;	/* vllm.hardware given */
};

/* Where a value is in doc, and how it was read. */
struct cfgwhere {
	long		 line;
	long		 column;
	const char	*field;
	const char	*how;
};

/* ---- cell text ---- */

/* Drops **, backticks and one pair of surrounding quotes; trims. */
char	*cfg_clean(const char *s);
/* "Number of vLLM pods" -> "number_of_vllm_pods"; "--block-size" ->
 * "block_size". */
char	*cfg_normalise(const char *raw);
/* Whether word is one of the space-separated words of list. */
bool	 cfg_word_in(const char *word, const char *list);
/* The vLLM parameter a normalised name stands for; *negate for
 * "no_enable_…". */
const struct vparam *cfg_find_param(const char *name, bool *negate);
/* The first whitespace token with thousands separators removed. */
char	*cfg_first_token(const char *s);
/* 1 for true/yes/1/on/enabled, 0 for their opposites, -1 otherwise. */
int	 cfg_bool_word(const char *w);
/* A typed value, or NULL with *why. */
json_t	*cfg_typed_value(enum vtype type, const char *text, bool bare,
	    bool negate, const char **why);
/* A lower-case copy. */
char	*cfg_lower(const char *s);

/* ---- records ---- */

/* One record: kind (NULL: "expect"), check, metric, key, value (stolen;
 * NULL: a value that could not be read, then "comparable": false and
 * why), unit, scope {phase, class}, source (file NULL: the document). */
struct cfgrec {
	const char	*kind;
	const char	*check, *metric, *key;
	json_t		*value;
	const char	*unit;
	const char	*phase, *cls;
	const char	*file;
	struct cfgwhere	 at;
	const char	*why;
};

/* Appends r to c->out. */
void	 cfgrec_add(struct cfgctx *c, const struct cfgrec *r);

/* ---- the readers ---- */

/* cfgflags.c: BLIS and `blis observe` flags, vLLM log lines quoted. */
void	 cfg_flag_table(struct cfgctx *c, const struct md_table *t);
void	 cfg_fence_commands(struct cfgctx *c, const struct md_fence *f);
void	 cfg_fence_log(struct cfgctx *c, const struct md_fence *f);
/* cfgepp.c: EPP configurations, priority tables, admission thresholds. */
void	 cfg_fence_yaml(struct cfgctx *c, const struct md_fence *f);
void	 cfg_tier_table(struct cfgctx *c, const struct md_table *t);
void	 cfg_threshold_rows(struct cfgctx *c, const struct md_table *t);

#endif
