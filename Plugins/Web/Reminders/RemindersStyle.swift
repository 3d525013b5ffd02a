/// The style sheet of the reminders pages, served as `/static/reminders.css`; the buttons, fields and problems look
/// as on the people pages (`PeopleStyle`).
///
/// Made for a thumb on a phone: each weekday's box is a 3 rem (48 px) target, and under 600 px wide each reminder
/// is a card of its own rather than a row of a wide table.
enum RemindersStyle {
    static let css = """
        table.reminders { border-collapse: collapse; width: 100%; margin: 0.5rem 0 1rem; }
        table.reminders th, table.reminders td { text-align: left; padding: 0.4rem 1rem 0.4rem 0; border-bottom: 1px solid #ddd; }
        table.reminders tr.off td { color: #666; }
        table.reminders td.actions { display: flex; flex-wrap: wrap; gap: 0.5rem; }
        table.reminders form.turn { margin: 0; }
        table.reminders td.actions a.button { display: inline-flex; align-items: center; min-height: 3rem; padding: 0 1.2rem;
            box-sizing: border-box; }
        table.reminders a.delete { background: #fff; color: #c62828; border: 2px solid #c62828; }
        fieldset.days { display: flex; flex-wrap: wrap; gap: 0.25rem 0.75rem; border: 1px solid #ccc; border-radius: 0.4rem; margin: 0; }
        fieldset.days label { flex-direction: row; align-items: center; gap: 0.3rem; min-height: 3rem; }
        fieldset.days input { min-height: 0; width: 1.5rem; height: 1.5rem; }
        p.reminder-now { color: #555; }
        @media (max-width: 600px) {
            table.reminders, table.reminders tbody { display: block; }
            table.reminders thead { display: none; }
            table.reminders tr { display: block; padding: 0.6rem 0; border-bottom: 1px solid #ddd; }
            table.reminders td { display: inline; border: none; padding: 0 0.5rem 0 0; }
            table.reminders td.actions { display: flex; margin-top: 0.5rem; }
        }
        """
}
