// From Sources/BourseApp/API/openapi.json by scripts/generate-client: do not edit.

/// Which document the code beside this file was generated from.
enum GeneratedDocument {
    /// The SHA-256 of Sources/BourseApp/API/openapi.json's bytes.
    static let sha256 = "34321cad850a4e845db511edb30b5753a2edcf776263d3a67f0d6b77b4cc2415"
}
