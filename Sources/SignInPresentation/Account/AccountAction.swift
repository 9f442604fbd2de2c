public import SignInDomain

/// An account operation the screen asks for: a use case from one of the feature groups, with what the user typed.
/// The built-in ones are made by the static functions beside this type (``signUp(_:email:password:)``,
/// ``deleteAccount(_:currentPassword:)``, …), which read like enum cases at the call site:
///
/// ```swift
/// if let delete = viewModel.features.account?.delete {        // the backend can delete accounts
///     Button("Delete account") { viewModel.dispatch(.account(.deleteAccount(delete))) }
/// }
/// ```
///
/// An app adds an operation of its own with ``init(name:useCase:run:)``, in one file, without touching the view
/// model or the reducer: it runs as the built-in ones do, with the spinner, the error message and the response.
public struct AccountAction: Sendable {
    /// What a running operation can use besides its use case.
    public struct Context: Sendable {
        /// The screen's UI clients: a provider's sheet to link with or to sign in again with.
        public let uiClients: SignInUIClients

        /// Creates a context, to run an action of the app's own in a test.
        public init(uiClients: SignInUIClients = [:]) {
            self.uiClients = uiClients
        }
    }

    /// The action's name for traces and logs (`clickDeleteAccount`, `clickLink(google.com)`). It never contains a
    /// link, a password, a code or an email.
    public let name: String
    /// The name of the use case it runs (`DeleteAccountUseCase`), for traces.
    public let useCase: String
    /// The provider it links or unlinks, for traces.
    public let provider: ProviderType?
    /// An error found before anything runs (a link of the wrong kind): the screen shows it and nothing runs.
    let rejection: AuthError?
    /// Whether ``SignInAction/cancel`` may stop it: not an operation that, stopped half-way, would leave the account
    /// changed at the backend and the screen not knowing (a deletion).
    let cancellable: Bool
    /// Runs without the spinner and beside anything in progress (a launch or foreground check): only a response this
    /// turns into an action (a sign-out it caused) reaches the screen.
    let background: (@Sendable (AccountResponse) -> SignInAction?)?
    let operation: @Sendable (Context) async throws(AuthError) -> AccountResponse

    /// An operation of the app's own.
    /// - Parameters:
    ///   - name: Its name for traces and logs; never put what the user typed in it.
    ///   - useCase: The name of the use case it runs.
    ///   - run: Runs it, answering ``AccountResponse/completed(_:session:)`` with the session afterwards, or
    ///     ``AccountResponse/completedKeepingSession(_:)`` when it does not change it, or throwing the error the
    ///     screen shows.
    public init(
        name: String, useCase: String,
        run: @escaping @Sendable (Context) async throws(AuthError) -> AccountResponse
    ) {
        self.init(name: name, useCase: useCase, provider: nil, run: run)
    }

    init(
        name: String, useCase: String, provider: ProviderType?, rejection: AuthError? = nil, cancellable: Bool = true,
        background: (@Sendable (AccountResponse) -> SignInAction?)? = nil,
        run: @escaping @Sendable (Context) async throws(AuthError) -> AccountResponse
    ) {
        self.name = name
        self.useCase = useCase
        self.provider = provider
        self.rejection = rejection
        self.cancellable = cancellable
        self.background = background
        self.operation = run
    }

    /// Runs the operation; a failure is its response too. The view model calls it; a test of an action of the app's
    /// own may too.
    public func response(in context: Context) async -> AccountResponse {
        do throws(AuthError) {
            return try await operation(context)
        } catch {
            return .failed(error)
        }
    }

    /// An action that shows `error` and runs nothing.
    static func rejected(_ name: String, useCase: String, _ error: AuthError) -> AccountAction {
        AccountAction(name: name, useCase: useCase, provider: nil, rejection: error) { _ throws(AuthError) in
            throw error
        }
    }
}

extension AccountAction: CustomStringConvertible, CustomReflectable {
    /// The action's name: what it carries (a password, a code, a link, the use case and the session and keys it
    /// reaches) shows in no log, `print`, `dump` or debugger summary.
    public var description: String { name }
    public var customMirror: Mirror { Mirror(self, children: ["name": name]) }
}
