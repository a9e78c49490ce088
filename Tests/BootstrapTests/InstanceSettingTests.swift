import Bootstrap
import Foundation
import Testing

/// `BOURSE_INSTANCE` (SPEC §15): an instance's name, or the host's and the port.
@Suite("The instance's name")
struct InstanceSettingTests {
    @Test func aNameIsTakenAsGivenAndDefaultsToTheHostAndPort() throws {
        #expect(try InstanceSetting.read(["BOURSE_INSTANCE": "web-1"], port: 8080) == "web-1")
        let host = try InstanceSetting.read([:], port: 8081)
        #expect(host.hasSuffix(":8081") && host.count <= InstanceSetting.maxLength)
        #expect(try InstanceSetting.read(["BOURSE_INSTANCE": ""], port: 8082).hasSuffix(":8082"))
    }

    @Test(arguments: ["web 1", "wéb", String(repeating: "a", count: 41), "a'b", "x;DROP"])
    func aNameThatCannotBeShownIsASettingErrorNamingTheVariable(name: String) {
        #expect {
            try InstanceSetting.read(["BOURSE_INSTANCE": name], port: 8080)
        } throws: { error in
            "\(error)".contains("BOURSE_INSTANCE")
        }
    }
}
