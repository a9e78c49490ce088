import NIOCore

/// Right before NIO's HTTP/1 decoder: remembers what it hands the decoder, so that the gate can
/// tell a request line that ends in a bare LF (`GET / HTTP/1.1\n`) from one whose version is not
/// served (`GET / HTTP/9.9\r\n`). llhttp calls both an invalid version; the first is a 400, the
/// second a 505.
///
/// The decoder reports an error while it reads the bytes that caused it, so the gate asks while
/// the read is being handed on: the bytes of that read, and the last few of the reads before it
/// (a version split over two reads).
final class BareLineFeedWatch: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private static let versions = ["HTTP/1.1\n", "HTTP/1.0\n"].map { Array($0.utf8) }
    /// As many bytes as a version takes, before its line end.
    private static let kept = versions[0].count - 1

    /// The last bytes of the reads before the current one.
    private var earlier: [UInt8] = []
    /// The read being handed to the decoder.
    private var current: ByteBuffer?

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        current = buffer
        context.fireChannelRead(data)
        current = nil
        let view = buffer.readableBytesView
        if view.count >= Self.kept {
            earlier.removeAll(keepingCapacity: true)
        } else if earlier.count + view.count > Self.kept {
            earlier.removeFirst(earlier.count + view.count - Self.kept)
        }
        earlier.append(contentsOf: view.suffix(Self.kept))
    }

    /// Whether the bytes being decoded hold a request line of HTTP/1.1 or 1.0 that ends in LF
    /// without the CR before it.
    var sawBareLineFeedAfterVersion: Bool {
        let bytes = earlier + (current.map { Array($0.readableBytesView) } ?? [])
        return Self.versions.contains { bytes.firstRange(of: $0) != nil }
    }
}

@available(*, unavailable)
extension BareLineFeedWatch: Sendable {}
