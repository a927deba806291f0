/* test_proof - the proof catalog reader (lib/proofcat.c), its fatal
 * errors (in a child, caught through s2r_die_hook), and the sources the
 * driver is given (lib/proofrun.c). */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "err.h"
#include "proofcat.h"
#include "proofrun.h"
#include "str.h"
#include "unit.h"

/* A catalog file holding text; caller unlinks and frees the name. */
static char *
catalog(const char *text)
{
	const char *dir = getenv("TMPDIR");
	char *path = xmalloc(512);
	FILE *f;
	int fd;

	snprintf(path, 512, "%s/test_proof.XXXXXX", dir ? dir : "/tmp");
	fd = mkstemp(path);
	if (fd < 0 || (f = fdopen(fd, "w")) == NULL)
		abort();
	fputs(text, f);
	fclose(f);
	return path;
}

static void
load(const void *path)
{
	struct strv none = {0};
	struct gquery *qs;
	size_t nq;

	gcatalog_load(path, &none, &qs, &nq);
}

/* Whether loading text dies (exit 2, not a crash) with a message that
 * contains want. */
static bool
load_dies(const char *text, const char *want)
{
	char *path = catalog(text);
	bool died = unit_dies(load, path, want);

	unlink(path);
	free(path);
	return died;
}

static const char good[] =
    "queries:\n"
    "  - id: sat\n"
    "    check: 3c\n"
    "    tests: exclude\n"
    "    facts: [empty_pool, returns]\n"
    "    any_of:\n"
    "      - {variant: detector, func: Saturation, recv: \"*Detector\"}\n"
    "      - {variant: legacy, call: 'Saturation$'}\n"
    "  - id: tiers\n"
    "    check: 4d\n"
    "    dispatch: [priority, Priority]\n"
    "    tiers: {sheddable: -40, batch: -5}\n"
    "    sources: generated\n"
    "  - id: other\n"
    "    check: 3a\n"
    "    type: Metrics\n";

static void
test_load(void)
{
	char *path = catalog(good);
	struct strv checks = {0};
	struct gquery *qs;
	size_t nq;

	strv_add(&checks, "3c");
	strv_add(&checks, "4d");
	gcatalog_load(path, &checks, &qs, &nq);
	CHECK(nq == 2);
	CHECK_STR(qs[0].id, "sat");
	CHECK(qs[0].nalts == 2 && qs[0].kind == Q_FUNC);
	/* The entry's keys are each alternative's defaults. */
	CHECK(qs[0].alts[1].kind == Q_CALL);
	CHECK(qs[0].alts[1].tests == QT_EXCLUDE);
	CHECK(qs[0].alts[1].facts == (GF_EMPTY_POOL | GF_RETURNS));
	CHECK_STR(qs[0].alts[0].recv, "*Detector");
	CHECK(qs[1].kind == Q_DISPATCH && qs[1].signals.n == 2);
	CHECK(qs[1].tiers[TIER_SHEDDABLE] == -40 &&
	    qs[1].tiers[TIER_BATCH] == -5);
	/* critical and standard keep llm-d's values when left out */
	CHECK(qs[1].tiers[TIER_CRITICAL] == 100 &&
	    qs[1].tiers[TIER_STANDARD] == 0);
	CHECK(qs[1].roles.n == 1);
	for (size_t i = 0; i < nq; i++)
		gquery_free(&qs[i]);
	free(qs);
	strv_free(&checks);
	unlink(path);
	free(path);
}

static void
test_errors(void)
{
	CHECK(load_dies("queries:\n  - id: a\n    func: F\n"
	    "    facts: [bogus]\n", ":4:12: facts: expected empty_pool, "
	    "signals, returns, metrics or calls, got \"bogus\""));
	CHECK(load_dies("queries:\n  - id: a\n    func: F\n    unique: maybe\n",
	    "unique: expected true or false, got \"maybe\""));
	CHECK(load_dies("queries:\n  - id: a\n    func: F\n    type: T\n",
	    "type: expected one query kind per entry"));
	CHECK(load_dies("queries:\n  - id: a\n    func: F\n  - id: a\n"
	    "    type: T\n", "duplicate id \"a\""));
	CHECK(load_dies("queries:\n  - id: a\n    any_of:\n"
	    "      - registration: x\n", "a registration cannot be an "
	    "alternative"));
	CHECK(load_dies("queries:\n  - id: a\n    tiers: {batch: 1}\n",
	    "tiers: expected {sheddable: N, batch: N"));
	CHECK(load_dies("queries:\n  - id: a\n    tiers: {batch: 1, "
	    "sheddable: 2, urgent: 3}\n", "tiers: expected critical, standard, "
	    "batch or sheddable, got \"urgent\""));
}

static void
test_sources(void)
{
	struct gsource *v = NULL;
	size_t n = 0;

	gsource_add_tree(&v, &n, ROLE_ROUTER, "/src/gaie/");
	gsource_add_tree(&v, &n, ROLE_ROUTER, "/src/llm-d");
	gsource_add_tree(&v, &n, ROLE_GENERATED, "/runs/real");
	gsource_add_tree(&v, &n, ROLE_SIM, "/runs/sim");
	gsource_add_git(&v, &n, "/git/router.git");
	CHECK(n == 5);
	CHECK_STR(v[0].label, "/src/gaie/");	/* no last element */
	CHECK_STR(v[1].label, "llm-d");
	CHECK_STR(v[2].label, "real");
	CHECK(v[2].prefixes.n == 1);
	CHECK_STR(v[2].prefixes.v[0], "generated/");
	CHECK_STR(v[3].label, "sim");
	CHECK(v[3].prefixes.n == 2);
	CHECK(v[4].root == NULL);
	CHECK_STR(v[4].git_dir, "/git/router.git");
	CHECK_STR(v[4].label, "router.git");
	CHECK_STR(gsrc_role_name(ROLE_GENERATED), "generated");
	for (size_t i = 0; i < n; i++)
		gsource_free(&v[i]);
	free(v);
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "catalog: any_of defaults, checks, tiers", test_load },
		{ "catalog errors die with file:line:column", test_errors },
		{ "sources: labels and prefixes", test_sources },
		{ NULL, NULL }
	};

	return unit_run(tests);
}
