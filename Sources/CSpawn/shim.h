// What Swift's Glibc module leaves out for starting child processes: both are GNU extensions, declared by glibc's
// headers only under _GNU_SOURCE, which the Glibc module is not built with. glibc has both since 2.34 (Debian 12
// ships 2.36).
#include <spawn.h>

/// Closes every descriptor from `from` up in the child, at spawn time: no descriptor another thread opens meanwhile
/// (a pipe, Foundation's process-monitoring socket) leaks into a long-lived child and keeps its peer from an end.
int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

/// A pipe whose ends are made with `flags` (O_CLOEXEC) in one step.
int pipe2(int pipefd[2], int flags);
