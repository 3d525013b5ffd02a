#!/usr/bin/env python3
"""Turn a function trace into lld's symbol ordering file.

Usage: functions-to-order.py TRACE [MORE_TRACES...] BINARY > stayfit.order
TRACE holds "address order" lines from function-trace.c; BINARY is the traced executable (with its
symbol table). Prints every name of every function run, sorted: the linker places them together,
which is what keeps the resident set small, and a sorted list changes only where the code did
(first-run order would differ from one traced run to the next with thread timing).
The functions of each further trace that the ones before did not run come after them, sorted in
their own group: the core hub's code stays together, and what only audio runs follows it.
"""
import subprocess
import sys

*trace_paths, binary = sys.argv[1:]
names = {}
nm = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True)
for line in nm.stdout.splitlines():
    fields = line.split(maxsplit=2)
    if len(fields) == 3 and fields[1] in "tTwW":
        names.setdefault(int(fields[0], 16), []).append(fields[2])
listed = set()
for trace_path in trace_paths:
    run = {int(line.split()[0], 16) for line in open(trace_path)}
    group = sorted({name for address in run for name in names.get(address, [])} - listed)
    listed.update(group)
    if group:
        print("\n".join(group))
