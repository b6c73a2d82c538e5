// GNU readline for the memoss REPL (Debian: libreadline-dev).
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>
