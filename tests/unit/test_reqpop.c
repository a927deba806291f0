/* test_reqpop.c - lib/reqpop: the KS distance, BLIS metrics JSON reading,
 * matching by id with the real warm-up, distributions; lib/itl: the
 * per-chunk ITL file of those requests.  Reference values are worked by
 * hand in the comments. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "itl.h"
#include "jsonscan.h"
#include "reqpop.h"
#include "stats.h"
#include "unit.h"

static void
test_ks_basic(void)
{
	const double a[] = { 1, 2, 3, 4 }, b[] = { 5, 6, 7 };
	const double c[] = { 1, 2, 3 }, d[] = { 2, 3, 4 };

	CHECK(ks_distance(a, 4, a, 4) == 0);
	CHECK(ks_distance(a, 4, b, 3) == 1);		/* disjoint */
	/* F_c - F_d after 1: 1/3 - 0; after 2: 2/3 - 1/3; ...: 1/3. */
	CHECK_NEAR(ks_distance(c, 3, d, 3), 1.0 / 3, 1e-15);
	CHECK(isnan(ks_distance(a, 0, b, 3)));
}

static void
test_ks_ties(void)
{
	/* a = {1,1,2}, b = {1,2,2}: at 1, F_a = 2/3 and F_b = 1/3 (both steps
	 * taken together); at 2 both are 1.  D = 1/3, not 2/3. */
	const double a[] = { 1, 1, 2 }, b[] = { 1, 2, 2 };
	/* Unequal sizes: a = {0, 10}, b = {1, 2, 3, 4}: at 0, 1/2 - 0. */
	const double e[] = { 0, 10 }, f[] = { 1, 2, 3, 4 };

	CHECK_NEAR(ks_distance(a, 3, b, 3), 1.0 / 3, 1e-15);
	CHECK_NEAR(ks_distance(e, 2, f, 4), 0.5, 1e-15);
}

static void
test_ks_critical(void)
{
	/* sqrt(-ln(0.025)/2) = 1.35810...; n = m = 50: * sqrt(2/50) = 0.2. */
	CHECK_NEAR(ks_critical(50, 50, 0.05), 1.3581015157 * 0.2, 1e-9);
	CHECK(isnan(ks_critical(0, 5, 0.05)));
}

static const char blis_json[] =
"{\n"
"  \"instance_id\": \"cluster\",\n"
"  \"requests\": [\n"
"    {\"arrived_at\": 0.000001, \"requestID\": \"request_2\",\n"
"     \"num_prefill_tokens\": 10, \"num_decode_tokens\": 3,\n"
"     \"ttft_ms\": 1.5, \"itl_ms\": 0.25, \"e2e_ms\": 2.0, \"x\": [1]},\n"
"    {\"arrived_at\": 1e-3, \"requestID\": \"request_0\",\n"
"     \"num_prefill_tokens\": 7, \"num_decode_tokens\": 1,\n"
"     \"ttft_ms\": 0, \"itl_ms\": 0, \"e2e_ms\": 0},\n"
"    {\"arrived_at\": 2.5e-3, \"requestID\": \"1\",\n"
"     \"num_prefill_tokens\": 5, \"num_decode_tokens\": 2,\n"
"     \"ttft_ms\": 0.75, \"itl_ms\": 0.5, \"e2e_ms\": 1.25,\n"
"     \"status\": \"completed\"}\n"
"  ]\n"
"}\n";

static void
load_json(struct reqpop *p, const char *text)
{
	struct jscan *js = jscan_mem("m.json", text, strlen(text));

	reqpop_init(p, "m.json", REQFMT_BLIS_JSON);
	reqpop_read_blis(p, js);
	jscan_close(js);
}

static void
test_blis_json(void)
{
	struct reqpop p;

	load_json(&p, blis_json);
	CHECK(p.n == 3);
	CHECK(p.v[0].id == 0 && p.v[1].id == 1 && p.v[2].id == 2);
	CHECK(!p.v[0].ok);			/* e2e 0: unfinished */
	CHECK(p.v[1].ok && p.v[2].ok);
	CHECK(p.v[2].send == 1);		/* 0.000001 s = 1 µs */
	CHECK(p.v[2].ttft == 1500 && p.v[2].e2e == 2000);
	CHECK(p.v[2].tpot == 250);		/* itl_ms 0.25 = 250 µs */
	CHECK(p.v[1].send == 2500);
	CHECK(p.nok == 2 && p.prompt_sum == 22 && p.output_sum == 5);
	CHECK(!p.itl_ticks);
	CHECK(p.v[2].line == 4);		/* where its requestID is */
	reqpop_free(&p);
}

/* A retried request: one id on several rows.  Id 1 failed (e2e 0) and
 * was retried; id 2 succeeded twice and then failed.  Each keeps its
 * last successful row (lines 4 and 5), and only those are counted. */
static const char retried_json[] =
"{\"requests\": [\n"
"{\"arrived_at\": 0.001, \"requestID\": \"request_1\", \"num_prefill_tokens\": 4, \"num_decode_tokens\": 1, \"ttft_ms\": 0, \"itl_ms\": 0, \"e2e_ms\": 0},\n"
"{\"arrived_at\": 0.001, \"requestID\": \"request_2\", \"num_prefill_tokens\": 5, \"num_decode_tokens\": 2, \"ttft_ms\": 1, \"itl_ms\": 0.5, \"e2e_ms\": 1.5},\n"
"{\"arrived_at\": 0.002, \"requestID\": \"request_1\", \"num_prefill_tokens\": 4, \"num_decode_tokens\": 3, \"ttft_ms\": 2, \"itl_ms\": 0.5, \"e2e_ms\": 3},\n"
"{\"arrived_at\": 0.002, \"requestID\": \"request_2\", \"num_prefill_tokens\": 5, \"num_decode_tokens\": 4, \"ttft_ms\": 1, \"itl_ms\": 0.5, \"e2e_ms\": 2.5},\n"
"{\"arrived_at\": 0.003, \"requestID\": \"request_2\", \"num_prefill_tokens\": 5, \"num_decode_tokens\": 2, \"ttft_ms\": 0, \"itl_ms\": 0, \"e2e_ms\": 0}\n"
"]}\n";

static void
test_repeated_ids(void)
{
	struct reqpop p;

	load_json(&p, retried_json);
	CHECK(p.n == 2);
	CHECK(p.v[0].id == 1 && p.v[0].line == 4 && p.v[0].output == 3);
	CHECK(p.v[1].id == 2 && p.v[1].line == 5 && p.v[1].output == 4);
	CHECK(p.v[0].ok && p.v[1].ok);
	CHECK(p.repeat_ids == 2 && p.repeat_rows == 3);
	CHECK(p.repeat_ex[0] == 1 && p.repeat_line[0] == 4);
	CHECK(p.repeat_ex[1] == 2 && p.repeat_line[1] == 5);
	CHECK(p.nok == 2 && p.prompt_sum == 9 && p.output_sum == 7);
	reqpop_free(&p);
}

static void
test_itl_ticks(void)
{
	/* itl_ms 250 "ms" per token over 2 tokens after the first would be
	 * 500 ms of decode inside an E2E - TTFT of 0.5 ms: the field is µs. */
	static const char text[] = "{\"requests\": [{\"arrived_at\": 0, "
	    "\"requestID\": \"request_0\", \"num_prefill_tokens\": 1, "
	    "\"num_decode_tokens\": 3, \"ttft_ms\": 1, \"itl_ms\": 250, "
	    "\"e2e_ms\": 1.5}]}";
	struct reqpop p;

	load_json(&p, text);
	CHECK(p.itl_ticks);
	CHECK(p.v[0].tpot == 250);		/* 250 µs, not 250000 */
	reqpop_free(&p);
}

static void
push(struct reqpop *p, int64_t id, int64_t prompt, int64_t out, bool ok,
    int64_t send, int64_t ttft, int64_t e2e)
{
	if (p->n == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 8;
		p->v = realloc(p->v, p->cap * sizeof(*p->v));
	}
	p->v[p->n++] = (struct reqrow){ .id = id, .line = 1, .column = 1,
	    .prompt = prompt, .output = out, .send = send, .arrival = send,
	    .ttft = ttft, .e2e = e2e, .tpot = (double)(e2e - ttft) /
	    (double)(out > 1 ? out - 1 : 1), .ok = ok, .chunks = -1 };
}

static void
test_match(void)
{
	struct reqpop real, sim;
	struct reqmatch m;

	reqpop_init(&real, "real.csv", REQFMT_TRACE_CSV);
	reqpop_init(&sim, "sim.csv", REQFMT_TRACE_CSV);
	real.warm_up = 2;
	/* real: ids 2..5, id 3 failed; sim: ids 0..4 and 7, id 4 has another
	 * prompt, id 5 missing. */
	push(&real, 2, 10, 4, true, 100, 10, 40);
	push(&real, 3, 11, 4, false, 110, -1, -1);
	push(&real, 4, 12, 4, true, 120, 12, 42);
	push(&real, 5, 13, 4, true, 130, 13, 43);
	push(&sim, 0, 8, 4, true, 0, 5, 20);
	push(&sim, 1, 9, 4, true, 10, 5, 20);
	push(&sim, 2, 10, 5, true, 100, 9, 39);
	push(&sim, 3, 11, 4, true, 110, 9, 39);
	push(&sim, 4, 99, 4, true, 120, 9, 39);
	push(&sim, 7, 1, 1, true, 150, 9, 39);
	reqmatch_run(&m, &real, &sim);
	CHECK(m.by_id);
	CHECK(m.matched == 3);		/* 2, 3, 4 */
	CHECK(m.real_only == 1 && m.real_only_ex[0] == 5);
	CHECK(m.sim_warm_up == 2);	/* 0, 1 */
	CHECK(m.sim_only == 1 && m.sim_only_ex[0] == 7);
	CHECK(m.eligible == 2);		/* 2 and 4: 3 failed on the real side */
	CHECK(m.prompt_mismatch == 1 && m.prompt_ex[0] == 4);
	CHECK(m.output_mismatch == 1 && m.output_ex[0] == 2);
	CHECK(m.npairs == 2 && m.ri[1] == 2 && m.si[1] == 4);
	/* planned arrivals: the same on 2, 3 and 4 */
	CHECK(m.arrival_compared == 3 && m.arrival_mismatch == 0);
	CHECK(m.ntpairs == 2);
	reqmatch_free(&m);
	/* id 4 planned 1001 us later in the sim (beyond the 1 ms slack), id
	 * 2 1000 us (within), id 2 not streamed on the sim side, id 3 a
	 * later session round on the real side (no planned arrival) */
	sim.v[4].arrival += 1001;
	sim.v[2].arrival += 1000;
	sim.v[2].unstreamed = true;
	real.v[1].arrival = -1;
	reqmatch_run(&m, &real, &sim);
	CHECK(m.arrival_compared == 2);
	CHECK(m.arrival_mismatch == 1 && m.arrival_ex[0] == 4);
	CHECK(m.npairs == 2 && m.ntpairs == 1 && m.tri[0] == 2 &&
	    m.tsi[0] == 4);
	reqmatch_free(&m);
	reqpop_free(&real);
	reqpop_free(&sim);
}

static void
test_values(void)
{
	struct reqpop p;
	struct dvals v = {0};
	double tps, rps;
	int64_t span;

	reqpop_init(&p, "x.csv", REQFMT_TRACE_CSV);
	push(&p, 0, 1, 10, true, 1000, 2000, 500000);
	push(&p, 1, 1, 20, true, 2000, 4000, 1500000);
	push(&p, 2, 1, 30, false, 3000, -1, -1);
	push(&p, 3, 1, 40, true, 2500000, 1000, 600000);
	reqpop_values(&p, NULL, 0, RM_TTFT, 0, &v);
	CHECK(v.n == 3 && v.v[0] == 1 && v.v[2] == 4);	/* ms, sorted */
	dvals_free(&v);
	/* Completions at 501000, 1502000, 3100000 µs; origin 1000; 1 s
	 * windows: [1000, 1001000) holds 10 tokens, the next 20; the third
	 * window is not whole (the last completion is 3099000 µs in). */
	reqpop_values(&p, NULL, 0, RM_THROUGHPUT, 1000000, &v);
	CHECK(v.n == 3);
	CHECK(v.n == 3 && v.v[0] == 0 && v.v[1] == 10 && v.v[2] == 20);
	dvals_free(&v);
	reqpop_rates(&p, NULL, 0, &tps, &rps, &span);
	CHECK(span == 3099000);
	CHECK_NEAR(tps, 70 / 3.099, 1e-9);
	CHECK_NEAR(rps, 3 / 3.099, 1e-9);
	reqpop_free(&p);
}

/* Request 3 (3 chunks, rows out of order, after request 1), request 1
 * (4 chunks) and request 9, which the trace lacks. */
static void
test_itl(void)
{
	static const char text[] = "request_id,chunk_index,timestamp_us\n"
	    "3,1,2600000\n3,0,2501000\n1,0,6000\n1,1,26000\n1,2,36000\n"
	    "1,3,1502000\n3,2,2900000\n9,0,5\n";
	FILE *f = fmemopen((void *)text, sizeof(text) - 1, "r");
	struct csvr *r = csvr_openf(f, "t.itl.csv");
	struct reqpop p;
	struct itl t;
	struct dvals v = {0};
	struct itlsel sel;
	int64_t ex[4];

	itl_read(&t, r);
	csvr_close(r);
	fclose(f);
	CHECK(t.rows == 8 && t.nr == 3 && t.ngaps == 5);
	CHECK(itl_find(&t, 3) != NULL && itl_find(&t, 3)->first == 2501000 &&
	    itl_find(&t, 3)->chunks == 3 && itl_find(&t, 3)->line == 3);
	CHECK(itl_find(&t, 2) == NULL);
	reqpop_init(&p, "x.csv", REQFMT_TRACE_CSV);
	push(&p, 0, 1, 10, true, 1000, 2000, 500000);	/* no chunks */
	push(&p, 1, 1, 4, true, 2000, 4000, 1500000);	/* 6000 .. 1502000 */
	push(&p, 3, 1, 3, true, 2500000, 1000, 400000);	/* 2501000 .. 2900000 */
	p.v[1].chunks = 4;
	/* gaps: request 1 20, 10, 1466 ms; request 3 99, 300 ms */
	itl_values(&t, &p, NULL, 0, &v, &sel);
	CHECK(v.n == 5 && v.v[0] == 10 && v.v[1] == 20 && v.v[2] == 99 &&
	    v.v[3] == 300 && v.v[4] == 1466);
	CHECK(sel.missing == 1);
	/* output after the first: 3 + 2 tokens over 3 + 2 gaps */
	CHECK(sel.tokens == 5 && sel.gaps == 5);
	/* 9 is not in the trace; 1 and 3 agree with their chunk times */
	CHECK(itl_inconsistent(&t, &p, ex, 4) == 1 && ex[0] == 9);
	p.v[1].chunks = 5;
	CHECK(itl_inconsistent(&t, &p, ex, 4) == 2 && ex[0] == 1);
	dvals_free(&v);
	reqpop_free(&p);
	itl_free(&t);
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "ks_basic", test_ks_basic },
		{ "ks_ties", test_ks_ties },
		{ "ks_critical", test_ks_critical },
		{ "blis_json", test_blis_json },
		{ "repeated_ids", test_repeated_ids },
		{ "itl_ticks", test_itl_ticks },
		{ "match", test_match },
		{ "values", test_values },
		{ "itl", test_itl },
		{ NULL, NULL }
	};

	return unit_run(tests);
}
