import Programs
import Testing

/// The error a program text is refused with; records an issue (and throws) when it is read instead.
func refusal(toml text: String, file: String = "test.toml", sourceLocation: SourceLocation = #_sourceLocation)
    throws -> ProgramError
{
    let error = #expect(throws: ProgramError.self, sourceLocation: sourceLocation) {
        try Program(toml: text, file: file)
    }
    return try #require(error, sourceLocation: sourceLocation)
}

/// The error a Zwift workout is refused with.
func refusal(zwift text: String, file: String = "test.zwo", sourceLocation: SourceLocation = #_sourceLocation)
    throws -> ProgramError
{
    let error = #expect(throws: ProgramError.self, sourceLocation: sourceLocation) {
        try Program(zwift: text, file: file)
    }
    return try #require(error, sourceLocation: sourceLocation)
}

/// A program's keys and one interval step, with `lines` added to the step: the step's own lines start at line 5.
func programWithStep(_ lines: String) -> String {
    """
    name = "Test"
    kind = "run"

    [[steps]]
    \(lines)
    """
}
