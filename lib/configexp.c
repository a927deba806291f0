/* configexp.c - config.md / README → expect records.
 *
 * The rules follow the way sim2real's own tooling reads config.md
 * (docs/formats.md §4.1): the vLLM table is the first table under a
 * heading naming a vLLM/pod configuration or real deployment, else the
 * table with most rows that name a vLLM parameter; column 1 names the
 * parameter, column 2 holds the value; backticks and quotes are dropped and
 * numbers are the first token.  Everything else is found by shape: flags
 * (`--x`) in tables under BLIS or load-generator headings, `blis run` and
 * `blis observe` commands in fenced blocks, vLLM log lines quoted in fenced
 * blocks, YAML blocks holding EPP configs or InferenceObjectives, and
 * tables with a Priority column.
 *
 * Here: the vLLM table and the walk over a document's fences and tables;
 * flags and quoted log lines are read in cfgflags.c, EPP configurations,
 * priority tables and conflicts in cfgepp.c, cell text in cfgutil.c. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "cfgutil.h"
#include "configexp.h"
#include "err.h"
#include "rec.h"
#include "str.h"

/* ---- the vLLM table (2a, 2b) ---- */

static const char *const vllm_headings[] = {
	"vllm pod configuration", "vllm server arguments", "real deployment",
	"pod configuration", "vllm configuration", NULL
};

static size_t
indicator_rows(const struct md_table *t)
{
	size_t n = 0;

	for (size_t i = 0; i < t->nrows; i++) {
		char *name = cfg_normalise(md_cell(&t->rows[i], 0));
		bool neg;

		n += cfg_find_param(name, &neg) != NULL;
		free(name);
	}
	return n;
}

static long
find_vllm_table(const struct mddoc *doc)
{
	long best = -1;
	size_t best_n = 0;

	for (size_t i = 0; i < doc->ntables; i++) {
		char *h = cfg_lower(mddoc_heading(doc, doc->tables[i].heading));
		bool hit = false;

		for (size_t k = 0; vllm_headings[k] != NULL && !hit; k++)
			hit = strstr(h, vllm_headings[k]) != NULL;
		free(h);
		if (hit)
			return (long)i;
	}
	for (size_t i = 0; i < doc->ntables; i++) {
		size_t n = indicator_rows(&doc->tables[i]);

		if (n > best_n) {
			best_n = n;
			best = (long)i;
		}
	}
	return best;
}

static void
vllm_row(struct cfgctx *c, const struct md_row *row, const char *how)
{
	char *name = cfg_normalise(md_cell(row, 0));
	char *field = cfg_clean(md_cell(row, 0));
	char *text = cfg_clean(md_cell(row, 1));
	const struct vparam *p;
	const char *why = NULL;
	bool negate;
	json_t *v;
	struct cfgwhere w = { row->line, md_cell_column(row, 1), field, how };

	p = cfg_find_param(name, &negate);
	if (p != NULL) {
		if (w.column == 0)
			w.column = md_cell_column(row, 0);
		v = cfg_typed_value(p->type, text, field[0] == '-', negate,
		    &why);
		cfgrec_add(c, &(struct cfgrec){ .check = p->check,
		    .metric = p->metric, .value = v, .unit = p->unit, .at = w,
		    .why = why });
		if (strcmp(p->metric, "instances.count") == 0)
			c->have_instances = true;
		if (strcmp(p->metric, "vllm.hardware") == 0)
			c->have_hardware = true;
	}
	free(name);
	free(field);
	free(text);
}

static void
vllm_table(struct cfgctx *c)
{
	const struct md_table *t;
	struct sbuf how = {0};

	c->vllm_table = find_vllm_table(c->doc);
	if (c->vllm_table < 0)
		return;
	t = &c->doc->tables[c->vllm_table];
	sbuf_printf(&how, "vLLM table under \"%s\": column 1 names the "
	    "parameter, column 2 is the value (numbers: first token; a "
	    "percentage of a fraction over 100, k/M/G suffixes as vLLM reads "
	    "them: k 1000, K 1024)",
	    mddoc_heading(c->doc, t->heading));
	for (size_t i = 0; i < t->nrows; i++)
		vllm_row(c, &t->rows[i], sbuf_str(&how));
	sbuf_free(&how);
}

/* "4 instances, Qwen/Qwen3-14B on H100" under the vLLM heading, when the
 * table gave no count (AW's config.md). */
static void
prose_instances(struct cfgctx *c)
{
	static const char *const words[] = { "instances", "pods", "replicas",
	    NULL };
	long heading;

	if (c->have_instances || c->vllm_table < 0)
		return;
	heading = c->doc->tables[c->vllm_table].heading;
	for (size_t i = 0; i < c->doc->ntexts; i++) {
		const struct md_text *t = &c->doc->texts[i];
		char *low;

		if (t->heading != heading)
			continue;
		low = cfg_lower(t->text);
		for (size_t k = 0; words[k] != NULL; k++) {
			const char *at = strstr(low, words[k]), *d;
			size_t len = strlen(words[k]);
			struct cfgwhere w;

			if (at == NULL || isalnum((unsigned char)at[len]))
				continue;
			d = at;
			while (d > low && d[-1] == ' ')
				d--;
			if (d == at || d == low ||
			    !isdigit((unsigned char)d[-1]))
				continue;
			while (d > low && isdigit((unsigned char)d[-1]))
				d--;
			if (d > low && isalnum((unsigned char)d[-1]))
				continue;
			w.line = t->line;
			w.column = (long)(d - low) + 1;
			w.field = words[k];
			w.how = "prose under the vLLM heading: the number "
			    "before \"instances\"/\"pods\"/\"replicas\"";
			cfgrec_add(c, &(struct cfgrec){ .check = "2b",
			    .metric = "instances.count",
			    .value = rec_i64(strtoll(d, NULL, 10)),
			    .unit = "count", .at = w });
			c->have_instances = true;
			free(low);
			return;
		}
		free(low);
	}
}

/* A GPU name in prose ("H100-SXM-80GB", "NVIDIA A100-SXM4-80GB,"):
 * a family prefix, two to four digits, a few letters, then -parts.  Two
 * digits at least, so that "T4"-like words in text are not taken for a
 * GPU; a table names those. */
static size_t
gpu_word(const char *w, size_t n)
{
	static const char *const families[] = { "GB", "GH", "MI", "A", "B",
	    "H", "L", "V", NULL };
	size_t i = 0, d;

	if (n > 7 && strncasecmp(w, "nvidia", 6) == 0 &&
	    (w[6] == '-' || w[6] == '_'))
		i = 7;
	for (size_t k = 0; families[k] != NULL; k++) {
		size_t f = strlen(families[k]);

		if (strncmp(w + i, families[k], f) != 0)
			continue;
		d = 0;
		while (i + f + d < n && isdigit((unsigned char)w[i + f + d]))
			d++;
		if (d < 2 || d > 4)
			return 0;
		i += f + d;
		while (i < n && (isalnum((unsigned char)w[i]) || w[i] == '-' ||
		    w[i] == '_'))
			i++;
		return i == n ? n : 0;
	}
	return 0;
}

/* "4 instances, Qwen/Qwen3-14B on H100-SXM-80GB" under the vLLM heading,
 * when the table gave no GPU (AW's config.md). */
static void
prose_hardware(struct cfgctx *c)
{
	long heading;

	if (c->have_hardware || c->vllm_table < 0)
		return;
	heading = c->doc->tables[c->vllm_table].heading;
	for (size_t i = 0; i < c->doc->ntexts; i++) {
		const struct md_text *t = &c->doc->texts[i];
		const char *p = t->text;

		if (t->heading != heading)
			continue;
		while (*p != '\0') {
			size_t n = strcspn(p, " \t,;()");

			/* a sentence's full stop is not part of the name */
			while (n > 0 && (p[n - 1] == '.' || p[n - 1] == ':'))
				n--;
			if (n > 0 && gpu_word(p, n) == n) {
				char *name = xstrndup(p, n);
				struct cfgwhere w = { t->line,
				    (long)(p - t->text) + 1, "GPU",
				    "prose under the vLLM heading: the "
				    "word that names a GPU (a family "
				    "letter, digits, -variant)" };

				cfgrec_add(c, &(struct cfgrec){ .check = "2a",
				    .metric = "vllm.hardware",
				    .value = json_string(name), .at = w });
				free(name);
				c->have_hardware = true;
				return;
			}
			p += strcspn(p, " \t,;()");
			p += strspn(p, " \t,;()");
		}
	}
}

/* ---- one document ---- */

static bool
is_yaml_lang(const char *lang)
{
	return strcmp(lang, "yaml") == 0 || strcmp(lang, "yml") == 0;
}

static bool
is_shell_lang(const char *lang)
{
	static const char *const shells[] = { "", "bash", "sh", "shell",
	    "console", "zsh", "text", NULL };

	for (size_t i = 0; shells[i] != NULL; i++)
		if (strcmp(lang, shells[i]) == 0)
			return true;
	return false;
}

static void
fence_records(struct cfgctx *c, const struct md_fence *f)
{
	if (is_yaml_lang(f->lang)) {
		cfg_fence_yaml(c, f);
		return;
	}
	if (is_shell_lang(f->lang))
		cfg_fence_commands(c, f);
	if (strcmp(f->lang, "") == 0 || strcmp(f->lang, "text") == 0 ||
	    strcmp(f->lang, "log") == 0 || strcmp(f->lang, "console") == 0)
		cfg_fence_log(c, f);
}

static void
table_records(struct cfgctx *c, size_t i)
{
	if ((long)i == c->vllm_table)
		return;
	cfg_flag_table(c, &c->doc->tables[i]);
	cfg_tier_table(c, &c->doc->tables[i]);
	cfg_threshold_rows(c, &c->doc->tables[i]);
}

/* The vLLM table first (the other rules need to know which it is), then
 * fences and tables in document order. */
void
configexp_doc(json_t *out, const struct mddoc *doc)
{
	struct cfgctx c = { out, doc, -1, false, false };
	size_t fi = 0, ti = 0;

	vllm_table(&c);
	prose_instances(&c);
	prose_hardware(&c);
	while (fi < doc->nfences || ti < doc->ntables) {
		if (ti >= doc->ntables || (fi < doc->nfences &&
		    doc->fences[fi].line < doc->tables[ti].head.line))
			fence_records(&c, &doc->fences[fi++]);
		else
			table_records(&c, ti++);
	}
}

void
configexp_file(json_t *out, const char *path, const char *label)
{
	size_t len;
	char *buf = md_read_file(path, &len);
	struct perr err;
	struct mddoc *doc = mddoc_parse(label, buf, len, &err);

	free(buf);
	if (doc == NULL)
		s2r_die_at(label, err.line, err.column, "%s", err.msg);
	configexp_doc(out, doc);
	mddoc_free(doc);
}

int
configexp_bundle(json_t *out, const char *dir)
{
	static const char *const names[] = { "config.md", "README.md", NULL };
	struct sbuf path = {0};
	int found = 0;

	for (size_t i = 0; names[i] != NULL; i++) {
		struct stat st;

		sbuf_reset(&path);
		sbuf_printf(&path, "%s/%s", dir, names[i]);
		if (stat(sbuf_str(&path), &st) != 0)
			continue;
		configexp_file(out, sbuf_str(&path), names[i]);
		found++;
	}
	sbuf_free(&path);
	return found;
}
