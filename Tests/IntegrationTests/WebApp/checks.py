"""What the browser checkers share: a failed check is counted and printed, and the run goes on; a wait polls with
a deadline (nothing sleeps to order events); a phone-sized headless Chromium, logged in, runs the checker's parts."""
import os
import sys
import time
import urllib.parse

from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

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


def path_of(driver):
    return urllib.parse.urlsplit(driver.current_url).path


def main_text(driver):
    """The page's main text; empty while the browser is between pages (the element it found went stale)."""
    try:
        return driver.find_element(By.TAG_NAME, "main").text
    except Exception:
        return ""


def run_logged_in(base, password, artifacts, parts, what):
    """Logs a phone-sized headless Chromium in at `base`, runs each of `parts` with it (a part that fails is
    counted, and the others still run), and exits 1 with the failures counted, or 0."""
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=390,844", "--hide-scrollbars"]:
        options.add_argument(argument)
    # The console, for a part that looks for the CSP's refusals.
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    os.makedirs(artifacts, exist_ok=True)
    driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
    try:
        driver.get(base + "/login")
        driver.find_element(By.ID, "password").send_keys(password)
        driver.find_element(By.CSS_SELECTOR, "form[action='/login'] button").click()
        wait_until(lambda: path_of(driver) == "/", "the login leads to the live page")
        for part in parts:
            try:
                part(driver)
            except AssertionError as error:
                check(False, "%s: %s" % (part.__name__, error))
            except Exception as error:  # a missing element, say: the part failed, the others still run
                check(False, "%s: %s: %s" % (part.__name__, type(error).__name__, str(error).splitlines()[0]))
    finally:
        driver.quit()
    if failures:
        print("%d checks failed" % len(failures), flush=True)
        sys.exit(1)
    print("all %s checks passed" % what, flush=True)
