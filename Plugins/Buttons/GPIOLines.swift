import CLinuxInput
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Asks a GPIO chip for button lines through the character device's uAPI v2 (`GPIO_V2_GET_LINE_IOCTL`).
///
/// - Important: Untested on hardware (no GPIO chip on the build machines); only the request's bytes are tested,
///   against the kernel header's layout.
enum GPIOLines {
    /// Why the lines could not be had, in words for the log.
    struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        let description: String
    }

    /// Opens the chip, requests the lines (input, pull-up, active-low, both edges, debounced) and returns the
    /// descriptor that reads their edge events; the chip's own descriptor is closed again.
    static func request(_ buttons: GPIOButtons) -> Result<Int32, Failure> {
        let chip = open(buttons.chip, O_RDONLY | O_CLOEXEC)
        guard chip >= 0 else {
            let error = errno
            let hint =
                error == EACCES
                ? " (add the hub's user to the gpio group, or give the chip to it with a udev rule)" : ""
            return .failure(
                Failure(description: "cannot open \(buttons.chip): \(String(cString: strerror(error)))\(hint)"))
        }
        defer { close(chip) }
        let microseconds = UInt32(
            clamping: buttons.debounce.components.seconds * 1_000_000
                + buttons.debounce.components.attoseconds / 1_000_000_000_000)
        var bytes = GPIOLineRequest(
            offsets: buttons.lines.map(\.offset), consumer: "stayfit buttons", flags: GPIOLineRequest.buttonFlags,
            debounceMicroseconds: microseconds
        ).bytes
        let result = bytes.withUnsafeMutableBytes {
            stayfit_ioctl_pointer(chip, stayfit_gpio_v2_get_line_ioctl(), $0.baseAddress)
        }
        guard result == 0 else {
            let error = errno
            return .failure(
                Failure(
                    description:
                        "cannot request GPIO lines \(buttons.lines.map { "\($0.offset)" }.joined(separator: ", ")) "
                        + "of \(buttons.chip): \(String(cString: strerror(error)))"
                        + (error == EBUSY ? " (another program or a device-tree overlay holds a line)" : "")))
        }
        let descriptor = bytes.withUnsafeBytes {
            Int32(littleEndian: $0.loadUnaligned(fromByteOffset: GPIOLineRequest.fdOffset, as: Int32.self))
        }
        guard descriptor >= 0 else { return .failure(Failure(description: "the GPIO chip returned no descriptor")) }
        return .success(descriptor)
    }
}
