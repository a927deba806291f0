/* atomicfile.c - temporary name, sync, rename (see atomicfile.h). */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <stdnoreturn.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomicfile.h"
#include "err.h"

/* The temporaries not yet renamed into place, removed at exit: a tool
 * that dies half way through its output leaves nothing behind.  Names,
 * not the callers' structures, which may be gone by then; the target and
 * the stream too, for atomic_target(). */
struct pending {
	char	*tmp, *target;
	FILE	*f;
};
static struct pending	*pending;
static size_t		 npending;

static void
remove_pending(void)
{
	for (size_t i = 0; i < npending; i++)
		unlink(pending[i].tmp);
}

static struct pending *
add_pending(const char *tmp, const char *target)
{
	static bool registered;

	if (!registered && atexit(remove_pending) == 0)
		registered = true;
	pending = xreallocarray(pending, npending + 1, sizeof(*pending));
	pending[npending] = (struct pending){ xstrdup(tmp), xstrdup(target),
	    NULL };
	return &pending[npending++];
}

static void
drop_pending(const char *tmp)
{
	for (size_t i = 0; i < npending; i++) {
		if (strcmp(pending[i].tmp, tmp) != 0)
			continue;
		free(pending[i].tmp);
		free(pending[i].target);
		pending[i] = pending[--npending];
		return;
	}
}

const char *
atomic_target(const FILE *f)
{
	for (size_t i = 0; i < npending; i++)
		if (pending[i].f == f)
			return pending[i].target;
	return NULL;
}

/* Removes the temporary and dies with what went wrong and errno's
 * reason (saved first: the clean-up may change it). */
static noreturn void
fail(struct atomicfile *af, const char *what)
{
	int err = errno;

	if (af->f != NULL)
		fclose(af->f);
	unlink(sbuf_str(&af->tmp));
	drop_pending(sbuf_str(&af->tmp));
	s2r_die("%s: %s: %s", af->path, what, strerror(err));
}

FILE *
atomic_open(struct atomicfile *af, const char *path)
{
	struct pending *entry;
	mode_t mask;
	int fd;

	memset(af, 0, sizeof(*af));
	af->path = path;
	sbuf_printf(&af->tmp, "%s.tmpXXXXXX", path);
	fd = mkstemp(af->tmp.s);
	if (fd < 0)
		s2r_die("%s: cannot create a temporary file: %s", path,
		    strerror(errno));
	entry = add_pending(af->tmp.s, path);
	/* mkstemp makes the file 0600; the target gets what fopen would
	 * give it. */
	mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	if ((af->f = fdopen(fd, "w")) == NULL) {
		close(fd);
		fail(af, "write error");
	}
	entry->f = af->f;
	return af->f;
}

void
atomic_commit(struct atomicfile *af)
{
	FILE *f = af->f;

	if (fflush(f) != 0 || ferror(f) || fsync(fileno(f)) != 0)
		fail(af, "write error");
	af->f = NULL;
	if (fclose(f) != 0)
		fail(af, "write error");
	if (rename(sbuf_str(&af->tmp), af->path) != 0)
		fail(af, "cannot rename into place");
	drop_pending(sbuf_str(&af->tmp));
	sbuf_free(&af->tmp);
}

void
atomic_write(const char *path, const void *data, size_t len)
{
	struct atomicfile af;
	FILE *f = atomic_open(&af, path);

	if (fwrite(data, 1, len, f) != len)
		fail(&af, "write error");
	atomic_commit(&af);
}
