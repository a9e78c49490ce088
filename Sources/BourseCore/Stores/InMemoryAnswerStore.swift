/// An answer store in memory, for tests and for one-off commands run without a database.
public actor InMemoryAnswerStore: AnswerStore {
    private var answers: [String: SavedAnswer] = [:]

    public init() {}

    public func answer(for key: String) -> SavedAnswer? { answers[key] }

    public func save(_ answer: SavedAnswer) { answers[answer.key] = answer }
}
