/* yamlr.c - YAML into trees with lines and columns (see yamlr.h). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <yaml.h>

#include "err.h"
#include "infile.h"
#include "siphash.h"
#include "str.h"
#include "strtab.h"
#include "yamlr.h"

struct loader {
	yaml_parser_t	 parser;
	struct ydoc	*doc;
	long		 line_offset;
	struct strtab	 anchor_names;	/* anchor name -> index */
	struct ynode	**anchors;	/* by that index: the latest node
					 * anchored so, NULL when none */
	size_t		 capanchors;
	struct perr	*err;
	int		 depth;
	size_t		 aliased;	/* nodes reached through aliases */
};

/* Deep nesting is never legitimate in our inputs; bound the recursion. */
#define YAML_MAX_DEPTH 256
/* Aliases share nodes, so a few lines can stand for billions of nodes to
 * whoever walks the tree ("billion laughs"); our inputs alias a handful. */
#define YAML_MAX_ALIASED 1000000
/* Maps of more keys than this get a hash index: a linear search per key
 * makes a 200,000-bin empirical table or a 2 MB EPP config quadratic. */
#define YMAP_LINEAR 8

static struct ynode *load_node(struct loader *ld, yaml_event_t *ev);

static void
set_error(struct loader *ld, long line, long column, const char *msg)
{
	perr_set(ld->err, line, column, "%s", msg);
}

static struct ynode *
new_node(struct loader *ld, enum ytype type, const yaml_mark_t *mark)
{
	struct ydoc *doc = ld->doc;
	struct ynode *n = xcalloc(1, sizeof(*n));

	n->type = type;
	n->line = (long)mark->line + 1 + ld->line_offset;
	n->column = (long)mark->column + 1;
	if (doc->nall == doc->capall) {
		doc->capall = doc->capall ? doc->capall * 2 : 64;
		doc->all = xreallocarray(doc->all, doc->capall,
		    sizeof(*doc->all));
	}
	doc->all[doc->nall++] = n;
	return n;
}

/* The first slot of key in an index of mask + 1 slots; keyed, since the
 * keys are a bundle's (siphash.h). */
static size_t
key_slot(const char *key, size_t mask)
{
	return hash_keyed(key, strlen(key)) & mask;
}

static void
index_put(struct ynode *map, size_t i)
{
	size_t mask = map->nindex - 1;
	size_t j = key_slot(map->keys[i]->value, mask);

	while (map->index[j] != 0)
		j = (j + 1) & mask;
	map->index[j] = (uint32_t)i + 1;
}

/* At most half full, so that probes stay short. */
static void
index_grow(struct ynode *map)
{
	size_t n = map->nindex ? map->nindex * 2 : 4 * YMAP_LINEAR;

	if (map->n >= UINT32_MAX)
		s2r_die("YAML map too large to index");
	while (n < 2 * map->n)
		n *= 2;
	free(map->index);
	map->index = xcalloc(n, sizeof(*map->index));
	map->nindex = n;
	for (size_t i = 0; i < map->n; i++)
		index_put(map, i);
}

static void
add_child(struct ynode *parent, struct ynode *key, struct ynode *item)
{
	if (parent->n == parent->cap) {
		parent->cap = parent->cap ? parent->cap * 2 : 4;
		if (parent->type == Y_MAP)
			parent->keys = xreallocarray(parent->keys, parent->cap,
			    sizeof(*parent->keys));
		parent->items = xreallocarray(parent->items, parent->cap,
		    sizeof(*parent->items));
	}
	if (parent->type == Y_MAP)
		parent->keys[parent->n] = key;
	parent->items[parent->n++] = item;
	if (parent->type != Y_MAP || parent->n <= YMAP_LINEAR)
		return;
	if (parent->index == NULL || 2 * parent->n > parent->nindex)
		index_grow(parent);
	else
		index_put(parent, parent->n - 1);
}

static void
remember_anchor(struct loader *ld, const yaml_char_t *name, struct ynode *n)
{
	uint32_t k;

	if (name == NULL)
		return;
	k = strtab_intern(&ld->anchor_names, (const char *)name);
	if (k >= ld->capanchors) {
		size_t old = ld->capanchors;

		ld->capanchors = old ? old * 2 : 16;
		while (k >= ld->capanchors)
			ld->capanchors *= 2;
		ld->anchors = xreallocarray(ld->anchors, ld->capanchors,
		    sizeof(*ld->anchors));
		memset(ld->anchors + old, 0, (ld->capanchors - old) *
		    sizeof(*ld->anchors));
	}
	ld->anchors[k] = n;	/* a later anchor of one name wins */
}

/* The node last anchored as name, NULL when none was. */
static struct ynode *
find_anchor(struct loader *ld, const char *name)
{
	bool added;
	uint32_t k = strtab_intern_n(&ld->anchor_names, name, strlen(name),
	    &added);

	return !added && k < ld->capanchors ? ld->anchors[k] : NULL;
}

static bool
next_event(struct loader *ld, yaml_event_t *ev)
{
	if (yaml_parser_parse(&ld->parser, ev))
		return true;
	set_error(ld, (long)ld->parser.problem_mark.line + 1 + ld->line_offset,
	    (long)ld->parser.problem_mark.column + 1,
	    ld->parser.problem ? ld->parser.problem : "malformed YAML");
	return false;
}

static struct ynode *
load_collection(struct loader *ld, yaml_event_t *start, enum ytype type)
{
	struct ynode *coll = new_node(ld, type, &start->start_mark);
	yaml_event_type_t end = type == Y_MAP ? YAML_MAPPING_END_EVENT :
	    YAML_SEQUENCE_END_EVENT;
	const yaml_char_t *anchor = type == Y_MAP ?
	    start->data.mapping_start.anchor : start->data.sequence_start.anchor;
	size_t weight = 1;

	remember_anchor(ld, anchor, coll);
	for (;;) {
		yaml_event_t ev;
		struct ynode *key = NULL, *item;

		if (!next_event(ld, &ev))
			return NULL;
		if (ev.type == end) {
			yaml_event_delete(&ev);
			coll->weight = weight;	/* complete: aliases may use it */
			return coll;
		}
		if (type == Y_MAP) {
			key = load_node(ld, &ev);
			if (key == NULL)
				return NULL;
			if (key->type != Y_SCALAR) {
				set_error(ld, key->line, key->column,
				    "expected a scalar mapping key");
				return NULL;
			}
			if (ymap_get(coll, key->value) != NULL) {
				char msg[200];

				snprintf(msg, sizeof(msg),
				    "duplicate mapping key \"%.100s\"",
				    key->value);
				set_error(ld, key->line, key->column, msg);
				return NULL;
			}
			if (!next_event(ld, &ev))
				return NULL;
		}
		item = load_node(ld, &ev);
		if (item == NULL)
			return NULL;
		add_child(coll, key, item);
		weight += (key != NULL ? key->weight : 0) + item->weight;
	}
}

/* The node an alias names: complete (an alias inside its own anchor would
 * make the tree a cycle) and within the aliasing budget. */
static struct ynode *
load_alias(struct loader *ld, const yaml_event_t *ev)
{
	struct ynode *n = find_anchor(ld, (const char *)ev->data.alias.anchor);
	long line = (long)ev->start_mark.line + 1 + ld->line_offset;
	long column = (long)ev->start_mark.column + 1;
	char msg[160];

	if (n == NULL) {
		snprintf(msg, sizeof(msg), "expected an alias to an anchor "
		    "defined before it, got *%.80s", ev->data.alias.anchor);
		set_error(ld, line, column, msg);
		return NULL;
	}
	if (n->weight == 0) {
		set_error(ld, line, column, "expected an alias to a complete "
		    "node, got one inside its own anchor (a cycle)");
		return NULL;
	}
	ld->aliased += n->weight;
	if (ld->aliased > YAML_MAX_ALIASED) {
		snprintf(msg, sizeof(msg), "expected at most %d nodes reached "
		    "through aliases, got more (alias bomb?)", YAML_MAX_ALIASED);
		set_error(ld, line, column, msg);
		return NULL;
	}
	return n;
}

/* Consumes ev. */
static struct ynode *
load_node(struct loader *ld, yaml_event_t *ev)
{
	struct ynode *n = NULL;

	if (++ld->depth > YAML_MAX_DEPTH) {
		set_error(ld, (long)ev->start_mark.line + 1 + ld->line_offset,
		    (long)ev->start_mark.column + 1, "YAML nested too deeply");
		yaml_event_delete(ev);
		return NULL;
	}
	switch (ev->type) {
	case YAML_SCALAR_EVENT:
		n = new_node(ld, Y_SCALAR, &ev->start_mark);
		n->value = xstrndup((const char *)ev->data.scalar.value,
		    ev->data.scalar.length);
		n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
		n->weight = 1;
		remember_anchor(ld, ev->data.scalar.anchor, n);
		break;
	case YAML_MAPPING_START_EVENT:
		n = load_collection(ld, ev, Y_MAP);
		break;
	case YAML_SEQUENCE_START_EVENT:
		n = load_collection(ld, ev, Y_SEQ);
		break;
	case YAML_ALIAS_EVENT:
		n = load_alias(ld, ev);
		break;
	default:
		set_error(ld, (long)ev->start_mark.line + 1 + ld->line_offset,
		    (long)ev->start_mark.column + 1, "unexpected YAML event");
		break;
	}
	ld->depth--;
	yaml_event_delete(ev);
	return n;
}

static void
add_doc(struct ydoc *doc, struct ynode *root)
{
	if (doc->ndocs == doc->capdocs) {
		doc->capdocs = doc->capdocs ? doc->capdocs * 2 : 4;
		doc->docs = xreallocarray(doc->docs, doc->capdocs,
		    sizeof(*doc->docs));
	}
	doc->docs[doc->ndocs++] = root;
}

static bool
load_stream(struct loader *ld)
{
	for (;;) {
		yaml_event_t ev, root;
		struct ynode *n;

		if (!next_event(ld, &ev))
			return false;
		switch (ev.type) {
		case YAML_STREAM_END_EVENT:
			yaml_event_delete(&ev);
			return true;
		case YAML_DOCUMENT_START_EVENT:
			yaml_event_delete(&ev);
			if (!next_event(ld, &root))
				return false;
			n = load_node(ld, &root);
			if (n == NULL)
				return false;
			add_doc(ld->doc, n);
			break;
		default:	/* stream start, document end */
			yaml_event_delete(&ev);
			break;
		}
	}
}

struct ydoc *
ydoc_load_buf(const char *label, const char *buf, size_t len,
    long line_offset, struct perr *err)
{
	struct loader ld;
	bool ok;

	memset(&ld, 0, sizeof(ld));
	memset(err, 0, sizeof(*err));
	ld.err = err;
	ld.line_offset = line_offset;
	ld.doc = xcalloc(1, sizeof(*ld.doc));
	ld.doc->path = xstrdup(label);
	if (memchr(buf, '\0', len) != NULL) {
		/* libyaml would stop at the NUL and report success. */
		const char *nul = memchr(buf, '\0', len);
		long line = 1 + line_offset;

		for (const char *p = buf; p < nul; p++)
			line += *p == '\n';
		set_error(&ld, line, 1, "binary data (NUL byte) in YAML");
		ydoc_free(ld.doc);
		return NULL;
	}
	if (!yaml_parser_initialize(&ld.parser))
		s2r_die("cannot initialise the YAML parser");
	yaml_parser_set_input_string(&ld.parser, (const unsigned char *)buf,
	    len);
	ok = load_stream(&ld);
	yaml_parser_delete(&ld.parser);
	strtab_free(&ld.anchor_names);
	free(ld.anchors);
	if (!ok) {
		ydoc_free(ld.doc);
		return NULL;
	}
	return ld.doc;
}

struct ydoc *
ydoc_load_file(const char *path, struct perr *err)
{
	FILE *f;
	struct sbuf content = {0};
	char chunk[65536];
	size_t n;
	struct ydoc *doc;

	memset(err, 0, sizeof(*err));
	if ((f = infile_try(path, err->msg, sizeof(err->msg))) == NULL)
		return NULL;
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		sbuf_add(&content, chunk, n);
	if (ferror(f)) {
		snprintf(err->msg, sizeof(err->msg), "read error: %s",
		    strerror(errno));
		if (f != stdin)
			fclose(f);
		sbuf_free(&content);
		return NULL;
	}
	if (f != stdin)
		fclose(f);
	doc = ydoc_load_buf(path, sbuf_str(&content), content.len, 0, err);
	sbuf_free(&content);
	return doc;
}

struct ydoc *
ydoc_load_file_or_die(const char *path)
{
	struct perr err;
	struct ydoc *doc = ydoc_load_file(path, &err);

	if (doc == NULL)
		s2r_die_at(path, err.line, err.column, "%s", err.msg);
	return doc;
}

void
ydoc_free(struct ydoc *doc)
{
	if (doc == NULL)
		return;
	for (size_t i = 0; i < doc->nall; i++) {
		free(doc->all[i]->value);
		free(doc->all[i]->keys);
		free(doc->all[i]->items);
		free(doc->all[i]->index);
		free(doc->all[i]);
	}
	free(doc->all);
	free(doc->docs);
	free(doc->path);
	free(doc);
}

const struct ynode *
ydoc_root(const struct ydoc *doc)
{
	return doc->ndocs > 0 ? doc->docs[0] : NULL;
}

const struct ynode *
ymap_get(const struct ynode *map, const char *key)
{
	if (map == NULL || map->type != Y_MAP)
		return NULL;
	if (map->index != NULL) {
		size_t mask = map->nindex - 1;

		for (size_t j = key_slot(key, mask); map->index[j] != 0;
		    j = (j + 1) & mask) {
			size_t i = map->index[j] - 1;

			if (strcmp(map->keys[i]->value, key) == 0)
				return map->items[i];
		}
		return NULL;
	}
	for (size_t i = 0; i < map->n; i++)
		if (strcmp(map->keys[i]->value, key) == 0)
			return map->items[i];
	return NULL;
}

const struct ynode *
ypath(const struct ynode *n, const char *path)
{
	char *copy = xstrdup(path), *save = NULL;

	for (char *part = strtok_r(copy, ".", &save); part != NULL && n != NULL;
	    part = strtok_r(NULL, ".", &save)) {
		int64_t idx;

		if (n->type == Y_SEQ && parse_i64(part, strlen(part), &idx))
			n = idx >= 0 && (size_t)idx < n->n ? n->items[idx] : NULL;
		else
			n = ymap_get(n, part);
	}
	free(copy);
	return n;
}

const char *
yscalar(const struct ynode *n)
{
	return n != NULL && n->type == Y_SCALAR ? n->value : NULL;
}

bool
yscalar_f64(const struct ynode *n, double *out)
{
	const char *s = yscalar(n);

	return s != NULL && parse_f64(s, strlen(s), out);
}

bool
yscalar_i64(const struct ynode *n, int64_t *out)
{
	const char *s = yscalar(n);

	return s != NULL && parse_i64(s, strlen(s), out);
}

bool
yscalar_bool(const struct ynode *n, bool *out)
{
	static const char *const yes[] = { "true", "yes", "on", NULL };
	static const char *const no[] = { "false", "no", "off", NULL };
	const char *s = yscalar(n);

	if (s == NULL)
		return false;
	for (size_t i = 0; yes[i] != NULL; i++) {
		if (strcasecmp(s, yes[i]) == 0) {
			*out = true;
			return true;
		}
		if (strcasecmp(s, no[i]) == 0) {
			*out = false;
			return true;
		}
	}
	return false;
}

bool
yscalar_is_null(const struct ynode *n)
{
	const char *s = yscalar(n);

	return s != NULL && n->plain && (*s == '\0' || strcmp(s, "~") == 0 ||
	    strcasecmp(s, "null") == 0);
}

/* A word YAML 1.1 would read as a boolean or a null. */
static bool
yaml_special(const char *s)
{
	static const char *const words[] = { "true", "false", "yes", "no",
	    "on", "off", "y", "n", "null", NULL };

	for (size_t i = 0; words[i] != NULL; i++)
		if (strcasecmp(s, words[i]) == 0)
			return true;
	return false;
}

void
yaml_put_scalar(FILE *f, const char *s)
{
	const unsigned char *u = (const unsigned char *)s;

	if (isalpha(u[0]) && strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz0123456789._/+@-") == strlen(s) &&
	    !yaml_special(s)) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *u != '\0'; u++) {
		if (*u == '"' || *u == '\\')
			fprintf(f, "\\%c", *u);
		else if (*u < 0x20 || *u == 0x7f)
			fprintf(f, "\\x%02x", *u);
		else
			fputc(*u, f);
	}
	fputc('"', f);
}
