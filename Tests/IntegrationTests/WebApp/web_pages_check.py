"""The web app's pages beyond Live, as a person uses them in a real browser (headless Chromium through Selenium):
history, a workout's page and its GPX (read back by gpxpy), a program voted on, copied and edited, a food
added, and reminders added, refused, turned off, edited and deleted. Run by WebPagesTests.swift; prints what failed and exits 1, or exits 0.

Arguments: base URL, password, the screenshots' folder. Every wait polls with a deadline; nothing sleeps.
"""
import http.client
import os
import re
import sys
import urllib.parse

import gpxpy
from selenium.webdriver.common.by import By

from checks import check, main_text, path_of, run_logged_in, wait_until

BASE, PASSWORD, ARTIFACTS = sys.argv[1:4]



def download(path, driver):
    """GET `path` with the browser's session cookie, as the browser's own download would."""
    cookie = "; ".join("%s=%s" % (c["name"], c["value"]) for c in driver.get_cookies())
    split = urllib.parse.urlsplit(BASE)
    connection = http.client.HTTPConnection(split.hostname, split.port, timeout=30)
    connection.request("GET", path, headers={"Cookie": cookie})
    answer = connection.getresponse()
    return answer.status, dict((k.lower(), v) for k, v in answer.getheaders()), answer.read()



def history_and_gpx(driver):
    driver.get(BASE + "/history")
    links = driver.find_elements(By.CSS_SELECTOR, "main a[href^='/workouts/']")
    check(len(links) >= 1, "the history lists the demo workout")
    links[0].click()
    wait_until(lambda: re.fullmatch(r"/workouts/\d+", path_of(driver)), "a workout's page opens")
    text = main_text(driver)
    distance = re.search(r"([0-9.]+) km", text)
    check(distance is not None, "the workout's page shows its distance: %r" % text[:300])
    pictures = driver.find_elements(By.CSS_SELECTOR, "main img[src$='.svg']")
    check(pictures and driver.execute_script("return arguments[0].naturalWidth", pictures[0]) > 0,
          "the workout's picture is drawn")
    gpx_link = driver.find_element(By.CSS_SELECTOR, "main a[href$='.gpx']").get_attribute("href")
    status, headers, body = download(urllib.parse.urlsplit(gpx_link).path, driver)
    check(status == 200 and headers.get("content-disposition", "").startswith("attachment; filename=\"stayfit-"),
          "the GPX downloads as an attachment: %d %r" % (status, headers.get("content-disposition")))
    gpx = gpxpy.parse(body.decode("utf-8"))
    points = [p for track in gpx.tracks for segment in track.segments for p in segment.points]
    check(len(points) >= 60, "the GPX has the workout's points: %d" % len(points))
    if distance:
        kilometres = gpx.length_2d() / 1000
        check(abs(kilometres - float(distance.group(1))) <= 0.05 * float(distance.group(1)) + 0.02,
              "the GPX's track is the page's distance: %.2f against %s km" % (kilometres, distance.group(1)))
    driver.save_screenshot(os.path.join(ARTIFACTS, "workout-390x844.png"))


def rating(driver):
    match = re.search(r"rated ([^\n(]+)\((\d+) votes?\)", main_text(driver))
    return match and match.group(2)


def programs(driver):
    driver.get(BASE + "/programs")
    driver.find_element(By.CSS_SELECTOR, "main a[href^='/programs/']:not([href='/programs/import'])").click()
    wait_until(lambda: path_of(driver).startswith("/programs/") and "Vote up" in main_text(driver),
               "a program's page opens")
    program = path_of(driver)
    before = main_text(driver)
    driver.find_element(By.XPATH, "//main//button[normalize-space()='Vote up']").click()
    wait_until(lambda: path_of(driver) == program and main_text(driver) != before, "the vote changes the page")
    check(main_text(driver) != before, "a vote up shows on the program's page")

    driver.find_element(By.XPATH, "//main//button[normalize-space()='Copy']").click()
    wait_until(lambda: path_of(driver).endswith("/edit"), "the copy opens in the editor")
    editor = driver.find_element(By.ID, "program-text")
    text = editor.get_attribute("value")
    check(re.search(r'^name = ".*"$', text, re.M) is not None, "the editor holds the program file")
    editor.clear()
    editor.send_keys(re.sub(r'^name = ".*"$', 'name = "Edited in a browser"', text, count=1, flags=re.M))
    driver.find_element(By.CSS_SELECTOR, "form.program-editor button[type=submit]").click()
    wait_until(lambda: not path_of(driver).endswith("/edit"), "saving leaves the editor")
    check("Edited in a browser" in main_text(driver), "the saved name shows on the program's page")

    # A mistake is refused with the CLI's message, and the text typed stays in the box.
    driver.get(BASE + path_of(driver) + "/edit")
    editor = driver.find_element(By.ID, "program-text")
    editor.clear()
    editor.send_keys('name = "Broken"\nkind = "yoga"\n')
    driver.find_element(By.CSS_SELECTOR, "form.program-editor button[type=submit]").click()
    wait_until(lambda: "yoga" in main_text(driver), "a refused edit says why")
    check("kind" in main_text(driver), "the refusal names the key: %r" % main_text(driver)[:300])


def food(driver):
    driver.get(BASE + "/food?q=banan")
    first = driver.find_element(By.CSS_SELECTOR, "main ul.foods > li")
    name = first.find_element(By.CSS_SELECTOR, ".name").text
    first.find_element(By.CSS_SELECTOR, "form.add button[type=submit]").click()
    wait_until(lambda: path_of(driver) == "/today", "adding a food leads to today")
    check(name.split(",")[0].lower() in main_text(driver).lower(),
          "today's log shows the food added: %r in %r" % (name, main_text(driver)[:400]))
    driver.save_screenshot(os.path.join(ARTIFACTS, "today-390x844.png"))


def post_without_token(path, driver):
    """POST `path` with the browser's session cookie but no CSRF token, as another site's form would."""
    cookie = "; ".join("%s=%s" % (c["name"], c["value"]) for c in driver.get_cookies())
    split = urllib.parse.urlsplit(BASE)
    connection = http.client.HTTPConnection(split.hostname, split.port, timeout=30)
    connection.request("POST", path, body="", headers={
        "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
    return connection.getresponse().status


def add_reminder(driver, title, time, days, alert=""):
    form = driver.find_element(By.CSS_SELECTOR, "form[action='/reminders/add']")
    form.find_element(By.NAME, "title").send_keys(title)
    # A time field's typing depends on the browser's locale; set it as a phone's picker would.
    driver.execute_script("arguments[0].value = arguments[1]", form.find_element(By.NAME, "time"), time)
    for day in days:
        form.find_element(By.NAME, day).click()
    form.find_element(By.NAME, "alert").send_keys(alert)
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()


def reminder_rows(driver):
    try:
        return [row.text for row in driver.find_elements(By.CSS_SELECTOR, "table.reminders tbody tr")]
    except Exception:
        return []


def reminders(driver):
    # As a person finds them: Settings in the navigation, then Reminders.
    driver.get(BASE + "/")
    driver.find_element(By.LINK_TEXT, "Settings").click()
    wait_until(lambda: driver.find_elements(By.LINK_TEXT, "Reminders"), "the settings list the reminders")
    driver.find_element(By.LINK_TEXT, "Reminders").click()
    wait_until(lambda: driver.current_url.endswith("/reminders"), "the reminders page opens from the settings")
    add_reminder(driver, "Evening run", "18:30", ["mon", "wed", "fri"], alert="15")
    wait_until(lambda: any("Evening run" in row for row in reminder_rows(driver)), "the added reminder is listed")
    row = reminder_rows(driver)[0]
    for shown in ("18:30", "mon,wed,fri", "15 min", "on"):
        check(shown in row, "the row shows %r as the CLI's list does: %r" % (shown, row))
    # No day ticked: the CLI's words, and nothing added.
    add_reminder(driver, "Swim", "07:00", [])
    wait_until(lambda: "Select Repeat" in main_text(driver), "a reminder without days is refused with the CLI's words")
    check(len(reminder_rows(driver)) == 1, "nothing was added: %r" % reminder_rows(driver))
    check(post_without_token("/reminders/1/off", driver) == 403, "a POST without the token is refused")
    driver.get(BASE + "/reminders")
    driver.find_element(By.CSS_SELECTOR, "table.reminders form.turn button").click()
    wait_until(lambda: "Turn on" in main_text(driver), "the reminder is turned off")
    driver.find_element(By.LINK_TEXT, "Edit").click()
    wait_until(lambda: path_of(driver) == "/reminders/1/edit", "Edit leads to the reminder's form")
    title = driver.find_element(By.NAME, "title")
    title.clear()
    title.send_keys("Tempo run")
    driver.find_element(By.CSS_SELECTOR, "form.reminder button[type=submit]").click()
    wait_until(lambda: path_of(driver) == "/reminders" and "Tempo run" in main_text(driver), "the edit is saved")
    add_reminder(driver, "Stretch", "07:00", ["sat", "sun"])
    wait_until(lambda: len(reminder_rows(driver)) == 2, "a second reminder is added")
    driver.save_screenshot(os.path.join(ARTIFACTS, "reminders-390x844.png"))
    driver.find_elements(By.LINK_TEXT, "Delete")[1].click()
    wait_until(lambda: "This cannot be undone" in main_text(driver), "Delete asks first")
    check("Stretch" in main_text(driver), "the question names the reminder: %r" % main_text(driver)[:300])
    driver.find_element(By.CSS_SELECTOR, "form.danger button[type=submit]").click()
    wait_until(lambda: path_of(driver) == "/reminders" and len(reminder_rows(driver)) == 1, "the reminder is deleted")
    check("Stretch" not in main_text(driver), "the deleted reminder is gone: %r" % main_text(driver)[:300])


run_logged_in(BASE, PASSWORD, ARTIFACTS, [history_and_gpx, programs, food, reminders], "page")
