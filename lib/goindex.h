/* goindex.h - the declaration index of one lexed Go file.
 *
 * A gindex lists a file's top-level declarations (funcs, methods, types,
 * const/var specs, imports) with byte spans found on the golex mask: the
 * declaration, its doc comment, its body, and the group it stands in. */
#ifndef S2R_GOINDEX_H
#define S2R_GOINDEX_H

#include <stdbool.h>
#include <stddef.h>

#include "golex.h"
#include "gomask.h"

enum gdkind { GD_FUNC, GD_TYPE, GD_CONST, GD_VAR };

/* One declaration or spec; an offset that does not apply (a func without
 * a body) is GQ_NONE. */
struct gdecl {
	enum gdkind	 kind;
	char		*name;
	char		*recv;		/* methods: receiver base type */
	bool		 recv_ptr;
	char		*symbol;	/* "(*Detector).Saturation", "Metrics" */
	size_t		 start, end;	/* the decl or spec; end exclusive */
	size_t		 doc;		/* its doc comment's start, or start */
	size_t		 body;		/* func body, struct or interface '{' */
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
/* Is off inside a type declaration or a func's signature (where a '('
 * is not a call)? */
bool	gindex_in_signature(const struct gindex *ix, size_t off);

#endif
