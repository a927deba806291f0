/* kineto.c - see kineto.h.  One pass over the document; each event is
 * decoded into a small struct, kept when it is a GPU operation, a
 * launch or an iteration marker, and forgotten otherwise. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "jsonscan.h"
#include "kineto.h"
#include "str.h"

enum ecat { E_OTHER, E_KERNEL, E_MEMCPY, E_MEMSET, E_RUNTIME, E_ANNOT,
    E_GPU_ANNOT, E_SYNC };

struct event {
	struct sbuf	 ph, cat, name, tmp, key;
	struct jtext	 text;		/* the latest key or scalar */
	bool		 has_ts, has_dur, has_pid, has_tid;
	int64_t		 ts, dur, pid, tid;
	int64_t		 corr, device, stream;	/* K_NONE when absent */
	struct jpos	 at, ts_at, dur_at;
};

static enum ecat
classify(const char *cat)
{
	static const struct { const char *name; enum ecat cat; } map[] = {
		{ "kernel", E_KERNEL }, { "Kernel", E_KERNEL },
		{ "gpu_memcpy", E_MEMCPY }, { "Memcpy", E_MEMCPY },
		{ "gpu_memset", E_MEMSET }, { "Memset", E_MEMSET },
		{ "cuda_runtime", E_RUNTIME }, { "cuda_driver", E_RUNTIME },
		{ "Runtime", E_RUNTIME }, { "Driver", E_RUNTIME },
		{ "user_annotation", E_ANNOT },
		{ "gpu_user_annotation", E_GPU_ANNOT },
		{ "cuda_sync", E_SYNC },
	};

	/* The two categories of nearly every event first. */
	if (strcmp(cat, "kernel") == 0)
		return E_KERNEL;
	if (strcmp(cat, "cuda_runtime") == 0)
		return E_RUNTIME;
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (strcmp(cat, map[i].name) == 0)
			return map[i].cat;
	return E_OTHER;
}

/* Keys the reader uses, told apart by length and bytes: a trace holds
 * tens of millions of keys. */
enum ekey { KEY_OTHER, KEY_PH, KEY_CAT, KEY_NAME, KEY_TS, KEY_DUR, KEY_PID,
    KEY_TID, KEY_ARGS, KEY_CORR, KEY_DEVICE, KEY_STREAM };

static enum ekey
key_of(const struct jtext *k)
{
	/* A copied key may hold a NUL: compare up to it, like strcmp. */
	size_t n = k->copied ? strlen(k->s) : k->len;
	const char *s = k->s;

	switch (n) {
	case 2:
		if (s[0] == 'p' && s[1] == 'h')
			return KEY_PH;
		if (s[0] == 't' && s[1] == 's')
			return KEY_TS;
		break;
	case 3:
		if (memcmp(s, "cat", 3) == 0)
			return KEY_CAT;
		if (memcmp(s, "dur", 3) == 0)
			return KEY_DUR;
		if (memcmp(s, "pid", 3) == 0)
			return KEY_PID;
		if (memcmp(s, "tid", 3) == 0)
			return KEY_TID;
		break;
	case 4:
		if (memcmp(s, "name", 4) == 0)
			return KEY_NAME;
		if (memcmp(s, "args", 4) == 0)
			return KEY_ARGS;
		break;
	case 6:
		if (memcmp(s, "device", 6) == 0)
			return KEY_DEVICE;
		if (memcmp(s, "stream", 6) == 0)
			return KEY_STREAM;
		break;
	case 11:
		if (memcmp(s, "correlation", 11) == 0)
			return KEY_CORR;
		break;
	}
	return KEY_OTHER;
}

static void
set_text(struct sbuf *b, const struct jtext *t)
{
	sbuf_reset(b);
	sbuf_add(b, t->s, t->len);
}

/* A time in µs (number or numeric string) as exact integer ns. */
static int64_t
read_time(struct jscan *js, struct event *e, const char *what)
{
	struct jpos at = jscan_pos(js);
	enum jtype t;
	int64_t v;

	jscan_scalar_text(js, &e->text, &t);
	if ((t != J_NUMBER && t != J_STRING) ||
	    !dec_to_scaled(e->text.s, e->text.len, 3, &v))
		jscan_fail(js, at, what, t == J_STRING ? "a non-numeric string"
		    : "another JSON value");
	return v;
}

/* pid/tid: integers, or strings ("Spans") interned to negative ids. */
static int64_t
read_id(struct jscan *js, struct ktrace *t, struct event *e)
{
	enum jtype ty;
	int64_t v;

	jscan_scalar_text(js, &e->text, &ty);
	if (ty == J_NUMBER && parse_i64(e->text.s, e->text.len, &v))
		return v;
	if (ty == J_STRING && parse_i64(e->text.s, e->text.len, &v))
		return v;
	set_text(&e->tmp, &e->text);
	sbuf_printf(&e->tmp, "\x01id");	/* keep apart from kernel names */
	return -2 - (int64_t)strtab_intern(&t->names, e->tmp.s);
}

static int64_t
read_int_or_none(struct jscan *js, struct event *e)
{
	enum jtype ty;
	int64_t v;

	jscan_scalar_text(js, &e->text, &ty);
	if ((ty == J_NUMBER || ty == J_STRING) &&
	    parse_i64(e->text.s, e->text.len, &v))
		return v;
	return K_NONE;	/* "0x0" streams, floats: not an id we can use */
}

static void
read_args(struct jscan *js, struct event *e)
{
	if (jscan_peek(js) != J_OBJECT) {
		jscan_skip(js);
		return;
	}
	jscan_obj_begin(js);
	while (jscan_obj_key_text(js, &e->text)) {
		switch (key_of(&e->text)) {
		case KEY_CORR:
			e->corr = read_int_or_none(js, e);
			break;
		case KEY_DEVICE:
			e->device = read_int_or_none(js, e);
			break;
		case KEY_STREAM:
			e->stream = read_int_or_none(js, e);
			break;
		default:
			jscan_skip(js);
		}
	}
}

static void
read_str_field(struct jscan *js, struct event *e, struct sbuf *out,
    const char *what)
{
	enum jtype t;

	if (jscan_peek(js) != J_STRING)
		jscan_fail(js, jscan_pos(js), what, "another JSON value");
	jscan_scalar_text(js, &e->text, &t);
	set_text(out, &e->text);
}

static void
read_event(struct jscan *js, struct ktrace *t, struct event *e)
{
	e->at = jscan_pos(js);
	sbuf_reset(&e->ph);
	sbuf_reset(&e->cat);
	sbuf_reset(&e->name);
	e->has_ts = e->has_dur = e->has_pid = e->has_tid = false;
	e->corr = e->device = e->stream = K_NONE;
	if (jscan_peek(js) != J_OBJECT)
		jscan_fail(js, e->at, "a trace event object",
		    "another JSON value");
	jscan_obj_begin(js);
	while (jscan_obj_key_text(js, &e->text)) {
		switch (key_of(&e->text)) {
		case KEY_PH:
			read_str_field(js, e, &e->ph, "a string \"ph\"");
			break;
		case KEY_CAT:
			read_str_field(js, e, &e->cat, "a string \"cat\"");
			break;
		case KEY_NAME:
			if (jscan_peek(js) == J_STRING)
				read_str_field(js, e, &e->name, "");
			else
				jscan_skip(js);
			break;
		case KEY_TS:
			e->ts_at = jscan_pos(js);
			e->ts = read_time(js, e, "\"ts\" in microseconds");
			e->has_ts = true;
			break;
		case KEY_DUR:
			e->dur_at = jscan_pos(js);
			e->dur = read_time(js, e, "\"dur\" in microseconds");
			e->has_dur = true;
			break;
		case KEY_PID:
			e->pid = read_id(js, t, e);
			e->has_pid = true;
			break;
		case KEY_TID:
			e->tid = read_id(js, t, e);
			e->has_tid = true;
			break;
		case KEY_ARGS:
			read_args(js, e);
			break;
		default:
			jscan_skip(js);
		}
	}
}

static void
need(struct jscan *js, struct event *e, bool ok, const char *what)
{
	if (!ok)
		s2r_die_at(jscan_path(js), e->at.line, e->at.column,
		    "%s event \"%s\": expected %s, got none", e->cat.s,
		    e->name.s ? e->name.s : "", what);
}

static int32_t
clamp32(long v)
{
	return v > INT32_MAX ? INT32_MAX : (int32_t)v;
}

static void
keep_op(struct jscan *js, struct ktrace *t, struct event *e, enum ecat c)
{
	struct kop *op;

	need(js, e, e->name.len > 0, "a \"name\"");
	need(js, e, e->has_ts, "\"ts\"");
	need(js, e, e->has_dur, "\"dur\"");
	if (e->dur < 0)
		jscan_fail(js, e->dur_at, "a duration >= 0",
		    "a negative one");
	need(js, e, e->has_pid || e->device != K_NONE, "\"pid\" or "
	    "args.device");
	op = ktrace_add_op(t);
	op->start = e->ts;
	op->dur = e->dur;
	op->corr = e->corr;
	op->name = strtab_intern(&t->names, e->name.s);
	op->dev = (int32_t)(e->device != K_NONE ? e->device : e->pid);
	op->stream = (int32_t)(e->stream != K_NONE ? e->stream :
	    e->has_tid ? e->tid : -1);
	op->cat = c == E_KERNEL ? KC_KERNEL : c == E_MEMCPY ? KC_MEMCPY :
	    KC_MEMSET;
	op->line = clamp32(e->at.line);
	op->column = clamp32(e->at.column);
}

static void
use_event(struct jscan *js, struct ktrace *t, struct event *e)
{
	enum ecat c;

	if (e->ph.len != 1 || e->ph.s[0] != 'X' || e->cat.len == 0) {
		t->n_skipped++;
		return;
	}
	c = classify(e->cat.s);
	switch (c) {
	case E_KERNEL:
	case E_MEMCPY:
	case E_MEMSET:
		keep_op(js, t, e, c);
		return;
	case E_RUNTIME:
		if (e->corr == K_NONE || !e->has_ts || !e->has_pid ||
		    !e->has_tid) {
			t->n_skipped++;
			return;
		}
		ktrace_add_launch(t, e->corr, e->pid, e->tid, e->ts,
		    klaunch_kind(e->name.s));
		return;
	case E_ANNOT:
	case E_GPU_ANNOT:
		if (e->name.len == 0 || !e->has_ts || !e->has_dur ||
		    e->dur < 0 || !e->has_pid || !e->has_tid) {
			t->n_skipped++;
			return;
		}
		if (!ktrace_add_marker(t, e->name.s, e->ts, e->dur,
		    c == E_GPU_ANNOT ? (e->device != K_NONE ? e->device :
		    e->pid) : e->pid, e->tid, c == E_GPU_ANNOT,
		    e->at.line, e->at.column))
			t->n_skipped++;
		return;
	case E_SYNC:
		t->n_sync++;
		return;
	default:
		t->n_skipped++;
	}
}

static void
read_events(struct jscan *js, struct ktrace *t, struct event *e)
{
	jscan_arr_begin(js);
	while (jscan_arr_next(js)) {
		read_event(js, t, e);
		use_event(js, t, e);
	}
}

static void
read_dist(struct jscan *js, struct ktrace *t, struct event *e)
{
	if (jscan_peek(js) != J_OBJECT) {
		jscan_skip(js);
		return;
	}
	jscan_obj_begin(js);
	while (jscan_obj_key(js, &e->key)) {
		if (strcmp(e->key.s, "rank") == 0)
			t->rank = read_int_or_none(js, e);
		else if (strcmp(e->key.s, "world_size") == 0)
			t->world = read_int_or_none(js, e);
		else
			jscan_skip(js);
	}
	if (t->rank == K_NONE)
		t->rank = -1;
	if (t->world == K_NONE)
		t->world = -1;
}

/* What a read in progress holds, for kineto_reset after a die hook. */
static struct jscan *live_js;
static struct event live_ev;

static void
free_event(struct event *e)
{
	sbuf_free(&e->ph);
	sbuf_free(&e->cat);
	sbuf_free(&e->name);
	sbuf_free(&e->tmp);
	sbuf_free(&e->key);
}

void
kineto_reset(void)
{
	free_event(&live_ev);
	jscan_close(live_js);
	live_js = NULL;
}

static void
read_trace(struct jscan *js, struct ktrace *t)
{
	struct event *e = &live_ev;	/* freed by kineto_reset on a jump */
	bool seen = false;

	memset(e, 0, sizeof(*e));
	live_js = js;
	if (jscan_peek(js) == J_ARRAY) {	/* bare Chrome event array */
		read_events(js, t, e);
		seen = true;
	} else {
		if (jscan_peek(js) != J_OBJECT)
			jscan_fail(js, jscan_pos(js), "a trace object",
			    "another JSON value");
		jscan_obj_begin(js);
		while (jscan_obj_key(js, &e->key)) {
			if (strcmp(e->key.s, "traceEvents") == 0) {
				read_events(js, t, e);
				seen = true;
			} else if (strcmp(e->key.s, "distributedInfo") == 0) {
				read_dist(js, t, e);
			} else {
				jscan_skip(js);
			}
		}
	}
	jscan_end(js);
	free_event(e);
	if (!seen)
		s2r_die_at(jscan_path(js), 1, 1, "expected a \"traceEvents\" "
		    "array, got a JSON object without one");
}

void
kineto_read_fd(struct ktrace *t, int fd, const char *label)
{
	struct jscan *js = jscan_open_fd(fd, label);

	read_trace(js, t);
	live_js = NULL;
	jscan_close(js);
}

void
kineto_read_mem(struct ktrace *t, const void *buf, size_t len,
    const char *label)
{
	struct jscan *js = jscan_mem(label, buf, len);

	read_trace(js, t);
	live_js = NULL;
	jscan_close(js);
}
