#include <malloc.h>
#include <math.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/timerfd.h>
#include <unistd.h>
#include "memoss_system.h"

int memoss_wall_clock_timer(double deadline) {
    int timer = timerfd_create(CLOCK_REALTIME, TFD_CLOEXEC);
    if (timer < 0) return -1;
    struct itimerspec spec = {0};
    double whole = floor(deadline);
    spec.it_value.tv_sec = (time_t)whole;
    spec.it_value.tv_nsec = (long)((deadline - whole) * 1e9);
    if (spec.it_value.tv_sec <= 0 && spec.it_value.tv_nsec <= 0) spec.it_value.tv_nsec = 1;
    if (timerfd_settime(timer, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &spec, NULL) != 0) {
        close(timer);
        return -1;
    }
    return timer;
}

int memoss_die_with_parent(int parent) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return -1;
    // The parent may have ended before the request took effect.
    if (getppid() != parent) { kill(getpid(), SIGKILL); }
    return 0;
}

void memoss_tune_malloc(int trim, int mapped) {
    mallopt(M_TRIM_THRESHOLD, trim);
    mallopt(M_MMAP_THRESHOLD, mapped);
}
