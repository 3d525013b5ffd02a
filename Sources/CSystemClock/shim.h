// What Swift's Glibc module leaves out about the system clock: <sys/timex.h> (adjtimex) and <sys/timerfd.h>
// (the timer thread's timer) are not part of it.
#include <sys/timerfd.h>
#include <sys/timex.h>
#include <time.h>

/// 1 when the kernel says the wall clock is synchronised (NTP, chrony, timesyncd cleared STA_UNSYNC), else 0.
/// adjtimex with modes = 0 only reads, so it needs no privilege.
static inline int stayfit_wall_clock_is_synchronised(void) {
    struct timex status = {0};
    return adjtimex(&status) != TIME_ERROR;
}

/// Seconds since boot, suspend included (CLOCK_BOOTTIME): the same for every process of one boot, so two runs of
/// the hub can measure the time between them without trusting the wall clock.
static inline double stayfit_seconds_since_boot(void) {
    struct timespec now = {0};
    if (clock_gettime(CLOCK_BOOTTIME, &now) != 0) return -1;
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}
