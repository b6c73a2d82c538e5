// GNU readline for the memoss REPL (Debian: libreadline-dev), with accessors for the globals
// Swift 6 may not touch directly.
#include <stdio.h>
#include <stdlib.h>
#include <readline/readline.h>
#include <readline/history.h>

static inline void memoss_rl_set_catch_signals(int value) { rl_catch_signals = value; }
static inline void memoss_rl_set_catch_sigwinch(int value) { rl_catch_sigwinch = value; }
static inline void memoss_rl_set_getc(rl_getc_func_t *function) { rl_getc_function = function; }
static inline void memoss_rl_set_completion(rl_completion_func_t *function) { rl_attempted_completion_function = function; }
static inline void memoss_rl_set_completion_over(int value) { rl_attempted_completion_over = value; }
static inline const char *memoss_rl_line_buffer(void) { return rl_line_buffer ? rl_line_buffer : ""; }

// Text the next readline() starts with on its line, editable in place (an edit prompt's current
// value); set by memoss_rl_prefill, put on the line by the startup hook, then forgotten.
static char *memoss_prefill_text = NULL;

static inline int memoss_prefill_hook(void) {
    if (memoss_prefill_text) {
        rl_insert_text(memoss_prefill_text);
        free(memoss_prefill_text);
        memoss_prefill_text = NULL;
    }
    rl_startup_hook = NULL;
    return 0;
}

// The next readline() starts with `text` on the line, the cursor at its end.
static inline void memoss_rl_prefill(const char *text) {
    free(memoss_prefill_text);
    memoss_prefill_text = text ? strdup(text) : NULL;
    rl_startup_hook = memoss_prefill_hook;
}

// Prints `text` (ending with a newline) above the line being typed, then redraws the prompt and
// the line as they were, cursor included: for a notification that falls due at the prompt.
static inline void memoss_rl_print_above(const char *text) {
    int point = rl_point;
    char *line = rl_copy_text(0, rl_end);
    rl_save_prompt();
    rl_replace_line("", 0);
    rl_redisplay();
    fputs("\r", stdout);
    fputs(text, stdout);
    fflush(stdout);
    rl_restore_prompt();
    rl_replace_line(line, 0);
    rl_point = point;
    rl_forced_update_display();
    free(line);
}
