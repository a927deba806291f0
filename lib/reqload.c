/* reqload.c - see reqload.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "csvr.h"
#include "err.h"
#include "infile.h"
#include "jsonscan.h"
#include "reqload.h"
#include "str.h"
#include "tracefile.h"

/* The first byte that is not white space or a UTF-8 BOM: '{' (or a gzip
 * magic byte) means JSON. */
static bool
looks_json(FILE *f, bool push_back)
{
	int c;

	while ((c = getc(f)) != EOF && (c == ' ' || c == '\t' || c == '\r' ||
	    c == '\n' || c == 0xef || c == 0xbb || c == 0xbf))
		;
	if (push_back && c != EOF)
		ungetc(c, f);
	return c == '{' || c == 0x1f;
}

static void
read_json(struct reqpop *p, const char *path, const char *label, FILE *in)
{
	struct jscan *js;
	struct sbuf b = {0};

	reqpop_init(p, label, REQFMT_BLIS_JSON);
	if (in != NULL) {
		char chunk[65536];
		size_t n;

		sbuf_addc(&b, '{');	/* looks_json() consumed it */
		while ((n = fread(chunk, 1, sizeof(chunk), in)) > 0)
			sbuf_add(&b, chunk, n);
		if (ferror(in))
			s2r_die("%s: read error", label);
		js = jscan_mem(label, b.s, b.len);
	} else {
		js = jscan_open_fd(infile_fd(path, label), label);
	}
	reqpop_read_blis(p, js);
	jscan_close(js);
	sbuf_free(&b);
}

static void
read_csv(struct reqpop *p, const char *path, const char *label,
    const struct reqload_opts *o)
{
	struct trace_header h;
	struct csvr *r;

	trace_header_for(&h, path, o->header, o->no_header, o->root);
	reqpop_init(p, label, REQFMT_TRACE_CSV);
	r = strcmp(path, "-") == 0 ? csvr_openf(stdin, label) :
	    csvr_open(path, label);
	reqpop_read_csv(p, r, &h);
	csvr_close(r);
	trace_header_free(&h);
}

void
reqpop_load(struct reqpop *p, const char *path, const struct reqload_opts *o)
{
	char *label = path_display(path, o->root);
	FILE *f;
	bool json;

	if (strcmp(path, "-") == 0) {
		if (looks_json(stdin, true)) {
			getc(stdin);	/* the '{' read_json puts back */
			read_json(p, path, label, stdin);
		} else
			read_csv(p, path, label, o);
		free(label);
		return;
	}
	f = infile_open(path, label);
	json = looks_json(f, false);
	fclose(f);
	if (json && o->header != NULL)
		s2r_usage_error("a trace header applies to a CSV trace, not to "
		    "a BLIS metrics JSON");
	if (json)
		read_json(p, path, label, NULL);
	else
		read_csv(p, path, label, o);
	free(label);
}
