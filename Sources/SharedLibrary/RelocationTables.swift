import CLoadedLibraries
import Foundation

/// The relocation tables of the libraries loaded in this process, which the dynamic linker reads once, to load a
/// library, and never again.
///
/// libmpv brings about 230 libraries (ffmpeg and what it links: codecs, speech-synthesis voices, TLS, Vulkan…),
/// whose relocation tables are over 10 MB. Reading them left their pages mapped and counted as this process's
/// resident memory, for as long as it runs. `release()` unmaps those pages (`MADV_DONTNEED`): they no longer count
/// in the hub's RSS and PSS, and stay in the page cache only as clean pages that no process maps, the first the
/// kernel reclaims when memory runs short (mapped, they would be kept as the hub's working set).
///
/// Why this is safe: only whole pages inside a segment that the library's file maps without write permission, and
/// outside its read-only-after-relocation part (PT_GNU_RELRO), are released, and libraries with relocations in
/// their code (DT_TEXTREL) are left alone. Nothing ever writes such a page, so it always holds the file's own bytes:
/// read again, it comes back from the file unchanged. The PLT relocations of a lazily bound library, which the
/// dynamic linker reads again on a function's first call, are kept.
public enum RelocationTables {
    /// One library's table: the whole pages that hold only the table.
    public struct Table: Sendable, Equatable {
        public let libraryPath: String
        public let pages: Range<UInt>
    }

    /// The tables of every library loaded now, and only those (see the type's comment).
    public static func list() -> [Table] {
        var tables: [Table] = []
        withUnsafeMutablePointer(to: &tables) { pointer in
            stayfit_visit_relocation_tables(
                { library, start, end, context in
                    guard let library, let context else { return }
                    let tables = context.assumingMemoryBound(to: [Table].self)
                    tables.pointee.append(Table(libraryPath: String(cString: library), pages: UInt(start)..<UInt(end)))
                }, pointer)
        }
        return tables
    }

    /// Unmaps the tables' pages from this process; returns how many bytes they span.
    ///
    /// Call it after loading libraries (`SharedLibrary.open` does). Calling it again costs a walk over the
    /// libraries and releases only what was read since.
    @discardableResult
    public static func release() -> Int { Int(stayfit_release_relocation_tables()) }
}
