/* workload.h - a BLIS WorkloadSpec (docs/formats.md §3) as plain
 * structs, every value with the line and column it came from.
 *
 * Loading validates the way BLIS does and dies (exit 2) with
 * "file:line:column: what was expected, got what" on the first problem.
 * Like BLIS's decoder (yaml.v3 KnownFields), an unknown key is an error:
 * a misspelt key silently ignored would make every expectation wrong.
 * version "1" (or none) is upgraded as BLIS does: slo_class realtime ->
 * critical, interactive -> standard.  An slo_class outside BLIS's tiers
 * ("default") is kept: BLIS gives it the default priority.  Cohorts are expanded into clients
 * (member ids "<id>-<j>", rate_fraction/population each, per_member prefix
 * groups "<group>-<j>"). */
#ifndef S2R_WORKLOAD_H
#define S2R_WORKLOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sampler.h"

/* Where a value is: 0 when absent. */
struct wl_at {
	long	line, column;
};

struct wl_dist {
	bool		 set;
	struct dist	 d;
	struct wl_at	 at;		/* the type value */
	char		*field;		/* "clients[0].input_distribution" */
	/* Each parameter's location, for citing one value: */
	struct wl_at	 mean_at;	/* mean, mu, alpha or value */
};

struct wl_arrival {
	struct arrival	 a;
	bool		 has_cv;
	struct wl_at	 at;		/* the process value */
	struct wl_at	 cv_at;
	char		*field;		/* "clients[0].arrival" */
};

struct wl_window {
	int64_t		 start_us, end_us;
	double		 trace_rate;	/* > 0 when set */
	struct wl_at	 at;
	bool		 overrides;	/* has its own arrival or lengths */
};

struct wl_client {
	char		*id, *tenant_id, *slo_class;	/* never NULL */
	struct wl_at	 class_at;	/* slo_class; line 0: not given */
	bool		 custom_class;	/* not a BLIS tier: default priority */
	char		*field;		/* "clients[2]" or "cohorts[0]" */
	struct wl_at	 at;		/* the client's mapping */
	double		 rate_fraction;	/* member share for cohorts */
	struct wl_at	 rate_at;
	int64_t		 concurrency;
	bool		 closed_loop;
	struct wl_at	 closed_at;	/* concurrency or closed_loop */
	struct wl_arrival arrival;
	struct wl_dist	 input, output;
	char		*prefix_group;	/* NULL when none */
	int64_t		 prefix_length;	/* 50 when a group has none */
	char		*adapter;	/* LoRA adapter; NULL: the base model */
	struct wl_at	 adapter_at;
	struct wl_at	 prefix_at;	/* prefix_length, else prefix_group */
	bool		 streaming;
	struct wl_at	 streaming_at;
	struct wl_window *windows;
	size_t		 nwindows;
	struct wl_at	 windows_at;	/* lifecycle, or a cohort's pattern */
	const char	*windows_why;	/* "lifecycle.windows", "diurnal" ... */
	bool		 multi_turn;
	struct wl_at	 multi_turn_at;
	int		 cohort;	/* index, or -1 */
	int64_t		 member;	/* index within the cohort */
};

struct wl_stage {
	double		 rate, duration_s;
	struct wl_at	 at;
};

struct workload {
	char		*path;		/* as given, for messages and sources */
	char		*version;	/* after the v1 upgrade: "2" */
	bool		 upgraded;	/* was "1" or absent */
	struct wl_at	 version_at;
	int64_t		 seed;
	bool		 has_seed;
	struct wl_at	 seed_at;
	char		*category;
	double		 aggregate_rate;
	struct wl_at	 rate_at;
	int64_t		 horizon, num_requests;
	struct wl_at	 horizon_at, num_requests_at;
	struct wl_client *clients;
	size_t		 nclients;
	struct wl_at	 clients_at;
	/* inference_perf: recognised, not expanded. */
	bool		 inference_perf;
	struct wl_at	 inference_perf_at;
	struct wl_stage	*stages;
	size_t		 nstages;
	int64_t		 ip_prompts, ip_users, ip_prefix_len, ip_question_len,
			 ip_output_len;
	bool		 ip_multi_turn;
	/* servegen_data: recognised, its files are not read. */
	bool		 servegen;
	struct wl_at	 servegen_at;
};

/* Parse path; label names it in messages and sources (path when NULL).
 * Dies on any problem. */
struct workload *workload_load(const char *path, const char *label);
/* The same from a buffer (the fuzz harness). */
struct workload *workload_load_buf(const char *label, const char *buf,
		    size_t len);
void		 workload_free(struct workload *w);

/* Σ rate_fraction over the rate-based clients (concurrency 0, not
 * closed-loop). */
double		 workload_rate_total(const struct workload *w);
bool		 wl_client_rate_based(const struct wl_client *c);

#endif
