"""password.spec.ts: accounts:signInWithPassword, with and without a beforeSignIn blocking function."""

from conftest import (
    BEFORE_SIGN_IN_PATH,
    DISPLAY_NAME,
    KEY,
    PHOTO_URL,
    PROJECT_ID,
    TEST_MFA_INFO,
    body,
    case,
    decode_jwt,
    error_message,
    expect_status_code,
    get_account_info_by_local_id,
    register_tenant,
    register_user,
    update_account_by_local_id,
    update_config,
)

SPEC = "password.spec.ts"
BLOCKING = "accounts:signInWithPassword > when blocking functions are present"
SIGN_IN_PATH = "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword"
USER = {"email": "alice@example.com", "password": "notasecret"}


def _sign_in(auth_api, req):
    return auth_api.post(SIGN_IN_PATH, json=req, params=KEY)


def _enable_improved_email_privacy(auth_api):
    update_config(auth_api, PROJECT_ID, {"emailPrivacyConfig": {"enableImprovedEmailPrivacy": True}},
                  "emailPrivacyConfig")


def _set_before_sign_in(auth_api, blocking_function):
    update_config(
        auth_api,
        PROJECT_ID,
        {"blockingFunctions": {"triggers": {"beforeSignIn": {
            "functionUri": blocking_function.url(BEFORE_SIGN_IN_PATH),
        }}}},
        "blockingFunctions",
    )


def _before_sign_in_calls(blocking_function):
    return [path for path, _ in blocking_function.requests if path == BEFORE_SIGN_IN_PATH]


def _assert_mfa_pending(res):
    expect_status_code(200, res)
    b = body(res)
    assert "idToken" not in b
    assert "refreshToken" not in b
    assert isinstance(b.get("mfaPendingCredential"), str)
    assert isinstance(b.get("mfaInfo"), list) and len(b["mfaInfo"]) == 1


@case(SPEC, "should issue tokens when email and password are valid")
def test_should_issue_tokens_when_email_and_password_are_valid(auth_api):
    local_id = register_user(auth_api, USER)["localId"]
    res = _sign_in(auth_api, {"email": USER["email"], "password": USER["password"]})
    expect_status_code(200, res)
    b = body(res)
    assert b.get("localId") == local_id
    assert b.get("email") == USER["email"]
    assert "registered" in b and b["registered"] is True
    assert isinstance(b.get("refreshToken"), str)

    assert isinstance(b.get("idToken"), str), "JWT returned by emulator is invalid"
    header, payload = decode_jwt(b["idToken"])
    assert header.get("alg") == "none"
    assert payload.get("user_id") == local_id
    assert "provider_id" not in payload
    assert (payload.get("firebase") or {}).get("sign_in_provider") == "password"


@case(SPEC, "should update lastLoginAt on successful login")
def test_should_update_last_login_at_on_successful_login(auth_api, clock):
    local_id = register_user(auth_api, USER)["localId"]
    before_login = get_account_info_by_local_id(auth_api, local_id)
    assert before_login.get("lastLoginAt") == str(clock.now_ms())

    clock.tick(4000)

    res = _sign_in(auth_api, {"email": USER["email"], "password": USER["password"]})
    expect_status_code(200, res)
    after_login = get_account_info_by_local_id(auth_api, local_id)
    assert after_login.get("lastLoginAt") == str(clock.now_ms())


@case(SPEC, "should validate email address ignoring case")
def test_should_validate_email_address_ignoring_case(auth_api):
    local_id = register_user(auth_api, USER)["localId"]
    res = _sign_in(auth_api, {"email": "AlIcE@exAMPle.COM", "password": USER["password"]})
    expect_status_code(200, res)
    assert body(res).get("localId") == local_id


@case(SPEC, "should error if email or password is missing")
def test_should_error_if_email_or_password_is_missing(auth_api):
    res = _sign_in(auth_api, {"password": "notasecret"})
    expect_status_code(400, res)
    assert error_message(res) == "MISSING_EMAIL"

    res = _sign_in(auth_api, {"email": "nosuchuser@example.com"})
    expect_status_code(400, res)
    assert error_message(res) == "MISSING_PASSWORD"


@case(SPEC, "should error if email is invalid")
def test_should_error_if_email_is_invalid(auth_api):
    res = _sign_in(auth_api, {"email": "ill-formatted-email", "password": "notasecret"})
    expect_status_code(400, res)
    assert error_message(res) == "INVALID_EMAIL"

    res = _sign_in(auth_api, {"email": "", "password": "notasecret"})
    expect_status_code(400, res)
    assert error_message(res) == "INVALID_EMAIL"


@case(SPEC, "should error if email is not found")
def test_should_error_if_email_is_not_found(auth_api):
    res = _sign_in(auth_api, {"email": "nosuchuser@example.com", "password": "notasecret"})
    expect_status_code(400, res)
    assert error_message(res) == "EMAIL_NOT_FOUND"


@case(SPEC, "should error if email is not found with improved email privacy enabled")
def test_should_error_if_email_is_not_found_with_improved_email_privacy_enabled(auth_api):
    _enable_improved_email_privacy(auth_api)
    res = _sign_in(auth_api, {"email": "nosuchuser@example.com", "password": "notasecret"})
    expect_status_code(400, res)
    assert error_message(res) == "INVALID_LOGIN_CREDENTIALS"


@case(SPEC, "should error if password is wrong")
def test_should_error_if_password_is_wrong(auth_api):
    register_user(auth_api, USER)
    res = _sign_in(auth_api, {"email": USER["email"], "password": "NOTASECRET"})
    expect_status_code(400, res)
    assert error_message(res) == "INVALID_PASSWORD"


@case(SPEC, "should error if password is wrong with improved email privacy enabled")
def test_should_error_if_password_is_wrong_with_improved_email_privacy_enabled(auth_api):
    _enable_improved_email_privacy(auth_api)
    register_user(auth_api, USER)
    res = _sign_in(auth_api, {"email": USER["email"], "password": "NOTASECRET"})
    expect_status_code(400, res)
    assert error_message(res) == "INVALID_LOGIN_CREDENTIALS"


@case(SPEC, "should error if user is disabled")
def test_should_error_if_user_is_disabled(auth_api):
    local_id = register_user(auth_api, USER)["localId"]
    update_account_by_local_id(auth_api, local_id, {"disableUser": True})
    res = _sign_in(auth_api, {"email": USER["email"], "password": "notasecret"})
    expect_status_code(400, res)
    assert error_message(res) == "USER_DISABLED"


@case(SPEC, "should return pending credential if user has MFA")
def test_should_return_pending_credential_if_user_has_mfa(auth_api):
    register_user(auth_api, {**USER, "mfaInfo": [TEST_MFA_INFO]})
    res = _sign_in(auth_api, {"email": USER["email"], "password": USER["password"]})
    _assert_mfa_pending(res)


@case(SPEC, "should error if auth is disabled")
def test_should_error_if_auth_is_disabled(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": True})
    res = _sign_in(auth_api, {"tenantId": tenant["tenantId"]})
    expect_status_code(400, res)
    assert "PROJECT_DISABLED" in error_message(res)


@case(SPEC, "should error if password sign up is disabled")
def test_should_error_if_password_sign_up_is_disabled(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": False, "allowPasswordSignup": False})
    res = _sign_in(auth_api, {"tenantId": tenant["tenantId"]})
    expect_status_code(400, res)
    assert "PASSWORD_LOGIN_DISABLED" in error_message(res)


@case(SPEC, "should return pending credential if user has MFA and enabled on tenant projects")
def test_should_return_pending_credential_if_user_has_mfa_and_enabled_on_tenant_projects(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {
        "disableAuth": False,
        "allowPasswordSignup": True,
        "mfaConfig": {"state": "ENABLED"},
    })
    register_user(auth_api, {**USER, "mfaInfo": [TEST_MFA_INFO], "tenantId": tenant["tenantId"]})
    res = _sign_in(auth_api, {"tenantId": tenant["tenantId"], "email": USER["email"], "password": USER["password"]})
    _assert_mfa_pending(res)


# --- when blocking functions are present -------------------------------------------------------------------------
# nock's afterEach check (every mocked reply was used) becomes: the function was called at the end of the case.


@case(SPEC, "should update modifiable fields before sign in", describe=BLOCKING)
def test_should_update_modifiable_fields_before_sign_in(auth_api, blocking_function):
    local_id = register_user(auth_api, USER)["localId"]
    _set_before_sign_in(auth_api, blocking_function)
    blocking_function.respond(BEFORE_SIGN_IN_PATH, 200, {
        "userRecord": {
            "updateMask": "displayName,photoUrl,emailVerified,customClaims,sessionClaims",
            "displayName": DISPLAY_NAME,
            "photoUrl": PHOTO_URL,
            "emailVerified": True,
            "customClaims": {"customAttribute": "custom"},
            "sessionClaims": {"sessionAttribute": "session"},
        },
    })

    res = _sign_in(auth_api, {"email": USER["email"], "password": USER["password"]})
    expect_status_code(200, res)
    b = body(res)
    assert b.get("localId") == local_id
    assert b.get("email") == USER["email"]
    assert "registered" in b and b["registered"] is True
    assert isinstance(b.get("refreshToken"), str)

    assert isinstance(b.get("idToken"), str), "JWT returned by emulator is invalid"
    header, payload = decode_jwt(b["idToken"])
    assert header.get("alg") == "none"
    assert payload.get("name") == DISPLAY_NAME
    assert payload.get("picture") == PHOTO_URL
    assert payload.get("email_verified") is True
    assert "customAttribute" in payload and payload["customAttribute"] == "custom"
    assert "sessionAttribute" in payload and payload["sessionAttribute"] == "session"

    assert _before_sign_in_calls(blocking_function), "the beforeSignIn function was not called"


@case(SPEC, "should disable user if set", describe=BLOCKING)
def test_should_disable_user_if_set(auth_api, blocking_function):
    register_user(auth_api, USER)
    _set_before_sign_in(auth_api, blocking_function)
    blocking_function.respond(BEFORE_SIGN_IN_PATH, 200, {"userRecord": {"updateMask": "disabled", "disabled": True}})

    res = _sign_in(auth_api, {"email": USER["email"], "password": USER["password"]})
    expect_status_code(400, res)
    assert error_message(res) == "USER_DISABLED"

    assert _before_sign_in_calls(blocking_function), "the beforeSignIn function was not called"


@case(SPEC, "should not trigger blocking function if user has MFA", describe=BLOCKING)
def test_should_not_trigger_blocking_function_if_user_has_mfa(auth_api, blocking_function):
    register_user(auth_api, {**USER, "mfaInfo": [TEST_MFA_INFO]})
    _set_before_sign_in(auth_api, blocking_function)
    blocking_function.respond(BEFORE_SIGN_IN_PATH, 200, {"userRecord": {"updateMask": "disabled", "disabled": True}})

    res = _sign_in(auth_api, {"email": USER["email"], "password": USER["password"]})
    _assert_mfa_pending(res)

    assert not _before_sign_in_calls(blocking_function), "the beforeSignIn function was called"
