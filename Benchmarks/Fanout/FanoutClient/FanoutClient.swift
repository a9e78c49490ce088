// The fan-out benchmark's clients: many WebSocket clients in one process, on one event loop, each
// reading every frame and checking the ticks' `seq` (every tick, in order) and their latency
// (now minus the tick's `time`, both on the wall clock; `time` has millisecond resolution, so a
// figure may read up to 1 ms high). `scripts/benchmark-fanout` runs several of them.
//
// Usage: FanoutClient --port N --clients N [--path /exchange/ws] [--sample FILE]
// Prints "connected N failed N" once every client has tried; then reads commands on stdin:
// "start" begins the measured window, "stop" prints the window's figures as one JSON line and exits.
// `--sample` saves the first tick read (the baseline sends ticks of its form).
import Foundation
import NIOCore
import NIOPosix

/// What every client of this process saw; touched on the one event loop only.
final class Tally: @unchecked Sendable {
    var measuring = false
    /// Latencies in 0.1 ms buckets; the last holds 10 s and more.
    var histogram = [Int](repeating: 0, count: 100_001)
    var clients: [ClientHandler] = []
    var closeCodes: [Int: Int] = [:]
    var samplePath: String?

    func record(latencyMilliseconds: Double) {
        let bucket = max(0, min(histogram.count - 1, Int((latencyMilliseconds * 10).rounded(.down))))
        histogram[bucket] += 1
    }

    func start() {
        measuring = true
        for index in histogram.indices { histogram[index] = 0 }
        for client in clients { client.startWindow() }
    }

    /// The window's figures as one JSON object.
    func report() -> String {
        let open = clients.filter { $0.upgraded && !$0.closed }
        let counts = clients.filter(\.upgraded).map(\.windowTicks)
        let buckets = histogram.enumerated().filter { $0.element > 0 }.map { "[\($0.offset),\($0.element)]" }
        let codes = closeCodes.map { "\"\($0.key)\":\($0.value)" }
        let fields = [
            "\"clients\":\(clients.count)", "\"upgraded\":\(clients.filter(\.upgraded).count)",
            "\"openAtEnd\":\(open.count)", "\"closeCodes\":{\(codes.joined(separator: ","))}",
            "\"ticks\":\(counts.reduce(0, +))", "\"minTicks\":\(counts.min() ?? 0)", "\"maxTicks\":\(counts.max() ?? 0)",
            "\"gaps\":\(clients.map(\.windowGaps).reduce(0, +))",
            "\"clientsWithGaps\":\(clients.filter { $0.windowGaps > 0 }.count)",
            "\"outOfOrder\":\(clients.map(\.windowOutOfOrder).reduce(0, +))",
            "\"firstSeq\":\(clients.compactMap(\.windowFirstSeq).min() ?? -1)",
            "\"lastSeq\":\(clients.map(\.lastSeq).max() ?? -1)",
            "\"histogram\":[\(buckets.joined(separator: ","))]",
        ]
        return "{" + fields.joined(separator: ",") + "}"
    }
}

/// One WebSocket client: the handshake, then frames read off the wire (a server's are unmasked).
/// Touched on the one event loop only.
final class ClientHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let tally: Tally
    let request: String
    let done: (Bool) -> Void
    var buffer = ByteBuffer()
    var upgraded = false
    var closed = false
    var lastSeq: Int64 = -1
    var windowFirstSeq: Int64?
    var windowTicks = 0
    var windowGaps = 0
    var windowOutOfOrder = 0

    init(tally: Tally, request: String, done: @escaping (Bool) -> Void) {
        self.tally = tally
        self.request = request
        self.done = done
    }

    func startWindow() {
        windowFirstSeq = nil
        windowTicks = 0
        windowGaps = 0
        windowOutOfOrder = 0
    }

    func channelActive(context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: request)), promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if upgraded { closed = true } else { done(false) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var incoming = unwrapInboundIn(data)
        buffer.writeBuffer(&incoming)
        if !upgraded {
            guard let end = buffer.readableBytesView.firstRange(of: Array("\r\n\r\n".utf8)) else { return }
            let head = buffer.readString(length: end.upperBound - buffer.readerIndex) ?? ""
            guard head.hasPrefix("HTTP/1.1 101") else {
                context.close(promise: nil)
                return
            }
            upgraded = true
            done(true)
        }
        readFrames(context: context)
        if buffer.readerIndex > 65_536 { buffer.discardReadBytes() }
    }

    private func readFrames(context: ChannelHandlerContext) {
        while buffer.readableBytes >= 2 {
            let start = buffer.readerIndex
            let first = buffer.getInteger(at: start, as: UInt8.self)!
            let second = buffer.getInteger(at: start + 1, as: UInt8.self)!
            var length = Int(second & 0x7f)
            var header = 2
            if length == 126 {
                guard buffer.readableBytes >= 4 else { return }
                length = Int(buffer.getInteger(at: start + 2, as: UInt16.self)!)
                header = 4
            } else if length == 127 {
                guard buffer.readableBytes >= 10 else { return }
                length = Int(buffer.getInteger(at: start + 2, as: UInt64.self)!)
                header = 10
            }
            guard buffer.readableBytes >= header + length else { return }
            let payload = buffer.getSlice(at: start + header, length: length)!
            buffer.moveReaderIndex(forwardBy: header + length)
            switch first & 0x0f {
            case 0x1: text(payload)
            case 0x8:
                let code = payload.readableBytes >= 2 ? Int(payload.getInteger(at: payload.readerIndex, as: UInt16.self)!) : 1005
                tally.closeCodes[code, default: 0] += 1
                send(
                    opcode: 0x8, payload: payload.getSlice(at: payload.readerIndex, length: min(2, payload.readableBytes))!,
                    context)
                context.close(promise: nil)
                return
            case 0x9: send(opcode: 0xA, payload: payload, context)
            default: break
            }
        }
    }

    /// A tick: `{"type":"tick","seq":N,"time":"YYYY-MM-DDTHH:MM:SS.mmmZ",...`; other messages are skipped.
    private func text(_ payload: ByteBuffer) {
        let prefix = #"{"type":"tick","seq":"#.utf8
        let bytes = payload.readableBytesView
        guard bytes.starts(with: prefix) else { return }
        var index = bytes.startIndex + prefix.count
        var seq: Int64 = 0
        while index < bytes.endIndex, let digit = Self.digit(bytes[index]) {
            seq = seq * 10 + Int64(digit)
            index += 1
        }
        let timeStart = index + #","time":""#.utf8.count
        guard timeStart + 24 <= bytes.endIndex else { return }
        if tally.samplePath != nil, let path = tally.samplePath {
            tally.samplePath = nil
            try? String(buffer: payload).write(toFile: path, atomically: true, encoding: .utf8)
        }
        if lastSeq >= 0 {
            if seq > lastSeq + 1, tally.measuring { windowGaps += Int(seq - lastSeq - 1) }
            if seq <= lastSeq, tally.measuring { windowOutOfOrder += 1 }
        }
        lastSeq = max(lastSeq, seq)
        guard tally.measuring else { return }
        if windowFirstSeq == nil { windowFirstSeq = seq }
        windowTicks += 1
        if let sent = Self.milliseconds(bytes[timeStart..<(timeStart + 24)]) {
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            let received = Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
            tally.record(latencyMilliseconds: received - sent)
        }
    }

    /// A masked frame (a client's must be).
    private func send(opcode: UInt8, payload: ByteBuffer, _ context: ChannelHandlerContext) {
        var frame = context.channel.allocator.buffer(capacity: 6 + payload.readableBytes)
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        frame.writeInteger(0x80 | opcode)
        frame.writeInteger(UInt8(0x80 | min(payload.readableBytes, 125)))
        frame.writeBytes(mask)
        for (offset, byte) in payload.readableBytesView.prefix(125).enumerated() { frame.writeInteger(byte ^ mask[offset % 4]) }
        context.writeAndFlush(wrapOutboundOut(frame), promise: nil)
    }

    private static func digit(_ byte: UInt8) -> Int? {
        (0x30...0x39).contains(byte) ? Int(byte - 0x30) : nil
    }

    /// `YYYY-MM-DDTHH:MM:SS.mmmZ` as milliseconds since 1970.
    private static func milliseconds(_ text: ByteBufferView.SubSequence) -> Double? {
        let bytes = Array(text)
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for byte in bytes[from..<(from + count)] {
                guard let digit = digit(byte) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
            let minute = number(14, 2), let second = number(17, 2), let milli = number(20, 3)
        else { return nil }
        // Days from 1970-01-01 to the civil date (Howard Hinnant's algorithm).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = ((days * 24 + hour) * 60 + minute) * 60 + second
        return Double(seconds) * 1000 + Double(milli)
    }
}

/// A line on standard output, written at once (the driver waits for it).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func argument(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

/// Opens the clients, at most 64 handshakes under way at once (so that the server's accept
/// backlog never overflows), and says when every one has tried. Touched on the one event loop only.
final class Connector: @unchecked Sendable {
    let loop: any EventLoop
    let tally: Tally
    let request: String
    let port: Int
    let count: Int
    var started = 0
    var upgraded = 0
    var failed = 0

    init(loop: any EventLoop, tally: Tally, request: String, port: Int, count: Int) {
        (self.loop, self.tally, self.request, self.port, self.count) = (loop, tally, request, port, count)
    }

    func connectNext() {
        guard started < count else { return }
        started += 1
        let handler = ClientHandler(tally: tally, request: request) { [unowned self] ok in self.finished(ok) }
        tally.clients.append(handler)
        ClientBootstrap(group: loop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(handler) }
            }
            .connect(host: "127.0.0.1", port: port)
            .whenFailure { [unowned self] _ in self.finished(false) }
    }

    func finished(_ ok: Bool) {
        if ok { upgraded += 1 } else { failed += 1 }
        if upgraded + failed == count {
            say("connected \(upgraded) failed \(failed)")
        }
        connectNext()
    }
}

@main
enum FanoutClient {
    static func main() throws {
        guard let port = argument("--port").flatMap(Int.init), let count = argument("--clients").flatMap(Int.init) else {
            FileHandle.standardError.write(Data("usage: FanoutClient --port N --clients N [--path P] [--sample FILE]\n".utf8))
            exit(2)
        }
        let path = argument("--path") ?? "/exchange/ws"
        let host = "127.0.0.1:\(port)"
        let request =
            [
                "GET \(path) HTTP/1.1", "Host: \(host)", "Upgrade: websocket", "Connection: Upgrade",
                "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13", "Origin: http://\(host)",
            ].joined(separator: "\r\n") + "\r\n\r\n"

        let loop = MultiThreadedEventLoopGroup(numberOfThreads: 1).next()
        let tally = Tally()
        tally.samplePath = argument("--sample")
        let connector = Connector(loop: loop, tally: tally, request: request, port: port, count: count)
        loop.execute { for _ in 0..<64 { connector.connectNext() } }

        while let line = readLine() {
            switch line {
            case "start": loop.execute { tally.start() }
            case "stop":
                loop.execute {
                    say(tally.report())
                    exit(0)
                }
            default: break
            }
        }
        // stdin closed without "stop": the driver went away.
        exit(1)
    }
}
