/// The style sheet of the settings pages, served as `/static/settings.css`; the forms look as the people pages'
/// (`PeopleStyle`), this adds the list of settings and the profile's fields.
enum SettingsStyle {
    static let css = """
        ul.settings { list-style: none; padding: 0; margin: 0; }
        ul.settings li { padding: 0.8rem 0; border-bottom: 1px solid #ddd; }
        ul.settings a.setting { display: inline-block; font-size: 1.2rem; font-weight: 600; padding: 0.4rem 0; }
        ul.settings p.summary { margin: 0; color: #555; }
        p.saved { color: #2e7d32; font-weight: 600; }
        p.goal { font-size: 1.4rem; font-weight: 600; margin: 0.5rem 0; }
        form.profile { max-width: 36rem; }
        form.profile label { flex: 1 1 14rem; }
        """
}
