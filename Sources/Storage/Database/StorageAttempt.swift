/// Runs one database operation, turning whatever GRDB throws into `StorageError.failed` with
/// the operation's name (the stores' errors never carry GRDB's types out of `Storage`).
func attempt<T>(_ operation: String, _ body: () async throws -> T) async throws(StorageError) -> T {
    do {
        return try await body()
    } catch let error as StorageError {
        throw error
    } catch {
        throw StorageError.failed(operation: operation, reason: "\(error)")
    }
}
