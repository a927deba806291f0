/* nsys.h - Nsight Systems "nsys stats --format csv" reports.
 *
 * Reports are read through lib/csvr and told apart by their header line
 * (up to 19 preamble lines such as "Generating '...sqlite'" or
 * "Processing [...] with [...]" are skipped); columns are found by name,
 * never by position:
 *   cuda_gpu_trace       GPU kernels, memcpy, memset -> operations
 *   cuda_api_trace       host calls with CorrID      -> launches
 *   nvtx_pushpop_trace   NVTX ranges (host)          -> markers
 *   nvtx_gpu_proj_trace  NVTX ranges on the GPU      -> GPU markers
 * Any other CSV is an error that names the header it found. */
#ifndef S2R_NSYS_H
#define S2R_NSYS_H

#include <stddef.h>
#include <stdio.h>

#include "ktrace.h"

void		 nsys_read(struct ktrace *t, FILE *f, const char *label);
void		 nsys_read_mem(struct ktrace *t, const void *buf, size_t len,
		    const char *label);

/* Frees what a read left behind when s2r_die_hook jumped out of it. */
void		 nsys_reset(void);

#endif
