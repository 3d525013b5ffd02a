import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing

@testable import Web

/// A live page's connection: texts written before the event loop runs go out as one body part, in order; a closed
/// connection takes nothing.
@Suite struct ChannelSinkTests {
    @Test func textsWrittenBeforeTheLoopRunsGoOutTogetherInOrder() throws {
        let channel = EmbeddedChannel()
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 9)).wait()
        let sink = ChannelSink(channel: channel)
        #expect(sink.write("event: progress\n\n"))
        #expect(sink.write("event: goal\n\n"))
        // Queued, not written in the caller's thread: nothing is out before the loop runs.
        #expect(try channel.readOutbound(as: HTTPResponsePart.self) == nil)
        channel.embeddedEventLoop.run()
        #expect(sink.write(": ping\n\n"))
        channel.embeddedEventLoop.run()
        #expect(
            try channel.readOutbound(as: HTTPResponsePart.self)
                == .body(ByteBuffer(string: "event: progress\n\nevent: goal\n\n")))
        #expect(try channel.readOutbound(as: HTTPResponsePart.self) == .body(ByteBuffer(string: ": ping\n\n")))
        #expect(try channel.readOutbound(as: HTTPResponsePart.self) == nil)
        _ = try channel.finish()
        #expect(!sink.write("event: state\n\n"), "a closed connection takes nothing")
    }
}
