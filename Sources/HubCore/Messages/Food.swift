/// Asks for the day's (or the week's) food and weight out loud (the console's `today` and `today week`, a button's
/// `today`): the calories plugin answers with one announcement ("Today you ate 1360 of 1837 calories: 477 left.
/// Weight 80.1 kilograms.").
public struct TodayRequested: BusMessage, Equatable {
    /// What to say: today, or the last 7 days.
    public enum Span: Sendable, Equatable {
        /// "Today you ate 1360 of 1837 calories: 477 left."
        case day
        /// "Over the last 7 days you ate on average 1850 of 2000 calories a day. Weight down 0.3 kilograms."
        case week
    }

    /// Who asked: `console`, `buttons`.
    public var source: String
    public var span: Span

    public init(source: String, span: Span = .day) {
        self.source = source
        self.span = span
    }
}
