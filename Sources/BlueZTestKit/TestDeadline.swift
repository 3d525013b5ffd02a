/// How long a test waits for something before it gives up and says what never came.
///
/// Only a hung test ever reaches it: it bounds a wait, never how fast the code under test is. A loaded CI machine
/// (two full test runs on two cores, or a build beside one) has delayed a wait that takes milliseconds when quiet
/// by over 40 s, so it is generous; how fast things are is measured in `Benchmarks/`, not here.
public enum TestDeadline {
    /// The end of every wait for an event, an output line, a child's exit or a stream's end.
    public static let hang: Duration = .seconds(120)
}
