// ncursesw for memoss-tui (Debian: libncurses-dev): the wide-character API, with small functions
// for what Swift cannot reach (macros, varargs, a signal handler, extended colour pairs).
#ifndef MEMOSS_NCURSES_SHIM_H
#define MEMOSS_NCURSES_SHIM_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>
#include <ncursesw/curses.h>

// Characters are read and written as UTF-8: the user's locale when it is UTF-8, else C.UTF-8
// for the character type (messages and formats stay the user's). False when neither is.
static inline int memoss_tui_use_utf8(void) {
    setlocale(LC_ALL, "");
    if (strcmp(nl_langinfo(CODESET), "UTF-8") == 0) return 1;
    if (setlocale(LC_CTYPE, "C.UTF-8") && strcmp(nl_langinfo(CODESET), "UTF-8") == 0) return 1;
    return 0;
}

// SIGWINCH writes a byte to `fd` (the wake-up pipe of the event loop): installed before ncurses
// starts, so ncurses leaves the signal to it.
static int memoss_tui_winch_fd = -1;
static inline void memoss_tui_on_winch(int signal) {
    (void)signal;
    int saved = errno;
    char byte = 'w';
    if (memoss_tui_winch_fd >= 0) { ssize_t ignored = write(memoss_tui_winch_fd, &byte, 1); (void)ignored; }
    errno = saved;
}
static inline void memoss_tui_watch_resize(int fd) {
    memoss_tui_winch_fd = fd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = memoss_tui_on_winch;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGWINCH, &action, NULL);
}

// Starts ncurses on the terminal as terminal type `type`: keys one by one, not echoed, Ctrl-S and
// Ctrl-C read as keys, function keys decoded, reads that never wait, the cursor hidden.
// 0 when it started; -1 when the type is unknown; -2 when it cannot address the cursor (dumb).
static inline int memoss_tui_start(const char *type) {
    SCREEN *screen = newterm(type, stdout, stdin);
    if (!screen) return -1;
    set_term(screen);
    char *cup = tigetstr("cup");
    if (cup == NULL || cup == (char *)-1) {
        endwin();
        delscreen(screen);
        return -2;
    }
    raw();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    nodelay(stdscr, TRUE);
    set_escdelay(25);
    curs_set(0);
    return 0;
}

static inline void memoss_tui_stop(void) { endwin(); }

// Whether terminal type `type` is known to this system's terminfo.
static inline int memoss_tui_knows(const char *type) {
    int status = 0;
    SCREEN *screen = newterm(type, fopen("/dev/null", "w"), stdin);
    if (screen) {
        status = 1;
        endwin();
        delscreen(screen);
    }
    return status;
}

// The next key: 1 with a character, 2 with a function key (KEY_…), 0 when none is waiting.
static inline int memoss_tui_key(unsigned int *code) {
    wint_t key = 0;
    int result = wget_wch(stdscr, &key);
    *code = (unsigned int)key;
    if (result == OK) return 1;
    if (result == KEY_CODE_YES) return 2;
    return 0;
}

static inline int memoss_tui_rows(void) { return getmaxy(stdscr); }
static inline int memoss_tui_columns(void) { return getmaxx(stdscr); }
static inline void memoss_tui_resize(int rows, int columns) { resizeterm(rows, columns); }

// Colours: `depth` 0 none, 8, 256, or 16777216 (direct: a colour is 0xRRGGBB).
static inline int memoss_tui_colors(void) {
    if (!has_colors()) return 0;
    start_color();
    use_default_colors();
    return COLORS;
}
// A pair of foreground and background colours (-1: the terminal's own), made once and kept.
static inline int memoss_tui_pair(int foreground, int background) { return alloc_pair(foreground, background); }

static inline unsigned int memoss_tui_bold(void) { return A_BOLD; }
static inline unsigned int memoss_tui_dim(void) { return A_DIM; }
static inline unsigned int memoss_tui_reverse(void) { return A_REVERSE; }
static inline unsigned int memoss_tui_underline(void) { return A_UNDERLINE; }

// Writes UTF-8 `text` at row `y`, column `x` with `attributes` and colour `pair` (0: none).
static inline void memoss_tui_put(int y, int x, const char *text, unsigned int attributes, int pair) {
    wattr_set(stdscr, (attr_t)attributes, 0, &pair);
    mvwaddstr(stdscr, y, x, text);
    wattr_set(stdscr, A_NORMAL, 0, NULL);
}

// Paints `count` blanks from row `y`, column `x` (a bar's background).
static inline void memoss_tui_blank(int y, int x, int count, unsigned int attributes, int pair) {
    wattr_set(stdscr, (attr_t)attributes, 0, &pair);
    wmove(stdscr, y, x);
    for (int i = 0; i < count; i++) waddch(stdscr, ' ');
    wattr_set(stdscr, A_NORMAL, 0, NULL);
}

static inline void memoss_tui_erase(void) { werase(stdscr); }
// Shows what was drawn; the cursor shown at (`y`, `x`) when `y` >= 0, else hidden.
static inline void memoss_tui_show(int y, int x) {
    if (y >= 0) {
        wmove(stdscr, y, x);
        curs_set(1);
    } else {
        curs_set(0);
    }
    wrefresh(stdscr);
}
// Forgets what the terminal shows and draws everything again (after a resize, Ctrl-L).
static inline void memoss_tui_redraw_all(void) { clearok(curscr, TRUE); }

// Suspends like Ctrl-Z in a shell (raw mode reads it as a key): ncurses gives the terminal back,
// and takes it again when the shell resumes the program.
static inline void memoss_tui_suspend(void) {
    endwin();
    raise(SIGTSTP);
    wrefresh(stdscr);
}

#endif
