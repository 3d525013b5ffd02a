"""The web app's sensors page as a person uses it in a real browser (headless Chromium through Selenium), against a
hub whose heart-rate and fitness-sensors plugins talk to python-dbusmock's BlueZ: scan, pair the strap, pair the
trainer, forget the trainer after the question. Run by WebSensorsTests.swift; prints what failed and exits 1, or
exits 0.

Arguments: base URL, password, the screenshots' folder. Every wait polls with a deadline; nothing sleeps.
"""
import os
import sys

from selenium.webdriver.common.by import By

from checks import check, main_text, path_of, run_logged_in, wait_until

BASE, PASSWORD, ARTIFACTS = sys.argv[1:4]
STRAP, TRAINER = "C0:FF:EE:00:00:01", "C0:FF:EE:00:00:05"




def scan_and_pair(driver, address, said):
    """Scans, presses the Pair button on the row of `address`, and waits for the page to say `said`."""
    driver.get(BASE + "/sensors")
    driver.find_element(By.CSS_SELECTOR, "form.scan button[type=submit]").click()
    wait_until(lambda: "Found" in main_text(driver), "the scan lists what it found", timeout=60)
    rows = [row for row in driver.find_elements(By.CSS_SELECTOR, "main ul.found li") if address in row.text]
    check(len(rows) == 1, "one row for %s: %r" % (address, main_text(driver)[:600]))
    rows[0].find_element(By.CSS_SELECTOR, "form.pair button[type=submit]").click()
    wait_until(lambda: said in main_text(driver), "the page says %r" % said, timeout=90)


def sensors(driver):
    # As a person finds it: Settings in the navigation, then Sensors.
    driver.get(BASE + "/")
    driver.find_element(By.LINK_TEXT, "Settings").click()
    wait_until(lambda: driver.find_elements(By.LINK_TEXT, "Sensors"), "the settings list the sensors")
    driver.find_element(By.LINK_TEXT, "Sensors").click()
    wait_until(lambda: driver.current_url.endswith("/sensors"), "the sensors page opens from the settings")
    check("Remembered strap: none" in main_text(driver), "nothing remembered yet: %r" % main_text(driver)[:300])
    driver.find_element(By.CSS_SELECTOR, "form.scan button[type=submit]").click()
    wait_until(lambda: "Found" in main_text(driver), "the scan lists what it found", timeout=60)
    text = main_text(driver)
    check("Polar H10 1234" in text and "Heart-rate strap" in text, "the scan finds the strap: %r" % text[:600])
    check("KICKR 9999" in text and "Fitness machine" in text, "the scan finds the trainer: %r" % text[:600])
    driver.save_screenshot(os.path.join(ARTIFACTS, "sensors-scan-390x844.png"))

    scan_and_pair(driver, STRAP, "Paired Polar H10 1234 (%s). The hub now uses it as its heart-rate strap." % STRAP)
    check(path_of(driver) == "/sensors", "pairing leads back to the sensors page: %s" % driver.current_url)
    scan_and_pair(driver, TRAINER, "Paired KICKR 9999 (%s). The hub now uses it as its fitness machine." % TRAINER)
    check("Remembered fitness machine: KICKR 9999 (%s), the hub connects it." % TRAINER in main_text(driver),
          "the trainer is remembered: %r" % main_text(driver)[:600])

    trainer = [item for item in driver.find_elements(By.CSS_SELECTOR, "main li") if "KICKR 9999" in item.text]
    check(len(trainer) == 1, "one line for the trainer")
    trainer[0].find_element(By.CSS_SELECTOR, "a.forget").click()
    wait_until(lambda: "Forget KICKR 9999" in main_text(driver), "the question before forgetting")
    driver.find_element(By.CSS_SELECTOR, "form.danger button[type=submit]").click()
    wait_until(lambda: "Forgot %s." % TRAINER in main_text(driver), "the page says the trainer is forgotten")
    check("KICKR 9999" not in main_text(driver).split("In range")[0], "the trainer is no longer remembered")
    check("Remembered strap: Polar H10 1234" in main_text(driver), "the strap stays remembered")
    driver.save_screenshot(os.path.join(ARTIFACTS, "sensors-390x844.png"))
    # The content security policy allows no inline script or style: the browser reports none refused.
    refused = [entry["message"] for entry in driver.get_log("browser") if "Content Security Policy" in entry["message"]]
    check(not refused, "no content refused by the CSP: %r" % refused)


run_logged_in(BASE, PASSWORD, ARTIFACTS, [sensors], "sensors")
