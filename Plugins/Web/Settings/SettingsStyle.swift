/// The style sheet of the settings pages, served as `/static/settings.css`; the forms look as the people pages'
/// (`PeopleStyle`), this adds the list of settings and the profile's fields. Its colours are read on the site's dark
/// background: the muted text is the site's own `--muted`, not a grey meant for white paper.
enum SettingsStyle {
    static let css = """
        ul.settings { list-style: none; padding: 0; margin: 0; }
        ul.settings li { padding: 0.8rem 0; border-bottom: 1px solid #ddd; }
        ul.settings a.setting { display: inline-block; font-size: 1.2rem; font-weight: 600; padding: 0.4rem 0; }
        ul.settings p.summary { margin: 0; }
        p.summary { color: var(--muted); }
        p.saved { color: #66bb6a; font-weight: 600; }
        p.goal { font-size: 1.4rem; font-weight: 600; margin: 0.5rem 0; }
        form.profile { max-width: 36rem; }
        form.profile label { flex: 1 1 14rem; }
        form.plugin-settings { max-width: 40rem; }
        form.plugin-settings h2 { flex: 1 1 100%; font-size: 1.1rem; margin: 1rem 0 0; }
        form.plugin-settings label { flex: 1 1 100%; }
        form.plugin-settings label.on-off { flex-direction: row; flex-wrap: wrap; align-items: center; gap: 0.6rem; }
        form.plugin-settings label.on-off input { width: 1.6rem; height: 1.6rem; min-height: 0; margin: 0; }
        form.plugin-settings span.entry { display: flex; align-items: center; gap: 0.5rem; }
        form.plugin-settings span.entry input { flex: 1 1 auto; }
        form.plugin-settings span.help { flex: 1 1 100%; color: var(--muted); font-size: 0.85rem; }
        form.plugin-settings span.warning { color: #ff8a80; font-size: 0.85rem; }
        form.plugin-settings span.unit { color: var(--muted); }
        """
}
