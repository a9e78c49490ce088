import NIOCore
import NIOEmbedded
import NIOWebSocket
import Testing

@testable import BourseApp

/// The fan-out's frames, made once and written below each socket's encoder, are byte for byte what
/// NIO's own WebSocket encoder writes for the same text frame, at each of the three length forms.
@Suite("A frame made once for every socket")
struct WireFrameTests {
    /// What `WebSocketFrameEncoder` writes for an unmasked text frame of `text`, its buffers joined.
    func encodedByNIO(_ text: String) throws -> [UInt8] {
        let channel = EmbeddedChannel(handler: WebSocketFrameEncoder())
        try channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: text))).wait()
        var bytes: [UInt8] = []
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) { bytes += Array(buffer.readableBytesView) }
        _ = try channel.finish()
        return bytes
    }

    @Test(arguments: [0, 1, 125, 126, 1_000, 65_535, 65_536, 100_000])
    func isWhatNIOsEncoderWrites(length: Int) throws {
        // Not only ASCII: the length is the UTF-8 bytes', not the characters'.
        let text = String(repeating: "é", count: length / 2) + String(repeating: "a", count: length % 2)
        let frame = WireFrame(text)
        #expect(Array(frame.bytes.readableBytesView) == (try encodedByNIO(text)))
        #expect(frame.bytes.readableBytes - text.utf8.count == (length < 126 ? 2 : length <= 65_535 ? 4 : 10))
    }
}
