"""What both browser checkers share: a failed check is counted and printed, and the run goes on; a wait polls with
a deadline (nothing sleeps to order events)."""
import time

DEADLINE = 90
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAILED:", what, flush=True)


def wait_until(predicate, what, timeout=DEADLINE):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("timed out waiting until " + what)
