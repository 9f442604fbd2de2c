"""passkey.spec.ts: passkey (WebAuthn) enrollment, sign-in and unenrollment."""

from conftest import KEY, case, error_message, expect_status_code, register_user

SPEC = "passkey.spec.ts"
V2 = "/identitytoolkit.googleapis.com/v2/accounts"
LOOKUP = "/identitytoolkit.googleapis.com/v1/accounts:lookup"
UPDATE = "/identitytoolkit.googleapis.com/v1/accounts:update"


def _register(auth_api, email, **extra):
    return register_user(auth_api, {"email": email, "password": "password123", **extra})["idToken"]


@case(SPEC, "should initialize passkey enrollment and return options")
def test_should_initialize_passkey_enrollment_and_return_options(auth_api):
    id_token = _register(auth_api, "passkey-user@example.com")

    res = auth_api.post(f"{V2}/passkeyEnrollment:start", json={"idToken": id_token}, params=KEY)
    expect_status_code(200, res)
    options = res.json()["credentialCreationOptions"]
    assert isinstance(options, dict)
    assert options["rp"]["id"] == "localhost"
    assert isinstance(options["challenge"], str)


@case(SPEC, "should finalize passkey enrollment and return tokens")
def test_should_finalize_passkey_enrollment_and_return_tokens(auth_api):
    id_token = _register(auth_api, "passkey-user-2@example.com")

    res = auth_api.post(
        f"{V2}/passkeyEnrollment:finalize",
        json={
            "idToken": id_token,
            "authenticatorRegistrationResponse": {"id": "test_credential_id_1"},
            "name": "My Security Key",
        },
        params=KEY,
    )
    expect_status_code(200, res)
    assert isinstance(res.json().get("idToken"), str)
    assert isinstance(res.json().get("refreshToken"), str)
    assert isinstance(res.json().get("localId"), str)

    res = auth_api.post(LOOKUP, json={"idToken": id_token}, params=KEY)
    expect_status_code(200, res)
    user = res.json()["users"][0]
    assert isinstance(user["passkeyInfo"], list) and len(user["passkeyInfo"]) == 1
    assert user["passkeyInfo"][0]["credentialId"] == "test_credential_id_1"
    assert user["passkeyInfo"][0]["name"] == "My Security Key"


@case(SPEC, "should respond to passkey sign in start options")
def test_should_respond_to_passkey_sign_in_start_options(auth_api):
    res = auth_api.post(f"{V2}/passkeySignIn:start", json={}, params=KEY)
    expect_status_code(200, res)
    options = res.json()["credentialRequestOptions"]
    assert isinstance(options, dict)
    assert isinstance(options["challenge"], str)
    assert options["rpId"] == "localhost"


@case(SPEC, "should sign in using a registered passkey")
def test_should_sign_in_using_a_registered_passkey(auth_api):
    id_token = _register(auth_api, "passkey-user-3@example.com")

    # Enrollment; the spec does not check this answer.
    auth_api.post(
        f"{V2}/passkeyEnrollment:finalize",
        json={"idToken": id_token, "authenticatorRegistrationResponse": {"id": "test_credential_id_3"},
              "name": "My Key"},
        params=KEY,
    )

    res = auth_api.post(
        f"{V2}/passkeySignIn:finalize",
        json={"authenticatorAuthenticationResponse": {"id": "test_credential_id_3"}},
        params=KEY,
    )
    expect_status_code(200, res)
    assert isinstance(res.json().get("idToken"), str)
    assert isinstance(res.json().get("refreshToken"), str)


@case(SPEC, "should fail sign in if passkey is not registered")
def test_should_fail_sign_in_if_passkey_is_not_registered(auth_api):
    res = auth_api.post(
        f"{V2}/passkeySignIn:finalize",
        json={"authenticatorAuthenticationResponse": {"id": "nonexistent_cred_id"}},
        params=KEY,
    )
    expect_status_code(400, res)
    assert error_message(res) == "PASSKEY_CREDENTIAL_NOT_FOUND"


@case(SPEC, "should delete (unenroll) a passkey via setAccountInfo")
def test_should_delete_unenroll_a_passkey_via_setaccountinfo(auth_api):
    id_token = _register(auth_api, "passkey-user-4@example.com")

    # Two enrollments; the spec does not check these answers.
    auth_api.post(
        f"{V2}/passkeyEnrollment:finalize",
        json={"idToken": id_token, "authenticatorRegistrationResponse": {"id": "cred_4_A"}, "name": "Key A"},
        params=KEY,
    )
    auth_api.post(
        f"{V2}/passkeyEnrollment:finalize",
        json={"idToken": id_token, "authenticatorRegistrationResponse": {"id": "cred_4_B"}, "name": "Key B"},
        params=KEY,
    )

    res = auth_api.post(UPDATE, json={"idToken": id_token, "deletePasskey": ["cred_4_A"]}, params=KEY)
    expect_status_code(200, res)

    res = auth_api.post(LOOKUP, json={"idToken": id_token}, params=KEY)
    expect_status_code(200, res)
    user = res.json()["users"][0]
    assert isinstance(user["passkeyInfo"], list) and len(user["passkeyInfo"]) == 1
    assert user["passkeyInfo"][0]["credentialId"] == "cred_4_B"
    assert user["passkeyInfo"][0]["name"] == "Key B"


@case(SPEC, "should support name fallback to displayName and Unnamed Passkey during enrollment")
def test_should_support_name_fallback_to_displayname_and_unnamed_passkey_during_enrollment(auth_api):
    id_token = _register(auth_api, "passkey-fallback@example.com", displayName="My Display Name")

    res = auth_api.post(
        f"{V2}/passkeyEnrollment:finalize",
        json={"idToken": id_token, "authenticatorRegistrationResponse": {"id": "fallback_cred_1"},
              "displayName": "My Display Name"},
        params=KEY,
    )
    expect_status_code(200, res)

    id_token2 = _register(auth_api, "passkey-fallback-2@example.com")
    res = auth_api.post(
        f"{V2}/passkeyEnrollment:finalize",
        json={"idToken": id_token2, "authenticatorRegistrationResponse": {"id": "fallback_cred_2"}},
        params=KEY,
    )
    expect_status_code(200, res)

    res = auth_api.post(LOOKUP, json={"idToken": id_token}, params=KEY)
    expect_status_code(200, res)
    assert res.json()["users"][0]["passkeyInfo"][0]["name"] == "My Display Name"

    res = auth_api.post(LOOKUP, json={"idToken": id_token2}, params=KEY)
    expect_status_code(200, res)
    assert res.json()["users"][0]["passkeyInfo"][0]["name"] == "Unnamed Passkey"


@case(SPEC, "should fail start/finalize endpoints if required fields are missing")
def test_should_fail_start_finalize_endpoints_if_required_fields_are_missing(auth_api):
    res = auth_api.post(f"{V2}/passkeyEnrollment:start", json={}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == "MISSING_ID_TOKEN"

    res = auth_api.post(
        f"{V2}/passkeyEnrollment:finalize", json={"authenticatorRegistrationResponse": {"id": "some_cred"}},
        params=KEY,
    )
    expect_status_code(400, res)
    assert error_message(res) == "MISSING_ID_TOKEN"

    res = auth_api.post(f"{V2}/passkeyEnrollment:finalize", json={"idToken": "some_token"}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == "MISSING_AUTHENTICATOR_RESPONSE"

    res = auth_api.post(f"{V2}/passkeySignIn:finalize", json={}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == "MISSING_AUTHENTICATOR_RESPONSE"


@case(SPEC, "should safely handle deleting a passkey when user has no passkeys")
def test_should_safely_handle_deleting_a_passkey_when_user_has_no_passkeys(auth_api):
    id_token = _register(auth_api, "passkey-no-keys@example.com")

    res = auth_api.post(UPDATE, json={"idToken": id_token, "deletePasskey": ["nonexistent_key"]}, params=KEY)
    expect_status_code(200, res)
