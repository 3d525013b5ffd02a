import CLinuxInput
import Testing

@testable import Buttons

/// The hand-written byte layouts against the kernel headers (`<linux/input.h>`, `<linux/gpio.h>`) of this machine.
@Suite struct ByteLayoutTests {
    @Test func inputEventMatchesTheKernelHeader() throws {
        #expect(InputEvent.size == stayfit_sizeof_input_event())
        #expect(stayfit_offsetof_input_event_type() == 16)
        #expect(stayfit_offsetof_input_event_code() == 18)
        #expect(stayfit_offsetof_input_event_value() == 20)
        let record = InputEvent(type: 1, code: 164, value: 1).record(seconds: 1_790_000_000, microseconds: 250_000)
        #expect(record.count == 24)
        #expect(Array(record[16..<24]) == [1, 0, 164, 0, 1, 0, 0, 0])
        #expect(InputEvent(record: record) == InputEvent(type: 1, code: 164, value: 1))
        #expect(InputEvent(record: Array(record.prefix(23))) == nil)
    }

    @Test func negativeValuesAndLargeCodesSurviveTheRoundTrip() {
        let event = InputEvent(type: 2, code: 0x2ff, value: -3)
        #expect(InputEvent(record: event.record()) == event)
    }

    @Test func theIoctlNumbersAreTheOnesInTheTechnicalReference() {
        #expect(stayfit_eviocgrab() == 0x4004_4590)
        #expect(stayfit_gpio_v2_get_line_ioctl() == 0xC250_B407)
        #expect(stayfit_eviocgname(256) == 0x8100_4506)
    }

    @Test func theLineRequestLayoutMatchesTheKernelHeader() {
        #expect(GPIOLineRequest.size == stayfit_sizeof_gpio_v2_line_request())
        #expect(GPIOLineRequest.offsetsOffset == stayfit_offsetof_request_offsets())
        #expect(GPIOLineRequest.consumerOffset == stayfit_offsetof_request_consumer())
        #expect(GPIOLineRequest.flagsOffset == stayfit_offsetof_request_config_flags())
        #expect(GPIOLineRequest.attributeCountOffset == stayfit_offsetof_request_config_num_attrs())
        #expect(GPIOLineRequest.attributesOffset == stayfit_offsetof_request_config_attrs())
        #expect(GPIOLineRequest.attributeSize == stayfit_sizeof_line_config_attribute())
        #expect(stayfit_offsetof_attribute_id() == 0)
        #expect(GPIOLineRequest.attributeDebounceOffset == stayfit_offsetof_attribute_debounce())
        #expect(GPIOLineRequest.attributeMaskOffset == stayfit_offsetof_attribute_mask())
        #expect(GPIOLineRequest.lineCountOffset == stayfit_offsetof_request_num_lines())
        #expect(GPIOLineRequest.eventBufferSizeOffset == stayfit_offsetof_request_event_buffer_size())
        #expect(GPIOLineRequest.fdOffset == stayfit_offsetof_request_fd())
    }

    @Test func theLineRequestCarriesTheLinesFlagsAndDebounceWhereTheKernelReadsThem() {
        let bytes = GPIOLineRequest(
            offsets: [17, 22, 27], consumer: "stayfit buttons", flags: GPIOLineRequest.buttonFlags,
            debounceMicroseconds: 10_000
        ).bytes
        func u32(_ offset: Int) -> UInt32 {
            bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) }
        }
        func u64(_ offset: Int) -> UInt64 {
            bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
        }
        #expect(bytes.count == 592)
        #expect([u32(0), u32(4), u32(8), u32(12)] == [17, 22, 27, 0])
        #expect(Array(bytes[256..<272]) == Array("stayfit buttons".utf8) + [0])
        // INPUT | ACTIVE_LOW | EDGE_RISING | EDGE_FALLING | BIAS_PULL_UP
        #expect(u64(stayfit_offsetof_request_config_flags()) == (1 << 1) | (1 << 2) | (1 << 4) | (1 << 5) | (1 << 8))
        #expect(u32(stayfit_offsetof_request_config_num_attrs()) == 1)
        let attribute = stayfit_offsetof_request_config_attrs()
        #expect(u32(attribute + stayfit_offsetof_attribute_id()) == 3)  // GPIO_V2_LINE_ATTR_ID_DEBOUNCE
        #expect(u32(attribute + stayfit_offsetof_attribute_debounce()) == 10_000)
        #expect(u64(attribute + stayfit_offsetof_attribute_mask()) == 0b111)
        #expect(u32(stayfit_offsetof_request_num_lines()) == 3)
        #expect(u32(stayfit_offsetof_request_event_buffer_size()) == 0)
    }

    @Test func withoutDebounceNoAttributeIsSent() {
        let bytes = GPIOLineRequest(
            offsets: [4], consumer: "x", flags: GPIOLineRequest.buttonFlags, debounceMicroseconds: 0
        ).bytes
        #expect(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 296, as: UInt32.self) } == 0)
    }

    @Test func lineEventsMatchTheKernelHeaderAndBecomeKeyEdges() throws {
        #expect(GPIOLineEvent.size == stayfit_sizeof_gpio_v2_line_event())
        #expect(stayfit_offsetof_line_event_id() == 8)
        #expect(stayfit_offsetof_line_event_offset() == 12)
        var record = [UInt8](repeating: 0, count: 48)
        record[8] = 1  // rising edge: pressed on an active-low line
        record[12] = 17
        let pressed = try #require(GPIOLineEvent(record: record))
        #expect(pressed.offset == 17)
        #expect(pressed.keyValue == 1)
        record[8] = 2
        #expect(GPIOLineEvent(record: record)?.keyValue == 0)
        record[8] = 9
        #expect(GPIOLineEvent(record: record)?.keyValue == nil)
    }
}
