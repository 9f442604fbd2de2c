import SignIn

/// The composition root: Firebase, or its Auth emulator, as the environment says; the session in a file.
@MainActor public enum AppRoot {
    public static func firebase(environment: [String: String], sessionFile: String) throws -> SignInClient {
        let configuration = try FirebaseConfiguration.fromEnvironment(environment).get()
        return SignInClient(backend: .firebase(configuration), sessionStore: FileSessionStore(path: sessionFile))
    }
}
