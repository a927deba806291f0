/* goyaml.c - the yaml query: key paths ("a.b.*.c", a list index or a
 * name that applies to every item) over each document of a YAML file,
 * read with libyaml through yamlr. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "gofacts.h"
#include "goquery.h"
#include "rec.h"
#include "str.h"
#include "yamlr.h"

static long
last_line(const struct ynode *n)
{
	long l = n->line;

	for (size_t i = 0; i < n->n; i++) {
		long k = last_line(n->items[i]);

		if (n->type == Y_MAP && n->keys[i]->line > l)
			l = n->keys[i]->line;
		if (k > l)
			l = k;
	}
	return l;
}

struct ywalk {
	const struct gquery	*q;
	const struct gofile	*f;
	const struct ynode	*root;
	size_t			 doc;
	struct ghits		*out;
};

static void
yaml_hit(struct ywalk *w, const struct ynode *key, const struct ynode *val)
{
	json_t *facts = json_object();
	long a = key ? key->line : val->line, b = last_line(val);

	rec_set_str(facts, "path", w->q->name);
	if (val->type == Y_SCALAR)
		rec_set_str(facts, "value", val->value);
	else
		rec_set(facts, "value", json_null());
	{
		json_t *tmp = json_object();

		if (val->type == Y_SCALAR && val->plain)
			gofacts_value(tmp, val->value, NULL);
		json_t *num = json_object_get(tmp, "number");

		if (num != NULL)
			rec_set(facts, "number", json_incref(num));
		json_decref(tmp);
	}
	rec_set_i64(facts, "document", (json_int_t)w->doc);
	rec_set_str(facts, "doc_kind", yscalar(ymap_get(w->root, "kind")));
	rec_set_str(facts, "doc_name", yscalar(ypath(w->root,
	    "metadata.name")));
	ghits_add(w->out, gofile_bol(w->f, a), gofile_eol(w->f, b),
	    gofile_bol(w->f, a), w->q->name, facts);
}

static void
yaml_walk(struct ywalk *w, const struct ynode *n, const struct ynode *key,
    const char *path)
{
	const char *dot = strchr(path, '.');
	size_t seglen = dot ? (size_t)(dot - path) : strlen(path);
	char *seg = xstrndup(path, seglen);

	if (*path == '\0') {
		yaml_hit(w, key, n);
	} else if (n->type == Y_MAP) {
		for (size_t i = 0; i < n->n; i++)
			if (strcmp(seg, "*") == 0 || (n->keys[i]->value &&
			    strcmp(n->keys[i]->value, seg) == 0))
				yaml_walk(w, n->items[i], n->keys[i],
				    dot ? dot + 1 : "");
	} else if (n->type == Y_SEQ) {
		int64_t idx;

		if (parse_i64(seg, seglen, &idx)) {
			if (idx >= 0 && (size_t)idx < n->n)
				yaml_walk(w, n->items[idx], NULL,
				    dot ? dot + 1 : "");
		} else {
			/* A name applies to every item of a list. */
			for (size_t i = 0; i < n->n; i++)
				yaml_walk(w, n->items[i], key, path);
		}
	}
	free(seg);
}

bool
goq_yaml(const struct gquery *q, const struct gofile *f, struct ghits *out,
    char *msg, size_t msglen)
{
	struct perr err;
	struct ydoc *doc = ydoc_load_buf(f->path, f->src, f->len, 0, &err);

	if (doc == NULL) {
		snprintf(msg, msglen, "%ld:%ld: %s", err.line, err.column,
		    err.msg);
		return false;
	}
	for (size_t i = 0; i < doc->ndocs; i++) {
		struct ywalk w = { q, f, doc->docs[i], i, out };

		if (doc->docs[i] != NULL)
			yaml_walk(&w, doc->docs[i], NULL, q->name);
	}
	ydoc_free(doc);
	return true;
}
