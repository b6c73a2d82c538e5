#ifndef MEMOSS_SYSTEM_H
#define MEMOSS_SYSTEM_H

/// A timer that becomes readable at `deadline` (seconds since 1970) on the wall clock, even if the
/// machine slept through it, and at once when the clock is set; -1 when one cannot be made.
/// Close it with close(2).
int memoss_wall_clock_timer(double deadline);

/// Asks to be killed (SIGKILL) when the process `parent` (the caller's parent now) ends, as a
/// helper process should; 0 on success.
int memoss_die_with_parent(int parent);

/// Makes malloc give freed memory back to the system past `trim` bytes at the top of a heap
/// (glibc's M_TRIM_THRESHOLD, which otherwise grows with the largest block freed so far), and take
/// blocks of up to `mapped` bytes from its heaps rather than mapping each (M_MMAP_THRESHOLD).
void memoss_tune_malloc(int trim, int mapped);

/// Starts `path` with `argv` and `envp` (each ending in NULL) as a child in a process group of its
/// own, with no signal blocked and the usual ones at their default action (whatever this thread
/// blocks), standard input on `in` (/dev/null when -1), standard output on `out` and standard error
/// on `err` (this process's own when -1), and no other descriptor, in `folder` (this process's
/// own when NULL). Returns its pid, or -1 with errno set; the caller waits for it with waitpid.
int memoss_spawn(const char *path, char *const argv[], char *const envp[], const char *folder, int in, int out, int err);

/// `memoss_spawn` with standard input from /dev/null, the child remembered until
/// `memoss_child_ended`, so `memoss_stop_children_on_signals` can stop its group.
int memoss_spawn_child(const char *path, char *const argv[], char *const envp[], int out, int err);

/// Forgets child `pid` (it has been waited for).
void memoss_child_ended(int pid);

/// From now on SIGINT, SIGTERM and SIGHUP send SIGTERM to the group of every child started by
/// `memoss_spawn_child` that has not ended, then end this process with status 128 + the signal.
void memoss_stop_children_on_signals(void);

#endif
