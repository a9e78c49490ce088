/// `/signin`: the owner's name and password, in the app's style, at any width. A plain form
/// (no script needed); the error, when there is one, is announced and the fields keep the name.
enum SignInPage {
    enum Problem {
        case wrongCredentials
        case throttled(seconds: Int)
        case signedOut
    }

    static func render(next: String, name: String = "", problem: Problem? = nil) -> HTML {
        let message: HTML
        switch problem {
        case .wrongCredentials:
            message =
                #"<div class="error" id="sign-in-error" role="alert"><p>That name and password do not match. Try again.</p></div>"#
        case .throttled(let seconds):
            message = """
                <div class="error" id="sign-in-error" role="alert"><p>Too many attempts. \
                Wait \(seconds) seconds, then try again.</p></div>
                """
        case .signedOut:
            message = #"<p class="notice" role="status">You are signed out.</p>"#
        case nil:
            message = ""
        }
        let content: HTML = """
            <div class="sign-in">
            <h1>Sign in to Bourse</h1>
            \(message)
            <form method="post" action="/signin">
            <input type="hidden" name="next" value="\(next)">
            <label for="sign-in-name">Name</label>
            <input id="sign-in-name" name="name" type="text" value="\(name)" autocomplete="username" \
            autocapitalize="none" spellcheck="false" required maxlength="64">
            <label for="sign-in-password">Password</label>
            <input id="sign-in-password" name="password" type="password" autocomplete="current-password" required>
            <button type="submit" class="button">Sign in</button>
            </form>
            <p class="hint">The owner's name and password are set on the server with <code>bourse password</code>.</p>
            </div>
            """
        return PageLayout(title: "Sign in", section: .markets, content: content, showsNavigation: false).render()
    }
}
