/* Unit tests for lib/jstore.c (records kept as text, parsed while read)
 * and lib/spill.c (lines in memory, then in a temporary file). */
#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "jstore.h"
#include "spill.h"
#include "unit.h"

static json_t *
parse(const char *text)
{
	json_error_t err;
	json_t *rec = json_loads(text, 0, &err);

	if (rec == NULL) {
		fprintf(stderr, "bad test record: %s: %s\n", text, err.text);
		abort();
	}
	return rec;
}

static void
test_store(void)
{
	static const char a[] = "{\"kind\":\"measure\",\"metric\":\"qps\","
	    "\"value\":0.1,\"scope\":{\"workload\":\"w1\",\"phase\":\"p\"}}";
	static const char b[] = "{\"kind\":\"measure\",\"metric\":\"qps\","
	    "\"value\":1e300,\"scope\":{\"workload\":\"w1\",\"x\":\"y\"}}";
	struct jstore s;
	const json_t *r0, *r1;
	json_t *want;
	size_t i;
	double v = 0;

	jstore_init(&s);
	/* Kept as read, and written out when there is no text. */
	i = jstore_push(&s, parse(a));
	CHECK(i == 0);
	jstore_seal(&s, i, a, strlen(a));
	i = jstore_push(&s, parse(b));
	jstore_seal(&s, i, NULL, 0);
	CHECK(s.n == 2 && s.parses == 0);
	/* The keys, interned: one pointer for one value. */
	CHECK_STR(s.keys[0].f[JK_WL], "w1");
	CHECK(s.keys[0].f[JK_WL] == s.keys[1].f[JK_WL]);
	CHECK(s.keys[0].f[JK_KIND] == s.keys[1].f[JK_KIND]);
	CHECK_STR(s.keys[0].f[JK_PH], "p");
	CHECK(s.keys[1].f[JK_PH] == NULL && s.keys[1].f[JK_IT] == NULL);
	CHECK(jstore_intern(&s, "w1") == s.keys[0].f[JK_WL]);
	CHECK(jstore_intern(&s, NULL) == NULL);
	/* Parsed ones stay until released; then parsed again, equal. */
	r0 = jstore_get(&s, 0);
	CHECK(jstore_get(&s, 0) == r0);
	jstore_release(&s);
	r0 = jstore_get(&s, 0);
	r1 = jstore_get(&s, 1);
	CHECK(s.parses == 2);
	want = parse(a);
	CHECK(json_equal(r0, want));
	json_decref(want);
	/* Reals survive being written out and read back, to the bit. */
	CHECK(json_unpack((json_t *)r1, "{s:f}", "value", &v) == 0 &&
	    v == 1e300);
	CHECK(json_real_value(json_object_get(r0, "value")) == 0.1);
	jstore_free(&s);
}

static bool
subtext(const char *scope, bool cell_keys, char *out, size_t len)
{
	json_t *obj = parse(scope);
	struct sbuf b = {0};
	bool ok = jstore_subtext(&b, obj, cell_keys);

	snprintf(out, len, "%s", sbuf_str(&b));
	sbuf_free(&b);
	json_decref(obj);
	return ok;
}

static void
test_subtext(void)
{
	char a[128], b[128];

	/* Key order does not matter; cell keys are left out unless asked. */
	CHECK(subtext("{\"phase\":\"p\",\"b\":\"x\",\"a\":\"y\"}", false, a, sizeof(a)));
	CHECK(subtext("{\"a\":\"y\",\"b\":\"x\"}", false, b, sizeof(b)));
	CHECK_STR(a, b);
	CHECK_STR(a, "1:a1:y1:b1:x");
	CHECK(subtext("{\"phase\":\"p\",\"a\":\"y\",\"b\":\"x\"}", true, b, sizeof(b)));
	CHECK(strcmp(a, b) != 0);
	/* A value holding what looks like another member is still one. */
	CHECK(subtext("{\"a\":\"y1:b1:x\"}", false, b, sizeof(b)));
	CHECK(strcmp(a, b) != 0);
	CHECK(subtext("{}", false, a, sizeof(a)) && a[0] == '\0');
	CHECK(subtext("{\"workload\":\"w\"}", false, a, sizeof(a)) && a[0] == '\0');
	/* Not a string: not known (the judge parses and compares). */
	CHECK(!subtext("{\"a\":5}", false, a, sizeof(a)));
	CHECK(subtext("{\"workload\":5}", false, a, sizeof(a)));
}

static void
test_join_keys(void)
{
	static const char *const recs[] = {
		"{\"kind\":\"measure\",\"value\":2.5,\"scope\":{\"workload\":\"w\",\"class\":\"c\"}}",
		"{\"kind\":\"measure\",\"value\":\"x\",\"scope\":{\"phase\":\"p\",\"class\":\"c\"}}",
		"{\"kind\":\"measure\",\"scope\":{\"n\":1}}",
	};
	struct jstore s;

	jstore_init(&s);
	for (size_t i = 0; i < 3; i++)
		jstore_seal(&s, jstore_push(&s, parse(recs[i])), recs[i],
		    strlen(recs[i]));
	jstore_release(&s);
	CHECK(s.sub[0] != NULL && s.sub[0] == s.sub[1]);
	CHECK(s.sub[2] == NULL);
	CHECK(s.num[0] == 2.5 && isnan(s.num[1]) && isnan(s.num[2]));
	CHECK(s.parses == 0);
	jstore_free(&s);
}

static size_t
entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0;

	if (d == NULL)
		return (size_t)-1;
	while ((e = readdir(d)) != NULL)
		n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	closedir(d);
	return n;
}

/* Line i: its number and a length that varies, one of them longer than
 * the read-back window. */
static size_t
line_of(char *buf, size_t cap, size_t i)
{
	size_t len = (size_t)snprintf(buf, cap, "line %zu:", i);
	size_t pad = i == 77 ? ((size_t)3 << 20) / 2 : (i * 37) % 300;

	for (size_t k = 0; k < pad && len < cap - 1; k++)
		buf[len++] = (char)('a' + (i + k) % 26);
	buf[len] = '\0';
	return len;
}

static void
check_lines(size_t limit)
{
	enum { N = 2000 };
	size_t cap = (size_t)2 << 20, bad = 0;
	char *buf = malloc(cap);
	uint64_t off[N];
	size_t len[N];
	struct spill s;

	spill_init(&s, limit);
	for (size_t i = 0; i < N; i++) {
		len[i] = line_of(buf, cap, i);
		off[i] = spill_add(&s, buf, len[i]);
	}
	CHECK((s.f != NULL) == (limit == 0));
	/* Forwards, then every seventh backwards: read back exactly. */
	for (size_t pass = 0; pass < 2; pass++)
		for (size_t k = 0; k < N; k++) {
			size_t i = pass == 0 ? k : (N - 1 - k) * 7 % N;
			const char *got = spill_get(&s, off[i], len[i]);

			line_of(buf, cap, i);
			bad += memcmp(got, buf, len[i]) != 0 ||
			    got[len[i]] != '\n';
		}
	CHECK(bad == 0);
	spill_free(&s);
	free(buf);
}

static void
test_spill(void)
{
	char dir[] = "/tmp/s2r-test-spill.XXXXXX";
	const char *old = getenv("TMPDIR");
	char *saved = old != NULL ? strdup(old) : NULL;
	struct spill s;

	CHECK(mkdtemp(dir) != NULL);
	setenv("TMPDIR", dir, 1);
	check_lines((size_t)64 << 20);	/* all in memory */
	check_lines(0);			/* all in the file */
	/* The file is gone from the directory while it is in use. */
	spill_init(&s, 0);
	spill_add(&s, "x", 1);
	CHECK(s.f != NULL && entries(dir) == 0);
	spill_free(&s);
	rmdir(dir);
	if (saved != NULL)
		setenv("TMPDIR", saved, 1);
	else
		unsetenv("TMPDIR");
	free(saved);
}

static void
spill_nowhere(const void *arg)
{
	struct spill s;

	(void)arg;
	setenv("TMPDIR", "/nonexistent/s2r", 1);
	spill_init(&s, 0);
	spill_add(&s, "x", 1);
}

static void
test_spill_nowhere(void)
{
	CHECK(unit_dies(spill_nowhere, NULL,
	    "cannot create a temporary file in /nonexistent/s2r"));
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "store", test_store },
		{ "subtext", test_subtext },
		{ "join_keys", test_join_keys },
		{ "spill", test_spill },
		{ "spill_nowhere", test_spill_nowhere },
		{ NULL, NULL }
	};

	return unit_run(tests);
}
