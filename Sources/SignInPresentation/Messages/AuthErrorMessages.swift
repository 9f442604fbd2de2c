public import Foundation
public import SignInDomain

/// Turns an `AuthError` into a message the user understands, in the user's language.
///
/// Messages are looked up by ``MessageKey`` in a table per language; a language without a table falls
/// back to English. The tests check that every key has a message in every language.
public struct AuthErrorMessages: Sendable {
    private let catalogue: MessageCatalogue<MessageKey>
    /// The registered providers' names, by provider id.
    private let providerNames: [String: ProviderDisplayName]

    /// The language in use (a BCP 47 tag such as `en`).
    public var language: String { catalogue.language }

    /// Creates the messages for a language.
    /// - Parameters:
    ///   - language: A BCP 47 tag; unknown languages fall back to English. By default, the user's language
    ///     (``systemLanguage(environment:preferredLanguages:)``).
    ///   - providers: The registered providers, whose names the messages use (a provider without one is named by
    ///     its id).
    public init(
        language: String = Self.systemLanguage(), providers: [ProviderDescription] = ProviderDescription.wellKnown
    ) {
        catalogue = MessageCatalogue(
            language: language, english: Self.english, turkish: Self.turkish,
            traditionalChinese: Self.traditionalChinese)
        providerNames = Dictionary(
            providers.map { ($0.type.rawValue, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// The user's language, as the system says it: on Apple platforms the first of the user's preferred languages;
    /// elsewhere the POSIX locale variables in their order of precedence (`LC_ALL`, `LC_MESSAGES`, `LANG`), as
    /// Foundation there does not read them. English when neither says.
    /// - Parameters:
    ///   - environment: The process environment.
    ///   - preferredLanguages: The user's preferred languages, most preferred first.
    /// - Returns: One of ``languages``.
    public static func systemLanguage(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        preferredLanguages: [String] = Locale.preferredLanguages
    ) -> String {
        let posix = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        #if canImport(Darwin)
            let identifier = preferredLanguages.first ?? posix
        #else
            let identifier = posix ?? preferredLanguages.first
        #endif
        return language(forLocale: identifier ?? "en")
    }

    /// The languages with a table.
    public static var languages: [String] { MessageCatalogue<MessageKey>.languages }

    /// The keys that `language`'s own table lacks (they would fall back to English).
    public static func missingKeys(in language: String) -> [MessageKey] {
        AuthErrorMessages(language: "en").catalogue.missingKeys(in: language)
    }

    /// The message for `error`.
    public func message(for error: AuthError) -> String {
        var (key, arguments) = Self.key(for: error)
        if let provider = arguments["provider"] {
            arguments["provider"] = providerName(ProviderType(rawValue: provider))
        }
        if case .notSupportedByBackend(let feature) = error { arguments["operation"] = featureName(feature) }
        // A provider's name that opens the message starts a sentence: "Geçiş anahtarı ile giriş…", in the language's
        // own upper case (Turkish "i" is "İ").
        if let name = arguments["provider"], text(for: key).hasPrefix("{provider}"), let first = name.first,
            first.isLowercase
        {
            arguments["provider"] = String(first).uppercased(with: Locale(identifier: language)) + name.dropFirst()
        }
        return text(for: key, arguments)
    }

    /// A registered provider's name in this language (`Guest` is `Misafir` in Turkish); any other provider's id.
    public func providerName(_ provider: ProviderType) -> String {
        if let registered = providerNames[provider.rawValue] { return registered.text(in: language) }
        // A passkey and a phone number sign in without being providers anyone registers.
        switch provider {
        case .passkey: return text(for: .passkeyProviderName)
        case .phone: return text(for: .phoneProviderName)
        default: return provider.rawValue
        }
    }

    /// "Sign in with Apple" in this language, for a registered provider.
    public func signInWith(_ provider: ProviderType) -> String {
        text(for: .signInWithProvider, ["provider": providerName(provider)])
    }

    /// The language to use for a POSIX or BCP 47 locale (`tr_TR.UTF-8`, `zh_TW`, `zh-Hant-HK`): `tr`,
    /// `zh-Hant` or `en`. Simplified Chinese has no table and falls back to English.
    public static func language(forLocale identifier: String) -> String {
        MessageCatalogue<MessageKey>.language(forLocale: identifier)
    }

    /// The message for a key, with `{provider}` and `{code}` filled in.
    public func text(for key: MessageKey, _ arguments: [String: String] = [:]) -> String {
        catalogue.text(key, arguments)
    }

    /// The key and the arguments of an error's message.
    public static func key(for error: AuthError) -> (MessageKey, [String: String]) {
        switch error {
        case .providerNotConfigured(let provider): (.providerNotConfigured, ["provider": provider.rawValue])
        case .authProviderMissing(let provider): (.authProviderMissing, ["provider": provider.rawValue])
        case .missingIdentityToken(let provider): (.missingIdentityToken, ["provider": provider.rawValue])
        case .invalidIdentityToken(let rejection): (MessageKey.rejection(rejection), [:])
        case .uiClientFailed(let provider, _): (.uiClientFailed, ["provider": provider.rawValue])
        case .network: (.network, [:])
        case .sessionStorage: (.sessionStorage, [:])
        case .backend(let code, _): (.backend, ["code": code])
        case .backendStorage(let failure): (.backendStorage, ["code": failure.kind.rawValue])
        case .unexpected: (.unexpected, [:])
        case .notSignedIn: (.notSignedIn, [:])
        case .signedOut(let reason): (MessageKey.signOut(reason), [:])
        case .refreshTokenRejected: (.sessionExpired, [:])
        case .storedSessionDiscarded: (.storedSessionUnreadable, [:])
        case .invalidEmail: (.invalidEmail, [:])
        case .weakPassword(.tooShort): (.passwordTooShort, ["minimum": String(PasswordPolicy.minimumLength)])
        case .weakPassword(.allSameCharacter): (.passwordAllSame, [:])
        case .wrongCredentials: (.wrongCredentials, [:])
        case .emailNotFound: (.emailNotFound, [:])
        case .wrongPassword: (.wrongPassword, [:])
        case .invalidPhotoURL: (.invalidPhotoURL, [:])
        case .emailAlreadyInUse(let email): (.emailAlreadyInUse, ["email": email])
        case .credentialAlreadyInUse(let credential):
            (.credentialAlreadyInUse, ["provider": credential.provider.rawValue])
        case .providerAlreadyLinked(let provider): (.providerAlreadyLinked, ["provider": provider.rawValue])
        case .providerNotLinked(let provider): (.providerNotLinked, ["provider": provider.rawValue])
        case .cannotUnlinkLastProvider: (.cannotUnlinkLastProvider, [:])
        case .linkNotSupported(let provider): (.linkNotSupported, ["provider": provider.rawValue])
        case .invalidResetCode: (.invalidResetCode, [:])
        case .resetCodeExpired: (.resetCodeExpired, [:])
        case .invalidDeepLink: (.invalidDeepLink, [:])
        case .weakPassword(.tooLong): (.passwordTooLong, ["maximum": String(PasswordPolicy.maximumLength)])
        case .recentSignInRequired(let provider): (.recentSignInRequired, ["provider": provider.rawValue])
        case .userMismatch(let provider): (.userMismatch, ["provider": provider.rawValue])
        case .tooManyAttempts: (.tooManyAttempts, [:])
        case .tooManyResetEmails: (.tooManyResetEmails, [:])
        case .refreshTokenSuperseded: (.refreshTokenSuperseded, [:])
        case .passwordRecordDamaged: (.passwordRecordDamaged, [:])
        case .weakPassword(.rejectedByBackend): (.passwordRejectedByBackend, [:])
        case .operationNotAllowed(let provider): (.operationNotAllowed, ["provider": provider.rawValue])
        case .userDisabled: (.userDisabled, [:])
        case .invalidCustomToken: (.invalidCustomToken, [:])
        case .invalidVerificationLink: (.invalidVerificationLink, [:])
        case .noEmailToVerify: (.noEmailToVerify, [:])
        case .accountExistsWithDifferentCredential(let email): (.accountExistsWithDifferentCredential, ["email": email])
        case .notSupportedByBackend(let feature): (.notSupportedByBackend, ["operation": Self.englishName(feature)])
        case .providerRevocationFailed(let provider): (.providerRevocationFailed, ["provider": provider.rawValue])
        case .secondFactorRequired: (.secondFactorRequired, [:])
        case .invalidSecondFactorCode: (.invalidSecondFactorCode, [:])
        case .secondFactorChallengeExpired: (.secondFactorChallengeExpired, [:])
        case .secondFactorEnrollmentExpired: (.secondFactorEnrollmentExpired, [:])
        case .secondFactorNotFound: (.secondFactorNotFound, [:])
        case .secondFactorChoiceRequired: (.secondFactorChoiceRequired, [:])
        case .lastSecondFactor: (.lastSecondFactor, [:])
        case .tooManySecondFactorAttempts: (.tooManySecondFactorAttempts, [:])
        case .secondFactorNeedsPermanentAccount: (.secondFactorNeedsPermanentAccount, [:])
        case .invalidRecoveryCode: (.invalidRecoveryCode, [:])
        case .recoveryCodesNeedSecondFactor: (.recoveryCodesNeedSecondFactor, [:])
        case .openIDConnect(let provider, let failure):
            (MessageKey.openIDConnect(failure), ["provider": provider.rawValue])
        case .passkeyRejected(let rejection): (MessageKey.passkey(rejection), [:])
        case .passkeyNotFound: (.passkeyNotFound, [:])
        case .passkeyAlreadyRegistered: (.passkeyAlreadyRegistered, [:])
        case .passkeyNeedsPermanentAccount: (.passkeyNeedsPermanentAccount, [:])
        case .noPasskeyAvailable: (.noPasskeyAvailable, [:])
        case .tooManyPasskeys: (.tooManyPasskeys, [:])
        case .invalidSignInLink: (.invalidSignInLink, [:])
        case .signInLinkExpired: (.signInLinkExpired, [:])
        case .signInLinkEmailMismatch: (.signInLinkEmailMismatch, [:])
        case .signInLinkNeedsEmail: (.signInLinkNeedsEmail, [:])
        case .invalidPhoneNumber: (.invalidPhoneNumber, [:])
        case .invalidPhoneCode: (.invalidPhoneCode, [:])
        case .phoneCodeExpired: (.phoneCodeExpired, [:])
        case .phoneNumberAlreadyInUse: (.phoneNumberAlreadyInUse, [:])
        case .phoneRegionNotAllowed: (.phoneRegionNotAllowed, [:])
        case .tooManyPhoneCodes: (.tooManyPhoneCodes, [:])
        case .secondFactorNeedsVerifiedEmail: (.secondFactorNeedsVerifiedEmail, [:])
        case .phoneFactorAlreadyEnrolled: (.phoneFactorAlreadyEnrolled, [:])
        }
    }

    /// A feature's name in this language: "guest sign-in", "linking"; signing in with a provider is "Sign in with"
    /// and the provider's registered name.
    public func featureName(_ feature: BackendFeature) -> String {
        switch feature {
        case .signIn(.anonymous): text(for: .featureGuestSignIn)
        case .signIn(let provider): signInWith(provider)
        case .linking: text(for: .featureLinking)
        case .unlinking: text(for: .featureUnlinking)
        case .passwordChange: text(for: .featurePasswordChange)
        case .passwordReset: text(for: .featurePasswordReset)
        case .accountDeletion: text(for: .featureAccountDeletion)
        case .emailVerification: text(for: .featureEmailVerification)
        case .profileUpdate: text(for: .featureProfileUpdate)
        case .secondFactors: text(for: .featureSecondFactors)
        case .recoveryCodes: text(for: .featureRecoveryCodes)
        case .passkeys: text(for: .featurePasskeys)
        case .emailLinkSignIn: text(for: .featureEmailLinkSignIn)
        case .phoneSignIn: text(for: .featurePhoneSignIn)
        }
    }

    /// A feature's name in English, for the key's arguments (the message in another language gets its own).
    static func englishName(_ feature: BackendFeature) -> String {
        AuthErrorMessages(language: "en").featureName(feature)
    }
}
