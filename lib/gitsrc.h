/* gitsrc.h - the files of a source tree: a work tree on disk, or the
 * blobs of a revision read with `git cat-file --batch` (no checkout).
 *
 * Files come in sorted path order so that output is deterministic.  A
 * blob missing from a partial clone is counted and skipped, never fatal. */
#ifndef S2R_GITSRC_H
#define S2R_GITSRC_H

#include <stdbool.h>
#include <stddef.h>

struct srcfile {
	char	*path;		/* relative to the root, '/'-separated */
	char	 oid[41];	/* git: the blob id; "" for work trees */
};

struct gitsrc {
	char		*root;		/* work tree, or NULL */
	char		*git_dir;
	char		*commit;	/* resolved revision, or NULL */
	struct srcfile	*files;
	size_t		 nfiles;
	long		 missing;	/* blobs git could not produce */
};

/* Lists a work tree (regular files only; .git and symlinks skipped).
 * Dies (exit 2) when root cannot be read. */
void	gitsrc_open_tree(struct gitsrc *s, const char *root);
/* Resolves rev to a commit and lists its tree.  Dies on a bad git dir
 * or an unknown revision. */
void	gitsrc_open_git(struct gitsrc *s, const char *git_dir, const char *rev);
/* HEAD of root when root is the top of a git work tree, else NULL. */
char	*gitsrc_head(const char *root);

/* Calls fn for each file for which want returns true, in path order,
 * with its bytes (malloc'd, len + 1 bytes, NUL-terminated; fn owns
 * them).  Work trees are read one file at a time; git blobs stream from
 * one `git cat-file --batch`. */
typedef bool (*gitsrc_want_fn)(void *ctx, const struct srcfile *f);
typedef void (*gitsrc_file_fn)(void *ctx, const struct srcfile *f,
    char *data, size_t len);
void	gitsrc_each(struct gitsrc *s, gitsrc_want_fn want, gitsrc_file_fn fn,
	    void *ctx);
/* One file's bytes again (NULL if it cannot be read). */
char	*gitsrc_read(struct gitsrc *s, const struct srcfile *f, size_t *len);
void	gitsrc_free(struct gitsrc *s);

#endif
