/* runmeta.h - the files of a sim2real run directory workspace/runs/<run>/
 * (docs/formats.md §1.6): run_metadata.json, manifest.assembly.yaml (or,
 * without it, progress.json) and the translation's
 * translation_output.json, read by key name.  What the run declares (its
 * phases, workloads and replicas) keeps the file and key it came from;
 * every file is optional, a malformed one is an error (file:line:column
 * where the reader knows it, exit 2). */
#ifndef S2R_RUNMETA_H
#define S2R_RUNMETA_H

#include <stdbool.h>
#include <stdint.h>

#include "str.h"

/* One declared (phase, workload) pair. */
struct run_pair {
	char	*phase;
	char	*workload;
	char	*status;	/* progress.json's status, NULL: none */
};

struct run_meta {
	char		*dir;		/* the run folder as given */
	char		*name;		/* its last component */
	char		*meta_file;	/* source.file of run_metadata.json;
					 * NULL: absent */
	int64_t		 version;	/* -1: absent */
	char		*created_at, *pipeline_commit, *translation_hash;
	char		*cluster_id;
	char		*component_image;	/* the router image the run
						 * built (older runs); NULL */
	char		*ns;		/* the namespace it ran in; NULL */
	int64_t		 replicas;	/* 0: not declared */
	char		*replicas_file;	/* where replicas came from */
	/* The declaration: manifest.assembly.yaml, else progress.json. */
	char		*decl_file;	/* NULL: neither */
	const char	*decl_field;	/* the keys read, in words */
	struct strv	 algorithms;	/* manifest phases: algorithms */
	struct run_pair	*pairs;		/* declared order */
	size_t		 npairs, cappairs;
	/* The translation. */
	char		*trans_file;	/* NULL: none found */
	bool		 trans_lists;	/* it lists algorithms[] (newer) */
	struct strv	 translated;	/* their names */
	struct strv	 image_refs;	/* each one's image_ref ("": none) */
	char		*plugin_type;	/* older: the plugin type built */
	char		*generated;	/* the generated/ folder; NULL */
	char		*translation;	/* its folder when not the run's own
					 * (workspace/translations/<hash>/);
					 * NULL */
	struct strv	 warnings;	/* for whoever reads the run */
};

/* Reads the run folder dir; source.file names are relative to root (NULL:
 * as found). */
void	 run_meta_read(struct run_meta *m, const char *dir, const char *root);
/* Only run_metadata.json, and where the translation's folder and its
 * generated/ are (nothing of the translation is read): what a pipeline
 * needs to check those folders before anything reads them. */
void	 run_meta_locate(struct run_meta *m, const char *dir, const char *root);
void	 run_meta_free(struct run_meta *m);
/* Adds a declared pair unless it is there already. */
void	 run_meta_add_pair(struct run_meta *m, const char *phase,
	    const char *workload, const char *status);
/* Whether phase is an algorithm the translation does not list (SKIP). */
bool	 run_meta_skipped(const struct run_meta *m, const char *phase);
/* Whether path is a folder (through links). */
bool	 run_is_dir(const char *path);
/* A file of the run folder ("results", "results.2", ...); caller frees. */
char	*run_meta_path(const struct run_meta *m, const char *rel);

#endif
