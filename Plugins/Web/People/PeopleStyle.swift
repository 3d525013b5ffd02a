/// The style sheet of the people, today, food and weight pages, served as `/static/people.css`.
///
/// Made for a thumb on a phone: every button and field at least 3 rem (48 px) high and the width of the screen
/// under 600 px, so that logging lunch takes a few taps, not aiming.
enum PeopleStyle {
    static let css = """
        main { max-width: 48rem; margin: 0 auto; padding: 1rem; font-family: system-ui, sans-serif; line-height: 1.4; }
        h1 { font-size: 1.6rem; margin: 0.5rem 0 1rem; }
        h2 { font-size: 1.2rem; margin: 1.5rem 0 0.5rem; }
        h3 { font-size: 1.05rem; margin: 1rem 0 0.25rem; }
        input, select, button { font: inherit; font-size: 1.1rem; min-height: 3rem; padding: 0.4rem 0.8rem; box-sizing: border-box; }
        button, a.button { border: none; border-radius: 0.4rem; background: #1565c0; color: #fff; cursor: pointer; }
        a.button { display: inline-block; padding: 0.8rem 1.2rem; text-decoration: none; }
        form { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: flex-end; margin: 0.5rem 0; }
        form label { display: flex; flex-direction: column; font-size: 0.95rem; }
        form.remove button { background: #fff; color: #c62828; border: 2px solid #c62828; }
        ul.people, ul.foods, ul.entries { list-style: none; padding: 0; margin: 0; }
        ul.people li, ul.foods li, ul.entries li { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1rem;
            padding: 0.6rem 0; border-bottom: 1px solid #ddd; }
        ul.people .name { font-size: 1.2rem; flex: 1; }
        strong.next { color: #2e7d32; }
        strong.now { color: #1565c0; }
        p.food { margin: 0; flex-basis: 100%; }
        p.food .name { font-weight: 600; }
        .per, .favourite { color: #555; font-size: 0.95rem; }
        .entry { flex: 1; }
        p.left { font-size: 1.4rem; font-weight: 600; }
        dl.figures { display: grid; grid-template-columns: max-content 1fr; gap: 0.3rem 1.5rem; margin: 0 0 1rem; }
        dl.figures dt { font-weight: 600; }
        dl.figures dd { margin: 0; }
        table.nutrients { border-collapse: collapse; margin: 0.5rem 0 1rem; }
        table.nutrients th, table.nutrients td { text-align: left; padding: 0.4rem 1.5rem 0.4rem 0; border-bottom: 1px solid #ddd; }
        .problems { border-left: 4px solid #c62828; background: #fdecea; color: #5f1212; padding: 0.5rem 1rem; margin: 0.5rem 0 1rem; }
        .problems p { margin: 0.25rem 0; }
        .empty { color: #555; }
        nav.next-steps { display: flex; flex-wrap: wrap; gap: 1rem; margin: 2rem 0 1rem; }
        nav.next-steps a { padding: 0.8rem 0; }
        @media (max-width: 600px) {
            main { padding: 0.5rem; }
            form { flex-direction: column; align-items: stretch; }
            form.choose, form.remove { flex-direction: row; }
            input, select, button { width: 100%; }
            form.choose button, form.remove button { width: auto; }
            dl.figures { grid-template-columns: 1fr; }
            dl.figures dd { margin-bottom: 0.5rem; }
        }
        """
}
