/* wlexpect.h - the `expect` records a BLIS workload spec implies: checks
 * 1a-1h (docs/records.md), with the exact moments of BLIS's samplers, the
 * run's size and span and each client's under both readings of
 * rate_fraction (wltime.h), per-window mixtures; those of a corpus
 * workload; and the measurement protocol of measurement.yaml (1h). */
#ifndef S2R_WLEXPECT_H
#define S2R_WLEXPECT_H

#include <stddef.h>

#include <jansson.h>

#include "corpus.h"
#include "measproto.h"
#include "workload.h"

/* Appends to out (a JSON array) the `expect` records the spec implies,
 * scope {"workload": name}, source.file file.  Aggregates that a spec
 * feature makes time-dependent or latency-dependent (lifecycle windows,
 * closed-loop clients, multi-turn sessions, inference_perf stages,
 * servegen_data, absolute mode) are records with value null,
 * "comparable": false and a "why" naming the feature and its line.
 * Clients with different lifecycle windows add per-window records (scope
 * window: the clients sharing a set of windows, named by them). */
void	workload_expect(const struct workload *w, const char *name,
	    const char *file, json_t *out);
/* The same for a corpus workload: sessions, concurrency, rounds, think
 * time and context growth where the spec fixes them; token, class, rate
 * and arrival records not comparable, with the reason. */
void	corpus_expect(const struct corpus *c, const char *name,
	    const char *file, json_t *out);
/* 1h: measurement.<key> for every key measurement.yaml sets, with no
 * workload scope (the protocol holds for every cell); source.file is
 * m->label. */
void	measproto_expect(const struct measproto *m, json_t *out);

/* A spec file of any kind: a WorkloadSpec, a corpus workload, or a
 * measurement protocol (kind: measurement-protocol).  path is opened,
 * file cited; dies (exit 2) on bad input. */
struct wlspec;
struct wlspec *wlspec_load(const char *path, const char *file);
/* The same from a buffer (the fuzz harness). */
struct wlspec *wlspec_load_buf(const char *file, const char *buf,
	    size_t len);
/* Its records for the workload name (a protocol names no workload). */
void	wlspec_expect(const struct wlspec *s, const char *name, json_t *out);
void	wlspec_free(struct wlspec *s);
/* The measurement protocol of a sim bundle: the file transfer.yaml's
 * measurement key names, else DIR/measurement.yaml, when it exists;
 * source.file relative to DIR.  Returns whether one was read. */
bool	wlspec_bundle_protocol(json_t *out, const char *dir);

#endif
