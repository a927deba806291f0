/* krefuse.h - a trace tool's refusal of its input as a record
 * (s2r-kernel-match, s2r-dutycycle --record-refusal).
 *
 * A profiler trace cut mid-write is refused whole (exit 2, one located
 * line on stderr).  In a pipeline that refusal must not stop the other
 * checks nor vanish: armed, the tool also writes, as its whole output,
 * one summary record {check, metric "input.refused", value: the message,
 * source: the file, line and column where the reader stopped}, which the
 * A1/A2 rules turn into a MISSING verdict carrying it.  The exit status
 * stays 2: the input was refused. */
#ifndef S2R_KREFUSE_H
#define S2R_KREFUSE_H

/* From now on a fatal error (s2r_die*) first writes the refusal record
 * for check to output (NULL: standard output), attributed to tool;
 * fallback names the input when the message names no file. */
void	krefuse_arm(const char *check, const char *tool, const char *output,
	    const char *fallback);

#endif
