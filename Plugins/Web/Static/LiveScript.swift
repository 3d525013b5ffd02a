extension StaticFiles {
    /// `/static/live.js`: fills the live page's tiles from `/live/events` and sends its buttons with fetch.
    ///
    /// Plain JavaScript, no framework and no build step. EventSource reconnects by itself after a lost stream
    /// (the server's `retry:` says how soon), and the page says so while it is away.
    static let liveScript = #"""
        "use strict";
        (function () {
          const csrf = document.querySelector('meta[name="csrf-token"]').content;
          const byId = (id) => document.getElementById(id);
          const figure = (text) => (text === null || text === undefined || text === "" ? "--" : String(text));
          // A figure in big type and its unit smaller beside it: "5:12" "/km", "142" "bpm".
          const show = (id, text) => {
            const value = figure(text);
            const space = value.indexOf(" ");
            const element = byId(id);
            element.replaceChildren(document.createTextNode(space > 0 ? value.slice(0, space) : value));
            if (space > 0) {
              const unit = document.createElement("span");
              unit.className = "unit";
              unit.textContent = value.slice(space + 1);
              element.append(" ", unit);
            }
          };
          const showText = (id, text) => { byId(id).textContent = figure(text); };
          const stateWords = {
            idle: "No workout under way", running: "Running", paused: "Paused", finished: "Finished"
          };
          let movingSeconds = 0;
          let step = null;
          let saidTimer = null;

          function showState(state) {
            const element = byId("state");
            element.dataset.state = state;
            element.textContent = stateWords[state] || state;
            document.body.dataset.state = state;
          }

          function clock(seconds) {
            const minutes = Math.floor(seconds / 60);
            return minutes + ":" + String(seconds % 60).padStart(2, "0");
          }

          function showCountdown() {
            const element = byId("step-countdown");
            if (!step || !step.lengthSeconds) { element.textContent = ""; return; }
            const left = Math.max(0, step.lengthSeconds - (movingSeconds - step.startedAtSeconds));
            element.textContent = clock(left) + " left";
          }

          const handlers = {
            state: (event) => showState(event.state),
            progress: (p) => {
              showState(p.state);
              show("time-value", p.time + (p.autoPaused ? " (auto-paused)" : ""));
              show("distance-value", p.distance);
              byId("how-fast-label").textContent = p.howFastLabel || "Pace";
              show("how-fast-value", p.howFast);
              show("heart-rate-value", p.heartRate === null || p.heartRate === undefined ? null : p.heartRate + " bpm");
              byId("heart-rate").dataset.zone = p.zone || "";
              byId("heart-rate-label").textContent = p.zoneName ? "Heart rate · " + p.zoneName : "Heart rate";
              show("cadence-value", p.cadence);
              show("power-value", p.power);
              show("energy-value", p.energy);
              movingSeconds = p.movingSeconds;
              showCountdown();
            },
            goal: (g) => show("goal-value", g.percent + " %"),
            step: (s) => {
              step = s;
              showText("step-value", s.number + " of " + s.count + ": " + s.text);
              showCountdown();
            },
            "program-finished": () => { step = null; showText("step-value", null); showCountdown(); },
            music: (m) => showText("music-value", m.text),
            person: (p) => { byId("person").textContent = p.name; },
            said: (s) => {
              byId("said").textContent = s.text;
              clearTimeout(saidTimer);
              saidTimer = setTimeout(() => { byId("said").textContent = ""; }, 8000);
            }
          };

          const connection = byId("connection");
          const source = new EventSource("/live/events");
          source.onopen = () => { connection.dataset.connected = "true"; connection.textContent = "Live"; };
          source.onerror = () => { connection.dataset.connected = "false"; connection.textContent = "Reconnecting…"; };
          for (const [name, handle] of Object.entries(handlers)) {
            source.addEventListener(name, (message) => handle(JSON.parse(message.data)));
          }

          function send(action) {
            return fetch("/control/" + action, {
              method: "POST", headers: { "X-CSRF-Token": csrf }, credentials: "same-origin"
            }).then((response) => {
              if (response.status === 401 || response.status === 403) { window.location.assign("/login"); }
            });
          }

          const confirmBox = byId("stop-confirm");
          for (const form of document.querySelectorAll("form.control")) {
            form.addEventListener("submit", (event) => {
              event.preventDefault();
              const action = form.dataset.action;
              if (action === "stop") { confirmBox.hidden = false; return; }
              send(action);
            });
          }
          byId("stop-yes").addEventListener("click", () => { confirmBox.hidden = true; send("stop"); });
          byId("stop-no").addEventListener("click", () => { confirmBox.hidden = true; });
        })();
        """#
}
