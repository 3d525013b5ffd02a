// libmpv alone in a process of its own, with nothing of the hub: loaded as the hub loads it (dlopen, RTLD_NOW),
// playing a file into a WAV file (ao=pcm, as the hub's file output), then its RSS and PSS after `seconds`. The least
// a separate audio process that the hub supervised would weigh, before any code of its own (IPC, the speech path).
// Usage: mpv-alone FILE OUT.wav SECONDS   (built and run by Benchmarks/hub-audio-footprint)
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef void *(*create_t)(void);
typedef int (*initialize_t)(void *);
typedef int (*set_option_t)(void *, const char *, const char *);
typedef int (*command_t)(void *, const char **);

static long kilobytes(const char *field) {
    FILE *rollup = fopen("/proc/self/smaps_rollup", "r");
    char line[256];
    long value = -1;
    while (rollup && fgets(line, sizeof line, rollup))
        if (strncmp(line, field, strlen(field)) == 0) value = atol(line + strlen(field));
    if (rollup) fclose(rollup);
    return value;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s FILE OUT.wav SECONDS\n", argv[0]);
        return 2;
    }
    void *library = dlopen("libmpv.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        fprintf(stderr, "%s\n", dlerror());
        return 1;
    }
    create_t create = (create_t)dlsym(library, "mpv_create");
    initialize_t initialize = (initialize_t)dlsym(library, "mpv_initialize");
    set_option_t set = (set_option_t)dlsym(library, "mpv_set_option_string");
    command_t command = (command_t)dlsym(library, "mpv_command");
    void *player = create();
    if (!player) return 1;
    set(player, "vo", "null");
    set(player, "ao", "pcm");
    set(player, "ao-pcm-file", argv[2]);
    set(player, "ao-pcm-waveheader", "yes");
    if (initialize(player) < 0) return 1;
    const char *load[] = {"loadfile", argv[1], NULL};
    if (command(player, load) < 0) return 1;
    sleep((unsigned)atoi(argv[3]));
    printf("RSS %6.1f MB  PSS %6.1f MB\n", kilobytes("Rss:") / 1024.0, kilobytes("Pss:") / 1024.0);
    return 0;
}
