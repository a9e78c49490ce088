import NIOCore

/// A WebSocket text frame as a server sends it (RFC 6455 §5.2: FIN, opcode 1, unmasked, the
/// payload's length in 7, 16 or 64 bits), header and payload in one buffer, made once and written
/// as it is to every socket it is for, below each channel's WebSocket encoder: no socket makes its
/// own header, allocates a buffer, or has two buffers to write.
struct WireFrame: Sendable {
    /// The frame's bytes, header first.
    let bytes: ByteBuffer

    init(_ text: String) {
        let payload = text.utf8.count
        var bytes = ByteBuffer()
        bytes.reserveCapacity(payload + 10)
        bytes.writeInteger(UInt8(0x81))
        switch payload {
        case ..<126: bytes.writeInteger(UInt8(payload))
        case ...Int(UInt16.max):
            bytes.writeInteger(UInt8(126))
            bytes.writeInteger(UInt16(payload))
        default:
            bytes.writeInteger(UInt8(127))
            bytes.writeInteger(UInt64(payload))
        }
        bytes.writeString(text)
        self.bytes = bytes
    }
}
