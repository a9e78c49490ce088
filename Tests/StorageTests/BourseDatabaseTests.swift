import BourseCore
import Foundation
import Testing
@testable import Storage

@Suite("BourseDatabase")
struct BourseDatabaseTests {
    @Test func anUnopenablePathIsAClearError() {
        #expect {
            try BourseDatabase(path: "/proc/no-such-dir/bourse.sqlite")
        } throws: { error in
            "\(error)".contains("cannot open the database at /proc/no-such-dir/bourse.sqlite")
        }
    }
}
