/// Asks for the day's food and weight out loud (the console's `today`, a button's `today`): the calories plugin
/// answers with one announcement ("Today you ate 1360 of 1837 calories: 477 left. Weight 80.1 kilograms.").
public struct TodayRequested: BusMessage, Equatable {
    /// Who asked: `console`, `buttons`.
    public var source: String

    public init(source: String) { self.source = source }
}
