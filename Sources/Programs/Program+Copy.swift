extension Program {
    /// A personal copy of this program, as `stayfit programs copy` and the web's Copy make it: named `name`, or
    /// the name with " (copy)", written as TOML and read back, so the module's checks of the name apply.
    ///
    /// - Parameter file: what a message names as the source of a bad name (`--name`, `the copy's name`).
    /// - Returns: the copy and the text to store.
    /// - Throws: `ProgramError` when the name is empty or too long.
    public func copy(named name: String? = nil, file: String = "--name") throws(ProgramError) -> (
        program: Program, text: String
    ) {
        var copy = self
        copy.name = name ?? "\(self.name) (copy)"
        let text = copy.toml
        return (try Program(toml: text, file: file), text)
    }
}
