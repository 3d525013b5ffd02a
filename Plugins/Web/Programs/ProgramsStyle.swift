/// The style sheet of the programs pages, served as `/static/programs.css`.
///
/// System fonts, no images; one column and full-width buttons under 600 px (a phone), a text box as wide as the
/// page. Only the programs pages' own classes, so it can sit beside the other pages' sheets.
enum ProgramsStyle {
    static let css = """
        form.program-filter { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: flex-end; margin-bottom: 1rem; }
        form.program-filter label { display: flex; flex-direction: column; font-size: 0.9rem; }
        table.programs { border-collapse: collapse; width: 100%; margin: 0.5rem 0 1rem; display: block; overflow-x: auto; }
        table.programs th, table.programs td { text-align: left; padding: 0.4rem 0.75rem 0.4rem 0; border-bottom: 1px solid #ddd; }
        table.programs td:nth-child(n+2) { white-space: nowrap; }
        .origin { font-size: 0.8rem; color: #555; border: 1px solid #bbb; border-radius: 0.2rem; padding: 0 0.3rem; }
        .summary { color: #333; }
        .instructions { font-style: italic; white-space: pre-line; }
        ul.steps { padding-left: 1.2rem; margin: 0.25rem 0 1rem; }
        ul.steps li { margin: 0.2rem 0; }
        .program-actions { display: flex; flex-wrap: wrap; gap: 0.5rem; margin: 1rem 0; }
        form.program-action { display: flex; gap: 0.5rem; margin: 0; }
        form.program-action button, form.program-editor button, form.program-import button {
            font: inherit; padding: 0.5rem 1rem; min-height: 2.75rem; border-radius: 0.3rem;
            border: 1px solid #1565c0; background: #1565c0; color: #fff; cursor: pointer;
        }
        .program-links a { margin-right: 1rem; display: inline-block; padding: 0.3rem 0; }
        .program-problems { border-left: 4px solid #c62828; background: #fdecea; color: #5f1212; padding: 0.5rem 1rem; margin-bottom: 1rem; }
        .program-problems p { margin: 0.25rem 0; white-space: pre-wrap; overflow-wrap: anywhere; }
        form.program-editor, form.program-import { display: flex; flex-direction: column; gap: 0.5rem; align-items: flex-start; }
        form.program-editor textarea {
            width: 100%; box-sizing: border-box; font-family: ui-monospace, monospace; font-size: 0.9rem; tab-size: 4;
        }
        @media (max-width: 600px) {
            .program-actions, form.program-action { flex-direction: column; align-items: stretch; }
            form.program-editor, form.program-import { align-items: stretch; }
            table.programs td:nth-child(n+2) { white-space: normal; }
        }
        """
}
