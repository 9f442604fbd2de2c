public import Observation
public import SignInDomain

/// The sign-in screen's view model: its UI clients, ``dispatch(_:)`` for every action, and the ``state`` it shows.
///
/// UI-toolkit free: SwiftUI observes ``state`` through Observation, UIKit and the CLI read it after
/// ``dispatch(_:)``. The decisions are in ``SignInReducer``; this class only runs effects.
@MainActor
@Observable
public final class SignInViewModel {
    /// The current state.
    public private(set) var state: SignInState
    /// The registered providers the screen can sign in with, in their order: those with a UI client (a button that
    /// opens the provider's sheet) and email and password (a form of the screen's own, whose values travel in
    /// ``SignInAction/signInWithEmail(email:password:)``); those that are linkable also get a link button. Each has
    /// its name in every language.
    public let providers: [ProviderDescription]

    /// The account features the backend offers, one group per feature: the buttons a screen draws besides the
    /// providers', each action carrying the use case it runs.
    public let features: SignInFeatures

    @ObservationIgnored private let signIn: SignInUseCase
    @ObservationIgnored private let signOut: SignOutUseCase
    @ObservationIgnored private let uiClients: SignInUIClients
    @ObservationIgnored private let reducer: SignInReducer
    @ObservationIgnored private var following: Task<Void, Never>?
    /// The effect the screen waits for (a sign-in, an account operation), which ``SignInAction/cancel`` cancels; its
    /// number tells its response from a later effect's.
    @ObservationIgnored private var inFlight: (number: Int, task: Task<Void, Never>, cancellable: Bool)?
    @ObservationIgnored private var effectsStarted = 0
    /// Counts ``start()`` and ``stop()`` calls: a launch whose restore finished after a later call follows nothing.
    @ObservationIgnored private var launches = 0
    /// The session manager's revision of the last change the follower applied.
    @ObservationIgnored private var followedRevision: UInt64 = 0
    /// Effects whose response waits until the follower has applied the changes made before it.
    @ObservationIgnored private var catchUpWaiters:
        [(revision: UInt64, continuation: CheckedContinuation<Void, Never>)] =
            []

    /// Creates the view model.
    /// - Parameters:
    ///   - signIn: The sign-in use case.
    ///   - signOut: The sign-out use case.
    ///   - features: The account features the backend offers
    ///     (`IdentityBackendCapabilities.features(sessions:authProviders:)`).
    ///   - uiClients: The screen's UI clients, from `SignInUIClientBuilder.build()`.
    ///   - providers: The registered providers' descriptions, in the order the screen shows them.
    ///   - reducer: The pure step; its messages decide the language.
    ///   - initialState: The state to start from.
    public init(
        signIn: SignInUseCase, signOut: SignOutUseCase, features: SignInFeatures = SignInFeatures(),
        uiClients: SignInUIClients, providers: [ProviderDescription] = ProviderDescription.wellKnown,
        reducer: SignInReducer = SignInReducer(),
        initialState: SignInState = SignInState()
    ) {
        self.signIn = signIn
        self.signOut = signOut
        self.features = features
        self.uiClients = uiClients
        self.providers = providers.filter { $0.type == .emailPassword || uiClients[$0.type] != nil }
        self.reducer = reducer
        self.state = initialState
    }

    // A view model released while it follows the session ends its follower, whose subscription would otherwise keep
    // the session manager (and what it holds) alive until the next change, or for good.
    deinit {
        following?.cancel()
    }

    /// Sends an action.
    /// - Returns: The task running the action's effect, if it started one; await it to know when the
    ///   effect's response has been applied (or dropped, when ``SignInAction/cancel`` came first). Discard it in UI
    ///   code.
    @discardableResult
    public func dispatch(_ action: SignInAction) -> Task<Void, Never>? {
        if case .cancel = action {
            // A sign-out or a deletion runs to its end: stopped half-way, it would leave the backend changed and the
            // screen not knowing.
            if let running = inFlight, !running.cancellable { return nil }
            inFlight?.task.cancel()
            inFlight = nil
        }
        guard let effect = reducer.reduce(&state, action) else { return nil }
        if case .account(let account) = effect, let background = account.background {
            return runInBackground(account, then: background)
        }
        effectsStarted += 1
        let number = effectsStarted
        let task = run(effect, number: number)
        inFlight = (number, task, effect.isCancellable)
        return task
    }

    /// Runs a foreground effect; its response is applied unless the effect was cancelled or overtaken meanwhile.
    private func run(_ effect: SignInEffect, number: Int) -> Task<Void, Never> {
        let uiClients = self.uiClients
        switch effect {
        case .signIn(let provider):
            let signIn = self.signIn
            return runSignIn(number) { () throws(AuthError) in
                switch try await signIn(provider, uiClients: uiClients) {
                case .signedIn(let session): .signedIn(session)
                case .cancelled: .cancelled
                case .secondFactorRequired(let challenge): .secondFactorRequired(challenge)
                }
            }
        case .signInWithPasskey(let signIn):
            return runSignIn(number) { () throws(AuthError) in
                switch try await signIn() {
                case .signedIn(let session): .signedIn(session)
                case .cancelled: .cancelled
                case .secondFactorRequired(let challenge): .secondFactorRequired(challenge)
                }
            }
        case .signInWithEmailLink(let signIn, let code, let email):
            return runSignIn(number) { () throws(AuthError) in
                switch try await signIn(code: code, email: email) {
                case .signedIn(let session): .signedIn(session)
                case .cancelled: .cancelled
                case .secondFactorRequired(let challenge): .secondFactorRequired(challenge)
                }
            }
        case .signInWithPhone(let signIn, let verification, let code):
            return runSignIn(number) { () throws(AuthError) in
                switch try await signIn(verification, code: code) {
                case .signedIn(let session): .signedIn(session)
                case .cancelled: .cancelled
                case .secondFactorRequired(let challenge): .secondFactorRequired(challenge)
                }
            }
        case .finishSecondFactorSignIn(let finish, let challenge, let factorID, let code):
            return runSignIn(number) { () throws(AuthError) in
                .signedIn(try await finish(challenge, factorID: factorID, code: code))
            }
        case .finishPhoneSecondFactorSignIn(let phone, let challenge, let verification, let code):
            return runSignIn(number) { () throws(AuthError) in
                .signedIn(try await phone.finish(challenge, verification: verification, code: code))
            }
        case .finishSignInWithRecoveryCode(let finish, let challenge, let code):
            return runSignIn(number) { () throws(AuthError) in
                let result = try await finish(challenge, recoveryCode: code)
                return .signedInWithRecoveryCode(result.session, codesLeft: result.codesLeft)
            }
        case .signInWithCredential(let credential):
            let signIn = self.signIn
            return runSignIn(number) { () throws(AuthError) in .signedIn(try await signIn.signIn(with: credential)) }
        case .signOut:
            let signOut = self.signOut
            return Task {
                let response: SignOutResponse
                do throws(AuthError) {
                    response = .signedOut(revoked: try await signOut())
                } catch {
                    response = .failed(error)
                }
                await self.respond(number, .signOutResponse(response))
            }
        case .account(let action):
            let context = AccountAction.Context(uiClients: uiClients)
            return Task { await self.respond(number, .accountResponse(await action.response(in: context))) }
        }
    }

    private func runSignIn(_ number: Int, _ body: @escaping @Sendable () async throws(AuthError) -> SignInResponse)
        -> Task<Void, Never>
    {
        Task {
            let response: SignInResponse
            do throws(AuthError) {
                response = try await body()
            } catch {
                switch error {
                case .secondFactorRequired(let challenge): response = .secondFactorRequired(challenge)
                case let failure: response = .failed(failure)
                }
            }
            await self.respond(number, .signInResponse(response))
        }
    }

    /// Applies the response of effect `number`, once the follower has caught up, unless the effect was cancelled.
    private func respond(_ number: Int, _ response: SignInAction) async {
        await followerCaughtUp()
        guard inFlight?.number == number, !Task.isCancelled else { return }
        inFlight = nil
        dispatch(response)
    }

    /// A background operation (a launch, foreground or notice check): it runs beside anything in progress, and only
    /// what `then` makes of its response (a sign-out it caused) reaches the screen.
    private func runInBackground(_ action: AccountAction, then: @escaping @Sendable (AccountResponse) -> SignInAction?)
        -> Task<Void, Never>
    {
        let context = AccountAction.Context(uiClients: uiClients)
        return Task {
            guard let next = then(await action.response(in: context)) else { return }
            await self.followerCaughtUp()
            self.dispatch(next)
        }
    }

    /// Launches the screen: restores the stored session (refreshing it if it has expired) and returns once
    /// ``state`` shows it. From then on every change of the session (a refresh, a sign-out made elsewhere, another
    /// process's sign-in) becomes ``SignInAction/authStateChanged(_:)``, until ``stop()``, or until the view model is
    /// released. Calling it again starts over; a launch stopped, started again or cancelled
    /// before its restore finished follows nothing.
    ///
    /// ```swift
    /// .task { await viewModel.start() }   // SwiftUI: the screen shows the stored session from its first frame
    /// ```
    ///
    /// - Returns: What the launch found, or the error that kept the stored session from being read (a locked
    ///   Keychain, say), which ``state`` shows too; the session read later, once the store can be read, still
    ///   arrives.
    @discardableResult
    public func start() async -> Result<RestoreOutcome, AuthError> {
        stop()
        let launch = launches
        let sessions = signOut.sessions
        let outcome: Result<RestoreOutcome, AuthError>
        do {
            outcome = .success(try await RestoreSessionUseCase(sessions: sessions)())
        } catch {
            outcome = .failure(error)
        }
        // Stopped, started again, or cancelled while the store was read: the later call decides what is followed.
        guard launch == launches, !Task.isCancelled else { return outcome }
        // The subscription's first event is the session as the store has it after the restore: a change made
        // meanwhile is in it, not lost. The launch returns once that event is in the state.
        await withCheckedContinuation { (shown: CheckedContinuation<Void, Never>) in
            following = Task { [weak self] in
                var changes = sessions.authStateChanges.makeAsyncIterator()
                let initial = await changes.next()
                if let initial { self?.apply(initial, revision: changes.revision) }
                if case .failure(let error) = outcome { self?.dispatch(.sessionRestoreFailed(error)) }
                shown.resume()
                while let event = await changes.next() {
                    guard let self else { return }
                    self.apply(event, revision: changes.revision)
                }
            }
        }
        return outcome
    }

    /// Stops following the session's changes that ``start()`` began, or is about to begin; ``state`` keeps what it
    /// shows.
    public func stop() {
        launches += 1
        following?.cancel()
        following = nil
        let waiting = catchUpWaiters
        catchUpWaiters = []
        for waiter in waiting { waiter.continuation.resume() }
    }

    /// Applies a change the follower received, and lets the effects go on that waited for it.
    private func apply(_ event: AuthStateEvent, revision: UInt64) {
        dispatch(.authStateChanged(event))
        followedRevision = revision
        let ready = catchUpWaiters.filter { $0.revision <= revision }
        catchUpWaiters.removeAll { $0.revision <= revision }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// While the view model follows the session, waits until it has applied every change the session manager
    /// announced so far: an effect's response, applied next, is then never overtaken by an older change (a
    /// sign-in's event arriving after the sign-out that followed it).
    private func followerCaughtUp() async {
        guard following != nil else { return }
        let target = await signOut.sessions.revision
        guard following != nil, followedRevision < target else { return }
        await withCheckedContinuation { catchUpWaiters.append((target, $0)) }
    }
}
