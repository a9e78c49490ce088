import BourseCore
import Exchange
import FeedProviders
import Foundation
import Testing

@testable import ExchangeLive

/// The feed client speaking Alpaca's and Massive's streams to scripted servers over real
/// WebSockets on loopback: the handshake, quotes and trades made into ticks, and everything a
/// real stream may do wrong (malformed frames, mixed arrays, crossed or empty sides, late
/// messages, a refused key or subscription, a dropped connection).
@Suite("Provider feeds")
struct ProviderFeedTests {
    let alpaca = AlpacaStreamDialect(symbol: "AAPL", key: AlpacaScript.key, secret: AlpacaScript.secret)
    let massive = MassiveStreamDialect(symbol: "AAPL", key: MassiveScript.key)

    @Test func alpacaHandshakeThenQuotesAndTradesBecomeTicks() async throws {
        let server = ScriptedProviderServer { connection in
            try await AlpacaScript.handshake(connection)
            try await connection.send(
                AlpacaScript.frame(AlpacaScript.quote("101.24", 3, "101.26", 2, at: "2026-11-20T14:30:00.125458123Z")))
            try await connection.send(AlpacaScript.frame(AlpacaScript.trade("101.25", 100, at: "2026-11-20T14:30:00.2Z")))
            await connection.hold()
        }
        try await server.run { url in
            let log = EventLog(EventLog.client(url, dialect: alpaca))
            try await log.waitForTicks(2)
            await log.stop()
            let frames = server.received.compactMap { try? JSONReader.parse($0) }
            #expect(frames.first?["action"]?.stringValue == "auth")
            #expect(frames.first?["key"]?.stringValue == AlpacaScript.key)
            #expect(frames.first?["secret"]?.stringValue == AlpacaScript.secret)
            #expect(frames.dropFirst().first?["action"]?.stringValue == "subscribe")
            #expect(frames.dropFirst().first?["trades"]?.arrayValue == [.string("AAPL")])
            #expect(frames.dropFirst().first?["quotes"]?.arrayValue == [.string("AAPL")])
            let ticks = log.ticks
            #expect(ticks.map(\.seq) == [1, 2])
            #expect(ticks[0].bids == [BookLevel(price: Price(ticks: 101_24), quantity: 300)])
            #expect(ticks[0].asks == [BookLevel(price: Price(ticks: 101_26), quantity: 200)])
            #expect(ticks[0].last == nil)
            #expect(Timestamp.iso8601Milliseconds(ticks[0].time) == "2026-11-20T14:30:00.125Z")
            #expect(ticks[1].last == LastTrade(price: Price(ticks: 101_25), size: 100))
            #expect(ticks[1].bids == ticks[0].bids && ticks[1].asks == ticks[0].asks)
            // The staleness watchdog runs on the wall clock: on a machine slow enough it may say
            // "stale" before the first tick, which is no fault of the handshake's.
            #expect(log.states.filter { $0 != .stale }.prefix(2) == [.connecting, .live])
        }
    }

    @Test func aFrameMixingTypesIsReadInOrderAndOtherTypesAreSkipped() async throws {
        let server = ScriptedProviderServer { connection in
            try await AlpacaScript.handshake(connection)
            try await connection.send(
                AlpacaScript.frame(
                    AlpacaScript.quote("50.00", 1, "50.02", 1, at: "2026-11-20T14:30:01Z"),
                    #"{"T":"b","S":"AAPL","o":50,"h":51,"l":49,"c":50.5,"v":1000,"t":"2026-11-20T14:30:00Z"}"#,
                    AlpacaScript.trade("50.01", 7, at: "2026-11-20T14:30:01.5Z"),
                    AlpacaScript.quote("50.01", 4, "50.03", 2, at: "2026-11-20T14:30:02Z")))
            await connection.hold()
        }
        try await server.run { url in
            let log = EventLog(EventLog.client(url, dialect: alpaca))
            try await log.waitForTicks(3)
            await log.stop()
            let ticks = log.ticks
            #expect(ticks.map(\.seq) == [1, 2, 3])
            #expect(ticks.map { $0.bids.first?.price.description } == ["50.00", "50.00", "50.01"])
            #expect(ticks.map { $0.last?.price.description } == [nil, "50.01", "50.01"])
            #expect(ticks[2].bids.first?.quantity == 400)
            #expect(!log.all.contains { if case .malformed = $0 { true } else { false } })
        }
    }

    @Test func malformedMessagesAreDroppedAndTheConnectionStays() async throws {
        let server = ScriptedProviderServer { connection in
            try await AlpacaScript.handshake(connection)
            for garbage in [
                "not json", #"{"T":"q","S":"AAPL"}"#, #"[1, "two"]"#,
                #"[{"T":"q","S":"AAPL","bp":"101.20","bs":1,"ap":101.3,"as":1,"t":"2026-11-20T14:30:00Z"}]"#,
                #"[{"T":"t","S":"AAPL","p":101.25,"s":-5,"t":"2026-11-20T14:30:00Z"}]"#,
                #"[{"T":"q","S":"AAPL","bp":101.2,"bs":1,"ap":101.3,"as":1,"t":"yesterday"}]"#,
            ] {
                try await connection.send(garbage)
            }
            try await connection.send(
                AlpacaScript.frame(AlpacaScript.quote("101.20", 1, "101.30", 1, at: "2026-11-20T14:30:00Z")))
            await connection.hold()
        }
        try await server.run { url in
            let log = EventLog(EventLog.client(url, dialect: alpaca))
            try await log.waitForTicks(1)
            await log.stop()
            let malformed = log.all.compactMap { if case .malformed(let error) = $0 { error.reason } else { nil } }
            // "[1, "two"]" holds two bad items: each is reported.
            #expect(malformed.count == 7)
            #expect(malformed.first?.contains("not JSON") == true)
            #expect(malformed.contains { $0.contains("\"bp\" must be a price") })
            #expect(malformed.contains { $0.contains("\"s\" must be a whole number") })
            #expect(malformed.contains { $0.contains("\"t\" must be an RFC 3339") })
            #expect(server.connections == 1)
            #expect(!log.states.contains { $0.label == "reconnecting" })
            #expect(log.ticks.map(\.seq) == [1])
        }
    }

    @Test func aCrossedQuoteIsRefusedAndAnEmptySideLeavesThatSideEmpty() async throws {
        let server = ScriptedProviderServer { connection in
            try await AlpacaScript.handshake(connection)
            try await connection.send(
                AlpacaScript.frame(
                    AlpacaScript.quote("101.30", 1, "101.20", 1, at: "2026-11-20T14:30:00Z"),
                    AlpacaScript.quote("101.25", 2, "101.25", 2, at: "2026-11-20T14:30:00.1Z"),
                    AlpacaScript.quote("0", 0, "101.26", 2, at: "2026-11-20T14:30:01Z"),
                    AlpacaScript.quote("101.24", 5, "0", 0, at: "2026-11-20T14:30:02Z")))
            await connection.hold()
        }
        try await server.run { url in
            let log = EventLog(EventLog.client(url, dialect: alpaca))
            try await log.waitForTicks(2)
            await log.stop()
            let malformed = log.all.compactMap { if case .malformed(let error) = $0 { error.reason } else { nil } }
            #expect(malformed.count == 2)
            #expect(malformed.allSatisfy { $0.contains("crossed quote") })
            let ticks = log.ticks
            #expect(ticks.map(\.seq) == [1, 2])
            #expect(ticks[0].bids.isEmpty && ticks[0].asks.map(\.price.description) == ["101.26"])
            #expect(ticks[1].asks.isEmpty && ticks[1].bids == [BookLevel(price: Price(ticks: 101_24), quantity: 500)])
        }
    }

    @Test func lateQuotesAndTradesAreDroppedAndTickTimesNeverGoBack() async throws {
        let server = ScriptedProviderServer { connection in
            try await AlpacaScript.handshake(connection)
            try await connection.send(
                AlpacaScript.frame(
                    AlpacaScript.quote("10.00", 1, "10.02", 1, at: "2026-11-20T14:30:01Z"),
                    AlpacaScript.trade("10.01", 100, at: "2026-11-20T14:30:02Z"),
                    AlpacaScript.quote("9.00", 1, "9.02", 1, at: "2026-11-20T14:30:00.500Z"),
                    AlpacaScript.trade("9.01", 100, at: "2026-11-20T14:30:01.900Z"),
                    AlpacaScript.quote("10.01", 1, "10.03", 1, at: "2026-11-20T14:30:01.500Z")))
            await connection.hold()
        }
        try await server.run { url in
            let log = EventLog(EventLog.client(url, dialect: alpaca))
            try await log.waitForTicks(3)
            await log.stop()
            let ticks = log.ticks
            #expect(ticks.count == 3)
            #expect(ticks.map { $0.bids.first?.price.description } == ["10.00", "10.00", "10.01"])
            #expect(ticks.map { $0.last?.price.description } == [nil, "10.01", "10.01"])
            // The third quote is newer than the last quote but older than the trade's tick.
            #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $0.time <= $1.time })
            #expect(!log.all.contains { if case .malformed = $0 { true } else { false } })
        }
    }

    @Test func aRefusedKeyIsReportedWithItsFixAndTriedAgainLater() async throws {
        let server = ScriptedProviderServer { connection in
            try await connection.send(#"[{"T":"success","msg":"connected"}]"#)
            _ = await connection.receive()
            try await connection.send(#"[{"T":"error","code":402,"msg":"auth failed"}]"#)
        }
        try await server.run { url in
            let log = EventLog(EventLog.client(url, dialect: alpaca, refusalRetry: .milliseconds(300)))
            try await log.waitForRefusals()
            try await log.wait(for: "a second attempt") { _ in server.connections >= 2 }
            await log.stop()
            let refusal = try #require(log.refusals.first)
            #expect(refusal.reason == "Alpaca refused the connection (402 auth failed)")
            #expect(refusal.fix.contains("APCA_API_KEY_ID") && refusal.fix.contains("APCA_API_SECRET_KEY"))
            #expect(log.ticks.isEmpty)
            let everything = String(describing: log.all)
            #expect(!everything.contains(AlpacaScript.key) && !everything.contains(AlpacaScript.secret))
        }
    }

    @Test func aRefusedSubscriptionIsReported() async throws {
        let server = ScriptedProviderServer { connection in
            try await connection.send(#"[{"T":"success","msg":"connected"}]"#)
            _ = await connection.receive()
            try await connection.send(#"[{"T":"success","msg":"authenticated"}]"#)
            _ = await connection.receive()
            try await connection.send(#"[{"T":"error","code":405,"msg":"symbol limit exceeded"}]"#)
            await connection.hold()
        }
        try await server.run { url in
            let log = EventLog(EventLog.client(url, dialect: alpaca))
            try await log.waitForRefusals()
            await log.stop()
            let refusal = try #require(log.refusals.first)
            #expect(refusal.reason.contains("405 symbol limit exceeded"))
            #expect(refusal.fix.contains("--feed-symbol"))
        }
    }

    @Test func aDroppedConnectionIsMadeAgainAndSeqGoesOnWithoutAGap() async throws {
        let server = ScriptedProviderServer { connection in
            try await AlpacaScript.handshake(connection)
            let second = connection.number > 1
            try await connection.send(
                AlpacaScript.frame(
                    AlpacaScript.quote(second ? "20.10" : "20.00", 1, "20.20", 1, at: "2026-11-20T14:3\(second ? 5 : 0):00Z"),
                    AlpacaScript.trade("20.15", 10, at: "2026-11-20T14:3\(second ? 5 : 0):01Z")))
            if second { await connection.hold() }
        }
        try await server.run { url in
            let log = EventLog(EventLog.client(url, dialect: alpaca))
            try await log.waitForTicks(4)
            await log.stop()
            #expect(server.connections == 2)
            #expect(server.received.filter { $0.contains("\"auth\"") }.count == 2)
            #expect(log.ticks.map(\.seq) == [1, 2, 3, 4])
            #expect(log.states.contains { $0.label == "reconnecting" })
            #expect(!log.all.contains { if case .gap = $0 { true } else { false } })
            // The new connection's first tick is its trade or quote alone: the old quote is gone.
            #expect(log.ticks[2].bids.first?.price.description == "20.10")
        }
    }

    @Test func massiveHandshakeThenTradesAndQuotesBecomeTicks() async throws {
        let server = ScriptedProviderServer { connection in
            try await MassiveScript.handshake(connection)
            try await connection.send(
                "[" + MassiveScript.quote("101.24", 3, "101.26", 2, at: 1_763_649_000_125) + ","
                    + MassiveScript.trade("101.2549", 100, at: 1_763_649_000_130) + "]")
            await connection.hold()
        }
        try await server.run { url in
            let log = EventLog(EventLog.client(url, dialect: massive))
            try await log.waitForTicks(2)
            await log.stop()
            let frames = server.received.compactMap { try? JSONReader.parse($0) }
            #expect(frames.first?["action"]?.stringValue == "auth")
            #expect(frames.first?["params"]?.stringValue == MassiveScript.key)
            #expect(frames.dropFirst().first?["params"]?.stringValue == "T.AAPL,Q.AAPL")
            let ticks = log.ticks
            #expect(ticks[0].bids == [BookLevel(price: Price(ticks: 101_24), quantity: 300)])
            #expect(ticks[0].asks == [BookLevel(price: Price(ticks: 101_26), quantity: 200)])
            #expect(Timestamp.unixMilliseconds(ticks[0].time) == 1_763_649_000_125)
            // A sub-penny trade is shown on the cent, half to even.
            #expect(ticks[1].last == LastTrade(price: Price(ticks: 101_25), size: 100))
        }
    }

    @Test func massiveAuthFailedAndASubscriptionErrorAreRefusals() async throws {
        let server = ScriptedProviderServer { connection in
            try await connection.send(#"[{"ev":"status","status":"connected","message":"Connected Successfully"}]"#)
            _ = await connection.receive()
            if connection.number == 1 {
                try await connection.send(
                    #"[{"ev":"status","status":"auth_failed","message":"authentication failed for test-massive-key"}]"#)
                return
            }
            try await connection.send(#"[{"ev":"status","status":"auth_success","message":"authenticated"}]"#)
            _ = await connection.receive()
            try await connection.send(#"[{"ev":"status","status":"error","message":"not authorized for Q"}]"#)
            await connection.hold()
        }
        try await server.run { url in
            let log = EventLog(EventLog.client(url, dialect: massive, refusalRetry: .milliseconds(200)))
            try await log.waitForRefusals(2)
            await log.stop()
            let refusals = log.refusals
            #expect(refusals[0].reason == "Massive refused the key (authentication failed for [secret])")
            #expect(refusals[0].fix.contains("MASSIVE_API_KEY"))
            #expect(refusals[1].reason == "Massive refused the subscription (not authorized for Q)")
            #expect(!String(describing: log.all).contains(MassiveScript.key))
        }
    }
}
