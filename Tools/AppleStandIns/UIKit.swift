// Stand-in for the part of Apple's UIKit that the Apple-only files of this repository use, so that CI can
// type-check them on Linux. Declarations follow Apple's documentation; there is no behaviour. Never part of a
// product or a test: see Tools/AppleStandIns/README.md.
import Foundation

@MainActor
open class UIResponder: NSObject {}

@MainActor
open class UIView: UIResponder {}

@MainActor
open class UIWindow: UIView {}

@MainActor
open class UIScene: UIResponder {
    public enum ActivationState: Int, Sendable {
        case unattached = -1
        case foregroundActive = 0
        case foregroundInactive = 1
        case background = 2
    }
    open var activationState: ActivationState { .unattached }
}

@MainActor
open class UIWindowScene: UIScene {
    open var keyWindow: UIWindow? { nil }
}

@MainActor
open class UIApplication: UIResponder {
    open class var shared: UIApplication { fatalError("stand-in") }
    open var connectedScenes: Set<UIScene> { [] }
}
