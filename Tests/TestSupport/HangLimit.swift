import Testing

extension Trait where Self == TimeLimitTrait {
    /// A minute, for a test that waits on a socket, a rate limiter or a deadline: if what it waits
    /// for never comes, that test fails instead of stalling the whole run. The one place to change
    /// how long such a test may take.
    public static var hangLimit: Self { .timeLimit(.minutes(1)) }
}
