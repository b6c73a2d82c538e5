// What the terminal database (terminfo, from ncurses; Debian: libncurses-dev) says a terminal can
// show, for the fronts' colours.
#include <stddef.h>
// As memoss-tui's ncursesw sees curses.h (CNcurses), so that a program with both modules has one
// definition of its structures.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <curses.h>
#include <term.h>

/// The capabilities of the terminal `name` (TERM) that output uses: `colors` (its number of
/// colours, -1 for none), whether it has `bold` and `dim`. Returns 0 when the terminal is known,
/// -1 when the database does not have it.
static inline int memoss_terminfo_query(const char *name, int *colors, int *bold, int *dim) {
    int error = 0;
    TERMINAL *previous = cur_term;
    if (setupterm(name, 1, &error) != OK) return -1;
    *colors = tigetnum("colors");
    char *text = tigetstr("bold");
    *bold = text != NULL && text != (char *)-1;
    text = tigetstr("dim");
    *dim = text != NULL && text != (char *)-1;
    TERMINAL *read = set_curterm(previous);
    if (read != NULL && read != previous) del_curterm(read);
    return 0;
}
