"""The web app of a running hub, checked as a person and as an attacker would: a real browser (headless Chromium
driven by Selenium) logs in, watches the live page and pauses the workout; plain HTTP requests then try every way
in that must be refused. Run by WebAppTests.swift; prints what failed and exits 1, or exits 0.

Arguments: base URL, password, stayfit binary, data directory, the hub's output file, the screenshots' folder.
Every wait polls with a deadline; nothing sleeps to order events.
"""
import http.client
import time
import os
import re
import subprocess
import sys
import urllib.parse

from checks import check, failures, wait_until

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

BASE, PASSWORD, STAYFIT, DATA, HUB_OUTPUT, ARTIFACTS = sys.argv[1:7]
HOST = urllib.parse.urlsplit(BASE).hostname
PORT = urllib.parse.urlsplit(BASE).port
NEW_PASSWORD = "a new one, changed while the hub runs"
SECURITY_HEADERS = {
    "content-security-policy": "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


def hub_output():
    with open(HUB_OUTPUT, encoding="utf-8", errors="replace") as file:
        return file.read()


class Answer:
    def __init__(self, status, headers, body):
        self.status, self.headers, self.body = status, headers, body

    def header(self, name):
        return self.headers.get(name.lower())

    def cookies(self):
        return self.headers.get("set-cookie-all", [])


def request(method, path, headers=None, body=b"", read_limit=200_000):
    """One request on its own connection, the path sent exactly as written (no normalising), no redirects."""
    connection = http.client.HTTPConnection(HOST, PORT, timeout=30)
    try:
        connection.putrequest(method, path, skip_accept_encoding=True)
        headers = dict(headers or {})
        if body or method == "POST":
            headers.setdefault("Content-Length", str(len(body)))
        for name, value in headers.items():
            connection.putheader(name, value)
        connection.endheaders()
        if body:
            try:
                connection.send(body)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the server answered before reading it all, as it should for a body it refuses
        response = connection.getresponse()
        lowered = {name.lower(): value for name, value in response.getheaders()}
        lowered["set-cookie-all"] = [value for name, value in response.getheaders() if name.lower() == "set-cookie"]
        return Answer(response.status, lowered, response.read(read_limit))
    finally:
        connection.close()


def cookie_value(answer, name):
    for line in answer.cookies():
        match = re.match(name + r"=([^;]*)", line)
        if match:
            return match.group(1), line
    return None, None


def log_in(password, client_headers=None):
    """GET the form, POST it back with its cookie: the answer to the POST."""
    form = request("GET", "/login", client_headers)
    token = re.search(rb'name="csrf" value="([0-9a-f]{64})"', form.body)
    login_cookie, _ = cookie_value(form, "stayfit_login")
    if not token or not login_cookie:
        raise AssertionError("the login form has no token or no cookie: %r" % form.body[:300])
    body = urllib.parse.urlencode({"csrf": token.group(1).decode(), "password": password}).encode()
    headers = dict(client_headers or {})
    headers.update({"Content-Type": "application/x-www-form-urlencoded", "Cookie": "stayfit_login=" + login_cookie})
    return request("POST", "/login", headers, body)


def session_of(answer):
    value, line = cookie_value(answer, "stayfit_session")
    if value:
        print("TOKEN", value, flush=True)
    return value, line


def csrf_of_page(session):
    page = request("GET", "/", {"Cookie": "stayfit_session=" + session})
    match = re.search(rb'name="csrf-token" content="([0-9a-f]{64})"', page.body)
    if not match:
        raise AssertionError("the live page has no CSRF token")
    print("TOKEN", match.group(1).decode(), flush=True)
    return match.group(1).decode()


def has_security_headers(answer, what):
    for name, value in SECURITY_HEADERS.items():
        check(answer.header(name) == value, "%s: %s is %r" % (what, name, answer.header(name)))


# MARK: - A person, in a real browser

def browser_checks():
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1920,1080", "--hide-scrollbars"]:
        options.add_argument(argument)
    # The driver is given: Selenium Manager would otherwise look for one on the network.
    driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
    try:
        driver.get(BASE + "/")
        check(urllib.parse.urlsplit(driver.current_url).path == "/login", "a page without a session goes to /login")
        driver.find_element(By.ID, "password").send_keys(PASSWORD)
        driver.find_element(By.CSS_SELECTOR, "form[action='/login'] button").click()
        wait_until(lambda: urllib.parse.urlsplit(driver.current_url).path == "/", "the login leads to the live page")
        for cookie in driver.get_cookies():
            if cookie["name"] == "stayfit_session":
                print("TOKEN", cookie["value"], flush=True)
                check(cookie.get("httpOnly") is True, "the session cookie is HttpOnly")
                check(cookie.get("sameSite") == "Strict", "the session cookie is SameSite=Strict")

        text = lambda element_id: driver.find_element(By.ID, element_id).text
        wait_until(lambda: driver.find_element(By.ID, "connection").get_attribute("data-connected") == "true",
                   "the page's event stream is open")
        first = wait_until(lambda: text("time-value") if text("time-value") not in ("", "--") else None,
                           "the time tile shows the workout's time")
        wait_until(lambda: text("time-value") not in (first, "--"), "the time tile changes")
        wait_until(lambda: text("energy-value") != "--", "the energy tile is filled")
        wait_until(lambda: text("heart-rate-value").endswith("bpm"), "the heart-rate tile is filled")
        wait_until(lambda: driver.find_element(By.ID, "heart-rate").get_attribute("data-zone") in list("12345"),
                   "the heart-rate tile has its zone (the profile's birth date gives the maximum)")
        wait_until(lambda: driver.find_element(By.ID, "state").get_attribute("data-state") == "running",
                   "the page says the workout runs")

        # Pause from the page: the hub itself pauses (its console says so), and the page then shows it.
        check("Workout paused." not in hub_output(), "the hub had not paused before the page's button")
        driver.find_element(By.ID, "control-start-pause-resume").click()
        wait_until(lambda: "Workout paused." in hub_output(), "the hub says the workout paused")
        wait_until(lambda: driver.find_element(By.ID, "state").get_attribute("data-state") == "paused",
                   "the page shows the hub's pause")
        paused_at = text("time-value")

        # Stop asks first; keeping going stops nothing.
        driver.find_element(By.ID, "control-stop").click()
        wait_until(lambda: driver.find_element(By.ID, "stop-confirm").is_displayed(), "stop asks to confirm")
        driver.find_element(By.ID, "stop-no").click()
        wait_until(lambda: not driver.find_element(By.ID, "stop-confirm").is_displayed(), "keep going closes it")

        driver.find_element(By.ID, "control-start-pause-resume").click()
        wait_until(lambda: driver.find_element(By.ID, "state").get_attribute("data-state") == "running",
                   "the page shows the hub resumed")
        wait_until(lambda: text("time-value") != paused_at, "the time runs again after the resume")
        check("Workout stopped" not in hub_output() and "Workout finished" not in hub_output(),
              "keep going did not stop the workout")

        os.makedirs(ARTIFACTS, exist_ok=True)
        for width, height in [(1920, 1080), (390, 844)]:
            driver.set_window_size(width, height)
            wait_until(lambda: driver.execute_script("return window.innerWidth") <= width, "the window is resized")
            overflow = driver.execute_script(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
            check(overflow <= 0, "at %dx%d the live page fits its width (%d px too wide)" % (width, height, overflow))
            driver.execute_script("window.scrollTo(0, 0)")
            driver.save_screenshot(os.path.join(ARTIFACTS, "live-%dx%d.png" % (width, height)))
    finally:
        driver.quit()


# MARK: - An attacker, with plain requests

def security_checks():
    # No session: pages go to the login, the stream and every POST are refused.
    for path in ["/", "/history", "/stats?period=week", "/workouts/1", "/no-such-page"]:
        answer = request("GET", path)
        check(answer.status == 303 and answer.header("location") == "/login",
              "GET %s without a session: %d %r" % (path, answer.status, answer.header("location")))
        has_security_headers(answer, "GET " + path)
    answer = request("GET", "/live/events")
    check(answer.status == 401, "the event stream without a session: %d" % answer.status)
    for path in ["/control/start-pause-resume", "/control/stop", "/logout", "/workouts/1/delete"]:
        answer = request("POST", path, {"Content-Type": "application/x-www-form-urlencoded"}, b"csrf=" + b"0" * 64)
        check(answer.status == 401, "POST %s without a session: %d" % (path, answer.status))
    forged = request("GET", "/", {"Cookie": "stayfit_session=" + "0" * 64})
    check(forged.status == 303, "a made-up session cookie: %d" % forged.status)

    # The login form's own token: a login posted without it (from another site) is refused.
    answer = request("POST", "/login", {"Content-Type": "application/x-www-form-urlencoded"},
                     urllib.parse.urlencode({"password": PASSWORD}).encode())
    check(answer.status == 403 and not session_of(answer)[0], "a login without its form token: %d" % answer.status)

    login = log_in(PASSWORD)
    session, line = session_of(login)
    check(login.status == 303 and session, "the right password logs in: %d" % login.status)
    check(line and "HttpOnly" in line and "SameSite=Strict" in line and "Path=/" in line,
          "the session cookie's attributes: %r" % line)
    cookie = {"Cookie": "stayfit_session=" + session}
    page = request("GET", "/", cookie)
    check(page.status == 200 and page.header("cache-control") == "no-store", "the live page, logged in")
    has_security_headers(page, "the live page")
    csrf = csrf_of_page(session)

    # POSTs need the session's CSRF token.
    before = hub_output().count("Lap 1")
    for headers, body, what in [
        ({}, b"", "no token"),
        ({"X-CSRF-Token": "0" * 64}, b"", "a wrong token in the header"),
        ({"Content-Type": "application/x-www-form-urlencoded"}, b"csrf=" + b"f" * 64, "a wrong token in the form"),
        ({"X-CSRF-Token": csrf[:-1]}, b"", "a cut token"),
    ]:
        answer = request("POST", "/control/lap", dict(cookie, **headers), body)
        check(answer.status == 403, "POST /control/lap with %s: %d" % (what, answer.status))
        has_security_headers(answer, "a refused POST")
    check(hub_output().count("Lap 1") == before, "a refused POST made no lap")
    answer = request("POST", "/control/lap", dict(cookie, **{"X-CSRF-Token": csrf}))
    check(answer.status == 204, "POST /control/lap with its token: %d" % answer.status)
    wait_until(lambda: hub_output().count("Lap 1") > before, "the hub closes a lap for the page's button")
    answer = request("POST", "/control/format-disk", dict(cookie, **{"X-CSRF-Token": csrf}))
    check(answer.status == 404, "an unknown control: %d" % answer.status)

    # The static files, and nothing beside them.
    answer = request("GET", "/static/live.js")
    check(answer.status == 200 and b"EventSource" in answer.body, "the live script is served: %d" % answer.status)
    has_security_headers(answer, "a static file")
    for path in ["/static/../stayfit.sqlite", "/static/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/static/..%2fstayfit.toml",
                 "/static/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/static/..%252f..%252fetc%252fpasswd",
                 "/static/....//....//etc/passwd", "/static/live.js/../../../etc/passwd", "/static/%00live.js",
                 "/static//etc/passwd", "/static/web.css%00.png", "/static/.%2e/.%2e/etc/passwd"]:
        for headers in [{}, cookie]:
            answer = request("GET", path, headers)
            check(answer.status != 200 and b"root:" not in answer.body and b"SQLite format" not in answer.body,
                  "GET %s (%s): %d" % (path, "logged in" if headers else "no session", answer.status))

    # Bodies too large: refused with 413 before they are read, never a crash.
    answer = request("POST", "/control/lap", dict(cookie, **{"X-CSRF-Token": csrf}), b"x" * (6 * 1024 * 1024))
    check(answer.status == 413, "a 6 MB body: %d" % answer.status)
    answer = request("POST", "/login", {"Content-Type": "application/x-www-form-urlencoded"},
                     b"password=" + b"x" * 100_000)
    check(answer.status == 413, "a 100 kB login form: %d" % answer.status)
    answer = request("POST", "/control/lap", dict(cookie, **{"Content-Type": "application/x-www-form-urlencoded"}),
                     b"csrf=" + csrf.encode() + b"&x=" + b"y" * 100_000)
    check(answer.status == 413, "a 100 kB control form: %d" % answer.status)
    check(request("GET", "/", cookie).status == 200, "the hub still serves after the large bodies")

    # A password changed by the CLI while the hub runs ends the sessions made under the old one.
    changed = subprocess.run([STAYFIT, "web", "password", "--data-dir", DATA], input=NEW_PASSWORD + "\n",
                             capture_output=True, text=True, timeout=120)
    check(changed.returncode == 0, "stayfit web password while the hub runs: %s" % changed.stderr)
    answer = request("GET", "/", cookie)
    check(answer.status == 303, "a session from before the password change, GET /: %d" % answer.status)
    answer = request("GET", "/live/events", cookie)
    check(answer.status == 401, "a session from before the password change, the stream: %d" % answer.status)
    answer = request("POST", "/control/lap", dict(cookie, **{"X-CSRF-Token": csrf}))
    check(answer.status == 401, "a session from before the password change, a POST: %d" % answer.status)
    check(log_in(PASSWORD).status == 401, "the old password no longer logs in")
    login = log_in(NEW_PASSWORD)
    check(login.status == 303 and session_of(login)[0], "the new password logs in: %d" % login.status)

    # 100 wrong passwords: a few are looked at, the rest refused with 429, and the right one then waits too.
    statuses = []
    for attempt in range(100):
        answer = log_in("wrong password %d" % attempt)
        statuses.append(answer.status)
        check(not session_of(answer)[0], "a wrong password made a session")
    print("wrong passwords:", {status: statuses.count(status) for status in set(statuses)}, flush=True)
    check(statuses[:5] == [401] * 5, "the first 5 wrong passwords are told wrong: %r" % statuses[:5])
    check(statuses.count(429) >= 90, "most of 100 wrong passwords are refused unread: %d" % statuses.count(429))
    # The right one must come while a wait lasts. A fast hub refuses all 95 within the first 1 s wait, so the wait
    # could end before the right one comes: more wrong ones, until one says at least 4 s are left (each counted
    # one doubles the wait), makes the margin seconds, not milliseconds, on a loaded machine too.
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        answer = log_in("wrong password again")
        if answer.status == 429 and int(answer.header("retry-after") or 0) >= 4:
            break
    right = log_in(NEW_PASSWORD)
    check(right.status == 429 and not session_of(right)[0],
          "the right password right after 100 wrong ones waits like them: %d" % right.status)
    check(right.header("retry-after") is not None and int(right.header("retry-after")) >= 1,
          "429 says how long to wait: %r" % right.header("retry-after"))


def main():
    try:
        browser_checks()
        security_checks()
    except AssertionError as error:
        failures.append(str(error))
        print("FAILED:", error, flush=True)
    if failures:
        print("%d checks failed" % len(failures), flush=True)
        sys.exit(1)
    print("all web checks passed", flush=True)


main()
