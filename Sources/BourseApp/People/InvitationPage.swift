import Accounts
import BourseCore

/// `/invite/{token}`: an invited person chooses a password, and is signed in. A plain form (no
/// script needed), in the sign-in page's style; a link used, withdrawn or past its day says so.
enum InvitationPage {
    enum State {
        case open(InvitationRecord, token: String)
        case notValid
    }

    static func render(_ state: State, problem: String? = nil) -> HTML {
        let content: HTML
        switch state {
        case .notValid:
            content = """
                <div class="sign-in">
                <h1>This invitation is not valid</h1>
                <p>It has been used, withdrawn, or it has expired. Ask whoever sent it for a new link.</p>
                <p><a href="/signin">Sign in</a> if you have an account.</p>
                </div>
                """
        case .open(let invitation, let token):
            let error: HTML =
                problem.map { #"<div class="error" id="invite-error" role="alert"><p>\#($0)</p></div>"# } ?? ""
            let role: HTML =
                invitation.role == .viewer
                ? "You are invited to read the markets, GNB and the exchange."
                : "You are invited to follow stocks, set alerts and trade on the exchange."
            content = """
                <div class="sign-in">
                <h1>Welcome to Bourse, <span class="one-line" title="\(invitation.name)">\(invitation.name)</span></h1>
                <p>\(role) Choose a password to start.</p>
                \(error)
                <form method="post" action="\(InvitationLink.path(token))">
                <input type="text" name="name" value="\(invitation.name)" autocomplete="username" hidden readonly>
                <label for="invite-password">Password</label>
                <input id="invite-password" name="password" type="password" autocomplete="new-password" required \
                minlength="8" aria-describedby="invite-password-hint">
                <p class="hint" id="invite-password-hint">8 to 72 bytes; a sentence is easy to remember.</p>
                <button type="submit" class="button">Create my account</button>
                </form>
                </div>
                """
        }
        return PageLayout(title: "Invitation", section: nil, content: content, showsNavigation: false).render()
    }
}
