"""A reminder added on the web app's reminders page of a running hub, in a real browser (headless Chromium through
Selenium), every day at a given time. Run by WebRemindersHubTests.swift, which waits for the hub to say it; prints
what failed and exits 1, or exits 0.

Arguments: base URL, password, the reminder's title, its time (HH:MM). Every wait polls with a deadline; nothing
sleeps.
"""
import sys
import urllib.parse

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

from checks import check, failures, wait_until

BASE, PASSWORD, TITLE, TIME = sys.argv[1:5]


def main():
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=390,844"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
    try:
        driver.get(BASE + "/login")
        driver.find_element(By.ID, "password").send_keys(PASSWORD)
        driver.find_element(By.CSS_SELECTOR, "form[action='/login'] button").click()
        wait_until(lambda: urllib.parse.urlsplit(driver.current_url).path == "/", "the login leads to the live page")
        driver.get(BASE + "/reminders")
        form = driver.find_element(By.CSS_SELECTOR, "form[action='/reminders/add']")
        form.find_element(By.NAME, "title").send_keys(TITLE)
        # A time field's typing depends on the browser's locale; set it as a phone's picker would.
        driver.execute_script("arguments[0].value = arguments[1]", form.find_element(By.NAME, "time"), TIME)
        for day in ("mon", "tue", "wed", "thu", "fri", "sat", "sun"):
            form.find_element(By.NAME, day).click()
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        wait_until(lambda: TITLE in driver.find_element(By.TAG_NAME, "main").text, "the reminder is listed")
        rows = [row.text for row in driver.find_elements(By.CSS_SELECTOR, "table.reminders tbody tr")]
        check(any(TIME in row and "daily" in row for row in rows), "listed daily at %s: %r" % (TIME, rows))
    except AssertionError as error:
        check(False, str(error))
    finally:
        driver.quit()
    if failures:
        print("%d checks failed" % len(failures), flush=True)
        sys.exit(1)
    print("reminder added", flush=True)


main()
