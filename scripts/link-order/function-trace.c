// Records which functions of the executable a process runs, in the order it first runs them.
//
// Loaded with LD_PRELOAD next to `stayfit`, it writes a breakpoint (int3) over the first byte of every
// function listed in FUNCTION_TRACE_IN (one hexadecimal ELF address per line). The first call of a
// function traps; the SIGTRAP handler notes the function, puts its first byte back and lets it run.
// Each breakpoint fires at most once, so the traced program runs at nearly full speed.
// FUNCTION_TRACE_AFTER seconds after start the functions run so far are written to FUNCTION_TRACE_OUT,
// one "address order" line each. scripts/update-link-order turns them into the linker's order file.
//
// Only for x86-64: the breakpoint instruction and the program counter are architecture specific.
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#if !defined(__x86_64__)
#error "function-trace.c writes x86-64 breakpoints; port onTrap and the int3 byte first"
#endif

enum { int3 = 0xCC };
static uintptr_t *functions;  // run-time addresses, sorted
static uint8_t *originalByte;
static uint32_t *firstRun;  // 0 = not run yet
static size_t functionCount;
static uintptr_t loadBase = UINTPTR_MAX;
static uint32_t counter;

static long indexOf(uintptr_t address) {
  size_t low = 0, high = functionCount;
  while (low < high) {
    size_t middle = (low + high) / 2;
    if (functions[middle] < address) low = middle + 1; else high = middle;
  }
  return low < functionCount && functions[low] == address ? (long)low : -1;
}

static void onTrap(int signal, siginfo_t *info, void *context) {
  (void)info;
  ucontext_t *state = context;
  uintptr_t breakpoint = (uintptr_t)state->uc_mcontext.gregs[REG_RIP] - 1;
  long index = indexOf(breakpoint);
  if (index < 0) {  // not one of ours: trap as the program would have without the tracer
    struct sigaction fallback = {.sa_handler = SIG_DFL};
    sigaction(signal, &fallback, NULL);
    raise(signal);
    return;
  }
  uint32_t unset = 0;
  // Two threads may meet the same breakpoint; both go back to the function's first instruction.
  if (__atomic_compare_exchange_n(&firstRun[index], &unset, __atomic_add_fetch(&counter, 1, __ATOMIC_RELAXED),
                                  0, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
    *(volatile uint8_t *)breakpoint = originalByte[index];
  state->uc_mcontext.gregs[REG_RIP] = (greg_t)breakpoint;
}

static void *writeLater(void *unused) {
  (void)unused;
  const char *after = getenv("FUNCTION_TRACE_AFTER");
  sleep(after ? (unsigned)atoi(after) : 8);
  // Written aside and renamed, so whoever waits for the file never reads half of it.
  char partial[4096];
  snprintf(partial, sizeof partial, "%s.partial", getenv("FUNCTION_TRACE_OUT"));
  FILE *out = fopen(partial, "w");
  if (!out) return NULL;
  for (size_t i = 0; i < functionCount; i++)
    if (firstRun[i]) fprintf(out, "%lx %u\n", (unsigned long)(functions[i] - loadBase), firstRun[i]);
  if (fclose(out) == 0) rename(partial, getenv("FUNCTION_TRACE_OUT"));
  return NULL;
}

static int compareAddresses(const void *a, const void *b) {
  uintptr_t x = *(const uintptr_t *)a, y = *(const uintptr_t *)b;
  return x < y ? -1 : x > y;
}

__attribute__((constructor)) static void startTracing(void) {
  const char *listPath = getenv("FUNCTION_TRACE_IN");
  if (!listPath || !getenv("FUNCTION_TRACE_OUT")) return;
  char exe[4096];
  ssize_t length = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (length < 0) return;
  exe[length] = 0;

  // The executable's code: its mappings with execute permission. A PIE's lowest mapping is ELF address 0.
  uintptr_t codeLow[8], codeHigh[8];
  int codeCount = 0;
  FILE *maps = fopen("/proc/self/maps", "r");
  char line[8192];
  while (maps && fgets(line, sizeof line, maps)) {
    unsigned long low, high;
    char permissions[8];
    const char *path = strchr(line, '/');  // the rest of the line, spaces and all
    line[strcspn(line, "\n")] = 0;
    if (sscanf(line, "%lx-%lx %7s", &low, &high, permissions) < 3 || !path || strcmp(path, exe) != 0) continue;
    if (low < loadBase) loadBase = low;
    if (permissions[2] == 'x' && codeCount < 8) codeLow[codeCount] = low, codeHigh[codeCount++] = high;
  }
  if (maps) fclose(maps);

  FILE *list = fopen(listPath, "r");
  if (!list) return;
  size_t capacity = 1 << 16;
  functions = malloc(capacity * sizeof *functions);
  unsigned long address;
  while (fscanf(list, "%lx", &address) == 1) {
    uintptr_t runtime = loadBase + address;
    int inCode = 0;
    for (int i = 0; i < codeCount; i++) inCode |= runtime >= codeLow[i] && runtime < codeHigh[i];
    if (!inCode) continue;
    if (functionCount == capacity) functions = realloc(functions, (capacity *= 2) * sizeof *functions);
    functions[functionCount++] = runtime;
  }
  fclose(list);
  qsort(functions, functionCount, sizeof *functions, compareAddresses);
  size_t unique = 0;
  for (size_t i = 0; i < functionCount; i++)
    if (unique == 0 || functions[i] != functions[unique - 1]) functions[unique++] = functions[i];
  functionCount = unique;
  originalByte = malloc(functionCount);
  firstRun = calloc(functionCount, sizeof *firstRun);

  struct sigaction action = {.sa_sigaction = onTrap, .sa_flags = SA_SIGINFO | SA_NODEFER};
  sigemptyset(&action.sa_mask);
  sigaction(SIGTRAP, &action, NULL);
  for (int i = 0; i < codeCount; i++)
    mprotect((void *)codeLow[i], codeHigh[i] - codeLow[i], PROT_READ | PROT_WRITE | PROT_EXEC);
  for (size_t i = 0; i < functionCount; i++) {
    originalByte[i] = *(uint8_t *)functions[i];
    *(uint8_t *)functions[i] = int3;
  }
  pthread_t thread;
  pthread_create(&thread, NULL, writeLater, NULL);
  pthread_detach(thread);
}
