/* corpus.h - sim2real corpus workloads: conversations replayed from a
 * corpus in closed-loop sessions instead of a BLIS WorkloadSpec
 * (docs/formats.md §3.5).
 *
 * Two shapes.  The current document holds only corpus (upstream {source,
 * shards, revision, format}, select {partition, min_rounds,
 * dedup_by_conversation, shuffle_seed}, reconstruct {context_growth,
 * max_think_time}), replay {concurrent_sessions, total_sessions} and the
 * injected workload_name.  The older one has name and trace {source,
 * shards, split, filters {min_rounds, skip_branching}, convert
 * {context_growth, max_think_time}, pool {concurrent_sessions,
 * total_sessions}, sample {dedup_by_conversation, shuffle_seed}}.
 *
 * What such a spec fixes: how many sessions (total_sessions; 0 exhausts
 * the corpus), how many run at once (concurrent_sessions), the fewest
 * rounds a session has (min_rounds, default 2), the longest think time
 * (max_think_time, a Go duration) and how the context grows.  Token
 * lengths and rates come from the corpus and the server. */
#ifndef S2R_CORPUS_H
#define S2R_CORPUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct corpus_at {
	long	 line, column;
};

struct corpus {
	char		*label;
	bool		 legacy;	/* the trace: shape */
	char		*source;	/* "hf:org/dataset" or a path */
	struct corpus_at source_at;
	int64_t		 concurrent, total;	/* sessions */
	struct corpus_at concurrent_at, total_at;
	int64_t		 min_rounds;	/* 2 when not given */
	bool		 min_rounds_set;
	struct corpus_at min_rounds_at;
	bool		 think_set;
	int64_t		 max_think_us;
	char		*max_think_text;
	struct corpus_at think_at;
	char		*growth;	/* context_growth, "" when absent */
	struct corpus_at growth_at;
	const char	*concurrent_field, *total_field, *rounds_field,
			*think_field, *growth_field;	/* dotted YAML paths */
};

/* Whether buf is a corpus document (top-level corpus, replay or trace). */
bool	corpus_is_doc(const char *buf, size_t len);
/* Parses a corpus document; dies with label:line:column on anything
 * else or on a bad value. */
struct corpus *corpus_load_buf(const char *label, const char *buf,
	    size_t len);
void	corpus_free(struct corpus *c);

#endif
