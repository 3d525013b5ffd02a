/// The style sheet of the history and report pages, served as `/static/history.css`.
///
/// System fonts and no images, so it costs the Pi nothing to serve; one column under 600 px (a phone), and larger
/// type from 1600 px (a television across a room). Tables scroll sideways on their own rather than widen the page.
enum HistoryStyle {
    static let css = """
        main { max-width: 72rem; margin: 0 auto; padding: 1rem; font-family: system-ui, sans-serif; line-height: 1.4; }
        h1 { font-size: 1.6rem; margin: 0.5rem 0 1rem; }
        h2 { font-size: 1.2rem; margin: 1.5rem 0 0.5rem; }
        form.filter { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: flex-end; margin-bottom: 1rem; }
        form.filter label { display: flex; flex-direction: column; font-size: 0.9rem; }
        input, select, button { font: inherit; padding: 0.4rem 0.6rem; min-height: 2.5rem; }
        button { cursor: pointer; }
        table { border-collapse: collapse; width: 100%; margin: 0.5rem 0 1rem; display: block; overflow-x: auto; }
        caption { text-align: left; font-weight: bold; padding: 0.25rem 0; }
        th, td { text-align: left; padding: 0.4rem 0.75rem 0.4rem 0; border-bottom: 1px solid #ddd; white-space: nowrap; }
        th { font-weight: 600; }
        dl.figures { display: grid; grid-template-columns: max-content 1fr; gap: 0.3rem 1.5rem; margin: 0 0 1rem; }
        dl.figures dt { font-weight: 600; }
        dl.figures dd { margin: 0; }
        .problems { border-left: 4px solid #c62828; background: #fdecea; color: #5f1212; padding: 0.5rem 1rem; margin-bottom: 1rem; }
        .problems p { margin: 0.25rem 0; }
        .empty { font-size: 1.1rem; color: #555; }
        .note { color: #555; font-style: italic; }
        figure.picture { margin: 1rem 0; }
        figure.picture img { width: 100%; height: auto; background: #fff; }
        nav.paging { display: flex; justify-content: space-between; margin: 1rem 0; }
        nav.paging a { padding: 0.5rem 1rem; border: 1px solid #1565c0; border-radius: 0.3rem; text-decoration: none; }
        nav.paging a.older { margin-left: auto; }
        ul.downloads { padding-left: 1.2rem; }
        form.danger button { background: #c62828; color: #fff; border: none; border-radius: 0.3rem; }
        form.danger a { margin-left: 1rem; }
        @media (max-width: 600px) {
            main { padding: 0.5rem; }
            form.filter { flex-direction: column; align-items: stretch; }
            dl.figures { grid-template-columns: 1fr; }
            dl.figures dd { margin-bottom: 0.5rem; }
        }
        @media (min-width: 1600px) {
            main { max-width: 110rem; font-size: 1.5rem; }
        }
        """
}
