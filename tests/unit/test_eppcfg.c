/* test_eppcfg - EPP configs in their shapes, overlays and section diffs. */
#include <string.h>

#include "eppcfg.h"
#include "unit.h"

static struct eppcfg *
parse(const char *text, long line_offset, struct perr *err)
{
	struct epp_text src = { "t.yaml", text, strlen(text), line_offset,
	    0 };

	return eppcfg_parse(&src, err);
}

static const struct epp_entry *
entry(const struct eppcfg *c, enum epp_section s, const char *item,
    const char *path)
{
	for (size_t i = 0; i < c->sec[s].n; i++)
		if (strcmp(c->sec[s].v[i].item, item) == 0 &&
		    strcmp(c->sec[s].v[i].path, path) == 0)
			return &c->sec[s].v[i];
	return NULL;
}

static const char bare[] =
    "kind: EndpointPickerConfig\n"
    "featureGates: [flowControl, other=false]\n"
    "plugins:\n"
    "- type: queue-scorer\n"
    "- name: pc\n"
    "  type: prefix-cache-scorer\n"
    "  parameters: {blockSize: 16, list: [a, 2], on: true, q: \"7\"}\n"
    "schedulingProfiles:\n"
    "- name: default\n"
    "  plugins:\n"
    "  - {pluginRef: pc, weight: 3.0}\n"
    "  - pluginRef: queue-scorer\n"
    "flowControl: {maxRequests: 10}\n";

static void
test_bare(void)
{
	struct perr err;
	struct eppcfg *c = parse(bare, 10, &err);
	const struct epp_entry *e;

	CHECK(c != NULL);
	CHECK_STR(c->shape, "bare");
	e = entry(c, EPP_FEATURE_GATES, "other", "");
	CHECK(e != NULL && json_is_false(e->value) && e->line == 12);
	e = entry(c, EPP_PLUGINS, "queue-scorer", "type");
	CHECK(e != NULL && e->line == 14);
	e = entry(c, EPP_PLUGINS, "pc", "parameters.blockSize");
	CHECK(e != NULL && json_integer_value(e->value) == 16);
	e = entry(c, EPP_PLUGINS, "pc", "parameters.list");
	CHECK(e != NULL && json_array_size(e->value) == 2);
	e = entry(c, EPP_PLUGINS, "pc", "parameters.on");
	CHECK(e != NULL && json_is_true(e->value));
	e = entry(c, EPP_PLUGINS, "pc", "parameters.q");
	CHECK(e != NULL && json_is_string(e->value));	/* quoted: a string */
	e = entry(c, EPP_PROFILES, "default/pc", "");
	CHECK(e != NULL && json_is_integer(e->value) &&
	    json_integer_value(e->value) == 3);		/* 3.0 == 3 */
	e = entry(c, EPP_PROFILES, "default/queue-scorer", "");
	CHECK(e != NULL && json_is_null(e->value));
	CHECK(entry(c, EPP_FLOW_CONTROL, "maxRequests", "") != NULL);
	CHECK(entry(c, EPP_OTHER, "kind", "") != NULL);
	eppcfg_free(c);
}

static const char values[] =
    "scenario:\n"
    "- name: s\n"
    "  router:\n"
    "    epp:\n"
    "      flags: {v: 3}\n"
    "      pluginsCustomConfig:\n"
    "        c.yaml: |\n"
    "          kind: EndpointPickerConfig\n"
    "          plugins:\n"
    "          - type: random-picker\n"
    "    inferenceObjectives:\n"
    "    - {name: critical, priority: 100}\n";

static void
test_string_shape(void)
{
	struct perr err;
	struct eppcfg *c = parse(values, 0, &err);
	const struct epp_entry *e;

	CHECK(c != NULL);
	CHECK_STR(c->shape, "router");
	e = entry(c, EPP_PLUGINS, "random-picker", "type");
	CHECK(e != NULL && e->line == 10 && e->column == 19);
	e = entry(c, EPP_OBJECTIVES, "critical", "");
	CHECK(e != NULL && json_integer_value(e->value) == 100);
	CHECK(entry(c, EPP_CHART, "flags", "v") != NULL);
	eppcfg_free(c);
	/* an error inside the string is located in the outer text */
	c = parse("router:\n  epp:\n    pluginsCustomConfig:\n"
	    "      x: |\n        kind: EndpointPickerConfig\n"
	    "        plugins: [a\n", 0, &err);
	CHECK(c == NULL);
	CHECK(err.line >= 6 && err.column > 8);
	c = parse("a: 1\n", 0, &err);
	CHECK(c == NULL && err.line == 1);
	c = parse("kind: EndpointPickerConfig\nplugins: {a: 1}\n", 0, &err);
	CHECK(c == NULL && err.line == 2 && strstr(err.msg, "a list"));
}

static void
test_overlay_and_diff(void)
{
	struct perr err;
	struct eppcfg *a = parse(values, 0, &err), *m = parse(values, 0, &err);
	struct eppcfg *o = parse(
	    "scenario:\n- router:\n    epp:\n      flags: {w: 1}\n"
	    "      pluginsCustomConfig:\n        c.yaml: |\n"
	    "          kind: EndpointPickerConfig\n"
	    "          plugins:\n          - type: max-score-picker\n", 0, &err);
	json_t *d;

	CHECK(a != NULL && m != NULL && o != NULL);
	eppcfg_overlay(m, o);
	CHECK(entry(m, EPP_PLUGINS, "random-picker", "") == NULL);
	CHECK(entry(m, EPP_PLUGINS, "max-score-picker", "") != NULL);
	CHECK(entry(m, EPP_CHART, "flags", "v") != NULL);
	CHECK(entry(m, EPP_CHART, "flags", "w") != NULL);
	CHECK(entry(m, EPP_OBJECTIVES, "critical", "") != NULL);
	d = eppcfg_diff(a, m, EPP_PLUGINS);
	CHECK_STR(json_string_value(json_object_get(d, "value")), "differs");
	CHECK(json_array_size(json_object_get(d, "changes")) == 2);
	CHECK_STR(json_string_value(json_object_get(d, "summary")),
	    "added: max-score-picker; removed: random-picker");
	json_decref(d);
	d = eppcfg_diff(a, m, EPP_OBJECTIVES);
	CHECK_STR(json_string_value(json_object_get(d, "value")), "equal");
	json_decref(d);
	d = eppcfg_diff(a, m, EPP_CHART);
	CHECK_STR(json_string_value(json_object_get(d, "summary")),
	    "added: flags.w");
	json_decref(d);
	eppcfg_free(a);
	eppcfg_free(m);
	eppcfg_free(o);
}

static const struct unit_test tests[] = {
	{ "bare", test_bare },
	{ "string_shape", test_string_shape },
	{ "overlay_and_diff", test_overlay_and_diff },
	{ NULL, NULL }
};

int
main(void)
{
	return unit_run(tests);
}
