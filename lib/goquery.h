/* goquery.h - structural queries over masked Go source (and YAML).
 *
 * A gquery is one question (a func by name, a struct field, a call, …)
 * with the filters that choose its files and how its hits are reported.
 * goq_file answers it for one lexed and indexed file, appending ghits;
 * goq_yaml answers a yaml query.  The driver that runs queries over
 * sources and writes proof records is proofrun.h. */
#ifndef S2R_GOQUERY_H
#define S2R_GOQUERY_H

#include <regex.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "goindex.h"
#include "golex.h"
#include "str.h"

enum qkind {
	Q_FUNC, Q_TYPE, Q_FIELD, Q_CONST, Q_VAR, Q_ASSIGN, Q_CALL, Q_KEYVAL,
	Q_STRING, Q_REGEX, Q_YAML, Q_REGISTRATION, Q_SCALE, Q_DISPATCH,
	Q_READERS
};

enum qtests { QT_INCLUDE, QT_EXCLUDE, QT_ONLY };

/* llm-d's priority tiers, which a dispatch is checked against. */
enum gtier { TIER_CRITICAL, TIER_STANDARD, TIER_BATCH, TIER_SHEDDABLE,
	NTIERS };
extern const char *const gtier_names[NTIERS];	/* "critical", … */

/* Named fact extractors that can be added to func/call/… hits. */
#define GF_EMPTY_POOL	0x01	/* `if len(x) == 0 { return V }` → V */
#define GF_SIGNALS	0x02	/* lines that use the signal identifiers */
#define GF_RETURNS	0x04	/* every return statement */
#define GF_METRICS	0x08	/* missing/stale metrics branches (gobranch.h) */
#define GF_CALLS	0x10	/* the functions the body calls */

struct gquery {
	/* What is asked. */
	enum qkind	 kind;
	char		*name;		/* name, literal, YAML path, type string */
	char		*pattern;	/* ERE: assign LHS, callee, key, line */
	regex_t		 re;
	bool		 has_re;
	char		*value_pat;	/* keyval --value */
	regex_t		 value_re;
	bool		 has_value_re;
	char		*literal;	/* a string every match must contain */
	char		*recv;
	char		*in_type;
	bool		 whole_block, enclosing, code_only, doc;
	unsigned	 facts;		/* GF_* */
	struct strv	 signals;	/* GF_SIGNALS, Q_SCALE, Q_DISPATCH,
					   Q_READERS */
	int64_t		 tiers[NTIERS];	/* Q_DISPATCH: each tier's priority */
	/* Which files. */
	struct strv	 include, exclude, paths;
	enum qtests	 tests;
	bool		 generated;	/* include generated files */
	struct strv	 roles;		/* catalog: router, generated, sim */
	/* How it is reported. */
	char		*id;		/* claim id */
	char		*check;
	char		*title;		/* the claim in words */
	char		*variant;	/* any_of: this alternative's name */
	bool		 unique, expect_none;
	long		 max_hits, max_lines;
	/* any_of: alternatives, the first with a hit is reported. */
	struct gquery	*alts;
	size_t		 nalts;
};

void	gquery_init(struct gquery *q);
/* Compiles the regexes; false with msg filled when one does not compile. */
bool	gquery_compile(struct gquery *q, char *msg, size_t msglen);
void	gquery_free(struct gquery *q);
const char *gquery_kind_name(enum qkind k);
bool	gquery_kind_parse(const char *s, enum qkind *k);
/* A fact extractor's name (empty_pool, signals, returns) as its GF_ bit;
 * false when there is none of that name. */
bool	gquery_fact_parse(const char *s, unsigned *bit);
/* include, exclude or only; false for anything else. */
bool	gquery_tests_parse(const char *s, enum qtests *t);
/* A query given without a claim id is named "KIND NAME". */
void	gquery_default_id(struct gquery *q);
/* The query as a JSON object for the record's "query" key. */
json_t	*gquery_json(const struct gquery *q);

struct ghit {
	size_t	 start, end;	/* reported span, end exclusive */
	size_t	 doc;		/* doc comment start, or start */
	char	*symbol;
	char	*def;		/* what makes two hits the same definition */
	json_t	*facts;
};

struct ghits {
	struct ghit	*v;
	size_t		 n, cap;
};

void	ghits_add(struct ghits *h, size_t start, size_t end, size_t doc,
	    const char *symbol, json_t *facts);
void	ghits_free(struct ghits *h);

/* Does the file (path relative to its source) pass the query's filters?
 * generated is the file's generated flag, known only after reading. */
bool	gquery_wants_path(const struct gquery *q, const char *path);
bool	gquery_wants_file(const struct gquery *q, const char *path,
	    bool generated);
/* Could the raw bytes hold a match (cheap literal pre-filter)? */
bool	gquery_may_match(const struct gquery *q, const char *src, size_t len);
/* Answers q for one lexed file; ix may be NULL for a regex query over a
 * file that is not Go. */
void	goq_file(const struct gquery *q, const struct gofile *f,
	    const struct gindex *ix, struct ghits *out);
/* Answers a Q_YAML query for one YAML file; false and msg on a parse
 * error. */
bool	goq_yaml(const struct gquery *q, const struct gofile *f,
	    struct ghits *out, char *msg, size_t msglen);

#endif
