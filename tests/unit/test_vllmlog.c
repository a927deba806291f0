/* Unit tests for lib/vllmlog.c: line classification and stats parsing;
 * and for lib/logkit.c: the bounded line reader and line checks. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "logkit.h"
#include "vllmlog.h"
#include "unit.h"

static void
feed(struct vllmlog *v, const char *s, long line)
{
	vllmlog_line(v, s, strlen(s), line);
}

static void
test_lines(void)
{
	struct vllmlog v;

	vllmlog_init(&v, "x/pod-a_vllm.log");
	CHECK_STR(v.instance, "pod-a");
	feed(&v, "(APIServer pid=1) (EngineCore_DP0 pid=437) INFO 04-23 "
	    "14:08:53 [kv_cache_utils.py:1314] GPU KV cache size: 198,208 "
	    "tokens", 1);
	feed(&v, "(APIServer pid=1) INFO:     10.0.0.1:0 - \"POST "
	    "/v1/completions?x=1 HTTP/1.1\" 200 OK", 2);
	feed(&v, "(APIServer pid=1) INFO 04-23 14:10:35 [loggers.py:259] "
	    "Engine 000: Avg prompt throughput: 6078.4 tokens/s, Avg "
	    "generation throughput: 2570.4 tokens/s, Running: 13 reqs, "
	    "Waiting: 0 reqs, Preemptions: 2, GPU KV cache usage: 6.0%, "
	    "Prefix cache hit rate: 39.2%, External prefix cache hit rate: "
	    "1.0%", 3);
	feed(&v, "(e.g. not a tag) ERROR nothing", 4);
	feed(&v, "Traceback (most recent call last):", 5);
	CHECK(vllmlog_is_vllm(&v));
	CHECK(v.nobs == 1 && json_integer_value(v.obs[0].value) == 198208);
	CHECK(v.nacc == 1 && strcmp(v.acc[0].endpoint,
	    "POST /v1/completions") == 0 && v.acc[0].status == 200);
	CHECK(v.neng == 1 && v.eng[0].samples == 1);
	CHECK_NEAR(v.eng[0].s[VS_PREFIX_HIT].last, 39.2, 1e-9);
	CHECK(v.eng[0].s[VS_PREEMPT].n == 1);
	CHECK(v.pattern[VP_ERROR] == 0);
	CHECK(v.pattern[VP_TRACEBACK] == 1);
	vllmlog_free(&v);
}

static void
test_reader(void)
{
	char path[] = "/tmp/s2r-vllmlog-XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");
	struct logreader r;
	const char *line;
	size_t len;
	struct logwarn w = {.file = "t.log"};

	fputs("a\r\n", f);
	for (long k = 0; k < LOG_MAX_LINE + 10; k++)
		fputc('x', f);
	fputs("\nlast", f);
	fclose(f);
	CHECK(logreader_open(&r, path));
	CHECK(logreader_next(&r, &w, &line, &len) && len == 1 &&
	    r.overlong == 0);
	/* The long line 2 is skipped, warned about and counted. */
	CHECK(logreader_next(&r, &w, &line, &len) && len == 4 &&
	    memcmp(line, "last", 4) == 0 && r.no_newline && r.lineno == 3);
	CHECK(r.overlong == 1 && w.count[WARN_OVERLONG] == 1);
	CHECK(!logreader_next(&r, &w, &line, &len));
	logreader_close(&r);
	unlink(path);
}

static void
test_checks(void)
{
	char metric[64];

	CHECK(line_check("caf\xc3\xa9", 5) == LINE_OK);
	CHECK(line_check("caf\xe9", 4) == LINE_INVALID_UTF8);
	CHECK(line_flaw_column("caf\xe9", 4) == 4);
	CHECK(line_check("a\0b", 3) == LINE_BINARY);
	logrec_metric(metric, sizeof(metric), "epp.level.count", "Level(-5)",
	    NULL);
	CHECK_STR(metric, "epp.level.count.Level_m5");
	logrec_metric(metric, sizeof(metric), "access.count",
	    "POST /v1/chat/completions", "200");
	CHECK_STR(metric, "access.count.POST_v1_chat_completions.200");
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{"lines", test_lines},
		{"reader", test_reader},
		{"checks", test_checks},
		{NULL, NULL}
	};

	return unit_run(tests);
}
