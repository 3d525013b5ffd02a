"""The web app's Music and Voice coach pages as a person uses them in a real browser (headless Chromium through
Selenium), against a running hub with a configuration file: reached from Settings, changed, saved and shown again;
a voice the hub does not have refused with its words; a playlist the hub cannot read marked. Run by
WebSettingsHubTests.swift, which then reads the file and the hub's log; prints what failed and exits 1, or exits 0.

Arguments: base URL, password, the screenshots' folder, a folder of music on the hub. Every wait polls with a
deadline; nothing sleeps.
"""
import os
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from checks import check, main_text, path_of, run_logged_in, wait_until

BASE, PASSWORD, ARTIFACTS, MUSIC = sys.argv[1:5]


def open_from_settings(driver, title, path):
    driver.get(BASE + "/settings")
    driver.find_element(By.LINK_TEXT, title).click()
    wait_until(lambda: path_of(driver) == path, "the %s page opens from Settings" % title)


def field(driver, name):
    return driver.find_element(By.CSS_SELECTOR, "form.plugin-settings [name='%s']" % name)


def retype(driver, name, text):
    element = field(driver, name)
    element.clear()
    element.send_keys(text)


def save(driver):
    field(driver, "version")  # the form is there
    driver.find_element(By.CSS_SELECTOR, "form.plugin-settings button[type=submit]").click()


def voice(driver):
    open_from_settings(driver, "Voice coach", "/settings/voice")
    retype(driver, "rate", "210")
    retype(driver, "every-minutes", "2")
    Select(field(driver, "units")).select_by_visible_text("Miles and yards")
    field(driver, "zone-changes").click()
    save(driver)
    wait_until(lambda: "Saved in" in main_text(driver), "the voice settings are saved")
    driver.get(BASE + "/settings/voice")
    check(field(driver, "rate").get_attribute("value") == "210", "the rate is shown as saved")
    check(field(driver, "every-minutes").get_attribute("value") == "2", "the update time is shown as saved")
    check(Select(field(driver, "units")).first_selected_option.text == "Miles and yards", "the units as saved")
    check(not field(driver, "zone-changes").is_selected(), "zone changes off as saved")

    retype(driver, "voice", "xx-nonsense")
    save(driver)
    wait_until(lambda: "no installed eSpeak NG voice" in main_text(driver), "an unknown voice is refused")
    check("Not saved" in main_text(driver), "the refusal says nothing was saved: %r" % main_text(driver)[:400])
    check(field(driver, "voice").get_attribute("value") == "xx-nonsense", "what was typed is shown again")
    driver.save_screenshot(os.path.join(ARTIFACTS, "settings-voice-refused-390x844.png"))


def music(driver):
    open_from_settings(driver, "Music", "/settings/music")
    retype(driver, "volume", "45")
    retype(driver, "playlists.indoor-ride", MUSIC)
    retype(driver, "playlists.run", "/nowhere/run.m3u")
    if not field(driver, "shuffle").is_selected():
        field(driver, "shuffle").click()
    save(driver)
    wait_until(lambda: "Saved in" in main_text(driver), "the music settings are saved")
    check(field(driver, "volume").get_attribute("value") == "45", "the volume is shown as saved")
    check(field(driver, "shuffle").is_selected(), "shuffle on as saved")
    labels = {label.find_element(By.CSS_SELECTOR, "input").get_attribute("name"): label.text
              for label in driver.find_elements(By.CSS_SELECTOR, "form.plugin-settings label")
              if label.find_elements(By.CSS_SELECTOR, "input[type=text]")}
    check("cannot read" in labels.get("playlists.run", ""), "a playlist that is not there is marked: %r" % labels)
    check("cannot read" not in labels.get("playlists.indoor-ride", "?"), "the music folder is not marked")
    driver.save_screenshot(os.path.join(ARTIFACTS, "settings-music-390x844.png"))
    refused = [entry["message"] for entry in driver.get_log("browser") if "Content Security Policy" in entry["message"]]
    check(not refused, "no content refused by the CSP: %r" % refused)


run_logged_in(BASE, PASSWORD, ARTIFACTS, [voice, music], "settings")
