/* gitsrc.c - see gitsrc.h.  git runs as a child with fixed argv (no
 * shell), its stdin a temporary file so that no pipe can deadlock. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "err.h"
#include "gitsrc.h"
#include "infile.h"
#include "str.h"

struct child {
	pid_t	 pid;
	FILE	*out;
};

/* Starts argv with stdin from in_fd (-1: /dev/null), stdout to a pipe;
 * stderr is dropped so that git's own messages do not reach ours. */
static void
spawn(struct child *c, char *const argv[], int in_fd)
{
	int p[2];

	if (pipe(p) != 0)
		s2r_die("pipe: %s", strerror(errno));
	fflush(stdout);
	c->pid = fork();
	if (c->pid < 0)
		s2r_die("fork: %s", strerror(errno));
	if (c->pid == 0) {
		int null = open("/dev/null", O_RDWR);

		dup2(in_fd >= 0 ? in_fd : null, 0);
		dup2(p[1], 1);
		dup2(null, 2);
		close(p[0]);
		close(p[1]);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(p[1]);
	c->out = fdopen(p[0], "r");
	if (c->out == NULL)
		s2r_die("fdopen: %s", strerror(errno));
}

static int
reap(struct child *c)
{
	int st;

	fclose(c->out);
	while (waitpid(c->pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* All of a child's stdout; *status its exit status. */
static char *
run_read(char *const argv[], int *status, size_t *len)
{
	struct child c;
	struct sbuf b = {0};
	char buf[8192];
	size_t n;

	spawn(&c, argv, -1);
	while ((n = fread(buf, 1, sizeof(buf), c.out)) > 0)
		sbuf_add(&b, buf, n);
	*status = reap(&c);
	if (len != NULL)
		*len = b.len;
	if (b.s == NULL)
		return xstrdup("");
	return b.s;
}

static int
cmp_file(const void *a, const void *b)
{
	return strcmp(((const struct srcfile *)a)->path,
	    ((const struct srcfile *)b)->path);
}

static void
add_file(struct gitsrc *s, size_t *cap, const char *path, const char *oid)
{
	if (s->nfiles == *cap) {
		*cap = *cap ? *cap * 2 : 256;
		s->files = xreallocarray(s->files, *cap, sizeof(*s->files));
	}
	memset(&s->files[s->nfiles], 0, sizeof(s->files[0]));
	s->files[s->nfiles].path = xstrdup(path);
	if (oid != NULL)
		snprintf(s->files[s->nfiles].oid, sizeof(s->files[0].oid),
		    "%s", oid);
	s->nfiles++;
}

static void
walk(struct gitsrc *s, size_t *cap, const char *rel)
{
	char *dir = xmalloc(strlen(s->root) + strlen(rel) + 2);
	DIR *d;
	struct dirent *e;

	sprintf(dir, "%s%s%s", s->root, *rel ? "/" : "", rel);
	if ((d = opendir(dir)) == NULL)
		s2r_die("%s: cannot read directory: %s", dir, strerror(errno));
	while ((e = readdir(d)) != NULL) {
		struct stat st;
		char *path, *full;

		if (strcmp(e->d_name, ".") == 0 ||
		    strcmp(e->d_name, "..") == 0 ||
		    strcmp(e->d_name, ".git") == 0)
			continue;
		path = xmalloc(strlen(rel) + strlen(e->d_name) + 2);
		sprintf(path, "%s%s%s", rel, *rel ? "/" : "", e->d_name);
		full = xmalloc(strlen(s->root) + strlen(path) + 2);
		sprintf(full, "%s/%s", s->root, path);
		if (lstat(full, &st) == 0) {
			if (S_ISDIR(st.st_mode))
				walk(s, cap, path);
			else if (S_ISREG(st.st_mode))
				add_file(s, cap, path, NULL);
			else if (str_has_suffix(path, ".go"))
				s2r_warn("%s: skipped: expected a regular "
				    "file, got %s", full,
				    infile_kind(st.st_mode));
		}
		free(full);
		free(path);
	}
	closedir(d);
	free(dir);
}

void
gitsrc_open_tree(struct gitsrc *s, const char *root)
{
	size_t cap = 0;
	struct stat st;

	memset(s, 0, sizeof(*s));
	if (stat(root, &st) != 0 || !S_ISDIR(st.st_mode))
		s2r_die("%s: not a readable directory", root);
	s->root = xstrdup(root);
	while (strlen(s->root) > 1 && s->root[strlen(s->root) - 1] == '/')
		s->root[strlen(s->root) - 1] = '\0';
	walk(s, &cap, "");
	qsort(s->files, s->nfiles, sizeof(*s->files), cmp_file);
}

char *
gitsrc_head(const char *root)
{
	char *gd = xmalloc(strlen(root) + 8), *out;
	struct stat st;
	int status;

	sprintf(gd, "%s/.git", root);
	if (stat(gd, &st) != 0) {
		free(gd);
		return NULL;
	}
	{
		char *argv[] = { "git", "-C", (char *)root, "rev-parse",
		    "--verify", "-q", "HEAD", NULL };

		out = run_read(argv, &status, NULL);
	}
	free(gd);
	out[strcspn(out, "\n")] = '\0';
	if (status != 0 || strlen(out) < 40) {
		free(out);
		return NULL;
	}
	return out;
}

void
gitsrc_open_git(struct gitsrc *s, const char *git_dir, const char *rev)
{
	char *spec = xmalloc(strlen(rev) + 10), *out, *p, *end;
	size_t cap = 0, len;
	int status;

	memset(s, 0, sizeof(*s));
	s->git_dir = xstrdup(git_dir);
	sprintf(spec, "%s^{commit}", rev);
	{
		char *argv[] = { "git", "--git-dir", s->git_dir, "rev-parse",
		    "--verify", "-q", spec, NULL };

		out = run_read(argv, &status, NULL);
	}
	free(spec);
	out[strcspn(out, "\n")] = '\0';
	if (status != 0 || strlen(out) < 40) {
		free(out);
		s2r_die("%s: revision %s: expected a commit in a git "
		    "directory, got none", git_dir, rev);
	}
	s->commit = out;
	{
		char *argv[] = { "git", "--git-dir", s->git_dir, "ls-tree",
		    "-r", "-z", "--full-tree", s->commit, NULL };

		out = run_read(argv, &status, &len);
	}
	if (status != 0)
		s2r_die("%s: cannot list the tree of %s", git_dir, s->commit);
	/* "<mode> <type> <oid>\t<path>\0" */
	for (p = out; p < out + len; p = end + 1) {
		char *tab, *sp;

		end = memchr(p, '\0', (size_t)(out + len - p));
		if (end == NULL)
			break;
		tab = strchr(p, '\t');
		sp = strchr(p, ' ');
		if (tab == NULL || sp == NULL || strncmp(sp + 1, "blob ", 5))
			continue;
		*tab = '\0';
		add_file(s, &cap, tab + 1, sp + 6);
	}
	free(out);
	qsort(s->files, s->nfiles, sizeof(*s->files), cmp_file);
}

static char *
read_path(const char *root, const char *path, size_t *len)
{
	char *full = xmalloc(strlen(root) + strlen(path) + 2);
	FILE *fp;
	struct sbuf b = {0};
	char buf[65536], why[256];
	size_t n;

	sprintf(full, "%s/%s", root, path);
	fp = infile_try(full, why, sizeof(why));
	free(full);
	if (fp == NULL)
		return NULL;
	while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
		sbuf_add(&b, buf, n);
	fclose(fp);
	*len = b.len;
	if (b.s == NULL)
		return xcalloc(1, 1);
	return b.s;
}

static void
each_git(struct gitsrc *s, gitsrc_want_fn want, gitsrc_file_fn fn, void *ctx)
{
	FILE *ids = tmpfile();
	struct child c;
	size_t nwant = 0;
	size_t *idx;

	if (ids == NULL)
		s2r_die("cannot create a temporary file: %s", strerror(errno));
	idx = xreallocarray(NULL, s->nfiles + 1, sizeof(*idx));
	for (size_t i = 0; i < s->nfiles; i++) {
		if (!want(ctx, &s->files[i]))
			continue;
		fprintf(ids, "%s\n", s->files[i].oid);
		idx[nwant++] = i;
	}
	if (fflush(ids) != 0 || fseek(ids, 0, SEEK_SET) != 0)
		s2r_die("temporary file: %s", strerror(errno));
	{
		char *argv[] = { "git", "--git-dir", s->git_dir, "cat-file",
		    "--batch", NULL };

		spawn(&c, argv, fileno(ids));
	}
	for (size_t k = 0; k < nwant; k++) {
		const struct srcfile *f = &s->files[idx[k]];
		char head[256], type[32], oid[64];
		unsigned long long size;
		char *data;

		if (fgets(head, sizeof(head), c.out) == NULL)
			s2r_die("%s: git cat-file ended early", s->git_dir);
		if (strstr(head, " missing") != NULL) {
			s->missing++;
			continue;
		}
		if (sscanf(head, "%63s %31s %llu", oid, type, &size) != 3)
			s2r_die("%s: unexpected git cat-file output",
			    s->git_dir);
		data = xmalloc((size_t)size + 1);
		if (fread(data, 1, (size_t)size, c.out) != (size_t)size ||
		    fgetc(c.out) != '\n')
			s2r_die("%s: short read of blob %s", s->git_dir, oid);
		data[size] = '\0';
		fn(ctx, f, data, (size_t)size);
	}
	reap(&c);
	fclose(ids);
	free(idx);
}

void
gitsrc_each(struct gitsrc *s, gitsrc_want_fn want, gitsrc_file_fn fn,
    void *ctx)
{
	if (s->git_dir != NULL) {
		each_git(s, want, fn, ctx);
		return;
	}
	for (size_t i = 0; i < s->nfiles; i++) {
		size_t len;
		char *data;

		if (!want(ctx, &s->files[i]))
			continue;
		data = read_path(s->root, s->files[i].path, &len);
		if (data == NULL)
			s2r_die("%s/%s: cannot read: %s", s->root,
			    s->files[i].path, strerror(errno));
		fn(ctx, &s->files[i], data, len);
	}
}

char *
gitsrc_read(struct gitsrc *s, const struct srcfile *f, size_t *len)
{
	int status;
	char *out;

	if (s->git_dir == NULL)
		return read_path(s->root, f->path, len);
	{
		char *argv[] = { "git", "--git-dir", s->git_dir, "cat-file",
		    "blob", (char *)f->oid, NULL };

		out = run_read(argv, &status, len);
	}
	if (status != 0) {
		free(out);
		return NULL;
	}
	return out;
}

void
gitsrc_free(struct gitsrc *s)
{
	for (size_t i = 0; i < s->nfiles; i++)
		free(s->files[i].path);
	free(s->files);
	free(s->root);
	free(s->git_dir);
	free(s->commit);
	memset(s, 0, sizeof(*s));
}
