#!/usr/bin/env python3
"""Turn a function trace into lld's symbol ordering file.

Usage: functions-to-order.py TRACE BINARY > stayfit.order
TRACE holds "address order" lines from function-trace.c; BINARY is the traced executable (with its
symbol table). Prints the names of the functions run, first run first, every name of an address.
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
runs = sorted((int(order), int(address, 16)) for address, order in (line.split() for line in open(trace_path)))
for _, address in runs:
    for name in names.get(address, []):
        print(name)
