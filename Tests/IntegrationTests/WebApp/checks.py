"""What both browser checkers share: a failed check is counted and printed, and the run goes on; a wait polls with
a deadline (nothing sleeps to order events)."""
import time

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException

DEADLINE = 90
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAILED:", what, flush=True)


def wait_until(predicate, what, timeout=DEADLINE):
    """Polls `predicate` until it is true. A page that is being replaced (a form's answer loading) is "not yet":
    an element of the old page goes stale, and the new one may not be there for a moment."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            value = predicate()
        except (StaleElementReferenceException, NoSuchElementException):
            value = None
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("timed out waiting until " + what)
