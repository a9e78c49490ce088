import Accounts
import BourseCore
import Foundation

/// `/people`, the owner's: who may use this Bourse, with their roles, the invitations still
/// open, and a form to invite someone. A new invitation's link is shown once, here.
enum PeoplePage {
    static func render(
        people: [AccountRecord], invitations: [InvitationRecord], you: String?, made: (InvitationRecord, String)?,
        problem: String?, name: String?, passwordSet: Bool = true
    ) -> HTML {
        let message: HTML
        if let problem {
            message = #"<div class="error" id="people-error" role="alert"><p>\#(problem)</p></div>"#
        } else if let (invitation, token) = made {
            let path = InvitationLink.path(token)
            message = #"""
                <div class="notice invitation-made" role="status" id="invitation-made">
                <p><strong class="one-line">\#(invitation.name)</strong></p>
                <p>Send them this link. It works once, until \#
                <time datetime="\#(Timestamp.iso8601(invitation.expiresAt))">\#(Self.day(invitation.expiresAt))</time>, \#
                and is shown only now.</p>
                <p class="invitation-link">\#
                <input id="invitation-link" type="text" readonly aria-label="The invitation link" value="\#(path)" data-path="\#(path)">\#
                <button type="button" class="button" id="copy-invitation" hidden>Copy link</button></p>
                </div>
                """#
        } else {
            message = ""
        }
        let rows = people.map { person(in: $0, you: you) }.joined()
        let open = invitations.map(invitationRow).joined()
        let openSection: HTML =
            invitations.isEmpty
            ? ""
            : #"""
            <section class="panel" aria-labelledby="invitations-heading">
            <h2 id="invitations-heading">Invited</h2>
            <ul class="people-list" id="invitation-rows">\#(open)</ul>
            </section>
            """#
        let invite: HTML =
            passwordSet
            ? Self.inviteForm(name: name)
            : #"""
            <section class="panel" aria-labelledby="invite-heading">
            <h2 id="invite-heading">Invite someone</h2>
            <p class="notice" id="password-first">Set the owner's password first, on the server: \#
            <code>bourse password</code>. Until then anyone who reaches this app is its owner, and an \#
            invitation would mean nothing.</p>
            </section>
            """#
        let content: HTML = #"""
            <div class="people" id="page" data-page="people">
            <h1>People</h1>
            <p class="note">Everyone here shares the markets, GNB and the exchange; each member has their own \#
            list, alerts and notices. A viewer reads and changes nothing.</p>
            \#(message)
            \#(invite)
            <section class="panel" aria-labelledby="people-heading">
            <h2 id="people-heading">People</h2>
            <ul class="people-list" id="people-rows">\#(rows)</ul>
            </section>
            \#(openSection)
            </div>
            """#
        return PageLayout(
            title: "People", section: nil, content: content, scripts: ["people.js"], stylesheets: ["people.css"]
        ).render()
    }

    private static func inviteForm(name: String?) -> HTML {
        #"""
        <section class="panel" aria-labelledby="invite-heading">
        <h2 id="invite-heading">Invite someone</h2>
        <form class="invite-form" method="post" action="/people/invitations">
        <p class="field"><label for="invite-name">Name</label>\#
        <input id="invite-name" name="name" type="text" value="\#(name ?? "")" autocomplete="off" \#
        autocapitalize="none" spellcheck="false" required maxlength="64"></p>
        <p class="field"><label for="invite-role">Role</label>\#
        <select id="invite-role" name="role">\#
        <option value="member" selected>Member</option>\#
        <option value="viewer">Viewer (reads only)</option></select></p>
        <button type="submit" class="button">Make an invitation link</button>
        </form>
        </section>
        """#
    }

    private static func person(in account: AccountRecord, you: String?) -> HTML {
        let since: HTML = #"<time datetime="\#(Timestamp.iso8601(account.createdAt))">\#(day(account.createdAt))</time>"#
        guard account.role != .owner else {
            let mark: HTML = account.name == you ? " (you)" : ""
            return #"""
                <li class="person" data-name="\#(account.name)"><span class="person-name"><strong>\#(account.name)</strong>\#(mark)</span>\#
                <span class="person-role">Owner</span></li>
                """#
        }
        let path = "/people/" + (account.name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "")
        let options = [Role.member, .viewer].map { role -> HTML in
            let selected: HTML = role == account.role ? " selected" : ""
            return #"<option value="\#(role.rawValue)"\#(selected)>\#(role.rawValue.capitalized)</option>"#
        }.joined()
        return #"""
            <li class="person" data-name="\#(account.name)"><span class="person-name"><strong>\#(account.name)</strong>\#
            <span class="note">since \#(since)</span></span>\#
            <form class="person-role" method="post" action="\#(path)/role">\#
            <label class="visually-hidden" for="role-\#(account.id.description)">Role of \#(account.name)</label>\#
            <select id="role-\#(account.id.description)" name="role">\#(options)</select>\#
            <button type="submit" class="button secondary">Save</button></form>\#
            <details class="person-remove"><summary class="button secondary">Remove…</summary>\#
            <form method="post" action="\#(path)/remove"><p>\#(account.name)'s list, alerts, orders and notices go too.</p>\#
            <button type="submit" class="button danger">Remove \#(account.name)</button></form></details></li>
            """#
    }

    private static func invitationRow(_ invitation: InvitationRecord) -> HTML {
        let path = "/people/" + (invitation.name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "")
        return #"""
            <li class="person invitation" data-name="\#(invitation.name)"><span class="person-name"><strong>\#(invitation.name)</strong>\#
            <span class="note">\#(invitation.role.rawValue), until \#
            <time datetime="\#(Timestamp.iso8601(invitation.expiresAt))">\#(day(invitation.expiresAt))</time></span></span>\#
            <form method="post" action="\#(path)/remove"><button type="submit" class="button secondary">Withdraw</button></form></li>
            """#
    }

    /// "Nov 27, 2026" (UTC; the page's script may write it in the reader's style).
    static func day(_ date: Date) -> String {
        let iso = Timestamp.iso8601(date)
        return String(iso.prefix(10))
    }
}
