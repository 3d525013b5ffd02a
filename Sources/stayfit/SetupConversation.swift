import Buttons
import Foundation
import Glibc

/// What `stayfit setup` hears: the lines typed, the end of its input, and (during the buttons step) the presses.
enum SetupHeard: Sendable {
    case line(String)
    case endOfInput
    case button(ButtonEvent)
}

/// `stayfit setup`'s side of the conversation: plain questions on standard output, answers from standard input.
///
/// Standard input is read on a thread of its own (a blocked `readLine` must not hold one of the few cooperative
/// threads), into one stream that the buttons step also feeds with presses, so that a press and an Enter are taken
/// in the order they came. The end of the input (Ctrl-D, a closed SSH session) stops setup with nothing written.
struct SetupConversation {
    private var heard: AsyncStream<SetupHeard>.Iterator
    /// Where the buttons step puts presses.
    let feed: AsyncStream<SetupHeard>.Continuation

    /// Setup stopped before its end: standard input ended.
    struct Stopped: Error {}

    init() {
        let (stream, continuation) = AsyncStream.makeStream(of: SetupHeard.self)
        heard = stream.makeAsyncIterator()
        feed = continuation
        let reader = Thread {
            while let line = readLine(strippingNewline: true) { continuation.yield(.line(line)) }
            continuation.yield(.endOfInput)
        }
        reader.start()
    }

    /// Writes `text` without a line break (a question waiting for its answer), at once.
    static func show(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { _ = Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }

    /// The next thing heard, presses included.
    mutating func next() async -> SetupHeard {
        await heard.next() ?? .endOfInput
    }

    /// Asks `question` and returns the answer, trimmed (presses heard meanwhile are left out).
    ///
    /// - Throws: `Stopped` when standard input ends.
    mutating func ask(_ question: String) async throws -> String {
        Self.show(question + " ")
        while true {
            switch await next() {
            case .line(let line): return line.trimmingCharacters(in: .whitespaces)
            case .endOfInput:
                writeLine("")
                throw Stopped()
            case .button: continue
            }
        }
    }

    /// Whether to do a step: "y" does it, Enter or "s" skips it.
    mutating func wantsStep(_ question: String) async throws -> Bool {
        while true {
            switch try await ask("\(question) [y/S]").lowercased() {
            case "y", "yes": return true
            case "", "s", "skip", "n", "no": return false
            default: writeLine("Type y to do this step, or press Enter (or s) to skip it.")
            }
        }
    }

    /// Asks a yes/no question with a default, shown in capitals.
    mutating func yesOrNo(_ question: String, default yes: Bool) async throws -> Bool {
        while true {
            switch try await ask("\(question) [\(yes ? "Y/n" : "y/N")]").lowercased() {
            case "": return yes
            case "y", "yes": return true
            case "n", "no", "s", "skip": return false
            default: writeLine("Type y or n.")
            }
        }
    }
}
