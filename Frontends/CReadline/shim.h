// GNU readline for the memoss REPL (Debian: libreadline-dev), with accessors for the globals
// Swift 6 may not touch directly.
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

static inline void memoss_rl_set_catch_signals(int value) { rl_catch_signals = value; }
static inline void memoss_rl_set_getc(rl_getc_func_t *function) { rl_getc_function = function; }
static inline void memoss_rl_set_completion(rl_completion_func_t *function) { rl_attempted_completion_function = function; }
static inline void memoss_rl_set_completion_over(int value) { rl_attempted_completion_over = value; }
static inline const char *memoss_rl_line_buffer(void) { return rl_line_buffer ? rl_line_buffer : ""; }
