#ifndef MEMOSS_SYSTEM_H
#define MEMOSS_SYSTEM_H

/// A timer that becomes readable at `deadline` (seconds since 1970) on the wall clock, even if the
/// machine slept through it, and at once when the clock is set; -1 when one cannot be made.
/// Close it with close(2).
int memoss_wall_clock_timer(double deadline);

/// Asks to be killed (SIGKILL) when the process `parent` (the caller's parent now) ends, as a
/// helper process should; 0 on success.
int memoss_die_with_parent(int parent);

/// Makes malloc give freed memory back to the system past `bytes` at the top of a heap
/// (glibc's M_TRIM_THRESHOLD, which otherwise grows with the largest block freed so far).
void memoss_trim_malloc_past(int bytes);

#endif
