/* proofrun.h - code proofs: sources and the run over them.
 *
 * gproof_run walks each source once, lexes each file once, answers every
 * query of a catalog in that pass, resolves plugin registration chains
 * across files, and writes `proof` records (docs/man/s2r-grep-proof.1). */
#ifndef S2R_PROOFRUN_H
#define S2R_PROOFRUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "goquery.h"
#include "str.h"

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

/* Appends a source read from the work tree dir: a router codebase
 * (labelled by dir's last element), the real bundle (ROLE_GENERATED,
 * "real", its generated/ files) or the sim bundle (ROLE_SIM, "sim", its
 * algorithm/ and algorithms/ files). */
struct gsource *gsource_add_tree(struct gsource **v, size_t *n,
	    enum gsrc_role role, const char *dir);
/* Appends a router codebase read from a git dir (at HEAD unless rev is
 * set later). */
struct gsource *gsource_add_git(struct gsource **v, size_t *n,
	    const char *git_dir);
void	gsource_free(struct gsource *s);
const char *gsrc_role_name(enum gsrc_role r);

struct gproof_opts {
	bool	text;		/* --format text */
	FILE	*out;
};

/* Runs every query over every source (matching roles when catalog is
 * true), writes the records, returns the exit status (0 found, 1 not
 * found, 3 ambiguous).  Dies (exit 2) on unreadable sources. */
int	gproof_run(struct gquery *qs, size_t nq, struct gsource *srcs,
	    size_t nsrc, bool catalog, const struct gproof_opts *o);

#endif
