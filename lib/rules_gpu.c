/* rules_gpu.c - check 5h: did the GPUs the cell's pods ran on stay cool,
 * uncapped and error-free through the workload?  Upstream's rule
 * (upstream.md §4): pod -> GPU UUID (gpu_logs/<pod>.uuids) -> host index
 * (<node>.gpus.csv) -> that GPU's nvidia-smi samples inside the workload
 * window at full load (at least runtime.gpu_min_samples of them);
 * temperature p95 <70 / 70-79 / >=80 C and max <75 / 75-84 / >=85 C
 * PASS/WARN/FAIL; a power cap more than 5 % below the design TDP FAIL;
 * the share of throttled samples (>= 80 C drawing 50 W under the mean)
 * 0 / <= 5 % / > 5 %; and a GPU of one node failing in two cells or more
 * is a persistent hotspot.  Uncorrected ECC errors FAIL, and so do
 * samples reading ERR! (the driver lost the GPU) and MIG mode against a
 * whole simulated GPU; a second compute process on a pod's GPU WARNs
 * (a shared GPU), and so does a pod's GPU drawing 30 % less power at
 * full load than the median of the cell's other GPUs of its model (its
 * clocks held down); a node's log that leaves part of the workload
 * window unsampled WARNs (the rest was not judged).
 *
 * Measurements: s2r-log-extract over gpu_logs (gpu.* per node and host
 * index, gpu.pod.gpus per pod); the judgement of one GPU is
 * ru_gpu_thermal() (ruleutil), shared with the latency claims that must
 * say when their cell ran on a throttled GPU (ru_thermal_mark). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "rec.h"
#include "ruleutil.h"
#include "str.h"

static const char ACT_GPU[] = "A GPU of the cell ran hot, throttled, "
    "power-capped or reported memory errors: its latency measures the "
    "hardware too.  Check the node's cooling, power limits and ECC state, "
    "and rerun the cell on healthy GPUs before drawing conclusions.";
static const char ACT_JOIN[] = "Some pods' GPUs could not be found: check "
    "gpu_logs/<pod>.uuids (nvidia-smi -L in the pod; .uuids.err says why "
    "it failed) and <node>.gpus.csv for each node.";
static const char ACT_GPU_ERR[] = "A GPU of the cell could not be read "
    "by the driver (ERR!) during the run: read the node's kernel log for "
    "its Xid (dmesg | grep -i xid), drain the node or reset the GPU, and "
    "rerun the cell on a healthy one.";
static const char ACT_MIG[] = "The pods ran on MIG instances, not "
    "whole GPUs: disable MIG on the nodes (nvidia-smi -mig 0, or the GPU "
    "operator's mig.config label set to all-disabled) and rerun, or "
    "simulate the MIG profile the pods got.";
static const char ACT_SHARED[] = "A pod's GPU ran other compute "
    "processes beside the pod's: find them (nvidia-smi on the node, the "
    "device plugin's time-slicing or MPS settings, other pods on the "
    "node) and rerun the cell on GPUs the pods hold alone.";
static const char ACT_POWER[] = "A pod's GPU drew far less power at "
    "full load than its neighbours: read its clocks (nvidia-smi -q -d "
    "CLOCK,PERFORMANCE: locked or application clocks, clock event "
    "reasons), reset them (nvidia-smi -rgc, -rac), and compare the pods' "
    "request counts (5b); rerun the cell on GPUs at their default clocks.";
static const char ACT_COVER[] = "The GPU samples do not cover the "
    "workload window: check that the nvidia-smi sampler ran through the "
    "whole cell (its DaemonSet pod, gpu_stream_done) and rerun, or judge "
    "the GPUs from another source for the time it missed.";
static const char ACT_HOTSPOT[] = "The same GPU fails in several cells: a "
    "persistent hotspot of the node (cooling, fan, power delivery); take "
    "it out of the pool and rerun the cells it served.";

static json_t *
gpu_sub(const json_t *name)
{
	json_t *sub = rec_scope_new();

	rec_scope_set(sub, "instance", rec_scope_str(name, "instance"));
	rec_scope_set(sub, "device", rec_scope_str(name, "device"));
	return sub;
}

/* "GPU 2 of node-a (pod p, NVIDIA H100 80GB HBM3)" */
static void
gpu_text(struct sbuf *b, const json_t *name, const struct ru_thermal *t)
{
	sbuf_printf(b, "GPU %s of %s (", rec_scope_str(name, "device"),
	    rec_scope_str(name, "instance"));
	if (t->pods != NULL)
		sbuf_printf(b, "pod %s, ", rec_get_str(t->pods, "value"));
	ru_value_text(b, json_object_get(name, "value"));
	sbuf_adds(b, ")");
}

/* A temperature criterion: p95 or max against its bands. */
static void
temp_verdict(struct judge *j, const struct rule *r, const struct jcell *c,
    const json_t *name, const struct ru_thermal *t, bool p95)
{
	double warn = tol(j->tol, p95 ? TOL_RT_GPU_P95_WARN_C :
	    TOL_RT_GPU_MAX_WARN_C);
	double fail = tol(j->tol, p95 ? TOL_RT_GPU_P95_FAIL_C :
	    TOL_RT_GPU_MAX_FAIL_C);
	const json_t *m = p95 ? t->p95 : t->max;
	json_t *sub = gpu_sub(name), *es;
	struct sbuf why = {0};
	char band[64];
	double v = 0;

	ru_num(m, &v);
	gpu_text(&why, name, t);
	sbuf_printf(&why, ": temperature %s %.1f C over %.0f samples at full "
	    "load in the workload window (", p95 ? "p95" : "max", v, t->n);
	ru_where(&why, m);
	sbuf_printf(&why, "); below %.0f C PASS, below %.0f C WARN.", warn,
	    fail);
	snprintf(band, sizeof(band), "< %.0f C PASS, >= %.0f C FAIL", warn,
	    fail);
	es = ru_side(rec_num(warn), NULL, NULL, p95 ? "runtime.gpu_p95_warn_c "
	    "(upstream's band)" : "runtime.gpu_max_warn_c (upstream's band)");
	ru_emit(j, r, c, p95 ? "gpu.busy.temperature_c.p95" :
	    "gpu.busy.temperature_c.max", sub, es, m, band, p95 ? t->v_p95 :
	    t->v_max, sbuf_str(&why), ACT_GPU);
	json_decref(es);
	json_decref(sub);
	sbuf_free(&why);
}

static void
throttle_verdict(struct judge *j, const struct rule *r,
    const struct jcell *c, const json_t *name, const struct ru_thermal *t)
{
	json_t *sub = gpu_sub(name);
	const json_t *mean = judge_measure(j, c, "gpu.busy.power_w.mean",
	    sub);
	const json_t *p10 = judge_measure(j, c, "gpu.busy.power_w.p10", sub);
	double fail = tol(j->tol, TOL_RT_GPU_THROTTLE_PCT), v = 0, a, b;
	struct sbuf why = {0};
	char band[64];

	ru_num(t->throttle, &v);
	gpu_text(&why, name, t);
	sbuf_printf(&why, ": %.2f%% of its %.0f full-load samples were "
	    "throttled (at or above 80 C drawing 50 W or more under the mean "
	    "power; ", v * 100, t->n);
	ru_where(&why, t->throttle);
	sbuf_adds(&why, ")");
	if (ru_num(mean, &a) && ru_num(p10, &b))
		sbuf_printf(&why, "; power mean %.0f W, p10 %.0f W", a, b);
	sbuf_printf(&why, ". None PASS, up to %.0f%% WARN.", fail);
	snprintf(band, sizeof(band), "0 PASS, <= %.0f%% WARN", fail);
	ru_emit(j, r, c, "gpu.busy.throttle.fraction", sub, NULL, t->throttle,
	    band, t->v_throttle, sbuf_str(&why), ACT_GPU);
	json_decref(sub);
	sbuf_free(&why);
}

static void
cap_verdict(struct judge *j, const struct rule *r, const struct jcell *c,
    const json_t *name, const struct ru_thermal *t)
{
	double pct = tol(j->tol, TOL_RT_GPU_CAP_PCT), cap = 0;
	json_t *sub = gpu_sub(name), *es = NULL;
	struct sbuf why = {0};
	char band[64];

	gpu_text(&why, name, t);
	if (!ru_num(t->cap, &cap))
		sbuf_adds(&why, ": no power cap in its nvidia-smi rows (N/A).");
	else if (!isfinite(t->tdp))
		sbuf_printf(&why, ": power cap %.0f W; the design TDP of this "
		    "model is not known to s2r, so the cap cannot be judged.",
		    cap);
	else {
		sbuf_printf(&why, ": power cap %.0f W (", cap);
		ru_where(&why, t->cap);
		sbuf_printf(&why, "), design TDP %.0f W; a cap more than %.0f%% "
		    "below it holds the clocks down.", t->tdp, pct);
		es = ru_side(rec_num(t->tdp), NULL, NULL, "design TDP of the "
		    "model (NVIDIA data sheet, lib/ruleutil.c design_tdp)");
	}
	snprintf(band, sizeof(band), ">= TDP - %.0f%%", pct);
	ru_emit(j, r, c, "gpu.power_cap_w", sub, es, t->cap, band, t->v_cap,
	    sbuf_str(&why), ACT_GPU);
	json_decref(es);
	json_decref(sub);
	sbuf_free(&why);
}

static void
ecc_verdict(struct judge *j, const struct rule *r, const struct jcell *c,
    const json_t *name, const struct ru_thermal *t)
{
	json_t *sub = gpu_sub(name);
	const json_t *m = judge_measure(j, c, "gpu.ecc_uncorrected.max", sub);
	struct sbuf why = {0};
	double v = 0;
	bool known = ru_num(m, &v);

	gpu_text(&why, name, t);
	if (known)
		sbuf_printf(&why, ": at most %.0f volatile uncorrected ECC "
		    "errors (", v);
	else
		sbuf_adds(&why, ": volatile uncorrected ECC N/A on every "
		    "sample (");
	ru_where(&why, m);
	sbuf_adds(&why, known && v > 0 ? "): its memory returned bad data, "
	    "the cell's results are suspect." : ").");
	ru_emit(j, r, c, "gpu.ecc_uncorrected.max", sub, NULL, m, "0",
	    !known ? V_INAPPLICABLE : v > 0 ? V_FAIL : V_PASS, sbuf_str(&why),
	    ACT_GPU);
	json_decref(sub);
	sbuf_free(&why);
}

/* Tables of the node inside the window that lack the GPU (0: none or
 * not known); *smi: nvidia-smi's own error lines, if any. */
static double
missing_tables(const struct judge *j, const struct jcell *c,
    const json_t *name, double all, const json_t **smi)
{
	json_t *node = rec_scope_new();
	double blocks = 0;

	rec_scope_set(node, "instance", rec_scope_str(name, "instance"));
	*smi = judge_measure(j, c, "gpu.smi_errors", node);
	if (!ru_num(judge_measure(j, c, "gpu.window.blocks", node), &blocks))
		blocks = 0;
	json_decref(node);
	return blocks > all ? blocks - all : 0;
}

/* Samples in which nvidia-smi could not read the GPU (ERR!), or tables
 * it is missing from (nvidia-smi could not reach it): a GPU in an error
 * state (an Xid, fallen off the bus) during the workload.  Its other
 * statistics are over the samples it still read, so they may all pass
 * while it failed.  One missing table is allowed: the sampler's last,
 * cut short. */
static void
err_verdict(struct judge *j, const struct rule *r, const struct jcell *c,
    const json_t *name, const struct ru_thermal *t)
{
	json_t *sub = gpu_sub(name);
	const json_t *m = judge_measure(j, c, "gpu.error_samples", sub);
	const json_t *win = judge_measure(j, c, "gpu.window.samples", sub);
	const json_t *smi = NULL;
	struct sbuf why = {0};
	double n = 0, all = 0, gone = 0;

	(void)ru_num(m, &n);
	/* without its window count no table is known to lack it; the ERR!
	 * count's n is that count too */
	if (ru_num(win, &all))
		gone = missing_tables(j, c, name, all, &smi);
	else if (json_is_number(json_object_get(m, "n")))
		all = json_number_value(json_object_get(m, "n"));
	gpu_text(&why, name, t);
	if (n > 0) {
		sbuf_printf(&why, ": %.0f of its %.0f samples inside the "
		    "workload window read ERR! (", n, all);
		ru_where(&why, m);
		sbuf_adds(&why, ", the first)");
	} else
		sbuf_printf(&why, ": no field read ERR! in its %.0f samples "
		    "inside the workload window", all);
	if (gone > 0) {
		sbuf_printf(&why, "; it is missing from %.0f of the node's "
		    "tables inside it", gone);
		if (smi != NULL) {
			sbuf_adds(&why, " (nvidia-smi could not reach a GPU: ");
			ru_where(&why, smi);
			sbuf_adds(&why, ", the first)");
		}
	}
	if (n > 0)
		sbuf_adds(&why, ": the driver lost the GPU (an Xid error, "
		    "fallen off the bus) while the cell ran; the pod on it "
		    "failed or stalled, and its statistics here cover only the "
		    "samples it still read.");
	else if (gone > 1)
		sbuf_adds(&why, ": the driver lost a GPU of the node while the "
		    "cell ran (an Xid error, fallen off the bus; nvidia-smi's "
		    "line names which), and this one's state then is not known: "
		    "its statistics cover only the samples it still read.");
	else
		sbuf_adds(&why, ".");
	ru_emit(j, r, c, "gpu.errors", sub, NULL, m != NULL ? m : win, "0",
	    n > 0 || gone > 1 ? V_FAIL : V_PASS, sbuf_str(&why), ACT_GPU_ERR);
	json_decref(sub);
	sbuf_free(&why);
}

/* A GPU in MIG mode during the workload: its pod ran on a MIG instance,
 * a slice of the GPU (fewer SMs and less memory on most profiles, no
 * NVLink), not the whole GPU a simulation's hardware names; and
 * nvidia-smi reads no GPU-Util then, so its load is not judged.  FAIL
 * when the simulation's hardware names a GPU and no MIG profile, WARN
 * when it names none. */
static void
mig_verdict(struct judge *j, const struct rule *r, const struct jcell *c,
    const json_t *name, const struct ru_thermal *t)
{
	json_t *sub = gpu_sub(name);
	const json_t *m = judge_measure(j, c, "gpu.mig_samples", sub);
	const json_t *hw = judge_expect(j, c, "vllm.hardware", NULL);
	const char *hws = rec_get_str(hw, "value");
	struct sbuf why = {0};
	enum jverdict_value v;
	double n = 0;

	if (!ru_num(m, &n) || n <= 0) {
		json_decref(sub);
		return;
	}
	gpu_text(&why, name, t);
	sbuf_printf(&why, ": MIG mode Enabled in %.0f samples inside the "
	    "workload window (", n);
	ru_where(&why, m);
	sbuf_adds(&why, ", the first): its pod ran on a MIG instance, a "
	    "slice of the GPU, and nvidia-smi reads no GPU-Util in MIG mode "
	    "(its load is not judged). ");
	if (hws != NULL && strstr(hws, "MIG") == NULL &&
	    strstr(hws, "mig") == NULL) {
		sbuf_printf(&why, "The simulation modelled %s (", hws);
		ru_where(&why, hw);
		sbuf_adds(&why, "), a whole GPU.");
		v = V_FAIL;
	} else if (hws != NULL) {
		sbuf_printf(&why, "The simulation modelled %s: a MIG profile, "
		    "so this is what it assumed.", hws);
		v = V_PASS;
	} else {
		sbuf_adds(&why, "No simulated hardware is stated to hold it "
		    "against; a whole GPU is the usual assumption.");
		v = V_WARN;
	}
	ru_emit(j, r, c, "gpu.mig", sub, hw, m, "MIG mode off (or the "
	    "simulated MIG profile)", v, sbuf_str(&why), ACT_MIG);
	json_decref(sub);
	sbuf_free(&why);
}

/* More than one compute process on a pod's GPU in one nvidia-smi table:
 * the GPU was shared (time-slicing, MPS, another tenant's job) while the
 * simulation gave each instance a GPU of its own, so the pod's latencies
 * include the other's work.  A WARN, not a FAIL: the second process
 * could be the pod's own (a vLLM front end that opened a CUDA context),
 * which the table alone cannot tell; its name and memory are given.
 * Not judged when nvidia-smi lists no process (in a container it often
 * sees none). */
static void
procs_verdict(struct judge *j, const struct rule *r, const struct jcell *c,
    const json_t *name, const struct ru_thermal *t)
{
	json_t *sub = gpu_sub(name);
	const json_t *m = judge_measure(j, c, "gpu.processes.max", sub);
	const json_t *list = judge_measure(j, c, "gpu.processes", sub);
	struct sbuf why = {0};
	double n = 0;

	if (!ru_num(m, &n) || n < 1 || list == NULL) {
		json_decref(sub);
		return;
	}
	gpu_text(&why, name, t);
	sbuf_printf(&why, ": at most %.0f compute process%s in one "
	    "nvidia-smi table inside the workload window (", n, n > 1 ?
	    "es" : "");
	ru_where(&why, m);
	sbuf_printf(&why, "): %s. ", rec_get_str(list, "value"));
	sbuf_adds(&why, n > 1 ? "The pod's GPU was shared with other work "
	    "(time-slicing, MPS or another tenant's job), or the pod runs "
	    "more than one process on it: the simulation gave the instance a "
	    "GPU of its own." : "The pod held its GPU alone.");
	ru_emit(j, r, c, "gpu.processes", sub, NULL, m, "1 compute process",
	    n > 1 ? V_WARN : V_PASS, sbuf_str(&why), ACT_SHARED);
	json_decref(sub);
	sbuf_free(&why);
}

/* A busy GPU drawing runtime.gpu_peer_power_pct less than the median of
 * its peers (the cell's other pod GPUs of the same model, at full load
 * too) ran at lower clocks: locked (nvidia-smi -lgc) or application
 * clocks set low, which read P0 and 100 % GPU-Util and run neither hot
 * nor at the cap, so no other criterion sees them. */
#define PEER_MIN	2	/* peers for a median */

static int
dcmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The median busy mean power of the cell's other pod GPUs of name's
 * model with enough full-load samples; NAN with fewer than PEER_MIN. */
static double
peer_power(struct judge *j, const struct jcell *c, const json_t *name,
    const struct ru_list *gpus, size_t *n)
{
	double w[64], x;

	*n = 0;
	for (size_t i = 0; i < gpus->n && *n < 64; i++) {
		json_t *sub = gpu_sub(gpus->v[i]);
		struct ru_thermal t;

		ru_gpu_thermal(j, c, sub, &t);
		if (gpus->v[i] != name && t.v_p95 != V_INAPPLICABLE &&
		    json_equal(json_object_get(gpus->v[i], "value"),
		    json_object_get(name, "value")) && ru_num(judge_measure(j,
		    c, "gpu.busy.power_w.mean", sub), &x))
			w[(*n)++] = x;
		json_decref(sub);
	}
	if (*n < PEER_MIN)
		return NAN;
	qsort(w, *n, sizeof(w[0]), dcmp);
	return *n % 2 ? w[*n / 2] : (w[*n / 2 - 1] + w[*n / 2]) / 2;
}

static void
power_verdict(struct judge *j, const struct rule *r, const struct jcell *c,
    const json_t *name, const struct ru_thermal *t,
    const struct ru_list *gpus)
{
	json_t *sub = gpu_sub(name), *es;
	const json_t *m = judge_measure(j, c, "gpu.busy.power_w.mean", sub);
	double w, med, drop = tol(j->tol, TOL_RT_GPU_PEER_POWER_PCT);
	size_t n;
	struct sbuf why = {0};
	char band[64];
	bool low;

	if (t->v_p95 == V_INAPPLICABLE || !ru_num(m, &w) ||
	    isnan(med = peer_power(j, c, name, gpus, &n))) {
		json_decref(sub);
		return;
	}
	low = w <= med * (1 - drop / 100);
	gpu_text(&why, name, t);
	sbuf_printf(&why, ": %.0f W mean power over its %.0f full-load "
	    "samples (", w, t->n);
	ru_where(&why, m);
	sbuf_printf(&why, "); the median of the cell's %zu other GPUs of the "
	    "model at full load is %.0f W. ", n, med);
	sbuf_adds(&why, low ? "At full load it drew far less than they did: "
	    "its clocks were held down (locked or application clocks set "
	    "low; they read P0 and run neither hot nor at the cap), or it "
	    "got much less work than they did." : "It drew as they did.");
	snprintf(band, sizeof(band), "> peers' median - %g%%", drop);
	es = ru_side(rec_num(med), "W", NULL, "median busy mean power of "
	    "the cell's other GPUs of the model (gpu.busy.power_w.mean)");
	ru_emit(j, r, c, "gpu.busy.power_w.mean", sub, es, m, band, low ?
	    V_WARN : V_PASS, sbuf_str(&why), ACT_POWER);
	json_decref(es);
	json_decref(sub);
	sbuf_free(&why);
}

/* The same node and host index running hot in other cells. */
static void
hotspot_verdict(struct judge *j, const struct rule *r, const struct jcell *c,
    const json_t *name, const struct ru_thermal *t)
{
	json_t *sub = gpu_sub(name);
	struct sbuf why = {0}, cells = {0};
	size_t n = 0;

	for (size_t i = 0; i < j->ncells; i++) {
		const struct jcell *o = &j->cells[i];
		struct ru_thermal ot;

		if (o == c || !o->measured ||
		    judge_measure(j, o, "gpu.name", sub) == NULL)
			continue;
		ru_gpu_thermal(j, o, sub, &ot);
		if (!ru_thermal_hot(&ot))
			continue;
		sbuf_adds(&cells, n++ ? ", " : "");
		judge_cell_text(&cells, o);
		sbuf_adds(&cells, " (");
		ru_where(&cells, ot.v_p95 == V_FAIL ? ot.p95 : ot.v_max ==
		    V_FAIL ? ot.max : ot.throttle);
		sbuf_adds(&cells, ")");
	}
	if (n > 0) {
		gpu_text(&why, name, t);
		sbuf_printf(&why, " fails its thermal check here and in %zu "
		    "other cell(s): %s. A persistent hotspot: the GPU, not the "
		    "run.", n, sbuf_str(&cells));
		ru_emit(j, r, c, "gpu.hotspot", sub, NULL, t->busy,
		    "fails in one cell at most", V_FAIL, sbuf_str(&why),
		    ACT_HOTSPOT);
	}
	json_decref(sub);
	sbuf_free(&why);
	sbuf_free(&cells);
}

static void
gpu_one(struct judge *j, const struct rule *r, const struct jcell *c,
    const json_t *name, const struct ru_list *gpus)
{
	json_t *sub = gpu_sub(name);
	struct ru_thermal t;
	struct sbuf why = {0};

	ru_gpu_thermal(j, c, sub, &t);
	if (t.v_p95 == V_INAPPLICABLE && t.v_max == V_INAPPLICABLE) {
		gpu_text(&why, name, &t);
		sbuf_printf(&why, ": %.0f samples at full load (GPU-Util 100%%) "
		    "inside the workload window (", t.n);
		ru_where(&why, t.busy);
		sbuf_printf(&why, "); %.0f are needed to judge its temperature "
		    "and throttling.", tol(j->tol, TOL_RT_GPU_MIN_SAMPLES));
		ru_emit(j, r, c, "gpu.busy.samples", sub, NULL, t.busy, NULL,
		    V_INAPPLICABLE, sbuf_str(&why), NULL);
	} else {
		temp_verdict(j, r, c, name, &t, true);
		temp_verdict(j, r, c, name, &t, false);
		throttle_verdict(j, r, c, name, &t);
		power_verdict(j, r, c, name, &t, gpus);
	}
	cap_verdict(j, r, c, name, &t);
	ecc_verdict(j, r, c, name, &t);
	err_verdict(j, r, c, name, &t);
	mig_verdict(j, r, c, name, &t);
	procs_verdict(j, r, c, name, &t);
	if (ru_thermal_hot(&t))
		hotspot_verdict(j, r, c, name, &t);
	json_decref(sub);
	sbuf_free(&why);
}

/* Unsampled share of the window allowed beyond two sampling intervals:
 * the sampler's phase, a start a little after the first send. */
#define COVER_SLACK	0.10

/* Why one node's samples cover the window [from, to] (µs) or do not;
 * returns the verdict.  n: tables stamped inside it. */
static enum jverdict_value
cover_text(struct sbuf *why, const json_t *first, const json_t *last,
    double n, double from, double to, const json_t *failed)
{
	double lo, hi, span = (to - from) / 1e6, every, gap, allowed, nf = 0;

	(void)ru_num(failed, &nf);
	if (n == 0 || !ru_num(first, &lo) || !ru_num(last, &hi)) {
		sbuf_printf(why, "no table stamped inside the workload window "
		    "(%.0f s from the trace's first send)", span);
		if (nf > 0) {
			sbuf_printf(why, "; nvidia-smi failed as a whole in "
			    "its %.0f samples there (", nf);
			ru_where(why, failed);
			sbuf_adds(why, ", the first)");
		} else
			sbuf_adds(why, ": the log is of another time, or its "
			    "sampler did not run while the cell did");
		sbuf_adds(why, ", so none of the GPUs was judged on this "
		    "run.");
		return V_FAIL;
	}
	every = n > 1 ? (hi - lo) / 1e6 / (n - 1) : span;
	/* a failed sample between the sampled ones left its interval
	 * unsampled; the failed ones at the ends are in the ends' gap */
	if (nf > 0 && n + nf > 1)
		every = fmin(every, span / (n + nf - 1));
	gap = (lo - from + to - hi) / 1e6;
	allowed = 2 * every + COVER_SLACK * span;
	sbuf_printf(why, "%.0f tables inside the workload window of %.0f s, "
	    "from %.0f s to %.0f s after its start (one every %.1f s): "
	    "%.0f s of it unsampled at its ends", n, span, (lo - from) / 1e6,
	    (hi - from) / 1e6, every, gap);
	if (nf > 0) {
		double inner = fmax(0, nf - gap / every);

		sbuf_printf(why, "; nvidia-smi failed as a whole in %.0f "
		    "samples inside it (", nf);
		ru_where(why, failed);
		sbuf_printf(why, ", the first), %.0f of them between sampled "
		    "tables", inner);
		gap += inner * every;
	}
	sbuf_printf(why, " (unsampled in all %.0f s; allowed: two intervals "
	    "and %.0f%% of the window, %.0f s)", gap, COVER_SLACK * 100,
	    allowed);
	if (gap <= allowed) {
		sbuf_adds(why, ".");
		return V_PASS;
	}
	sbuf_adds(why, nf > 0 ? ": the sampler read no GPU for part of the "
	    "run, and what the GPUs did then is not judged." : ": the "
	    "sampler stopped or started while the cell ran, and what the "
	    "GPUs did in the rest is not judged.");
	return V_WARN;
}

/* Each node's gpu log against the workload window. */
static void
cover_verdicts(struct judge *j, const struct rule *r, const struct jcell *c)
{
	double from, to, n;
	struct ru_list l;

	if (!ru_num(judge_measure(j, c, "gpu.window.start_us", NULL), &from) ||
	    !ru_num(judge_measure(j, c, "gpu.window.end_us", NULL), &to) ||
	    to <= from)
		return;
	ru_collect(j, c, "measure", "gpu.window.blocks", RU_INSTANCE, false,
	    &l);
	for (size_t i = 0; i < l.n; i++) {
		json_t *sub = rec_scope_new();
		struct sbuf why = {0};
		enum jverdict_value v;

		rec_scope_set(sub, "instance", rec_scope_str(l.v[i],
		    "instance"));
		sbuf_printf(&why, "Node %s's GPU log (", rec_scope_str(l.v[i],
		    "instance"));
		ru_where(&why, l.v[i]);
		sbuf_adds(&why, "): ");
		n = 0;
		(void)ru_num(l.v[i], &n);
		v = cover_text(&why, judge_measure(j, c, "gpu.window.first_us",
		    sub), judge_measure(j, c, "gpu.window.last_us", sub), n,
		    from, to, judge_measure(j, c,
		    "gpu.window.smi_failed_blocks", sub));
		ru_emit(j, r, c, "gpu.window.coverage", sub, NULL, l.v[i],
		    "the whole window", v, sbuf_str(&why), ACT_COVER);
		json_decref(sub);
		sbuf_free(&why);
	}
	ru_list_free(&l);
}

/* Every vLLM pod of the cell (a server log) found its GPUs.  Returns
 * whether the node logs are of a node the pods did not run on (then no
 * GPU of theirs is the cell's). */
static bool
join_verdict(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct ru_list *gpus)
{
	struct ru_list pods;
	struct strv insts;
	struct sbuf why = {0}, lost = {0}, map = {0};
	size_t nlost = 0;
	bool other_node = false;

	ru_collect(j, c, "measure", "gpu.pod.gpus", RU_INSTANCE, false, &pods);
	ru_instances(j, c, "log.lines", &insts);
	for (size_t i = 0; i < pods.n; i++) {
		const char *pod = rec_scope_str(pods.v[i], "instance");
		const char *v = rec_get_str(pods.v[i], "value");

		if (v != NULL)
			sbuf_printf(&map, "%s%s -> %s", map.len ? ", " : "",
			    pod, v);
		else
			sbuf_printf(&lost, "%s%s (", nlost++ ? "; " : "", pod);
		if (v == NULL) {
			ru_where(&lost, pods.v[i]);
			sbuf_adds(&lost, ")");
		}
	}
	for (size_t i = 0; i < insts.n; i++)
		if (ru_by_scope(&pods, "instance", insts.v[i]) == NULL)
			sbuf_printf(&lost, "%s%s (no .uuids)", nlost++ ? "; " :
			    "", insts.v[i]);
	if (pods.n == 0) {
		sbuf_printf(&why, "No gpu_logs/<pod>.uuids: which GPUs the pods "
		    "ran on is not known, so every GPU of the node logs (%zu) "
		    "is judged; idle ones have no full-load samples.", gpus->n);
		ru_emit(j, r, c, "gpu.join", NULL, NULL, NULL, NULL,
		    V_INAPPLICABLE, sbuf_str(&why), NULL);
	} else {
		sbuf_printf(&why, "Pod -> GPU (via <pod>.uuids and "
		    "<node>.gpus.csv): %s. ", map.len ? sbuf_str(&map) :
		    "none");
		if (nlost > 0)
			sbuf_printf(&why, "Not found: %s. ", sbuf_str(&lost));
		if (map.len > 0)
			sbuf_printf(&why, "%zu GPU(s) judged; the nodes' other "
			    "GPUs serve no pod of this cell.", gpus->n);
		else if ((other_node = judge_any(j, c, "measure",
		    "gpu.uuid")))
			/* the node's UUIDs known (gpus.csv), and no pod's
			 * among them: not a pod lost, the logs of a node the
			 * pods did not run on (the wrong sampler pod) */
			sbuf_printf(&why, "None of the GPUs the pods list is in "
			    "the node logs: they are of a node the pods did not "
			    "run on, so none of their %zu GPU(s) is judged and "
			    "the cell's own GPUs cannot be.", gpus->n);
		else
			sbuf_printf(&why, "No pod's GPU is known, so every GPU "
			    "of the node logs (%zu) is judged.", gpus->n);
		ru_emit(j, r, c, "gpu.join", NULL, NULL, pods.v[0],
		    "every pod's GPUs found", nlost > 0 ? V_WARN : V_PASS,
		    sbuf_str(&why), ACT_JOIN);
	}
	ru_list_free(&pods);
	strv_free(&insts);
	sbuf_free(&why);
	sbuf_free(&lost);
	sbuf_free(&map);
	return other_node;
}

/* gpu_logs that name no GPU, and why, node by node: a log with no
 * sample at all (an empty stream: the sampler's pod recreated before
 * collection, its log lost), nvidia-smi failing as a whole in its
 * samples (NVML not loaded), else tables this reader does not know.
 * Either way the pods' GPUs went unjudged: MISSING, never a PASS. */
static void
no_gpu(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct strv nodes;
	struct sbuf why = {0};
	const json_t *at = NULL;
	bool sampler = false;

	ru_instances(j, c, "gpu.blocks", &nodes);
	sbuf_adds(&why, "gpu_logs exist but name no GPU:");
	for (size_t i = 0; i < nodes.n; i++) {
		const json_t *b = ru_inst_measure(j, c, "gpu.blocks",
		    nodes.v[i]), *f = ru_inst_measure(j, c, "gpu.smi_failed",
		    nodes.v[i]), *t = ru_inst_measure(j, c,
		    "gpu.smi_failed.text", nodes.v[i]);
		double nb = 0, nf = 0;

		ru_num(b, &nb);
		ru_num(f, &nf);
		sbuf_printf(&why, "%s node %s's log (", i ? ";" : "",
		    nodes.v[i]);
		ru_where(&why, b);
		if (nb == 0) {
			sbuf_adds(&why, ") holds no sample at all: the "
			    "nvidia-smi stream came back empty");
			sampler = true;
		} else if (nf > 0) {
			sbuf_printf(&why, ") has %.0f samples and %.0f lines "
			    "in which nvidia-smi failed as a whole, the first "
			    "'%s' (", nb, nf, t != NULL ? rec_get_str(t,
			    "value") : "?");
			ru_where(&why, f);
			sbuf_adds(&why, "): the sampler read no GPU");
			sampler = true;
		} else
			sbuf_printf(&why, ") has %.0f samples but no "
			    "nvidia-smi table this reader parses", nb);
		at = at != NULL ? at : nf > 0 ? f : b;
	}
	if (nodes.n == 0)
		sbuf_adds(&why, " no nvidia-smi table parsed");
	sbuf_adds(&why, ". The pods' GPUs (temperature, power, memory "
	    "errors) are not judged.");
	ru_emit(j, r, c, "gpu.name", NULL, NULL, at, NULL, V_MISSING,
	    sbuf_str(&why), sampler ? "Fix the GPU sampler (the DCGM pod's "
	    "nvidia-smi: its driver libraries, its pod kept through "
	    "collection) and rerun the cell, or judge its GPUs from another "
	    "source." : "Check the gpu_logs' format.");
	strv_free(&nodes);
	sbuf_free(&why);
}

static void
rule_gpu(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct ru_list gpus;

	if (ru_arm_only(c) || !ru_need_logs(j, r, c, "gpu_logs", true,
	    "the GPUs' temperature, power and memory errors"))
		return;
	if (!judge_any(j, c, "measure", "gpu.name")) {
		no_gpu(j, r, c);
		return;
	}
	ru_cell_gpus(j, c, &gpus);
	/* another node's GPUs say nothing of the cell's: the join's WARN
	 * is all there is to say */
	if (!join_verdict(j, r, c, &gpus)) {
		cover_verdicts(j, r, c);
		for (size_t i = 0; i < gpus.n; i++)
			gpu_one(j, r, c, gpus.v[i], &gpus);
	}
	ru_list_free(&gpus);
}

const struct rule rules_gpu[] = {
	{ "5h", "GPU thermal and power", true, rule_gpu },
	{ NULL, NULL, false, NULL }
};
