import Accounts
import BourseCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BourseApp

/// SPEC §14 over real HTTP: the owner invites (API and page), the invited person takes the
/// link and is signed in, roles hold (a viewer's change is a 403 with nothing written, people
/// are the owner's), and a removed person's cookie stops working at once.
@Suite("People routes")
struct PeopleRoutesTests {
    typealias Fixture = SignInRoutesTests.Fixture
    static let annPassword = "ann's own long password"

    static func json(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }
    static let jsonHeaders: HTTPFields = [.contentType: "application/json"]
    static func jsonHeaders(cookie: String) -> HTTPFields { [.contentType: "application/json", .cookie: cookie] }

    /// The owner's cookie.
    static func owner(_ client: some TestClientProtocol) async throws -> String {
        try SignInRoutesTests.cookie(try await SignInRoutesTests.signIn(client))
    }

    /// Invites `name` with the owner's cookie; the link's path.
    static func invite(
        _ client: some TestClientProtocol, _ name: String, role: String, cookie: String
    ) async throws -> String {
        let response = try await client.execute(
            uri: "/api/v1/users", method: .post, headers: jsonHeaders(cookie: cookie),
            body: json(#"{"name": "\#(name)", "role": "\#(role)"}"#))
        #expect(response.status == .created, "\(String(buffer: response.body))")
        let body = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
        let invitation = try #require(body?["invitation"] as? [String: Any])
        #expect(invitation["name"] as? String == name)
        #expect(invitation["role"] as? String == role)
        return try #require(invitation["link"] as? String)
    }

    /// Takes the link with a password; the new account's cookie.
    static func accept(_ client: some TestClientProtocol, _ link: String) async throws -> String {
        let token = String(link.dropFirst("/invite/".count))
        let response = try await client.execute(
            uri: "/api/v1/invitations/\(token)", method: .post, headers: jsonHeaders,
            body: json(#"{"password": "\#(annPassword)"}"#))
        #expect(response.status == .created, "\(String(buffer: response.body))")
        return try SignInRoutesTests.cookie(response)
    }

    @Test func theOwnerInvitesAndTheInvitedPersonIsSignedInWithTheirOwnRole() async throws {
        let fixture = try await SignInRoutesTests.fixture()
        let accounts = fixture.accounts
        let desk = fixture.desk
        try await fixture.app.test(.router) { client in
            let owner = try await Self.owner(client)
            let link = try await Self.invite(client, "ann", role: "member", cookie: owner)
            #expect(link.hasPrefix("/invite/") && link.count > 40)

            let listed = try await client.execute(uri: "/api/v1/users", method: .get, headers: [.cookie: owner])
            #expect(listed.status == .ok)
            let text = String(buffer: listed.body)
            #expect(text.contains(#""invitations":[{"#) && text.contains(#""link":null"#))
            #expect(!text.contains(String(link.dropFirst("/invite/".count))), "a listing never shows a link again")

            let ann = try await Self.accept(client, link)
            let mine = try await client.execute(uri: "/api/v1/orders", method: .get, headers: [.cookie: ann])
            #expect(mine.status == .ok)
            // A member is not the owner: people are the owner's to see and change.
            for (method, uri) in [
                (HTTPRequest.Method.get, "/api/v1/users"), (.delete, "/api/v1/users/ada"), (.get, "/people"),
            ] {
                let refused = try await client.execute(uri: uri, method: method, headers: [.cookie: ann])
                #expect(refused.status == .forbidden, "\(method) \(uri)")
            }
            let people = try await client.execute(uri: "/api/v1/users", method: .get, headers: [.cookie: owner])
            #expect(String(buffer: people.body).contains(#""name":"ann","role":"member""#))
            #expect(String(buffer: people.body).contains(#""invitations":[]"#))
            // The link is spent.
            let again = try await client.execute(
                uri: "/api/v1/invitations/\(link.dropFirst("/invite/".count))", method: .post, headers: Self.jsonHeaders,
                body: Self.json(#"{"password": "\#(Self.annPassword)"}"#))
            #expect(again.status == .notFound)
        }
    }

    @Test func aViewersEveryChangeIsA403WithNothingWritten() async throws {
        let fixture = try await SignInRoutesTests.fixture()
        let accounts = fixture.accounts
        let desk = fixture.desk
        try await fixture.app.test(.router) { client in
            let owner = try await Self.owner(client)
            let viewer = try await Self.accept(client, try await Self.invite(client, "vic", role: "viewer", cookie: owner))
            #expect(
                try await client.execute(uri: "/api/v1/tickers", method: .get, headers: [.cookie: viewer]).status != .forbidden)
            let changes: [(HTTPRequest.Method, String, String)] = [
                (.post, "/api/v1/orders", #"{"side": "buy", "type": "limit", "quantity": 1, "limitPrice": "1.00"}"#),
                (.delete, "/api/v1/orders/1", ""),
                (.post, "/api/v1/users", #"{"name": "eve", "role": "member"}"#),
            ]
            for (method, uri, body) in changes {
                let response = try await client.execute(
                    uri: uri, method: method, headers: Self.jsonHeaders(cookie: viewer),
                    body: Self.json(body))
                #expect(response.status == .forbidden, "\(uri)")
                #expect(String(buffer: response.body).contains("vic may read but not change anything"))
            }
            let orders = try await desk.orders(limit: 10)
            #expect(orders.isEmpty)
            #expect(try await accounts.invitations().isEmpty)
            // Signing out is not a change anyone is refused.
            let out = try await client.execute(uri: "/signout", method: .post, headers: [.cookie: viewer])
            #expect(out.status == .seeOther)
        }
    }

    @Test func aNewRoleAndARemovalTakeEffectOnTheNextRequest() async throws {
        let fixture = try await SignInRoutesTests.fixture()
        let accounts = fixture.accounts
        let desk = fixture.desk
        try await fixture.app.test(.router) { client in
            let owner = try await Self.owner(client)
            let ann = try await Self.accept(client, try await Self.invite(client, "ann", role: "member", cookie: owner))
            let changed = try await client.execute(
                uri: "/api/v1/users/ANN", method: .patch, headers: Self.jsonHeaders(cookie: owner),
                body: Self.json(#"{"role": "viewer"}"#))
            #expect(changed.status == .ok)
            #expect(String(buffer: changed.body).contains(#""role":"viewer""#))
            let refused = try await client.execute(
                uri: "/api/v1/orders", method: .post, headers: Self.jsonHeaders(cookie: ann),
                body: Self.json(#"{"side": "buy", "type": "limit", "quantity": 1, "limitPrice": "1.00"}"#))
            #expect(refused.status == .forbidden)

            // A name with a space and a letter beyond ASCII, percent-encoded in the path.
            _ = try await Self.accept(client, try await Self.invite(client, "Zoë Ann", role: "viewer", cookie: owner))
            let spaced = try await client.execute(uri: "/api/v1/users/Zo%C3%AB%20Ann", method: .delete, headers: [.cookie: owner])
            #expect(spaced.status == .noContent)

            let removed = try await client.execute(uri: "/api/v1/users/ann", method: .delete, headers: [.cookie: owner])
            #expect(removed.status == .noContent)
            let gone = try await client.execute(uri: "/api/v1/orders", method: .get, headers: [.cookie: ann])
            #expect(gone.status == .unauthorized)
            let missing = try await client.execute(uri: "/api/v1/users/ann", method: .delete, headers: [.cookie: owner])
            #expect(missing.status == .notFound)
            let ownerStays = try await client.execute(uri: "/api/v1/users/ada", method: .delete, headers: [.cookie: owner])
            #expect(ownerStays.status == .conflict)
        }
    }

    @Test func badInvitationsAndPasswordsAreClearErrors() async throws {
        let fixture = try await SignInRoutesTests.fixture()
        let accounts = fixture.accounts
        let desk = fixture.desk
        try await fixture.app.test(.router) { client in
            let owner = try await Self.owner(client)
            let cases: [(String, HTTPResponse.Status, String)] = [
                (#"{"name": "ann", "role": "owner"}"#, .badRequest, #"\"role\" must be \"member\" or \"viewer\""#),
                (#"{"role": "member"}"#, .badRequest, #"\"name\" must be a string"#),
                (#"{"name": " ann", "role": "member"}"#, .badRequest, "the name must be"),
                (#"{"name": "ADA", "role": "member"}"#, .conflict, "someone is named ADA already"),
                (#"[1]"#, .badRequest, "the body must be a JSON object"),
                (#"{"#, .badRequest, "the body is not JSON"),
            ]
            for (body, status, message) in cases {
                let response = try await client.execute(
                    uri: "/api/v1/users", method: .post, headers: Self.jsonHeaders(cookie: owner), body: Self.json(body))
                #expect(response.status == status, "\(body)")
                #expect(String(buffer: response.body).contains(message), "\(body): \(String(buffer: response.body))")
            }
            let form = try await client.execute(
                uri: "/api/v1/users", method: .post,
                headers: [.cookie: owner, .contentType: "application/x-www-form-urlencoded"],
                body: Self.json("name=ann"))
            #expect(form.status == .unsupportedMediaType)

            let link = try await Self.invite(client, "ann", role: "member", cookie: owner)
            let token = link.dropFirst("/invite/".count)
            let weak = try await client.execute(
                uri: "/api/v1/invitations/\(token)", method: .post, headers: Self.jsonHeaders,
                body: Self.json(#"{"password": "short"}"#))
            #expect(weak.status == .badRequest)
            #expect(weak.headers[.setCookie] == nil)
            let unknown = try await client.execute(
                uri: "/api/v1/invitations/not-a-token", method: .post, headers: Self.jsonHeaders,
                body: Self.json(#"{"password": "\#(Self.annPassword)"}"#))
            #expect(unknown.status == .notFound)
            let people = try await accounts.people().map(\.name)
            #expect(people == ["ada"])
        }
    }

    @Test func thePagesInviteAndTakeAnInvitationWithPlainForms() async throws {
        let fixture = try await SignInRoutesTests.fixture()
        let accounts = fixture.accounts
        let desk = fixture.desk
        try await fixture.app.test(.router) { client in
            let owner = try await Self.owner(client)
            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .cookie: owner]
            let made = try await client.execute(
                uri: "/people/invitations", method: .post, headers: form, body: Self.json("name=Bea&role=viewer"))
            #expect(made.status == .created)
            let page = String(buffer: made.body)
            let start = try #require(page.range(of: #"data-path="/invite/"#))
            let token = String(page[start.upperBound...].prefix { $0 != "\"" })
            #expect(token.count > 30)

            let invitePage = try await client.execute(uri: "/invite/\(token)", method: .get)
            #expect(invitePage.status == .ok)
            #expect(
                String(buffer: invitePage.body).contains(#"Welcome to Bourse, <span class="one-line" title="Bea">Bea</span>"#))
            let short = try await client.execute(
                uri: "/invite/\(token)", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: Self.json("password=short"))
            #expect(short.status == .badRequest)
            #expect(String(buffer: short.body).contains("at least 8 characters"))
            let taken = try await client.execute(
                uri: "/invite/\(token)", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: Self.json("password=bea%27s+long+password"))
            #expect(taken.status == .seeOther)
            #expect(taken.headers[.location] == "/")
            let bea = try SignInRoutesTests.cookie(taken)
            let home = try await client.execute(uri: "/", method: .get, headers: [.cookie: bea])
            #expect(home.status == .ok)
            #expect(!String(buffer: home.body).contains(#"href="/people""#), "only the owner's header links to People")

            let spent = try await client.execute(uri: "/invite/\(token)", method: .get)
            #expect(spent.status == .notFound)
            #expect(String(buffer: spent.body).contains("This invitation is not valid"))

            let listing = try await client.execute(uri: "/people", method: .get, headers: [.cookie: owner])
            #expect(String(buffer: listing.body).contains(#"data-name="Bea""#))
            let role = try await client.execute(
                uri: "/people/Bea/role", method: .post, headers: form, body: Self.json("role=member"))
            #expect(role.status == .seeOther)
            let bea2 = try await accounts.person(named: "bea")
            #expect(bea2?.role == .member)
            let removed = try await client.execute(uri: "/people/Bea/remove", method: .post, headers: form)
            #expect(removed.status == .seeOther)
            let left = try await accounts.people().map(\.name)
            #expect(left == ["ada"])
        }
    }
}
