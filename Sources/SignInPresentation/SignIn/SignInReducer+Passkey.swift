import SignInDomain

extension SignInReducer {
    /// A passkey action: a sign-in with one, a registration, the list and a removal.
    func reducePasskey(_ action: PasskeyAction, in state: inout SignInState) -> SignInEffect? {
        switch action {
        case .signIn(let signIn):
            return startSignIn(.passkey, in: &state) ? .signInWithPasskey(signIn) : nil
        case .register(let register, let name, let currentPassword):
            return reduceAccount(.registerPasskey(register, name: name, currentPassword: currentPassword), in: &state)
        case .list(let list):
            return reduceAccount(.listPasskeys(list), in: &state)
        case .remove(let remove, let id, let currentPassword):
            return reduceAccount(.removePasskey(remove, id: id, currentPassword: currentPassword), in: &state)
        }
    }
}
