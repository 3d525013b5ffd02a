import CLoadedLibraries
import Foundation
import SharedLibrary
import Testing

/// The relocation tables let go of after loading: the real libmpv and its ~230 libraries, checked against the
/// kernel's own view of this process (/proc/self/pagemap and smaps).
@Suite struct RelocationTablesTests {
    /// Libraries only libmpv brings, which no other library's loading or unloading touches.
    private static func broughtByLibmpv(_ table: RelocationTables.Table) -> Bool {
        let name = (table.libraryPath as NSString).lastPathComponent
        return name.hasPrefix("libmpv.so") || name.hasPrefix("libavcodec.so") || name.hasPrefix("libavformat.so")
            || name.hasPrefix("libflite")
    }

    @Test func theTablesOfAnOpenedLibraryAndItsDependenciesAreNoLongerResident() throws {
        _ = try SharedLibrary.open("libmpv.so.2")
        let tables = RelocationTables.list().filter(Self.broughtByLibmpv)
        let bytes = tables.reduce(0) { $0 + Int($1.pages.count) }
        // The flite voices' tables are about 1.1 MB each on x86-64 (24-byte entries), a third of it with 32-bit
        // Arm's 8-byte ones; all these together over 4 MB on x86-64.
        #expect(bytes > 1_000_000, "only \(bytes) bytes of tables in \(tables.map(\.libraryPath))")
        // Another suite's thread may touch a page beside a table (libmpv's symbols, say), and the kernel maps up to
        // 64 KB around a fault from the page cache: that much may be back, never a whole table (read at load, each
        // was resident in full).
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let resident = try tables.filter { try PageMap.residentPages(in: $0.pages) * pageSize > 65_536 }
        #expect(resident.isEmpty, "still resident: \(resident.map(\.libraryPath))")
    }

    /// Every page released is one the kernel says was never written: in a mapping of the library's own file,
    /// without write permission, and with no page copied out of the file (`Anonymous: 0 kB`, which the pages that
    /// relocation writes, RELRO included, would show).
    @Test func everyTableLiesInAPartOfItsFileThatIsNeverWritten() throws {
        _ = try SharedLibrary.open("libmpv.so.2")
        // Other suites in this process load and unload libraries (ALSA's and PulseAudio's modules) meanwhile: only
        // tables listed both before and after the mappings were read belong to libraries loaded all along.
        let before = RelocationTables.list()
        let mappings = try Mapping.ofThisProcess()
        let tables = RelocationTables.list().filter(before.contains)
        #expect(tables.count > 100)
        for table in tables {
            let mapping = mappings.first { $0.addresses.contains(table.pages.lowerBound) }
            // The linker's name may go through links (/lib, libsqlite3.so.0); the mapping names the file itself.
            #expect(mapping?.path == URL(fileURLWithPath: table.libraryPath).resolvingSymlinksInPath().path, "\(table)")
            #expect(mapping.map { table.pages.upperBound <= $0.addresses.upperBound } == true, "\(table)")
            #expect(mapping?.permissions.contains("w") == false, "\(table) in \(String(describing: mapping))")
            #expect(mapping?.anonymousKilobytes == 0, "\(table) in \(String(describing: mapping))")
        }
    }

    @Test func aLibraryThatIsNotInstalledIsAnErrorThatSaysSo() {
        #expect {
            try SharedLibrary.open("libstayfit-no-such-library.so.1")
        } throws: { error in
            (error as? SharedLibraryError)?.description.contains("libstayfit-no-such-library.so.1") == true
        }
    }

    // MARK: - The segment check, on made-up program headers

    /// A read-only segment (0x0–0x10000, where the tables are), code (0x10000–0x20000), and a writable one
    /// (0x20000–0x30000) whose first half is made read-only after relocation (RELRO). A second RELRO range lies in
    /// the read-only segment (0x8000–0x9000), as no linker makes one, to check that RELRO alone refuses a range.
    private static let headers = [
        programHeader(PT_LOAD, PF_R, from: 0, to: 0x10000),
        programHeader(PT_LOAD, PF_R | PF_X, from: 0x10000, to: 0x20000),
        programHeader(PT_LOAD, PF_R | PF_W, from: 0x20000, to: 0x30000),
        programHeader(PT_GNU_RELRO, PF_R, from: 0x20000, to: 0x28000),
        programHeader(PT_GNU_RELRO, PF_R, from: 0x8000, to: 0x9000),
    ]

    @Test(arguments: [
        (0x1000, 0x3000, true),  // inside the read-only segment
        (0x11000, 0x12000, true),  // inside the code
        (0xF000, 0x11000, false),  // across two segments
        (0x21000, 0x22000, false),  // RELRO: written while loading, then made read-only
        (0x7000, 0x9000, false),  // touching RELRO, though in the read-only segment
        (0x29000, 0x2A000, false),  // writable
        (0x2F000, 0x31000, false),  // past the end
        (0x40000, 0x41000, false),  // in no segment
    ])
    func onlyARangeInsideOneSegmentThatIsNeverWrittenQualifies(start: Int, end: Int, qualifies: Bool) {
        let base: UInt = 0x4000_0000  // a load address that fits 32-bit Arm too
        let answer = Self.headers.withUnsafeBufferPointer { headers in
            stayfit_range_is_never_written(
                headers.baseAddress, Int32(headers.count), base, base + UInt(start), base + UInt(end))
        }
        #expect((answer == 1) == qualifies)
    }
}

/// /proc/self/pagemap: 8 bytes a page, bit 63 set when the page is present in this process's page table.
private enum PageMap {
    static func residentPages(in pages: Range<UInt>) throws -> Int {
        let pageSize = UInt(sysconf(Int32(_SC_PAGESIZE)))
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/pagemap"))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(pages.lowerBound / pageSize * 8))
        let count = Int(pages.count / Int(pageSize))
        let data = try handle.read(upToCount: count * 8) ?? Data()
        return stride(from: 0, to: data.count, by: 8).filter { offset in
            data[data.startIndex + offset + 7] & 0x80 != 0
        }.count
    }
}

/// One line of /proc/self/smaps with its Anonymous: figure.
private struct Mapping: CustomStringConvertible {
    let addresses: Range<UInt>
    let permissions: String
    let path: String
    var anonymousKilobytes = 0

    var description: String { "\(permissions) \(path) anonymous \(anonymousKilobytes) kB" }

    static func ofThisProcess() throws -> [Mapping] {
        // /proc files report a size of 0: read them to the end.
        let text = try String(
            decoding: FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/smaps"))
                .readToEnd() ?? Data(), as: UTF8.self)
        var mappings: [Mapping] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.first?.hasSuffix(":") == true {
                if fields.first == "Anonymous:", fields.count > 1, let kilobytes = Int(fields[1]) {
                    mappings[mappings.count - 1].anonymousKilobytes = kilobytes
                }
                continue
            }
            let bounds = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
            guard bounds.count == 2 else { continue }
            mappings.append(
                Mapping(
                    addresses: bounds[0]..<bounds[1], permissions: String(fields[1]),
                    path: fields.count > 5 ? fields[5...].joined(separator: " ") : ""))
        }
        return mappings
    }
}
