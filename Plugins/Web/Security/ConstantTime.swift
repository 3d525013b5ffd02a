/// Comparisons whose time says nothing about where two secrets differ.
enum ConstantTime {
    /// Equal bytes, in a time that depends only on the lengths (a CSRF token is always 64 characters).
    static func equal(_ a: some StringProtocol, _ b: some StringProtocol) -> Bool {
        let left = Array(a.utf8), right = Array(b.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
