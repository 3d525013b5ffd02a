extension StaticFiles {
    /// `/static/web.css`: big figures readable from three metres on a TV, one column on a phone.
    static let styleSheet = #"""
        :root {
          color-scheme: dark;
          --background: #101418; --tile: #1c232b; --text: #f2f5f7; --muted: #9aa7b3; --accent: #3fa7ff;
          --zone1: #8a949e; --zone2: #3fa7ff; --zone3: #3ecf6e; --zone4: #ffb020; --zone5: #ff4d4d;
        }
        * { box-sizing: border-box; }
        body {
          margin: 0; background: var(--background); color: var(--text);
          font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
        }
        nav { display: flex; flex-wrap: wrap; gap: 0.4rem 1rem; align-items: center; padding: 0.6rem 1rem;
              background: var(--tile); }
        nav a { color: var(--text); text-decoration: none; font-weight: 600; }
        nav .brand { font-weight: 700; color: var(--accent); margin-right: auto; }
        nav form { margin: 0; }
        main { padding: 1rem; max-width: 1800px; margin: 0 auto; }
        button {
          font: inherit; font-size: 1.1rem; padding: 0.8rem 1.1rem; border-radius: 0.6rem; border: 0;
          background: var(--accent); color: #05121e; font-weight: 600; cursor: pointer; min-height: 3rem;
        }
        nav button { background: transparent; color: var(--muted); padding: 0.3rem 0.6rem; min-height: 0; }
        .status-bar { display: flex; flex-wrap: wrap; gap: 1rem; align-items: baseline; margin-bottom: 1rem; }
        .state { font-size: clamp(1.4rem, 3vw, 2.4rem); font-weight: 700; margin: 0; }
        .state[data-state="running"] { color: var(--zone3); }
        .state[data-state="paused"] { color: var(--zone4); }
        .person { font-size: clamp(1.2rem, 2.5vw, 2rem); margin: 0; color: var(--muted); }
        .connection { margin: 0 0 0 auto; color: var(--muted); }
        .connection[data-connected="false"] { color: var(--zone5); }
        .tiles { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(24rem, 1fr)); }
        .tile { background: var(--tile); border-radius: 1rem; padding: 1rem 1.2rem; }
        .tile h2 { margin: 0; font-size: clamp(1rem, 1.6vw, 1.5rem); font-weight: 600; color: var(--muted); }
        .tile .value {
          margin: 0.2rem 0 0; font-size: clamp(2.6rem, 5.5vw, 7rem); font-weight: 700;
          font-variant-numeric: tabular-nums; line-height: 1.1; white-space: nowrap; overflow: hidden;
          text-overflow: ellipsis;
        }
        .value .unit { font-size: 0.4em; font-weight: 600; color: var(--muted); }
        .wide { margin-top: 1rem; }
        .wide .value { font-size: clamp(1.4rem, 3vw, 3rem); white-space: normal; overflow-wrap: anywhere; }
        .countdown { margin: 0.3rem 0 0; font-size: clamp(2rem, 4vw, 4.5rem); font-weight: 700; color: var(--accent); }
        #heart-rate[data-zone="1"] .value { color: var(--zone1); }
        #heart-rate[data-zone="2"] .value { color: var(--zone2); }
        #heart-rate[data-zone="3"] .value { color: var(--zone3); }
        #heart-rate[data-zone="4"] .value { color: var(--zone4); }
        #heart-rate[data-zone="5"] .value { color: var(--zone5); }
        .said { min-height: 1.5em; font-size: clamp(1.1rem, 2vw, 1.8rem); color: var(--accent); }
        .controls { display: flex; flex-wrap: wrap; gap: 0.7rem; margin-top: 1rem; }
        .controls form { margin: 0; flex: 1 1 9rem; }
        .controls button { width: 100%; }
        #control-stop { background: var(--zone5); }
        .confirm { margin-top: 1rem; padding: 1rem; background: var(--tile); border-radius: 1rem; }
        .confirm[hidden] { display: none; }
        #stop-yes { background: var(--zone5); }
        #stop-no { background: var(--muted); }
        .login { max-width: 26rem; margin: 10vh auto; background: var(--tile); padding: 2rem; border-radius: 1rem; }
        .login label { display: block; margin: 1rem 0 0.3rem; }
        .login input[type="password"] {
          width: 100%; font-size: 1.2rem; padding: 0.7rem; border-radius: 0.5rem; border: 1px solid var(--muted);
          background: var(--background); color: var(--text); margin-bottom: 1rem;
        }
        .login pre { background: var(--background); padding: 0.8rem; border-radius: 0.5rem; }
        .problem { color: var(--zone5); font-weight: 600; }
        @media (max-width: 600px) {
          main { padding: 0.6rem; }
          .tiles { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0.6rem; }
          .tile { padding: 0.7rem; }
          .tile .value { font-size: 2.2rem; }
        }
        """#
}
