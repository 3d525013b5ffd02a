#!/usr/bin/env python3
"""Turn a function trace into lld's symbol ordering file.

Usage: functions-to-order.py TRACE BINARY > stayfit.order
TRACE holds "address order" lines from function-trace.c; BINARY is the traced executable (with its
symbol table). Prints every name of every function run, sorted: the linker places them together,
which is what keeps the resident set small, and a sorted list changes only where the code did
(first-run order would differ from one traced run to the next with thread timing).
"""
import subprocess
import sys

trace_path, binary = sys.argv[1], sys.argv[2]
names = {}
nm = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True)
for line in nm.stdout.splitlines():
    fields = line.split(maxsplit=2)
    if len(fields) == 3 and fields[1] in "tTwW":
        names.setdefault(int(fields[0], 16), []).append(fields[2])
run = {int(line.split()[0], 16) for line in open(trace_path)}
print("\n".join(sorted({name for address in run for name in names.get(address, [])})))
