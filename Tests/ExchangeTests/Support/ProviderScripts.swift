import Foundation

/// Alpaca's stream, as a scripted server speaks it (`docs/feed-protocol.md`, "Alpaca").
enum AlpacaScript {
    static let key = "test-key-id"
    static let secret = "test-secret-value"

    /// Welcome, key, subscription: the client's two frames are read and acknowledged.
    static func handshake(_ connection: ScriptedConnection, symbol: String = "AAPL") async throws {
        try await connection.send(#"[{"T":"success","msg":"connected"}]"#)
        _ = await connection.receive()
        try await connection.send(#"[{"T":"success","msg":"authenticated"}]"#)
        _ = await connection.receive()
        try await connection.send(
            #"[{"T":"subscription","trades":["\#(symbol)"],"quotes":["\#(symbol)"],"bars":[],"updatedBars":[],"dailyBars":[]}]"#)
    }

    static func quote(_ bid: String, _ bidLots: Int, _ ask: String, _ askLots: Int, at time: String) -> String {
        #"{"T":"q","S":"AAPL","bx":"V","bp":\#(bid),"bs":\#(bidLots),"ax":"V","ap":\#(ask),"as":\#(askLots),"t":"\#(time)","c":["R"],"z":"C"}"#
    }

    static func trade(_ price: String, _ size: Int, at time: String) -> String {
        #"{"T":"t","i":52983525029461,"S":"AAPL","x":"V","p":\#(price),"s":\#(size),"t":"\#(time)","c":["@"],"z":"C"}"#
    }

    static func frame(_ messages: String...) -> String { "[" + messages.joined(separator: ",") + "]" }
}

/// Massive's stocks WebSocket, as a scripted server speaks it (`docs/feed-protocol.md`, "Massive").
enum MassiveScript {
    static let key = "test-massive-key"

    static func handshake(_ connection: ScriptedConnection) async throws {
        try await connection.send(#"[{"ev":"status","status":"connected","message":"Connected Successfully"}]"#)
        _ = await connection.receive()
        try await connection.send(#"[{"ev":"status","status":"auth_success","message":"authenticated"}]"#)
        _ = await connection.receive()
        try await connection.send(
            #"[{"ev":"status","status":"success","message":"subscribed to: T.AAPL"},{"ev":"status","status":"success","message":"subscribed to: Q.AAPL"}]"#
        )
    }

    static func quote(_ bid: String, _ bidLots: Int, _ ask: String, _ askLots: Int, at milliseconds: Int64) -> String {
        #"{"ev":"Q","sym":"AAPL","bx":4,"bp":\#(bid),"bs":\#(bidLots),"ax":7,"ap":\#(ask),"as":\#(askLots),"c":0,"i":[604],"t":\#(milliseconds),"q":50385480,"z":3}"#
    }

    static func trade(_ price: String, _ size: Int, at milliseconds: Int64) -> String {
        #"{"ev":"T","sym":"AAPL","x":4,"i":"52983525029461","z":3,"p":\#(price),"s":\#(size),"c":[0,12],"t":\#(milliseconds),"q":3681328}"#
    }
}

extension ScriptedConnection {
    /// Keeps the connection open until the client closes it.
    func hold() async {
        while await receive() != nil {}
    }
}
