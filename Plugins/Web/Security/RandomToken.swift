/// 256 random bits as 64 hexadecimal digits: a session's key or its CSRF token.
///
/// From `SystemRandomNumberGenerator`, which on Linux is the kernel's getrandom: unguessable, never seeded by us.
enum RandomToken {
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        var text = ""
        text.reserveCapacity(64)
        for _ in 0..<4 {
            let word = generator.next() as UInt64
            let digits = String(word, radix: 16)
            text += String(repeating: "0", count: 16 - digits.count) + digits
        }
        return text
    }

    /// Whether `text` has a token's shape: what a cookie or a form carries is checked before it is looked up.
    static func isWellFormed(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
