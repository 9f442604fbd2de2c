import AuthenticationServices
import Foundation
import Observation
import SignInDomain
import SignInInfrastructure
import SignInPresentation
import SwiftUI

/// The sign-in screen. Every button is a `viewModel.dispatch(...)`, and everything it shows is `viewModel.state`: the
/// decisions are in the view model, so this file only lays out buttons.
struct SignInView: View {
    let viewModel: SignInViewModel
    let form: EmailForm
    let texts: Texts

    @Environment(\.scenePhase) private var scenePhase
    @State private var hasLaunched = false

    var body: some View {
        VStack(spacing: 16) {
            if let session = viewModel.state.session {
                AccountSection(session: session, viewModel: viewModel, form: form, texts: texts)
            } else if let challenge = viewModel.state.secondFactorChallenge,
                let finish = viewModel.features.secondFactors?.finishSignIn
            {
                SecondFactorSection(challenge: challenge, finish: finish, viewModel: viewModel, texts: texts)
            } else {
                SignInSection(viewModel: viewModel, form: form, texts: texts)
            }
            if viewModel.state.isLoading {
                ProgressView()
            }
        }
        .padding()
        .textFieldStyle(.roundedBorder)
        .disabled(viewModel.state.isLoading)
        .alert(viewModel.state.errorMessage ?? "", isPresented: showsError, actions: {})
        // The launch: the stored session restored (the state shows it when start() returns), then followed as it
        // changes elsewhere: refreshed, expired, signed out by another screen.
        .task { await viewModel.start() }
        // The user stopped using Sign in with Apple with this app (Settings › Apple ID) while it runs.
        .task {
            guard let check = viewModel.features.account?.checkAppleCredential else { return }
            for await _ in AppleCredentialRevocations.notifications() {
                viewModel.dispatch(.account(.checkAppleCredential(check, .revocationNotified)))
            }
        }
        // Apple's credential may have been revoked while the app was not running or in the background.
        .onChange(of: scenePhase, initial: true) { _, phase in
            guard phase == .active, let check = viewModel.features.account?.checkAppleCredential else { return }
            viewModel.dispatch(.account(.checkAppleCredential(check, hasLaunched ? .appBecameActive : .appLaunched)))
            hasLaunched = true
        }
        // A typed password does not outlive the sign-in it was for.
        .onChange(of: viewModel.state.session?.uid) { _, _ in form.password = "" }
    }

    /// The alert is up while there is a message; closing it dismisses the error.
    private var showsError: Binding<Bool> {
        Binding(
            get: { @MainActor in viewModel.state.errorMessage != nil },
            set: { @MainActor isShown in if !isShown { viewModel.dispatch(.dismissError) } })
    }
}

/// Signed out: the providers, and the email form. (A screen that draws a button per registered provider reads
/// `viewModel.providers`; this one is laid out by hand around Apple's own button and the email fields.)
private struct SignInSection: View {
    let viewModel: SignInViewModel
    let form: EmailForm
    let texts: Texts

    var body: some View {
        AppleButton(accessibilityLabel: texts.signInWith(.apple)) { viewModel.dispatch(.clickProvider(.apple)) }
        Button(texts.signInWith(.google)) { viewModel.dispatch(.clickProvider(.google)) }
        Button(texts(.continueAsGuest)) { viewModel.dispatch(.clickProvider(.anonymous)) }
        // Only where the app wired a passkey authenticator and the backend has passkeys (see SignInApp.swift).
        if let passkey = viewModel.features.passkeys?.signIn {
            Button(texts(.signInWithPasskey)) { viewModel.dispatch(.passkey(.signIn(passkey))) }
        }
        EmailFields(form: form, texts: texts)
        // What the user typed travels in the action, for signing in as for signing up.
        Button(texts(.signIn)) {
            viewModel.dispatch(.signInWithEmail(email: form.email, password: Secret(form.password)))
        }
        .disabled(!form.isFilled)
        if let signUp = viewModel.features.passwords?.signUp {
            Button(texts(.signUp)) {
                viewModel.dispatch(.account(.signUp(signUp, email: form.email, password: Secret(form.password))))
            }
            .disabled(!form.isFilled)
        }
    }
}

/// A sign-in waiting for the authenticator app's code: nobody is signed in until it is given; cancel drops it.
private struct SecondFactorSection: View {
    let challenge: SecondFactorChallenge
    let finish: FinishSecondFactorSignInUseCase
    let viewModel: SignInViewModel
    let texts: Texts

    @State private var code = ""

    var body: some View {
        Text(texts.messages.message(for: .secondFactorRequired(challenge)))
        TextField(texts(.code), text: $code)
        Button(texts(.verify)) { viewModel.dispatch(.secondFactor(.submitCode(finish, code: Secret(code)))) }
            .disabled(code.isEmpty)
        Button(texts(.cancel), role: .cancel) { viewModel.dispatch(.secondFactor(.cancelChallenge)) }
    }
}

/// Signed in: who, linking (a guest keeps its account and uid when it adds a way to sign in), sign-out and deletion.
private struct AccountSection: View {
    let session: UserSession
    let viewModel: SignInViewModel
    let form: EmailForm
    let texts: Texts

    @State private var confirmsDeletion = false

    var body: some View {
        Text(
            texts(
                .signedInAs, ["name": session.isAnonymous ? texts.name(of: .anonymous) : session.email ?? session.uid]))
        if session.isAnonymous, let link = viewModel.features.account?.link {
            Button(texts(.link, ["provider": texts.name(of: .apple)])) {
                viewModel.dispatch(.account(.link(link, .apple)))
            }
            Button(texts(.link, ["provider": texts.name(of: .google)])) {
                viewModel.dispatch(.account(.link(link, .google)))
            }
            EmailFields(form: form, texts: texts)
            Button(texts(.link, ["provider": texts.name(of: .emailPassword)])) {
                viewModel.dispatch(.account(.linkEmail(link, email: form.email, password: Secret(form.password))))
            }
            .disabled(!form.isFilled)
        }
        // A guest has no passkeys: it links a permanent way to sign in first.
        if !session.isAnonymous, let passkeys = viewModel.features.passkeys {
            PasskeysSection(passkeys: passkeys, viewModel: viewModel, form: form, texts: texts)
        }
        Button(texts(.signOut)) { viewModel.dispatch(.clickSignOut) }
        if let delete = viewModel.features.account?.delete {
            Button(texts(.deleteAccount), role: .destructive) { confirmsDeletion = true }
                .confirmationDialog(
                    texts(.deleteConfirmation), isPresented: $confirmsDeletion, titleVisibility: .visible
                ) {
                    // An email account signs in again with the password in the fields if the backend asks.
                    Button(texts(.deleteAccount), role: .destructive) {
                        viewModel.dispatch(
                            .account(
                                .deleteAccount(delete, currentPassword: form.isFilled ? Secret(form.password) : nil)))
                    }
                }
        }
    }
}

/// The account's passkeys: the list (loaded when shown, and again after each change, since a change clears it), each
/// with its remove button, and "Add a passkey", which shows the device's sheet. Removing and adding are sensitive: an
/// email account signs in again with the password in the fields if the backend asks, as for deletion.
private struct PasskeysSection: View {
    let passkeys: PasskeyFeatures
    let viewModel: SignInViewModel
    let form: EmailForm
    let texts: Texts

    @State private var newName = ""
    @State private var removing: Passkey?

    var body: some View {
        VStack(spacing: 8) {
            Text(texts(.passkeys))
            if let listed = viewModel.state.passkeys {
                ForEach(listed) { passkey in
                    Text(passkey.name)
                    Button(texts(.removePasskey, ["name": passkey.name]), role: .destructive) { removing = passkey }
                }
            }
            if let register = passkeys.register {
                TextField(texts(.passkeyName), text: $newName)
                Button(texts(.addPasskey)) {
                    viewModel.dispatch(.passkey(.register(register, name: newName, currentPassword: currentPassword)))
                    newName = ""
                }
            }
        }
        .confirmationDialog(
            texts(.removePasskeyConfirmation, ["name": removing?.name ?? ""]), isPresented: confirmsRemoval,
            titleVisibility: .visible
        ) {
            if let passkey = removing {
                Button(texts(.removePasskey, ["name": passkey.name]), role: .destructive) {
                    viewModel.dispatch(
                        .passkey(.remove(passkeys.remove, id: passkey.id, currentPassword: currentPassword)))
                }
            }
        }
        // The list as the backend has it: when the section appears, and after an add or a remove cleared it.
        .onChange(of: needsList, initial: true) { _, needsList in
            if needsList { viewModel.dispatch(.passkey(.list(passkeys.list))) }
        }
    }

    /// Whether to ask for the list: it is not there, nothing else runs (the view model takes one action at a time,
    /// and a session can show before the sign-in that made it has finished), and no error is shown (a failed listing
    /// is tried again once the user has read why).
    private var needsList: Bool {
        viewModel.state.passkeys == nil && !viewModel.state.isLoading && viewModel.state.errorMessage == nil
    }

    /// The password in the email fields, to sign in again with if the backend wants a recent sign-in.
    private var currentPassword: Secret? {
        form.isFilled ? Secret(form.password) : nil
    }

    /// The confirmation is up while a passkey is chosen for removal; closing it forgets the choice.
    private var confirmsRemoval: Binding<Bool> {
        Binding(
            get: { @MainActor in removing != nil },
            set: { @MainActor isShown in if !isShown { removing = nil } })
    }
}

/// Apple's official button, driving our flow.
///
/// `SignInWithAppleButton` runs its own `ASAuthorizationController` request when tapped: with a nonce of its own, and
/// past the view model, the use case and the backend. So here it only draws: it takes no touches and VoiceOver skips
/// it, and a clear button over it dispatches `.clickProvider(.apple)`, whose UI client presents Apple's sheet with our nonce.
private struct AppleButton: View {
    let accessibilityLabel: String
    let action: @MainActor () -> Void

    var body: some View {
        SignInWithAppleButton(.signIn, onRequest: { _ in }, onCompletion: { _ in })
            .allowsHitTesting(false)
            .accessibilityHidden(true)
            .frame(height: 44)
            .overlay {
                Button(action: action) { Color.clear.contentShape(Rectangle()) }
                    .accessibilityLabel(accessibilityLabel)
            }
    }
}

/// The email and password fields.
private struct EmailFields: View {
    @Bindable var form: EmailForm
    let texts: Texts

    var body: some View {
        TextField(texts.name(of: .emailPassword), text: $form.email)
            .textInputAutocapitalization(.never)
            .autocorrectionDisabled()
        SecureField(texts(.password), text: $form.password)
    }
}

/// What the email fields hold; the buttons send it in their actions.
@MainActor
@Observable
final class EmailForm {
    var email = ""
    var password = ""

    var isFilled: Bool { !email.isEmpty && !password.isEmpty }
}

/// The example's own words, in English, Turkish and Traditional Chinese, kept like the CLI's texts. Everything the
/// framework's catalogue has comes from it instead: the error messages (through the view model), the providers'
/// names and "Sign in with …".
struct Texts: Sendable {
    enum Key: Hashable, Sendable, CaseIterable {
        case continueAsGuest, password, signIn, signUp, signedInAs, link, signOut, deleteAccount, deleteConfirmation
        case code, verify, cancel
        case signInWithPasskey, passkeys, passkeyName, addPasskey, removePasskey, removePasskeyConfirmation
    }

    /// The framework's messages in the same language: give them to the view model's reducer.
    let messages: AuthErrorMessages
    private let catalogue: MessageCatalogue<Key>

    init(language: String) {
        messages = AuthErrorMessages(language: language)
        catalogue = MessageCatalogue(
            language: language,
            english: [
                .continueAsGuest: "Continue as a guest", .password: "Password", .signIn: "Sign in",
                .signUp: "Create an account", .signedInAs: "Signed in as {name}", .link: "Link {provider}",
                .signOut: "Sign out", .deleteAccount: "Delete the account",
                .deleteConfirmation: "Delete your account and everything stored for it? This cannot be undone.",
                .code: "6-digit code", .verify: "Verify", .cancel: "Cancel",
                .signInWithPasskey: "Sign in with a passkey", .passkeys: "Passkeys",
                .passkeyName: "Name of the new passkey (optional)", .addPasskey: "Add a passkey",
                .removePasskey: "Remove {name}",
                .removePasskeyConfirmation: "Remove the passkey {name}? It will no longer sign in to this account.",
            ],
            turkish: [
                .continueAsGuest: "Misafir olarak devam et", .password: "Parola", .signIn: "Oturum aç",
                .signUp: "Hesap oluştur", .signedInAs: "Oturum açan: {name}", .link: "Bağla: {provider}",
                .signOut: "Oturumu kapat", .deleteAccount: "Hesabı sil",
                .deleteConfirmation: "Hesabınız ve hesap için saklanan her şey silinsin mi? Bu işlem geri alınamaz.",
                .code: "6 haneli kod", .verify: "Doğrula", .cancel: "Vazgeç",
                .signInWithPasskey: "Geçiş anahtarıyla oturum aç", .passkeys: "Geçiş anahtarları",
                .passkeyName: "Yeni geçiş anahtarının adı (isteğe bağlı)", .addPasskey: "Geçiş anahtarı ekle",
                .removePasskey: "Kaldır: {name}",
                .removePasskeyConfirmation:
                    "{name} geçiş anahtarı kaldırılsın mı? Artık bu hesapta oturum açmak için kullanılamaz.",
            ],
            traditionalChinese: [
                .continueAsGuest: "以訪客身分繼續", .password: "密碼", .signIn: "登入", .signUp: "建立帳號",
                .signedInAs: "已登入：{name}", .link: "連結 {provider}", .signOut: "登出", .deleteAccount: "刪除帳號",
                .deleteConfirmation: "要刪除您的帳號及為其儲存的所有資料嗎？此操作無法復原。",
                .code: "6 位數代碼", .verify: "驗證", .cancel: "取消",
                .signInWithPasskey: "使用密碼金鑰登入", .passkeys: "密碼金鑰", .passkeyName: "新密碼金鑰的名稱（選填）",
                .addPasskey: "新增密碼金鑰", .removePasskey: "移除 {name}",
                .removePasskeyConfirmation: "要移除密碼金鑰 {name} 嗎？之後將無法再用它登入此帳號。",
            ])
    }

    /// The text for `key`, with `{name}` placeholders filled in.
    func callAsFunction(_ key: Key, _ arguments: [String: String] = [:]) -> String {
        catalogue.text(key, arguments)
    }

    /// A provider's registered name: `Apple`, `Google`, `Guest` (`Misafir`, `訪客`), `Email` (`E-posta`, `電子郵件`).
    func name(of provider: ProviderType) -> String {
        messages.providerName(provider)
    }

    /// "Sign in with Apple", "Sign in with Google", as the catalogue words it with the provider's name.
    func signInWith(_ provider: ProviderType) -> String {
        messages.signInWith(provider)
    }
}
