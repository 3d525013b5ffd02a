// Prints the CPU time, in nanoseconds, that each process named on the command line has used so far: all its threads,
// those that have ended included (the kernel's process CPU clock, clock_getcpuclockid). Summing /proc/PID/task/*
// instead leaves out a thread that ends inside the window being measured.
// Usage: process-cpu PID [PID …]   → one line per PID
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: process-cpu PID [PID ...]\n");
        return 64;
    }
    for (int i = 1; i < argc; i++) {
        clockid_t clock;
        struct timespec now;
        int error = clock_getcpuclockid((pid_t)atoi(argv[i]), &clock);
        if (error != 0 || clock_gettime(clock, &now) != 0) {
            fprintf(stderr, "process-cpu: no CPU clock for process %s: %s\n", argv[i], strerror(error ? error : 1));
            return 1;
        }
        printf("%lld\n", (long long)now.tv_sec * 1000000000LL + now.tv_nsec);
    }
    return 0;
}
