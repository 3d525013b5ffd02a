// The libraries loaded into this process and their relocation tables, from the dynamic linker's own list
// (dl_iterate_phdr): what Swift's Glibc module leaves out. ElfW() keeps it right on 32-bit Arm too.
#ifndef STAYFIT_LOADED_LIBRARIES_H
#define STAYFIT_LOADED_LIBRARIES_H

#include <link.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

// Swift's Glibc module reads <link.h> without _GNU_SOURCE, which hides dl_iterate_phdr and its struct. These are
// the struct's first four members, which glibc has kept since the call first appeared (later ones are reported
// through the callback's size argument, and not used here), and the same function under a name of our own.
struct stayfit_library_info {
    ElfW(Addr) dlpi_addr;
    const char *dlpi_name;
    const ElfW(Phdr) *dlpi_phdr;
    ElfW(Half) dlpi_phnum;
};
extern int stayfit_dl_iterate_phdr(
    int (*callback)(struct stayfit_library_info *, size_t, void *), void *data) __asm__("dl_iterate_phdr");

/// Called once for each table: the library's path and the whole pages [start, end) that hold only the table.
typedef void (*stayfit_table_visitor)(const char *library, uintptr_t start, uintptr_t end, void *context);

/// 1 when [start, end) lies inside one PT_LOAD segment that the file maps without write permission (PF_W) and
/// outside PT_GNU_RELRO. Nothing in such a range is ever written: its pages are always the file's own bytes.
static inline int stayfit_range_is_never_written(
    const ElfW(Phdr) *headers, int count, uintptr_t base, uintptr_t start, uintptr_t end) {
    int inside = 0;
    for (int i = 0; i < count; i++) {
        uintptr_t from = base + headers[i].p_vaddr, to = from + headers[i].p_memsz;
        if (headers[i].p_type == PT_GNU_RELRO && start < to && from < end) return 0;
        if (headers[i].p_type == PT_LOAD && start >= from && end <= to) inside = !(headers[i].p_flags & PF_W);
    }
    return inside;
}

/// A dynamic-section address as an address in this process. Where the dynamic section is writable (x86-64, AArch64,
/// Arm), glibc adds the load address in place to the entries it uses (DT_RELA or DT_REL, whichever the architecture
/// has, DT_JMPREL, and DT_RELR since 2.36); others, and all of them on RISC-V and MIPS, stay file addresses. A library
/// is never loaded below its own size, so a value at or above the load address is already moved. (Were it judged
/// wrong, the range would fail the segment check or lie in the same never-written segment: nothing is lost.)
static inline uintptr_t stayfit_dynamic_address(uintptr_t base, ElfW(Addr) value) {
    return (base != 0 && value >= base) ? (uintptr_t)value : base + (uintptr_t)value;
}

struct stayfit_table_walk {
    stayfit_table_visitor visitor;
    void *context;
};

static inline void stayfit_visit_table(
    const struct stayfit_library_info *info, ElfW(Addr) address, size_t size, const struct stayfit_table_walk *walk) {
    if (address == 0 || size == 0) return;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t start = stayfit_dynamic_address(info->dlpi_addr, address), end = start + size;
    if (!stayfit_range_is_never_written(info->dlpi_phdr, info->dlpi_phnum, info->dlpi_addr, start, end)) return;
    // Whole pages only: the pages at either end may hold a neighbour that is still read.
    uintptr_t first = (start + page - 1) & ~(page - 1), last = end & ~(page - 1);
    if (first < last) walk->visitor(info->dlpi_name, first, last, walk->context);
}

static inline int stayfit_visit_library(struct stayfit_library_info *info, size_t size, void *data) {
    (void)size;
    const struct stayfit_table_walk *walk = data;
    // Files only: the main program has no name here and the vDSO is no file.
    if (info->dlpi_name == NULL || info->dlpi_name[0] != '/') return 0;
    const ElfW(Dyn) *dynamic = NULL;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        if (info->dlpi_phdr[i].p_type == PT_DYNAMIC)
            dynamic = (const ElfW(Dyn) *)(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
    }
    if (dynamic == NULL) return 0;
    ElfW(Addr) rela = 0, rel = 0, relr = 0, plt = 0;
    size_t relaSize = 0, relSize = 0, relrSize = 0, pltSize = 0;
    int boundNow = 0;
    for (const ElfW(Dyn) *entry = dynamic; entry->d_tag != DT_NULL; entry++) {
        switch (entry->d_tag) {
        case DT_TEXTREL: return 0;  // relocations written into code: leave such a library alone
        case DT_FLAGS:
            if (entry->d_un.d_val & DF_TEXTREL) return 0;
            if (entry->d_un.d_val & DF_BIND_NOW) boundNow = 1;
            break;
        case DT_FLAGS_1:
            if (entry->d_un.d_val & DF_1_NOW) boundNow = 1;
            break;
        case DT_BIND_NOW: boundNow = 1; break;
        case DT_RELA: rela = entry->d_un.d_ptr; break;
        case DT_RELASZ: relaSize = entry->d_un.d_val; break;
        case DT_REL: rel = entry->d_un.d_ptr; break;
        case DT_RELSZ: relSize = entry->d_un.d_val; break;
#ifdef DT_RELR
        case DT_RELR: relr = entry->d_un.d_ptr; break;
        case DT_RELRSZ: relrSize = entry->d_un.d_val; break;
#endif
        case DT_JMPREL: plt = entry->d_un.d_ptr; break;
        case DT_PLTRELSZ: pltSize = entry->d_un.d_val; break;
        }
    }
    stayfit_visit_table(info, rela, relaSize, walk);
    stayfit_visit_table(info, rel, relSize, walk);
    stayfit_visit_table(info, relr, relrSize, walk);
    // A lazily bound library looks its PLT relocations up again on each function's first call.
    if (boundNow) stayfit_visit_table(info, plt, pltSize, walk);
    return 0;
}

/// Visits the relocation tables of every library loaded now: the tables the dynamic linker read to load them and
/// reads no more. The visitor runs under the dynamic linker's lock: it must not load or unload libraries.
static inline void stayfit_visit_relocation_tables(stayfit_table_visitor visitor, void *context) {
    struct stayfit_table_walk walk = {visitor, context};
    stayfit_dl_iterate_phdr(stayfit_visit_library, &walk);
}

static inline void stayfit_release_table(const char *library, uintptr_t start, uintptr_t end, void *context) {
    (void)library;
    if (madvise((void *)start, end - start, MADV_DONTNEED) == 0) *(size_t *)context += end - start;
}

/// Unmaps the pages of every table `stayfit_visit_relocation_tables` visits (MADV_DONTNEED: never written, they come
/// back from the file if read again); returns the bytes they span. It unmaps inside the walk, under the dynamic
/// linker's lock, so no library can be unloaded and another loaded at the same address in between.
static inline size_t stayfit_release_relocation_tables(void) {
    size_t released = 0;
    stayfit_visit_relocation_tables(stayfit_release_table, &released);
    return released;
}

#endif
