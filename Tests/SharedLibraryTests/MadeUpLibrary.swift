import CLoadedLibraries
import Foundation

// ELF structures made up by the tests, in this machine's word size (64-bit, or 32-bit Arm).
#if _pointerBitWidth(_64)
    typealias ProgramHeader = Elf64_Phdr
    typealias DynamicEntry = Elf64_Dyn
#else
    typealias ProgramHeader = Elf32_Phdr
    typealias DynamicEntry = Elf32_Dyn
#endif

/// A program header of `type` and `flags` for the addresses `from..<to` of the library.
func programHeader(_ type: Int32, _ flags: Int32, from: Int, to: Int) -> ProgramHeader {
    var header = ProgramHeader()
    header.p_type = numericCast(type)
    header.p_flags = numericCast(flags)
    header.p_vaddr = numericCast(from)
    header.p_memsz = numericCast(to - from)
    return header
}

/// A dynamic-section entry.
func dynamicEntry(_ tag: Int32, _ value: UInt) -> DynamicEntry {
    var entry = DynamicEntry()
    entry.d_tag = numericCast(tag)
    entry.d_un.d_val = numericCast(value)
    return entry
}
