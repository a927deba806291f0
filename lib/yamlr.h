/* yamlr.h - YAML documents as small trees with a line for every node.
 *
 * libyaml does the parsing; this keeps the result as a tree so a tool can
 * look keys up in any order and still cite workloads/w1.yaml:12 for every
 * value it uses.  Aliases share the anchored node; an alias inside its
 * own anchor (a cycle) and more than a million nodes reached through
 * aliases (an alias bomb) are errors, so walking a tree always ends.
 * Loading is linear in the input: maps of more than a few keys carry a
 * hash index (the duplicate-key check, ymap_get), anchors are hashed. */
#ifndef S2R_YAMLR_H
#define S2R_YAMLR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "perr.h"

enum ytype { Y_SCALAR, Y_MAP, Y_SEQ };

struct ynode {
	enum ytype	  type;
	long		  line;		/* 1-based */
	long		  column;	/* 1-based */
	char		 *value;	/* Y_SCALAR: the text */
	bool		  plain;	/* Y_SCALAR: unquoted (so null/true/1 are typed) */
	size_t		  n;		/* Y_MAP: pairs; Y_SEQ: items */
	size_t		  cap;		/* room in keys and items */
	struct ynode	**keys;		/* Y_MAP: key scalars */
	struct ynode	**items;	/* Y_MAP: values; Y_SEQ: items */
	uint32_t	 *index;	/* Y_MAP of many keys: open addressing,
					 * key index + 1 (0: empty); NULL
					 * for short maps */
	size_t		  nindex;	/* slots, a power of two */
	size_t		  weight;	/* nodes below and here, aliases
					 * expanded; 0 while still loading */
};

struct ydoc {
	char		 *path;		/* for messages */
	size_t		  ndocs, capdocs;
	struct ynode	**docs;		/* one root per YAML document */
	struct ynode	**all;		/* every node, for freeing */
	size_t		  nall, capall;
};

/* Load every document of a file or buffer.  NULL on error, with *err
 * filled (1-based line/column).  label names the input in messages;
 * line_offset is added to every line (for YAML embedded in another file). */
struct ydoc	*ydoc_load_file(const char *path, struct perr *err);
struct ydoc	*ydoc_load_buf(const char *label, const char *buf, size_t len,
		    long line_offset, struct perr *err);
/* Like the above but dies with "path:line:column: msg" (exit 2). */
struct ydoc	*ydoc_load_file_or_die(const char *path);
void		 ydoc_free(struct ydoc *doc);
/* The first document's root, or NULL for an empty file. */
const struct ynode *ydoc_root(const struct ydoc *doc);

/* NULL when n is not a map or has no such key. */
const struct ynode *ymap_get(const struct ynode *map, const char *key);
/* Dotted path: "a.b.0.c" (numbers index sequences). */
const struct ynode *ypath(const struct ynode *n, const char *path);
/* The scalar text, or NULL when n is absent or not a scalar. */
const char	*yscalar(const struct ynode *n);
/* Typed scalar access; false when absent, not a scalar or not that type.
 * Booleans accept true/false/yes/no/on/off in any case. */
bool		 yscalar_f64(const struct ynode *n, double *out);
bool		 yscalar_i64(const struct ynode *n, int64_t *out);
bool		 yscalar_bool(const struct ynode *n, bool *out);
/* A plain scalar that YAML reads as null: "", "~", "null". */
bool		 yscalar_is_null(const struct ynode *n);

/* Writes s as a YAML scalar that reads back as exactly s: plain when it
 * is a word of letters, digits and . _ / + @ - starting with a letter
 * (and not true, null, …), else double-quoted with escapes, so that a
 * value given on a command line cannot add keys to a file. */
void		 yaml_put_scalar(FILE *f, const char *s);

#endif
