import BourseCore
import Foundation
import WebPush

extension BourseServer {
    /// What `bourse serve` reads from the environment, all of it before anything starts; each
    /// variable is read by its settings type.
    struct Settings {
        let sources: SourceSettings
        /// The clock everything reads (`BOURSE_CLOCK`).
        let now: @Sendable () -> Date
        /// The order value above which the ticket asks to confirm (`BOURSE_CONFIRM_ORDERS_ABOVE`).
        let confirmOrdersAbove: ExactDecimal?
        /// The VAPID contact (`BOURSE_PUSH_CONTACT`).
        let pushContact: String
        /// The deploy's name (`BOURSE_DEPLOY_ID`).
        let deployID: String?
        /// Where pushes may go (`BOURSE_PUSH_ALLOW_PRIVATE`).
        let pushEndpoints: PushEndpointPolicy
        /// Every account's starting cash, nil for infinite capital (`BOURSE_STARTING_CASH`).
        let startingCash: StartingCash?
        /// This instance's name among several on one database (`BOURSE_INSTANCE`).
        let instance: String

        init(environment: [String: String], port: Int) throws {
            sources = try SourceSettings(environment: environment)
            now = try ClockSetting.read(environment)
            confirmOrdersAbove = try ConfirmOrdersSetting.read(environment)
            pushContact = try PushContactSetting.read(environment)
            deployID = DeployIDSetting.read(environment)
            pushEndpoints = try PushEndpointSetting.read(environment)
            startingCash = try StartingCashSetting.read(environment)
            instance = try InstanceSetting.read(environment, port: port)
        }
    }
}
