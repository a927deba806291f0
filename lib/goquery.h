/* goquery.h - structural queries over masked Go source (and YAML).
 *
 * A gindex lists a file's top-level declarations (funcs, methods, types,
 * const/var specs, imports) with byte spans found on the golex mask.  A
 * gquery is one question (a func by name, a struct field, a call, …);
 * goq_file answers it for one lexed file, appending ghits.  The driver
 * (gproof_run) walks sources once, lexes each file once, answers every
 * query of a catalog in that pass, resolves plugin registration chains
 * across files, and emits `proof` records (docs/man/s2r-grep-proof.1). */
#ifndef S2R_GOQUERY_H
#define S2R_GOQUERY_H

#include <regex.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "golex.h"
#include "str.h"

#define GQ_NONE SIZE_MAX

enum gdkind { GD_FUNC, GD_TYPE, GD_CONST, GD_VAR };

struct gdecl {
	enum gdkind	 kind;
	char		*name;
	char		*recv;		/* methods: receiver base type */
	bool		 recv_ptr;
	char		*symbol;	/* "(*Detector).Saturation", "Metrics" */
	size_t		 start, end;	/* the decl or spec; end exclusive */
	size_t		 doc;		/* its doc comment's start, or start */
	size_t		 body;		/* func body / struct or interface '{' */
	size_t		 gstart, gend;	/* the enclosing group, or the spec */
	size_t		 gdoc;		/* the group's doc comment start */
	bool		 grouped;
	bool		 iota;		/* const group with iota/implicit values */
	char		 tkind;		/* types: 's'truct 'i'nterface 'a'lias 'd'efined */
	char		*vtype;		/* const/var: declared type or "" */
	char		*value;		/* const/var: code text after '=' or "" */
};

struct gimport {
	char	*alias;		/* explicit alias or the path's last element */
	char	*path;
};

struct gindex {
	char		*pkg;
	struct gdecl	*d;
	size_t		 nd, capd;
	struct gimport	*imp;
	size_t		 nimp, capimp;
};

void	gindex_build(struct gindex *ix, const struct gofile *f);
void	gindex_free(struct gindex *ix);
/* The top-level func whose span holds off, or NULL. */
const struct gdecl *gindex_func_at(const struct gindex *ix, size_t off);
/* The import path bound to alias in this file, or NULL. */
const char *gindex_import(const struct gindex *ix, const char *alias);

/* Code text of [a, b): original bytes with comments dropped and runs of
 * white space collapsed to one space, trimmed.  Caller frees. */
char	*go_code_text(const struct gofile *f, size_t a, size_t b);

enum qkind {
	Q_FUNC, Q_TYPE, Q_FIELD, Q_CONST, Q_VAR, Q_ASSIGN, Q_CALL, Q_KEYVAL,
	Q_STRING, Q_REGEX, Q_YAML, Q_REGISTRATION, Q_SCALE, Q_DISPATCH
};

enum qtests { QT_INCLUDE, QT_EXCLUDE, QT_ONLY };

/* Named fact extractors that can be added to func/call/… hits. */
#define GF_EMPTY_POOL	0x01	/* `if len(x) == 0 { return V }` → V */
#define GF_SIGNALS	0x02	/* lines that use the signal identifiers */
#define GF_RETURNS	0x04	/* every return statement */

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
	struct strv	 signals;	/* GF_SIGNALS, Q_SCALE, Q_DISPATCH */
	int64_t		 tier_sheddable, tier_batch;	/* Q_DISPATCH */
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
/* Answers q for one lexed file. */
void	goq_file(const struct gquery *q, const struct gofile *f,
	    const struct gindex *ix, struct ghits *out);
/* Answers a Q_YAML query for one YAML file; false and msg on a parse
 * error. */
bool	goq_yaml(const struct gquery *q, const struct gofile *f,
	    struct ghits *out, char *msg, size_t msglen);

/* Sources and the catalog run. */
enum gsrc_role { ROLE_ROUTER, ROLE_GENERATED, ROLE_SIM };

struct gsource {
	enum gsrc_role	 role;
	char		*label;
	char		*root;		/* work tree, or NULL */
	char		*git_dir;	/* or a git dir and a revision */
	char		*rev;
	char		*commit;	/* recorded; resolved from rev */
	struct strv	 prefixes;	/* only files under these ("generated/") */
};

struct gproof_opts {
	bool	text;		/* --format text */
	FILE	*out;
};

/* Runs every query over every source (matching roles when catalog is
 * true), writes the records, returns the exit status (0 found, 1 not
 * found, 3 ambiguous).  Dies (exit 2) on unreadable sources. */
int	gproof_run(struct gquery *qs, size_t nq, struct gsource *srcs,
	    size_t nsrc, bool catalog, const struct gproof_opts *o);

/* Loads a catalog (pipelines/proofs.yaml); only queries whose check is
 * in checks (when checks->n > 0) are kept.  Dies on a bad catalog. */
void	gcatalog_load(const char *path, const struct strv *checks,
	    struct gquery **qs, size_t *nq);

const char *gsrc_role_name(enum gsrc_role r);

#endif
