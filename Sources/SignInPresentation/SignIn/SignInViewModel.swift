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

    /// The account use cases this view model was given, as the offers an action needs: the buttons a screen draws
    /// besides the providers'.
    public let offers: SignInOffers

    @ObservationIgnored private let signIn: SignInUseCase
    @ObservationIgnored private let signOut: SignOutUseCase
    @ObservationIgnored private let uiClients: SignInUIClients
    @ObservationIgnored private let reducer: SignInReducer
    @ObservationIgnored private var following: Task<Void, Never>?
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
    ///   - account: The account use cases the backend can do; ``offers`` has one offer for each, and an action
    ///     cannot be written for the others.
    ///   - uiClients: The screen's UI clients, from `SignInUIClientBuilder.build()`.
    ///   - providers: The registered providers' descriptions, in the order the screen shows them.
    ///   - reducer: The pure step; its messages decide the language.
    ///   - initialState: The state to start from.
    public init(
        signIn: SignInUseCase, signOut: SignOutUseCase, account: AccountUseCases = AccountUseCases(),
        uiClients: SignInUIClients, providers: [ProviderDescription] = ProviderDescription.wellKnown,
        reducer: SignInReducer = SignInReducer(),
        initialState: SignInState = SignInState()
    ) {
        self.signIn = signIn
        self.signOut = signOut
        self.offers = SignInOffers(account)
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
    ///   effect's response has been applied. Discard it in UI code.
    @discardableResult
    public func dispatch(_ action: SignInAction) -> Task<Void, Never>? {
        guard let effect = reducer.reduce(&state, action) else { return nil }
        switch effect {
        case .signIn(let provider):
            let signIn = self.signIn
            let uiClients = self.uiClients
            return runSignIn { () throws(AuthError) in
                switch try await signIn(provider, uiClients: uiClients) {
                case .signedIn(let session): .signedIn(session)
                case .cancelled: .cancelled
                case .secondFactorRequired(let challenge): .secondFactorRequired(challenge)
                }
            }
        case .signInWithPasskey(let offer):
            return runSignIn { () throws(AuthError) in
                switch try await offer.useCase() {
                case .signedIn(let session): .signedIn(session)
                case .cancelled: .cancelled
                case .secondFactorRequired(let challenge): .secondFactorRequired(challenge)
                }
            }
        case .finishSecondFactorSignIn(let offer, let challenge, let factorID, let code):
            return runSignIn { () throws(AuthError) in
                .signedIn(try await offer.useCase(challenge, factorID: factorID, code: code))
            }
        case .signInWithCredential(let credential):
            let signIn = self.signIn
            return runSignIn { () throws(AuthError) in .signedIn(try await signIn.signIn(with: credential)) }
        case .signOut:
            let signOut = self.signOut
            return Task {
                let response: SignOutResponse
                do throws(AuthError) {
                    response = .signedOut(revoked: try await signOut())
                } catch {
                    response = .failed(error)
                }
                await self.followerCaughtUp()
                self.dispatch(.signOutResponse(response))
            }
        case .checkAppleCredential(let offer, let trigger) where trigger != .userAsked:
            return runBackgroundAppleCheck(offer.useCase, trigger)
        default:
            return runAccountEffect(effect)
        }
    }

    private func runSignIn(_ body: @escaping @Sendable () async throws(AuthError) -> SignInResponse)
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
            await self.followerCaughtUp()
            self.dispatch(.signInResponse(response))
        }
    }

    /// A launch, foreground or notice check: its only visible outcome is a sign-out (of the user it checked: the
    /// use case answers `nil` when another signed in meanwhile), shown as the auth state stream would show it (a
    /// screen that follows the stream sees the same event twice, which changes nothing).
    private func runBackgroundAppleCheck(_ check: CheckAppleCredentialUseCase, _ trigger: AppleCredentialCheckTrigger)
        -> Task<Void, Never>
    {
        Task {
            let result = try? await check(trigger: trigger)
            if let result, result != .authorized {
                await self.followerCaughtUp()
                self.dispatch(.authStateChanged(.signedOut(.credentialRevoked)))
            }
        }
    }

    private func runAccountEffect(_ effect: SignInEffect) -> Task<Void, Never> {
        let uiClients = self.uiClients
        return Task {
            let response: AccountResponse
            do throws(AuthError) {
                response = try await self.perform(effect, uiClients: uiClients)
            } catch {
                response = .failed(error)
            }
            await self.followerCaughtUp()
            self.dispatch(.accountResponse(response))
        }
    }

    /// Runs an account effect with the use case its offer carries: no use case is looked up, so none can be missing.
    private func perform(_ effect: SignInEffect, uiClients: SignInUIClients) async throws(AuthError) -> AccountResponse
    {
        switch effect {
        case .signUp(let offer, let email, let password):
            return .completed(.signUp, session: try await offer.useCase(email: email, password: password))
        case .link(let offer, let provider):
            switch try await offer.useCase(provider, uiClients: uiClients) {
            case .linked(let session): return .completed(.link(provider), session: session)
            case .cancelled: return .cancelled
            }
        case .linkCredential(let offer, let credential):
            return .completed(.link(credential.provider), session: try await offer.useCase(with: credential))
        case .unlink(let offer, let provider, let currentPassword):
            return .completed(
                .unlink(provider),
                session: try await offer.useCase(provider, uiClients: uiClients, currentPassword: currentPassword))
        case .requestPasswordReset(let offer, let email):
            try await offer.useCase(email: email)
            return .completed(.requestPasswordReset, session: state.session)
        case .confirmPasswordReset(let offer, let code, let newPassword):
            return .completed(
                .confirmPasswordReset, session: try await offer.useCase(code: code, newPassword: newPassword))
        case .checkPasswordResetCode(let offer, let code):
            return .completed(
                .checkPasswordResetCode(email: try await offer.useCase(code: code)), session: state.session)
        case .sendEmailVerification(let offer):
            return .completed(.sendEmailVerification(email: try await offer.useCase()), session: state.session)
        case .applyEmailVerification(let offer, let code):
            return .completed(
                .applyEmailVerification(email: try await offer.useCase(code: code)), session: state.session)
        case .updateProfile(let offer, let displayName, let email, let photoURL, let currentPassword):
            return .completed(
                .updateProfile,
                session: try await offer.useCase(
                    displayName: displayName, email: email, photoURL: photoURL, currentPassword: currentPassword,
                    uiClients: uiClients))
        case .checkAppleCredential(let offer, _):
            guard let credentialState = try await offer.useCase(trigger: .userAsked) else {
                throw AuthError.notSignedIn
            }
            return .completed(
                .checkAppleCredential(credentialState), session: credentialState == .authorized ? state.session : nil)
        case .deleteAccount(let offer, let currentPassword):
            try await offer.useCase(uiClients: uiClients, currentPassword: currentPassword)
            return .completed(.deleteAccount, session: nil)
        case .changePassword(let offer, let newPassword, let currentPassword):
            return .completed(
                .changePassword,
                session: try await offer.useCase(
                    newPassword: newPassword, currentPassword: currentPassword, uiClients: uiClients))
        case .startTOTPEnrollment(let offer, let currentPassword):
            let enrollment = try await offer.useCase.start(currentPassword: currentPassword, uiClients: uiClients)
            return .completed(.startTOTPEnrollment(enrollment), session: state.session)
        case .confirmTOTPEnrollment(let offer, let enrollment, let code, let displayName):
            return .completed(
                .enrollTOTP, session: try await offer.useCase.finish(enrollment, code: code, displayName: displayName))
        case .listSecondFactors(let offer):
            return .completed(.listSecondFactors(try await offer.useCase()), session: state.session)
        case .removeSecondFactor(let offer, let id, let confirmingLast, let currentPassword):
            return .completed(
                .removeSecondFactor,
                session: try await offer.useCase(
                    id: id, confirmingLast: confirmingLast, currentPassword: currentPassword, uiClients: uiClients))
        case .registerPasskey(let offer, let name, let currentPassword):
            switch try await offer.useCase(name: name, currentPassword: currentPassword, uiClients: uiClients) {
            case .registered(let session): return .completed(.registerPasskey, session: session)
            case .cancelled: return .cancelled
            }
        case .listPasskeys(let offer):
            return .completed(.listPasskeys(try await offer.useCase()), session: state.session)
        case .removePasskey(let offer, let id, let currentPassword):
            return .completed(
                .removePasskey,
                session: try await offer.useCase(id: id, currentPassword: currentPassword, uiClients: uiClients))
        case .signIn, .signInWithCredential, .signOut, .finishSecondFactorSignIn, .signInWithPasskey:
            // Run by dispatch itself; never handed here.
            return .cancelled
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
