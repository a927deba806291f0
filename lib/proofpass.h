/* proofpass.h - one source's pass, shared by the proof driver
 * (proofrun.c), the registration chains (proofreg.c) and the record
 * writer (proofrec.c); tools see proofrun.h only. */
#ifndef S2R_PROOFPASS_H
#define S2R_PROOFPASS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <jansson.h>

#include "gitsrc.h"
#include "goindex.h"
#include "golex.h"
#include "goquery.h"
#include "proofrun.h"
#include "sha256.h"
#include "str.h"

/* A hit made permanent: its file was freed after the pass. */
struct presult {
	char	*file;
	long	 line, end_line, doc_line, column;
	char	*snippet;
	char	 sha[SHA256_HEX_LEN + 1];
	long	 nlines;
	char	*symbol;
	char	*def;
	json_t	*facts;
};

/* One query (or one any_of alternative) and its hits in this source. */
struct leaf {
	struct gquery	*q;
	struct presult	*r;
	size_t		 n, cap;
	long		 scanned;
};

struct regconst {
	char		*str, *name, *dir;
	struct presult	 r;
};

struct regalias {
	char	*name, *target, *dir;	/* const name = target (same package) */
};

struct regcall {
	char		*dir;
	struct presult	 r;
	struct strv	 args, imports;	/* imports[i]: "" when unqualified */
};

struct regfunc {
	char	*name, *dir, *symbol;
	size_t	 file, start, end, doc;
};

/* What the registration queries need from every file of the source. */
struct regstate {
	struct gquery	*q;		/* the first registration query */
	struct strv	 strings;	/* the type strings asked for */
	struct regconst	*consts;
	size_t		 nconsts;
	struct regcall	*calls;
	size_t		 ncalls;
	struct regalias	*aliases;
	size_t		 naliases;
	struct regfunc	*funcs;
	size_t		 nfuncs;
	long		 scanned;
};

struct pass {
	struct gsource	*src;
	struct gitsrc	 gs;
	struct leaf	*leaves;
	size_t		 nleaves;
	struct regstate	 reg;
};

/* Records, buffered: nothing is printed when a later source fails. */
struct emitter {
	json_t	*recs;
};

/* proofrun.c */
/* Makes hit h of f permanent: its lines, snippet, SHA-256 and the key
 * that tells two definitions apart. */
void	presult_make(struct presult *r, const struct gofile *f,
	    struct ghit *h);
/* The same for a span that is not a query's hit (steals facts). */
void	presult_span(struct presult *r, const struct gofile *f, size_t start,
	    size_t end, size_t doc, const char *symbol, json_t *facts);
void	presult_free(struct presult *r);

/* proofreg.c */
/* Collects string consts, Register…( calls and top-level funcs of one
 * file (fileno: its index in p->gs.files). */
void	reg_collect(struct pass *p, const struct gofile *f,
	    const struct gindex *ix, size_t fileno);
/* Reports one registration query; returns its exit contribution. */
int	reg_report(struct emitter *em, const struct gquery *top,
	    struct pass *p);
void	reg_free(struct regstate *rs);

/* proofrec.c */
/* The record of one hit (the nth of total) of leaf query q of top. */
void	proof_emit_hit(struct emitter *em, const struct gquery *top,
	    const struct gquery *q, const struct gsource *s,
	    const struct presult *r, const char *status, size_t nth,
	    size_t total);
/* A record without a hit: not_found or no_source, and why. */
void	proof_emit_none(struct emitter *em, const struct gquery *top,
	    const struct gsource *s, long scanned, long missing,
	    const char *status, const char *why);
/* Reports one query for one source from its leaves (the query's, or
 * one per alternative); returns its exit contribution. */
int	proof_report_query(struct emitter *em, const struct gquery *top,
	    struct leaf *ls, size_t nl, struct pass *p);
/* Writes the buffered records as NDJSON or, with o->text, as text. */
void	proof_write(const struct emitter *em, const struct gproof_opts *o);

#endif
