/* Unit tests for lib/wltime.c (phases, both readings of rate_fraction,
 * generation bounds, window groups), lib/measproto.c and lib/corpus.c.
 * Every expected number is worked out by hand in the comment beside it. */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "corpus.h"
#include "err.h"
#include "measproto.h"
#include "workload.h"
#include "wltime.h"
#include "unit.h"

static void
die_hook(void)
{
	_exit(2);
}

static struct workload *
load(const char *text)
{
	return workload_load_buf("t.yaml", text, strlen(text));
}

#define LENGTHS \
	"    input_distribution: {type: constant, params: {value: 100}}\n" \
	"    output_distribution: {type: constant, params: {value: 10}}\n"
#define WIN(s, e) \
	"    lifecycle: {windows: [{start_us: " s ", end_us: " e "}]}\n"
#define CLIENT(id, rf, proc) \
	"  - id: " id "\n    rate_fraction: " rf "\n" \
	"    arrival: {process: " proc "}\n" LENGTHS

/* aw's w1: 0.7 + 0.3 in [0, 200 s), 1.0 in [200, 400 s), 40 req/s. */
static const char aw_w1[] = "aggregate_rate: 40\nnum_requests: 20000\n"
    "horizon: 400000000\nclients:\n"
    CLIENT("a", "0.7", "poisson") WIN("0", "200000000")
    CLIENT("b", "0.3", "poisson") WIN("0", "200000000")
    CLIENT("c", "1.0", "poisson") WIN("200000000", "400000000");

static void
test_readings_two_phases(void)
{
	struct workload *w = load(aw_w1);
	struct wl_timeline t;

	wl_timeline_build(w, &t);
	CHECK(t.nphases == 2);
	CHECK(t.differ);
	CHECK_NEAR(t.total, 2, 1e-12);
	/* per window: 40 x 0.7/1, 40 x 0.3/1, 40 x 1/1 */
	CHECK_NEAR(t.r[WL_READ_WINDOW].rate[0], 28, 1e-9);
	CHECK_NEAR(t.r[WL_READ_WINDOW].rate[1], 12, 1e-9);
	CHECK_NEAR(t.r[WL_READ_WINDOW].rate[2], 40, 1e-9);
	/* over all clients: the same over 2 */
	CHECK_NEAR(t.r[WL_READ_ALL].rate[0], 14, 1e-9);
	CHECK_NEAR(t.r[WL_READ_ALL].rate[2], 20, 1e-9);
	/* 40 req/s x 400 s; 20 x 400; num_requests 20000 is not reached */
	CHECK_NEAR(t.r[WL_READ_WINDOW].count, 16000, 1e-6);
	CHECK_NEAR(t.r[WL_READ_ALL].count, 8000, 1e-6);
	CHECK(!t.r[WL_READ_WINDOW].by_requests);
	CHECK(t.r[WL_READ_WINDOW].end_us == 400000000);
	/* poisson: variance = count; the last gap 1/40 s */
	CHECK_NEAR(t.r[WL_READ_WINDOW].count_sd, sqrt(16000), 1e-6);
	CHECK_NEAR(t.r[WL_READ_WINDOW].end_sd_us, 25000, 1e-6);
	CHECK(t.client_start[2] == 200000000);
	CHECK(t.r[WL_READ_ALL].client_end[0] == 200000000);
	wl_timeline_free(&t);
	workload_free(w);
}

/* 14b's burst: steady 1.0 of rate_fraction for 30 s, then a gamma burst
 * of 2.0; aggregate_rate 219, horizon 60 s. */
static void
test_readings_unequal_phases(void)
{
	struct workload *w = load("aggregate_rate: 219\nhorizon: 60000000\n"
	    "clients:\n"
	    CLIENT("s", "1.0", "poisson") WIN("0", "30000000")
	    CLIENT("b", "2.0", "gamma, cv: 3") WIN("30000000", "60000000"));
	struct wl_timeline t;

	wl_timeline_build(w, &t);
	/* per window each phase runs at 219: 219 x 60 s */
	CHECK_NEAR(t.r[WL_READ_WINDOW].count, 13140, 1e-6);
	/* over all clients: 219/3 for 30 s, 2 x 219/3 for 30 s */
	CHECK_NEAR(t.r[WL_READ_ALL].count, 73 * 30 + 146 * 30, 1e-6);
	CHECK_NEAR(t.r[WL_READ_ALL].rate[1], 146, 1e-9);
	/* var: 1 x 219 x 30 + 9 x 219 x 30 */
	CHECK_NEAR(t.r[WL_READ_WINDOW].count_sd, sqrt(6570 + 9 * 6570.0), 1e-6);
	wl_timeline_free(&t);
	workload_free(w);
}

/* num_requests ends generation: 6300 at 35 req/s is 180 s. */
static void
test_num_requests_end(void)
{
	struct workload *w = load("aggregate_rate: 35\nnum_requests: 6300\n"
	    "clients:\n" CLIENT("a", "1", "poisson"));
	struct wl_timeline t;

	wl_timeline_build(w, &t);
	CHECK(!t.differ);
	CHECK(t.r[WL_READ_WINDOW].by_requests);
	CHECK(t.r[WL_READ_WINDOW].end_us == 180000000);
	CHECK_NEAR(t.r[WL_READ_WINDOW].count, 6300, 0);
	CHECK_NEAR(t.r[WL_READ_WINDOW].count_sd, 0, 0);
	/* sd of the 6300th arrival: sqrt(6300)/35 s */
	CHECK_NEAR(t.r[WL_READ_WINDOW].end_sd_us, sqrt(6300) / 35 * 1e6, 1e-3);
	CHECK(t.r[WL_READ_WINDOW].client_end[0] == 180000000);
	wl_timeline_free(&t);
	workload_free(w);
}

/* An always-on client and one in [0, 10 s), 10 req/s, 200 requests.
 * Per window: 5 + 5 req/s for 10 s (100), then a alone at 10 req/s for
 * the other 100: ends at 20 s, a made 50 + 100 in 20 s.  Over all
 * clients: 5 + 5 for 10 s, then a at 5 req/s for 20 s: ends at 30 s. */
static void
test_open_phase(void)
{
	struct workload *w = load("aggregate_rate: 10\nnum_requests: 200\n"
	    "clients:\n" CLIENT("a", "1", "poisson")
	    CLIENT("b", "1", "poisson") WIN("0", "10000000"));
	struct wl_timeline t;

	wl_timeline_build(w, &t);
	CHECK(t.nphases == 2);
	CHECK(t.phases[1].end == INT64_MAX);
	CHECK(t.r[WL_READ_WINDOW].end_us == 20000000);
	CHECK(t.r[WL_READ_ALL].end_us == 30000000);
	CHECK_NEAR(t.r[WL_READ_WINDOW].rate[0], 150.0 / 20, 1e-9);
	CHECK_NEAR(t.r[WL_READ_ALL].rate[0], 5, 1e-9);
	CHECK_NEAR(t.r[WL_READ_WINDOW].rate[1], 5, 1e-9);
	CHECK(t.r[WL_READ_ALL].client_end[1] == 10000000);
	wl_timeline_free(&t);
	workload_free(w);
}

/* trace_rate is absolute in both readings; nothing bounds an always-on
 * client without horizon or num_requests. */
static void
test_trace_rate_and_unbounded(void)
{
	struct workload *w = load("aggregate_rate: 10\nclients:\n"
	    CLIENT("a", "1", "poisson")
	    "    lifecycle: {windows: [{start_us: 0, end_us: 2000000, "
	    "trace_rate: 3}]}\n" CLIENT("b", "1", "poisson"));
	struct wl_timeline t;

	wl_timeline_build(w, &t);
	CHECK(!t.r[WL_READ_WINDOW].bounded);
	CHECK_NEAR(t.r[WL_READ_WINDOW].rate[0], 3, 1e-12);
	CHECK_NEAR(t.r[WL_READ_ALL].rate[0], 3, 1e-12);
	/* b alone after 2 s: 10 per window, 5 over both clients */
	CHECK_NEAR(t.r[WL_READ_WINDOW].rate[1], 10, 1e-12);
	CHECK_NEAR(t.r[WL_READ_ALL].rate[1], 5, 1e-12);
	wl_timeline_free(&t);
	workload_free(w);
}

static void
test_groups(void)
{
	struct workload *w = load(aw_w1);
	struct wl_group *g;
	size_t n = wl_groups(w, &g);

	CHECK(n == 2);
	CHECK_STR(g[0].label, "0-200s");
	CHECK(g[0].n == 2 && g[0].members[1] == 1);
	CHECK_NEAR(g[0].total, 1, 1e-12);
	CHECK_STR(g[1].label, "200-400s");
	wl_groups_free(g, n);
	workload_free(w);
	w = load("aggregate_rate: 1\nhorizon: 9000000\nclients:\n"
	    CLIENT("a", "1", "poisson") CLIENT("b", "1", "poisson")
	    "    lifecycle: {windows: [{start_us: 0, end_us: 1000000}, "
	    "{start_us: 2000000, end_us: 3000000}, {start_us: 4000000, "
	    "end_us: 5000000}, {start_us: 6000000, end_us: 7500000}]}\n");
	n = wl_groups(w, &g);
	CHECK(n == 2);
	CHECK_STR(g[0].label, "always");
	CHECK_STR(g[1].label, "4 windows 0-7.5s");
	wl_groups_free(g, n);
	workload_free(w);
}

static void
test_go_duration(void)
{
	int64_t us = -1;

	CHECK(go_duration_us("60s", &us) && us == 60000000);
	CHECK(go_duration_us("1m30s", &us) && us == 90000000);
	CHECK(go_duration_us("500ms", &us) && us == 500000);
	CHECK(go_duration_us("1.5h", &us) && us == INT64_C(5400000000));
	CHECK(go_duration_us("2us", &us) && us == 2);
	CHECK(go_duration_us("0", &us) && us == 0);
	CHECK(!go_duration_us("60", &us));
	CHECK(!go_duration_us("s", &us));
	CHECK(!go_duration_us("1x", &us));
	CHECK(!go_duration_us("", &us));
}

/* True when f(text) dies with status 2, in a child. */
static bool
dies(void (*f)(const char *), const char *text)
{
	pid_t pid;
	int status;

	fflush(stdout);		/* the child's s2r_die flushes it again */
	pid = fork();
	if (pid == 0) {
		s2r_die_hook = die_hook;
		if (freopen("/dev/null", "w", stderr) == NULL)
			_exit(3);
		f(text);
		_exit(0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return false;
	return WIFEXITED(status) && WEXITSTATUS(status) == 2;
}

static void
load_protocol(const char *text)
{
	struct measproto m;

	measproto_load_buf(&m, "m.yaml", text, strlen(text));
	measproto_free(&m);
}

static void
test_measproto(void)
{
	static const char text[] = "kind: measurement-protocol\nversion: 1\n"
	    "maxConcurrency: 10000  # source: config.md\n"
	    "prewarmDuration: \"60s\"  # source: default\n"
	    "recordItl: true\nextraArgs: \"a # b\"\n";
	struct measproto m;

	measproto_load_buf(&m, "m.yaml", text, strlen(text));
	CHECK(m.version == 1);
	CHECK(m.v[MP_MAX_CONCURRENCY].set && m.v[MP_MAX_CONCURRENCY].i == 10000);
	CHECK(m.v[MP_MAX_CONCURRENCY].line == 3);
	CHECK_STR(m.v[MP_MAX_CONCURRENCY].origin, "source: config.md");
	CHECK(m.v[MP_PREWARM].i == 60000000);
	CHECK(m.v[MP_RECORD_ITL].b);
	CHECK_STR(m.v[MP_EXTRA_ARGS].s, "a # b");
	CHECK(m.v[MP_EXTRA_ARGS].origin == NULL);
	CHECK(!m.v[MP_TIMEOUT].set);
	measproto_free(&m);
	CHECK(dies(load_protocol, "kind: other\nversion: 1\n"));
	CHECK(dies(load_protocol, "kind: measurement-protocol\nversion: 1\n"
	    "maxConcurency: 3\n"));
	CHECK(dies(load_protocol, "kind: measurement-protocol\nversion: 1\n"
	    "timeout: soon\n"));
	/* a later version may add keys */
	CHECK(!dies(load_protocol, "kind: measurement-protocol\nversion: 2\n"
	    "newKey: 3\n"));
}

static void
load_corpus(const char *text)
{
	corpus_free(corpus_load_buf("c.yaml", text, strlen(text)));
}

static void
test_corpus(void)
{
	static const char cur[] = "corpus:\n  upstream: {source: hf:a/b}\n"
	    "  reconstruct: {context_growth: accumulate, max_think_time: 1m}\n"
	    "replay: {concurrent_sessions: 8, total_sessions: 0}\n";
	static const char old[] = "name: x\ntrace:\n  source: hf:a/b\n"
	    "  filters: {min_rounds: 3}\n  pool: {concurrent_sessions: 4, "
	    "total_sessions: 2}\n";
	struct corpus *c;

	CHECK(corpus_is_doc(cur, strlen(cur)));
	CHECK(corpus_is_doc(old, strlen(old)));
	CHECK(!corpus_is_doc(aw_w1, strlen(aw_w1)));
	c = corpus_load_buf("c.yaml", cur, strlen(cur));
	CHECK(!c->legacy && c->concurrent == 8 && c->total == 0);
	CHECK(c->min_rounds == 2 && !c->min_rounds_set);
	CHECK(c->think_set && c->max_think_us == 60000000);
	CHECK_STR(c->growth, "accumulate");
	corpus_free(c);
	c = corpus_load_buf("c.yaml", old, strlen(old));
	CHECK(c->legacy && c->min_rounds == 3 && c->total == 2);
	CHECK(!c->think_set);
	corpus_free(c);
	/* upstream rejects trace: beside corpus:, and replay is required */
	CHECK(dies(load_corpus, "corpus: {upstream: {source: a}}\ntrace: {}\n"
	    "replay: {concurrent_sessions: 1, total_sessions: 1}\n"));
	CHECK(dies(load_corpus, "corpus: {upstream: {source: a}}\n"));
	CHECK(dies(load_corpus, "corpus: {upstream: {source: a}}\n"
	    "replay: {concurrent_sessions: 0, total_sessions: 1}\n"));
}

static const struct unit_test tests[] = {
	{ "readings: two phases (aw w1)", test_readings_two_phases },
	{ "readings: phases of unequal rate_fraction (14b burst)",
	  test_readings_unequal_phases },
	{ "num_requests ends generation", test_num_requests_end },
	{ "an always-on client after a window: open phase",
	  test_open_phase },
	{ "trace_rate is absolute; unbounded generation",
	  test_trace_rate_and_unbounded },
	{ "window groups and their labels", test_groups },
	{ "Go durations", test_go_duration },
	{ "measurement.yaml", test_measproto },
	{ "corpus and trace: workloads", test_corpus },
	{ NULL, NULL }
};

int
main(void)
{
	return unit_run(tests);
}
