import CLoadedLibraries
import Foundation
import Testing

/// Which tables the walk finds in one library, on a made-up library whose dynamic section the test writes: the
/// relocation tables, the PLT's only when the library is bound at once, nothing with text relocations or outside a
/// never-written segment.
@Suite struct LibraryWalkTests {
    private static let page = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// A read-only segment of 16 pages, then a writable one of 16 pages from page 32 whose first half is RELRO, with
    /// the dynamic section at its start.
    private static let headers = [
        programHeader(PT_LOAD, PF_R, from: 0, to: 16 * page),
        programHeader(PT_LOAD, PF_R | PF_W, from: 32 * page, to: 48 * page),
        programHeader(PT_GNU_RELRO, PF_R, from: 32 * page, to: 40 * page),
        programHeader(PT_DYNAMIC, PF_R | PF_W, from: 32 * page, to: 33 * page),
    ]

    /// The tables found, in pages of the library, for a dynamic section of `entries` (DT_NULL is added), whose
    /// addresses are bytes into the library: written as the file has them, or moved by the load address as glibc
    /// leaves them on x86-64 and Arm.
    private func tables(
        _ entries: [(Int32, Int)], moved: Bool = false, name: String = "/usr/lib/libmadeup.so.1"
    ) -> [Range<Int>] {
        let addressTags: Set<Int32> = [DT_RELA, DT_REL, DT_JMPREL, 36 /* DT_RELR */]
        // The dynamic section on a page of its own, so that the made-up library's pages are the machine's pages.
        let page = UnsafeMutableRawPointer.allocate(byteCount: Self.page, alignment: Self.page)
        defer { page.deallocate() }
        let section = page.bindMemory(to: DynamicEntry.self, capacity: entries.count + 1)
        // The library is "loaded" so that its dynamic section (page 32) is that page.
        let base = UInt(bitPattern: page) - UInt(32 * Self.page)
        for (index, (tag, value)) in entries.enumerated() {
            let isAddress = addressTags.contains(tag)
            section[index] = dynamicEntry(tag, isAddress ? UInt(value) + (moved ? base : 0) : UInt(value))
        }
        section[entries.count] = dynamicEntry(DT_NULL, 0)
        var found: [Range<UInt>] = []
        Self.headers.withUnsafeBufferPointer { headers in
            name.withCString { name in
                var info = stayfit_library_info(
                    dlpi_addr: numericCast(base), dlpi_name: name, dlpi_phdr: headers.baseAddress,
                    dlpi_phnum: numericCast(headers.count))
                withUnsafeMutablePointer(to: &found) { found in
                    var walk = stayfit_table_walk(
                        visitor: { _, start, end, context in
                            guard let context else { return }
                            let found = context.assumingMemoryBound(to: [Range<UInt>].self)
                            found.pointee.append(start..<end)
                        }, context: UnsafeMutableRawPointer(found))
                    _ = stayfit_visit_library(&info, MemoryLayout<stayfit_library_info>.size, &walk)
                }
            }
        }
        return found.map { range in
            Int(range.lowerBound - base) / Self.page..<Int(range.upperBound - base) / Self.page
        }
    }

    /// DT_RELA at page 1 for 3 pages, DT_JMPREL at page 5 for 2 pages.
    private let relocations: [(Int32, Int)] = [
        (DT_RELA, page), (DT_RELASZ, 3 * page), (DT_JMPREL, 5 * page), (DT_PLTRELSZ, 2 * page),
    ]

    @Test func aLazilyBoundLibraryKeepsItsPLTRelocations() {
        #expect(tables(relocations) == [1..<4])
        #expect(tables(relocations, moved: true) == [1..<4])
    }

    @Test(arguments: [(DT_FLAGS, Int(DF_BIND_NOW)), (DT_FLAGS_1, Int(DF_1_NOW)), (DT_BIND_NOW, 0)])
    func aLibraryBoundAtOnceLetsGoOfThemToo(tag: Int32, value: Int) {
        #expect(tables(relocations + [(tag, value)]) == [1..<4, 5..<7])
        #expect(tables(relocations + [(tag, value)], moved: true) == [1..<4, 5..<7])
    }

    @Test func onlyWholePagesOfATableAreTaken() {
        // From a third into page 1 to half-way through page 4: only pages 2 and 3 hold nothing else.
        let table: [(Int32, Int)] = [(DT_RELA, Self.page + Self.page / 3), (DT_RELASZ, 3 * Self.page + Self.page / 6)]
        #expect(tables(table) == [2..<4])
    }

    @Test func aLibraryWithTextRelocationsIsLeftAlone() {
        #expect(tables(relocations + [(DT_FLAGS, Int(DF_BIND_NOW)), (DT_TEXTREL, 0)]).isEmpty)
        #expect(tables(relocations + [(DT_FLAGS, Int(DF_BIND_NOW | DF_TEXTREL))]).isEmpty)
    }

    @Test func aTableInTheWritableSegmentIsNeverTaken() {
        // In RELRO (page 34), and past RELRO in the writable part (page 42).
        #expect(tables([(DT_RELA, 34 * Self.page), (DT_RELASZ, 2 * Self.page)]).isEmpty)
        #expect(tables([(DT_RELA, 42 * Self.page), (DT_RELASZ, 2 * Self.page)]).isEmpty)
        // Running out of the read-only segment.
        #expect(tables([(DT_RELA, 14 * Self.page), (DT_RELASZ, 4 * Self.page)]).isEmpty)
    }

    @Test func theProgramAndTheVDSOAreSkipped() {
        #expect(tables(relocations, name: "").isEmpty)
        #expect(tables(relocations, name: "linux-vdso.so.1").isEmpty)
    }
}
