/* infile.c - inputs are regular files; see infile.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "err.h"
#include "infile.h"
#include "str.h"

const char *
infile_kind(mode_t mode)
{
	if (S_ISREG(mode))
		return "a regular file";
	if (S_ISDIR(mode))
		return "a folder";
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISSOCK(mode))
		return "a socket";
	if (S_ISCHR(mode))
		return "a character device";
	if (S_ISBLK(mode))
		return "a block device";
	if (S_ISLNK(mode))
		return "a symbolic link";
	return "a special file";
}

/* A path the caller typed for a descriptor they opened themselves, or
 * for the empty input. */
static bool
names_descriptor(const char *path)
{
	const char *digits = NULL;

	/* /dev/null: the usual empty input, and it never blocks. */
	if (strcmp(path, "/dev/stdin") == 0 || strcmp(path, "/dev/null") == 0)
		return true;
	if (str_has_prefix(path, "/dev/fd/"))
		digits = path + strlen("/dev/fd/");
	else if (str_has_prefix(path, "/proc/self/fd/"))
		digits = path + strlen("/proc/self/fd/");
	if (digits == NULL || *digits == '\0')
		return false;
	return strspn(digits, "0123456789") == strlen(digits);
}

int
infile_fd_try(const char *path, char *why, size_t len)
{
	struct stat st;
	int fd, flags;

	if (strcmp(path, "-") == 0)
		return STDIN_FILENO;
	/* O_NONBLOCK: opening a FIFO would otherwise wait for a writer. */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(why, len, "cannot open: %s", strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) != 0) {
		snprintf(why, len, "cannot open: %s", strerror(errno));
		close(fd);
		return -1;
	}
	if (!S_ISREG(st.st_mode) && !names_descriptor(path)) {
		snprintf(why, len, "expected a regular file, got %s",
		    infile_kind(st.st_mode));
		close(fd);
		return -1;
	}
	if ((flags = fcntl(fd, F_GETFL)) < 0 ||
	    fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0) {
		snprintf(why, len, "cannot open: %s", strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

int
infile_fd(const char *path, const char *label)
{
	char why[256];
	int fd = infile_fd_try(path, why, sizeof(why));

	if (fd < 0)
		s2r_die("%s: %s", label != NULL ? label : path, why);
	return fd;
}

FILE *
infile_try(const char *path, char *why, size_t len)
{
	int fd;
	FILE *f;

	if (strcmp(path, "-") == 0)
		return stdin;
	if ((fd = infile_fd_try(path, why, len)) < 0)
		return NULL;
	if ((f = fdopen(fd, "rb")) == NULL) {
		snprintf(why, len, "cannot open: %s", strerror(errno));
		close(fd);
	}
	return f;
}

FILE *
infile_open(const char *path, const char *label)
{
	char why[256];
	FILE *f = infile_try(path, why, sizeof(why));

	if (f == NULL)
		s2r_die("%s: %s", label != NULL ? label : path, why);
	return f;
}
