import SharedLibrary
import Testing

/// `dlopen` at run time: the real libmpv (installed for the tests), a library that is not there, a symbol that is not.
@Suite struct SharedLibraryTests {
    @Test func anOpenedLibraryGivesItsFunctions() throws {
        let library = try SharedLibrary.open("libmpv.so.2")
        let version = try library.function("mpv_client_api_version", as: (@convention(c) () -> UInt).self)
        // libmpv.so.2 is client API 2.x: the major version is the upper 16 bits.
        #expect(version() >> 16 == 2)
    }

    @Test func aLibraryThatIsNotInstalledIsAnErrorThatSaysSo() {
        #expect {
            try SharedLibrary.open("libstayfit-no-such-library.so.1")
        } throws: { error in
            (error as? SharedLibraryError)?.description.contains("libstayfit-no-such-library.so.1") == true
        }
    }

    @Test func aFunctionTheLibraryLacksIsAnErrorThatNamesIt() throws {
        let library = try SharedLibrary.open("libmpv.so.2")
        #expect {
            try library.function("mpv_stayfit_no_such_function", as: (@convention(c) () -> Void).self)
        } throws: { error in
            (error as? SharedLibraryError)?.description == "libmpv.so.2 has no mpv_stayfit_no_such_function"
        }
    }
}
