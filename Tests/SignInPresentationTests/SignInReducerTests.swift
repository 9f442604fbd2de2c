import SignInDomain
import SignInTesting
import Testing

@testable import SignInPresentation

@Suite("SignInReducer")
struct SignInReducerTests {
    let reducer = SignInReducer(messages: AuthErrorMessages(language: "en"))

    @Test(
        "each click starts loading and asks to sign in with its provider",
        arguments: [ProviderType.apple, .google, .anonymous, ProviderType(rawValue: "github.com")])
    func click(provider: ProviderType) {
        var state = SignInState(errorMessage: "old error", error: .network(reason: "x"))
        let effect = reducer.reduce(&state, .clickProvider(provider))
        #expect(effect?.name == "signIn(\(provider.rawValue))")
        #expect(state == SignInState(isLoading: true, loadingProvider: provider))
    }

    @Test("the email form's submission starts loading and signs in with the email and password it carries")
    func emailForm() {
        var state = SignInState(errorMessage: "old error", error: .network(reason: "x"))
        let effect = reducer.reduce(&state, .signInWithEmail(email: "a@b.co", password: "pw"))
        guard case .signInWithCredential(let credential)? = effect else {
            Issue.record("no sign-in with the form's credential")
            return
        }
        #expect(credential == AuthCredential(provider: .emailPassword, email: "a@b.co", password: "pw"))
        #expect(state == SignInState(isLoading: true, loadingProvider: .emailPassword))
        #expect(reducer.reduce(&state, .signInWithEmail(email: "a@b.co", password: "pw")) == nil, "no double submit")
    }

    @Test("a second click while loading does nothing")
    func doubleClick() {
        var state = SignInState(isLoading: true, loadingProvider: .apple)
        let before = state
        #expect(reducer.reduce(&state, .clickProvider(.apple)) == nil)
        #expect(reducer.reduce(&state, .clickProvider(.google)) == nil)
        #expect(state == before)
    }

    @Test("a successful response stores the session and stops loading")
    func signedIn() {
        var state = SignInState(isLoading: true, loadingProvider: .apple)
        #expect(reducer.reduce(&state, .signInResponse(.signedIn(.fixture()))) == nil)
        #expect(state == SignInState(session: .fixture()))
    }

    @Test("a cancel stops loading and leaves no error message")
    func cancelled() {
        var state = SignInState(isLoading: true, loadingProvider: .apple, session: .fixture(uid: "kept"))
        _ = reducer.reduce(&state, .signInResponse(.cancelled))
        #expect(state == SignInState(session: .fixture(uid: "kept")))
    }

    @Test("a failure shows a message and keeps an existing session")
    func failed() {
        var state = SignInState(isLoading: true, loadingProvider: .apple, session: .fixture(uid: "kept"))
        _ = reducer.reduce(&state, .signInResponse(.failed(.invalidIdentityToken(.replayed))))
        #expect(!state.isLoading)
        #expect(state.session?.uid == "kept")
        #expect(state.errorMessage == "This sign-in was already used. Please sign in again.")
        #expect(state.error == .invalidIdentityToken(.replayed))
    }

    @Test("dismissing the error clears it")
    func dismiss() {
        var state = SignInState(errorMessage: "x", error: .network(reason: "y"))
        _ = reducer.reduce(&state, .dismissError)
        #expect(state == SignInState())
    }
}

@Suite("AuthErrorMessages")
struct AuthErrorMessagesTests {
    @Test("what a backend does not offer is named in the user's language, and every name has both translations")
    func operationNames() {
        let error = AuthError.notSupportedByBackend(.signIn(.anonymous))
        #expect(
            AuthErrorMessages(language: "en").message(for: error)
                == "This sign-in service does not offer guest sign-in.")
        #expect(
            AuthErrorMessages(language: "tr").message(for: error) == "Bu oturum açma hizmeti misafir girişi sunmuyor.")
        #expect(AuthErrorMessages(language: "zh-Hant").message(for: error) == "此登入服務不提供訪客登入。")
        let features: [BackendFeature] = [
            .signIn(.anonymous), .linking, .unlinking, .passwordChange, .passwordReset, .accountDeletion,
        ]
        for language in ["tr", "zh-Hant"] {
            let names = features.map { AuthErrorMessages(language: language).featureName($0) }
            let english = features.map { AuthErrorMessages(language: "en").featureName($0) }
            #expect(Set(names).count == features.count)
            #expect(zip(names, english).allSatisfy { $0 != $1 }, "\(language) has a name for every feature")
        }
        // Signing in with a provider is named by its id, and shown with the provider's registered name.
        let apple = AuthError.notSupportedByBackend(.signIn(.apple))
        #expect(
            AuthErrorMessages(language: "en").message(for: apple)
                == "This sign-in service does not offer Sign in with Apple.")
        #expect(
            AuthErrorMessages(language: "tr").message(for: apple) == "Bu oturum açma hizmeti Apple ile giriş sunmuyor.")
        #expect(AuthErrorMessages(language: "zh-Hant").message(for: apple) == "此登入服務不提供使用 Apple 登入。")
    }

    @Test("a provider's name comes with its description, in each language; an unregistered one is named by its id")
    func providerNames() {
        let acme = ProviderDescription(
            type: ProviderType(rawValue: "oidc.acme"),
            name: ProviderDisplayName("Acme ID", translations: ["tr": "Acme Kimlik", "zh-Hant": "Acme 帳號"]),
            commandNames: ["acme"], isLinkable: true)
        let providers = ProviderDescription.wellKnown + [acme]
        #expect(
            AuthErrorMessages(language: "tr", providers: providers).message(for: .providerAlreadyLinked(acme.type))
                .contains("Acme Kimlik"))
        #expect(AuthErrorMessages(language: "zh-Hant", providers: providers).signInWith(acme.type) == "使用 Acme 帳號 登入")
        #expect(AuthErrorMessages(language: "en").providerName(acme.type) == "oidc.acme")
        #expect(AuthErrorMessages(language: "tr").providerName(.anonymous) == "Misafir")
        // Every seed provider's name has a text in every language.
        #expect(ProviderDescription.wellKnown.allSatisfy { $0.name.missingLanguages.isEmpty })
    }

    static let everyError: [AuthError] =
        [
            .providerNotConfigured(.google), .authProviderMissing(.apple), .missingIdentityToken(.apple),
            .uiClientFailed(.apple, reason: "r"), .network(reason: "r"), .sessionStorage(reason: "r"),
            .backend(code: "QUOTA", message: "m"), .unexpected(reason: "r"), .notSignedIn, .invalidEmail,
            .weakPassword(.tooShort), .weakPassword(.allSameCharacter), .wrongCredentials, .emailAlreadyInUse("a@b.co"),
            .credentialAlreadyInUse(AuthCredential(provider: .google)), .providerAlreadyLinked(.apple),
            .providerNotLinked(.apple), .cannotUnlinkLastProvider, .linkNotSupported(.anonymous), .invalidResetCode,
            .resetCodeExpired, .invalidDeepLink("x"), .weakPassword(.tooLong), .recentSignInRequired(.google),
            .userMismatch(.google), .tooManyAttempts, .tooManyResetEmails, .refreshTokenSuperseded,
            .passwordRecordDamaged,
        ] + IdentityTokenRejection.allCases.map { AuthError.invalidIdentityToken($0) }
        + SignOutReason.allCases.map { AuthError.signedOut($0) }

    @Test("every error has its own non-empty message, with no placeholder left", arguments: AuthErrorMessages.languages)
    func distinct(language: String) {
        let messages = AuthErrorMessages(language: language)
        let texts = Self.everyError.map(messages.message(for:))
        #expect(Set(texts).count == texts.count)
        #expect(texts.allSatisfy { !$0.isEmpty && !$0.contains("{") })
    }

    @Test("an error and the sign-out it causes say the same thing to the user")
    func sharedMessages() {
        let messages = AuthErrorMessages(language: "en")
        #expect(messages.message(for: .refreshTokenRejected) == messages.message(for: .signedOut(.sessionExpired)))
        #expect(
            messages.message(for: .storedSessionDiscarded(movedTo: "x", reason: "y"))
                == messages.message(for: .signedOut(.storedSessionUnreadable)))
    }

    @Test("every key has a message of its own in every language: English, Turkish, Traditional Chinese")
    func complete() {
        #expect(AuthErrorMessages.languages == ["en", "tr", "zh-Hant"])
        for language in AuthErrorMessages.languages {
            #expect(AuthErrorMessages.missingKeys(in: language).isEmpty, "\(language) lacks some messages")
        }
    }

    @Test("the translations are translations: no Turkish or Chinese message equals the English one")
    func translated() {
        let english = AuthErrorMessages(language: "en")
        for language in ["tr", "zh-Hant"] {
            let messages = AuthErrorMessages(language: language)
            for key in MessageKey.allCases {
                #expect(messages.text(for: key) != english.text(for: key), "\(language) \(key)")
            }
        }
    }

    @Test(
        "the locale chooses the language",
        arguments: [
            ("tr_TR.UTF-8", "tr"), ("tr", "tr"), ("zh_TW.UTF-8", "zh-Hant"), ("zh_HK", "zh-Hant"),
            ("zh-Hant-TW", "zh-Hant"), ("zh_CN.UTF-8", "en"), ("en_US.UTF-8", "en"), ("C", "en"), ("", "en"),
        ])
    func locale(identifier: String, language: String) {
        #expect(AuthErrorMessages.language(forLocale: identifier) == language)
    }

    @Test(
        "by default the messages follow the system: the POSIX locale variables in their order off Apple platforms, the preferred languages on them",
        arguments: [
            (["LC_ALL": "tr_TR.UTF-8", "LANG": "en_US.UTF-8"], ["en-US"], "tr", "en"),
            (["LC_ALL": "", "LC_MESSAGES": "zh_TW.UTF-8", "LANG": "tr_TR.UTF-8"], ["tr-TR"], "zh-Hant", "tr"),
            (["LANG": "tr_TR.UTF-8"], [], "tr", "tr"),
            ([:], ["zh-Hant-TW", "en"], "zh-Hant", "zh-Hant"),
            ([:], [], "en", "en"),
        ])
    func systemLanguage(environment: [String: String], preferred: [String], elsewhere: String, onApple: String) {
        let language = AuthErrorMessages.systemLanguage(environment: environment, preferredLanguages: preferred)
        #if canImport(Darwin)
            #expect(language == onApple)
        #else
            #expect(language == elsewhere)
        #endif
    }

    @Test("provider names and arguments are filled in each language")
    func localizedArguments() {
        #expect(AuthErrorMessages(language: "tr").message(for: .providerNotLinked(.anonymous)).contains("Misafir"))
        #expect(AuthErrorMessages(language: "zh-Hant").message(for: .weakPassword(.tooShort)).contains("8"))
        #expect(AuthErrorMessages(language: "en").message(for: .emailAlreadyInUse("a@b.co")).contains("a@b.co"))
    }

    @Test("names the provider and the backend's code where the message needs them")
    func arguments() {
        let messages = AuthErrorMessages(language: "en")
        #expect(messages.message(for: .providerNotConfigured(.google)).contains("Google"))
        #expect(messages.message(for: .backend(code: "QUOTA_EXCEEDED", message: "")).contains("QUOTA_EXCEEDED"))
    }

    @Test("never shows developer details such as the reason text")
    func noDetails() {
        #expect(
            !AuthErrorMessages(language: "en").message(for: .unexpected(reason: "NSURLErrorDomain -1009")).contains(
                "NSURL"))
    }

    @Test("an unknown language falls back to English")
    func fallback() {
        #expect(AuthErrorMessages(language: "xx").language == "en")
    }
}
