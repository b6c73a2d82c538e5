#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdatomic.h>
#include <unistd.h>
#include "memoss_system.h"

/// The children started and not yet waited for; 0 marks a free slot. Read by the signal handler.
#define MEMOSS_CHILD_SLOTS 256
static atomic_int children[MEMOSS_CHILD_SLOTS];

static void remember(int pid) {
    for (int slot = 0; slot < MEMOSS_CHILD_SLOTS; slot++) {
        int free = 0;
        if (atomic_compare_exchange_strong(&children[slot], &free, pid)) return;
    }
}

void memoss_child_ended(int pid) {
    for (int slot = 0; slot < MEMOSS_CHILD_SLOTS; slot++) {
        int expected = pid;
        if (atomic_compare_exchange_strong(&children[slot], &expected, 0)) return;
    }
}

int memoss_spawn(const char *path, char *const argv[], char *const envp[], const char *folder, int in, int out, int err) {
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_t actions;
    if (posix_spawnattr_init(&attributes) != 0) return -1;
    if (posix_spawn_file_actions_init(&actions) != 0) { posix_spawnattr_destroy(&attributes); return -1; }
    sigset_t none, defaults;
    sigemptyset(&none);
    sigemptyset(&defaults);
    int reset[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGCHLD, SIGALRM, SIGUSR1, SIGUSR2};
    for (unsigned index = 0; index < sizeof reset / sizeof reset[0]; index++) sigaddset(&defaults, reset[index]);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
    if (in >= 0) posix_spawn_file_actions_adddup2(&actions, in, STDIN_FILENO);
    else posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    if (out >= 0) posix_spawn_file_actions_adddup2(&actions, out, STDOUT_FILENO);
    if (err >= 0) posix_spawn_file_actions_adddup2(&actions, err, STDERR_FILENO);
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    if (folder != NULL) posix_spawn_file_actions_addchdir_np(&actions, folder);
    pid_t pid = -1;
    int failure = posix_spawn(&pid, path, &actions, &attributes, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (failure != 0) { errno = failure; return -1; }
    return pid;
}

int memoss_spawn_child(const char *path, char *const argv[], char *const envp[], int out, int err) {
    int pid = memoss_spawn(path, argv, envp, NULL, -1, out, err);
    if (pid > 0) remember(pid);
    return pid;
}

static void stop_children(int received) {
    for (int slot = 0; slot < MEMOSS_CHILD_SLOTS; slot++) {
        int pid = atomic_load(&children[slot]);
        if (pid > 0) kill(-pid, SIGTERM);
    }
    _exit(128 + received);
}

void memoss_stop_children_on_signals(void) {
    struct sigaction action = {0};
    action.sa_handler = stop_children;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
}
