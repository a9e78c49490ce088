// The fan-out benchmark's baseline: a plain SwiftNIO WebSocket server that sends every socket the
// same tick at the same rate as `bourse serve` does, and nothing else (no router, no desk, no
// async writer). Each tick is written once into one buffer and handed to every socket on its own
// event loop. `scripts/benchmark-fanout` runs it beside the app in the same run.
//
// Usage: FanoutBaseline --port N --rate TICKS_PER_SECOND --template TICK_JSON_FILE
// The template is a tick as the app sent it; each tick is that text with its own `seq` and `time`.
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// The sockets open now, by event loop, so that a tick is handed to each loop once.
final class Sockets: Sendable {
    private let byLoop = NIOLockedValueBox([ObjectIdentifier: (EventLoop, [ObjectIdentifier: Channel])]())

    func add(_ channel: Channel) {
        byLoop.withLockedValue { byLoop in
            let loop = ObjectIdentifier(channel.eventLoop)
            byLoop[loop, default: (channel.eventLoop, [:])].1[ObjectIdentifier(channel)] = channel
        }
    }

    func remove(_ channel: Channel) {
        _ = byLoop.withLockedValue { $0[ObjectIdentifier(channel.eventLoop)]?.1.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Sends `frame` to every socket, each on its own loop.
    func send(_ frame: WebSocketFrame) {
        let loops = byLoop.withLockedValue { Array($0.values) }
        for (loop, channels) in loops {
            loop.execute {
                for channel in channels.values { channel.writeAndFlush(frame, promise: nil) }
            }
        }
    }
}

/// After the upgrade: joins `Sockets`, answers a ping and a close, leaves on close.
final class FanoutHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame
    let sockets: Sockets

    init(sockets: Sockets) { self.sockets = sockets }

    func handlerAdded(context: ChannelHandlerContext) { sockets.add(context.channel) }
    func handlerRemoved(context: ChannelHandlerContext) { sockets.remove(context.channel) }
    func channelInactive(context: ChannelHandlerContext) { sockets.remove(context.channel) }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .ping:
            context.writeAndFlush(
                wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
        case .connectionClose:
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: frame.unmaskedData)))
                .whenComplete { _ in channel.close(promise: nil) }
        default: break
        }
    }
}

/// The template tick with its `seq` and `time` replaced.
struct TickTemplate {
    let beforeSeq: String
    let betweenSeqAndTime: String
    let afterTime: String

    init(_ text: String) throws {
        guard let seqKey = text.range(of: "\"seq\":"), let timeKey = text.range(of: ",\"time\":\""),
            let timeEnd = text[timeKey.upperBound...].firstIndex(of: "\"")
        else { throw ValidationError("the template must be a tick with \"seq\" and \"time\"") }
        beforeSeq = String(text[..<seqKey.upperBound])
        betweenSeqAndTime = String(text[seqKey.upperBound..<timeKey.lowerBound].drop { $0.isNumber }) + ",\"time\":\""
        afterTime = String(text[timeEnd...])
    }

    func tick(seq: Int64, time: Date) -> String {
        beforeSeq + String(seq) + betweenSeqAndTime + time.formatted(Self.iso8601) + afterTime
    }

    static let iso8601 = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}

struct ValidationError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
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

@main
enum FanoutBaseline {
    static func main() async throws {
        guard let port = argument("--port").flatMap(Int.init), let rate = argument("--rate").flatMap(Double.init),
            let templatePath = argument("--template")
        else {
            FileHandle.standardError.write(Data("usage: FanoutBaseline --port N --rate TICKS_PER_SECOND --template FILE\n".utf8))
            exit(2)
        }
        let template = try TickTemplate(
            String(contentsOfFile: templatePath, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines))
        let sockets = Sockets()
        let group = MultiThreadedEventLoopGroup.singleton
        let upgrader = NIOWebSocketServerUpgrader(
            maxFrameSize: 1 << 14, automaticErrorHandling: true,
            shouldUpgrade: { channel, _ in channel.eventLoop.makeSucceededFuture(HTTPHeaders()) },
            upgradePipelineHandler: { channel, _ in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(FanoutHandler(sockets: sockets))
                }
            })
        let server = try await ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                        withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in }))
                }
            }
            .bind(host: "127.0.0.1", port: port).get()
        say("listening on \(server.localAddress?.port ?? port)")

        // The ticks, on the wall clock's beat, like the simulator's.
        let interval = 1 / rate
        var seq: Int64 = 0
        var next = Date().timeIntervalSince1970
        while true {
            next += interval
            let wait = next - Date().timeIntervalSince1970
            if wait > 0 { try await Task.sleep(for: .seconds(wait)) }
            seq += 1
            sockets.send(
                WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: template.tick(seq: seq, time: Date()))))
        }
    }
}
