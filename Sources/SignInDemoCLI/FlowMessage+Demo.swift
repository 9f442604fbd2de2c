import SignInDemoTrace
import SignInDomain

/// The steps the demo itself traces, where a real app's screen would act.
extension FlowMessage {
    static var demoUserTapsApple: FlowMessage {
        FlowMessage("demo.userTapsApple", "the user taps “Sign in with Apple”")
    }
}
