"""mfa.spec.ts: enrolling a phone as second factor, signing in with it, withdrawing it."""

import datetime

import pytest

from conftest import (
    BEFORE_SIGN_IN_PATH,
    DISPLAY_NAME,
    KEY,
    OWNER,
    PHOTO_URL,
    PROJECT_ID,
    TEST_PHONE_NUMBER,
    TEST_PHONE_NUMBER_2,
    TEST_PHONE_NUMBER_OBFUSCATED,
    case,
    decode_jwt,
    enroll_phone_mfa,
    error_message,
    expect_status_code,
    get_account_info_by_id_token,
    get_account_info_by_local_id,
    inspect_verification_codes,
    register_tenant,
    register_user,
    sign_in_with_email_link,
    sign_in_with_password,
    sign_in_with_phone_number,
    update_account_by_local_id,
    update_config,
)

SPEC = "mfa.spec.ts"
V2 = "/identitytoolkit.googleapis.com/v2/accounts"
ENROLLMENT_START = V2 + "/mfaEnrollment:start"
ENROLLMENT_FINALIZE = V2 + "/mfaEnrollment:finalize"
ENROLLMENT_WITHDRAW = V2 + "/mfaEnrollment:withdraw"
SIGN_IN_START = V2 + "/mfaSignIn:start"
SIGN_IN_FINALIZE = V2 + "/mfaSignIn:finalize"

MFA_DISABLED = {"disableAuth": False, "mfaConfig": {"state": "DISABLED"}}
SMS_NOT_ENABLED = {
    "disableAuth": False,
    "mfaConfig": {"state": "ENABLED", "enabledProviders": ["PROVIDER_UNSPECIFIED"]},
}


def _has_property(value, key):
    """chai's `.to.have.property(key)`, which holds only for objects that have the key."""
    return isinstance(value, dict) and key in value


def _iso_millis(ms):
    """`new Date(ms).toISOString()`."""
    moment = datetime.datetime.fromtimestamp(ms // 1000, tz=datetime.timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{ms % 1000:03d}Z"


def _expect_tenant_error(auth_api, path, tenant, expected, exact):
    res = auth_api.post(path, json={"tenantId": tenant["tenantId"]}, params=KEY)
    expect_status_code(400, res)
    if exact:
        assert error_message(res) == expected
    else:
        assert expected in error_message(res)


def _expect_second_factor_token(res, mfa_enrollment_id):
    expect_status_code(200, res)
    assert isinstance(res.json().get("idToken"), str)
    assert isinstance(res.json().get("refreshToken"), str)
    payload = decode_jwt(res.json()["idToken"])[1]
    assert payload["firebase"].get("sign_in_second_factor") == "phone"
    assert payload["firebase"].get("second_factor_identifier") == mfa_enrollment_id
    return payload


@case(SPEC, "should error if account does not have email verified")
def test_should_error_if_account_does_not_have_email_verified(auth_api):
    id_token = register_user(auth_api, {"email": "unverified@example.com", "password": "testing"})["idToken"]
    res = auth_api.post(
        ENROLLMENT_START, json={"idToken": id_token, "phoneEnrollmentInfo": {"phoneNumber": TEST_PHONE_NUMBER}},
        params=KEY,
    )
    expect_status_code(400, res)
    assert error_message(res) == "UNVERIFIED_EMAIL : Need to verify email first before enrolling second factors."


@case(SPEC, "should allow phone enrollment for an existing account")
def test_should_allow_phone_enrollment_for_an_existing_account(auth_api):
    phone_number = TEST_PHONE_NUMBER
    id_token = sign_in_with_email_link(auth_api, "foo@example.com")["idToken"]
    res = auth_api.post(
        ENROLLMENT_START, json={"idToken": id_token, "phoneEnrollmentInfo": {"phoneNumber": phone_number}},
        params=KEY,
    )
    expect_status_code(200, res)
    session_info = res.json()["phoneSessionInfo"]["sessionInfo"]
    assert isinstance(session_info, str)

    codes = inspect_verification_codes(auth_api)
    assert len(codes) == 1
    assert codes[0]["phoneNumber"] == phone_number
    assert codes[0]["sessionInfo"] == session_info
    assert isinstance(codes[0]["code"], str)
    code = codes[0]["code"]

    res = auth_api.post(
        ENROLLMENT_FINALIZE,
        json={"idToken": id_token, "phoneVerificationInfo": {"code": code, "sessionInfo": session_info}},
        params=KEY,
    )
    expect_status_code(200, res)
    assert isinstance(res.json().get("idToken"), str)
    assert isinstance(res.json().get("refreshToken"), str)

    user_info = get_account_info_by_id_token(auth_api, id_token)
    assert isinstance(user_info.get("mfaInfo"), list) and len(user_info["mfaInfo"]) == 1
    assert user_info["mfaInfo"][0]["phoneInfo"] == phone_number
    mfa_enrollment_id = user_info["mfaInfo"][0]["mfaEnrollmentId"]

    payload = decode_jwt(res.json()["idToken"])[1]
    assert payload["firebase"].get("sign_in_second_factor") == "phone"
    assert payload["firebase"].get("second_factor_identifier") == mfa_enrollment_id


@case(SPEC, "should error if phoneEnrollmentInfo is not specified")
def test_should_error_if_phoneenrollmentinfo_is_not_specified(auth_api):
    id_token = sign_in_with_email_link(auth_api, "foo@example.com")["idToken"]
    res = auth_api.post(ENROLLMENT_START, json={"idToken": id_token}, params=KEY)
    expect_status_code(400, res)
    assert "INVALID_ARGUMENT" in error_message(res)


@case(SPEC, "should error if phoneNumber is invalid")
def test_should_error_if_phonenumber_is_invalid(auth_api):
    id_token = sign_in_with_email_link(auth_api, "foo@example.com")["idToken"]
    res = auth_api.post(
        ENROLLMENT_START, json={"idToken": id_token, "phoneEnrollmentInfo": {"phoneNumber": "notaphonenumber"}},
        params=KEY,
    )
    expect_status_code(400, res)
    assert "INVALID_PHONE_NUMBER" in error_message(res)


@case(SPEC, "should error if phoneNumber is a duplicate")
def test_should_error_if_phonenumber_is_a_duplicate(auth_api):
    id_token = sign_in_with_email_link(auth_api, "foo@example.com")["idToken"]
    enroll_phone_mfa(auth_api, id_token, TEST_PHONE_NUMBER)
    res = auth_api.post(
        ENROLLMENT_START, json={"idToken": id_token, "phoneEnrollmentInfo": {"phoneNumber": TEST_PHONE_NUMBER}},
        params=KEY,
    )
    expect_status_code(400, res)
    assert error_message(res) == (
        "SECOND_FACTOR_EXISTS : Phone number already enrolled as second factor for this account."
    )


@case(SPEC, "should error if sign-in method of idToken is ineligible for MFA")
def test_should_error_if_sign_in_method_of_idtoken_is_ineligible_for_mfa(auth_api):
    user = sign_in_with_phone_number(auth_api, TEST_PHONE_NUMBER)
    update_account_by_local_id(auth_api, user["localId"], {"email": "bob@example.com", "emailVerified": True})
    res = auth_api.post(
        ENROLLMENT_START,
        json={"idToken": user["idToken"], "phoneEnrollmentInfo": {"phoneNumber": TEST_PHONE_NUMBER_2}},
        params=KEY,
    )
    expect_status_code(400, res)
    assert error_message(res) == "UNSUPPORTED_FIRST_FACTOR : MFA is not available for the given first factor."


@case(SPEC, "should error on mfaEnrollment:start if auth is disabled")
def test_should_error_on_mfaenrollment_start_if_auth_is_disabled(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": True})
    _expect_tenant_error(auth_api, ENROLLMENT_START, tenant, "PROJECT_DISABLED", exact=True)


@case(SPEC, "should error on mfaEnrollment:start if MFA is disabled")
def test_should_error_on_mfaenrollment_start_if_mfa_is_disabled(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, MFA_DISABLED)
    _expect_tenant_error(auth_api, ENROLLMENT_START, tenant, "OPERATION_NOT_ALLOWED", exact=False)


@case(SPEC, "should error on mfaEnrollment:start if phone SMS is not an enabled provider")
def test_should_error_on_mfaenrollment_start_if_phone_sms_is_not_an_enabled_provider(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, SMS_NOT_ENABLED)
    _expect_tenant_error(auth_api, ENROLLMENT_START, tenant, "OPERATION_NOT_ALLOWED", exact=False)


@case(SPEC, "should error on mfaEnrollment:finalize if auth is disabled")
def test_should_error_on_mfaenrollment_finalize_if_auth_is_disabled(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": True})
    _expect_tenant_error(auth_api, ENROLLMENT_FINALIZE, tenant, "PROJECT_DISABLED", exact=True)


@case(SPEC, "should error on mfaEnrollment:finalize if MFA is disabled")
def test_should_error_on_mfaenrollment_finalize_if_mfa_is_disabled(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, MFA_DISABLED)
    _expect_tenant_error(auth_api, ENROLLMENT_FINALIZE, tenant, "OPERATION_NOT_ALLOWED", exact=False)


@case(SPEC, "should error on mfaEnrollment:finalize if phone SMS is not an enabled provider")
def test_should_error_on_mfaenrollment_finalize_if_phone_sms_is_not_an_enabled_provider(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, SMS_NOT_ENABLED)
    _expect_tenant_error(auth_api, ENROLLMENT_FINALIZE, tenant, "OPERATION_NOT_ALLOWED", exact=False)


@case(SPEC, "should allow sign-in with pending credential for MFA-enabled user")
def test_should_allow_sign_in_with_pending_credential_for_mfa_enabled_user(auth_api, clock):
    email = "foo@example.com"
    password = "abcdef"
    user = register_user(auth_api, {"email": email, "password": password})
    local_id = user["localId"]
    update_account_by_local_id(auth_api, local_id, {"emailVerified": True})
    enroll_phone_mfa(auth_api, user["idToken"], TEST_PHONE_NUMBER)
    before_sign_in = get_account_info_by_local_id(auth_api, local_id)

    clock.tick(3333)

    res = auth_api.post(
        "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword",
        json={"email": email, "password": password}, params=KEY,
    )
    expect_status_code(200, res)
    assert "idToken" not in res.json()
    assert "refreshToken" not in res.json()
    mfa_pending_credential = res.json().get("mfaPendingCredential")
    mfa_info = res.json().get("mfaInfo")
    assert isinstance(mfa_pending_credential, str)
    assert isinstance(mfa_info, list) and len(mfa_info) == 1
    assert mfa_info[0].get("phoneInfo") == TEST_PHONE_NUMBER_OBFUSCATED
    # not exposed right after the first factor
    assert not _has_property(mfa_info[0].get("phoneInfo"), "unobfuscatedPhoneInfo")
    mfa_enrollment_id = mfa_info[0]["mfaEnrollmentId"]

    # login / refresh timestamps stay until the second factor is done
    after_first_factor = get_account_info_by_local_id(auth_api, local_id)
    assert after_first_factor.get("lastLoginAt") == before_sign_in.get("lastLoginAt")
    assert after_first_factor.get("lastRefreshAt") == before_sign_in.get("lastRefreshAt")

    clock.tick(4444)

    res = auth_api.post(
        SIGN_IN_START,
        json={"mfaEnrollmentId": mfa_enrollment_id, "mfaPendingCredential": mfa_pending_credential},
        params=KEY,
    )
    expect_status_code(200, res)
    session_info = res.json()["phoneResponseInfo"]["sessionInfo"]
    assert isinstance(session_info, str)

    code = inspect_verification_codes(auth_api)[0]["code"]

    clock.tick(5555)

    res = auth_api.post(
        SIGN_IN_FINALIZE,
        json={
            "mfaPendingCredential": mfa_pending_credential,
            "phoneVerificationInfo": {"sessionInfo": session_info, "code": code},
        },
        params=KEY,
    )
    _expect_second_factor_token(res, mfa_enrollment_id)

    after_mfa = get_account_info_by_local_id(auth_api, local_id)
    now = clock.now_ms()
    assert after_mfa.get("lastLoginAt") == str(now)
    assert after_mfa.get("lastRefreshAt") == _iso_millis(now)


@case(SPEC, "should error on mfaSignIn:start if auth is disabled")
def test_should_error_on_mfasignin_start_if_auth_is_disabled(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": True})
    _expect_tenant_error(auth_api, SIGN_IN_START, tenant, "PROJECT_DISABLED", exact=True)


@case(SPEC, "should error on mfaSignIn:start if MFA is disabled")
def test_should_error_on_mfasignin_start_if_mfa_is_disabled(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, MFA_DISABLED)
    _expect_tenant_error(auth_api, SIGN_IN_START, tenant, "OPERATION_NOT_ALLOWED", exact=False)


@case(SPEC, "should error on mfaSignIn:start if phone SMS is not an enabled provider")
def test_should_error_on_mfasignin_start_if_phone_sms_is_not_an_enabled_provider(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, SMS_NOT_ENABLED)
    _expect_tenant_error(auth_api, SIGN_IN_START, tenant, "OPERATION_NOT_ALLOWED", exact=False)


@case(SPEC, "should error on mfaSignIn:finalize if auth is disabled")
def test_should_error_on_mfasignin_finalize_if_auth_is_disabled(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": True})
    _expect_tenant_error(auth_api, SIGN_IN_FINALIZE, tenant, "PROJECT_DISABLED", exact=True)


@case(SPEC, "should error on mfaSignIn:finalize if MFA is disabled")
def test_should_error_on_mfasignin_finalize_if_mfa_is_disabled(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, MFA_DISABLED)
    _expect_tenant_error(auth_api, SIGN_IN_FINALIZE, tenant, "OPERATION_NOT_ALLOWED", exact=False)


@case(SPEC, "should error on mfaSignIn:finalize if phone SMS is not an enabled provider")
def test_should_error_on_mfasignin_finalize_if_phone_sms_is_not_an_enabled_provider(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, SMS_NOT_ENABLED)
    _expect_tenant_error(auth_api, SIGN_IN_FINALIZE, tenant, "OPERATION_NOT_ALLOWED", exact=False)


@case(SPEC, "should allow withdrawing MFA for a user")
def test_should_allow_withdrawing_mfa_for_a_user(auth_api):
    token1 = sign_in_with_email_link(auth_api, "foo@example.com")["idToken"]
    id_token = enroll_phone_mfa(auth_api, token1, TEST_PHONE_NUMBER)["idToken"]

    mfa_info = get_account_info_by_id_token(auth_api, id_token).get("mfaInfo")
    assert mfa_info is not None and len(mfa_info) == 1
    mfa_enrollment_id = mfa_info[0]["mfaEnrollmentId"]

    res = auth_api.post(
        ENROLLMENT_WITHDRAW, json={"idToken": id_token, "mfaEnrollmentId": mfa_enrollment_id}, params=KEY
    )
    expect_status_code(200, res)
    assert isinstance(res.json().get("idToken"), str)
    assert isinstance(res.json().get("refreshToken"), str)
    payload = decode_jwt(res.json()["idToken"])[1]
    assert "sign_in_second_factor" not in payload["firebase"]
    assert "second_factor_identifier" not in payload["firebase"]

    after = get_account_info_by_id_token(auth_api, id_token)
    assert after.get("mfaInfo") is not None and len(after["mfaInfo"]) == 0


@case(SPEC, "should error on mfaEnrollment:withdraw if auth is disabled")
def test_should_error_on_mfaenrollment_withdraw_if_auth_is_disabled(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": True})
    _expect_tenant_error(auth_api, ENROLLMENT_WITHDRAW, tenant, "PROJECT_DISABLED", exact=True)


# --- when blocking functions are present ---------------------------------------------------------------------


@pytest.fixture
def blocking(auth_api, blocking_function):
    """The blocking-function endpoint; blocking functions are turned off again after the case, whatever happened."""
    yield blocking_function
    auth_api.patch(f"/identitytoolkit.googleapis.com/v2/projects/{PROJECT_ID}/config",
                   json={"blockingFunctions": {}}, params={"updateMask": "blockingFunctions"}, headers=OWNER)


def _after_each(auth_api, blocking_function):
    """The describe block's afterEach, at the end of each case: blocking functions off, every answer used."""
    update_config(auth_api, PROJECT_ID, {"blockingFunctions": {}}, "blockingFunctions")
    assert all(not answers for answers in blocking_function.answers.values()), "a queued answer was not used"


def _mfa_user_pending_second_factor(auth_api, clock):
    """The shared start of both cases: an MFA user past the first factor and mfaSignIn:start, with the code."""
    email = "foo@example.com"
    password = "abcdef"
    user = register_user(auth_api, {"email": email, "password": password})
    update_account_by_local_id(auth_api, user["localId"], {"emailVerified": True})
    enroll_phone_mfa(auth_api, user["idToken"], TEST_PHONE_NUMBER)

    clock.tick(3333)

    pending = sign_in_with_password(auth_api, email, password, extract_mfa_pending=True)
    mfa_pending_credential = pending["mfaPendingCredential"]
    mfa_enrollment_id = pending["mfaInfo"][0]["mfaEnrollmentId"]

    clock.tick(4444)

    res = auth_api.post(
        SIGN_IN_START,
        json={"mfaEnrollmentId": mfa_enrollment_id, "mfaPendingCredential": mfa_pending_credential},
        params=KEY,
    )
    expect_status_code(200, res)
    session_info = res.json()["phoneResponseInfo"]["sessionInfo"]
    assert isinstance(session_info, str)

    code = inspect_verification_codes(auth_api)[0]["code"]
    return mfa_pending_credential, mfa_enrollment_id, session_info, code


def _use_before_sign_in(auth_api, blocking_function):
    update_config(
        auth_api, PROJECT_ID,
        {"blockingFunctions": {"triggers": {
            "beforeSignIn": {"functionUri": blocking_function.url(BEFORE_SIGN_IN_PATH)},
        }}},
        "blockingFunctions",
    )


@case(SPEC, "mfaSignIn:finalize should update modifiable fields before sign in")
def test_mfasignin_finalize_should_update_modifiable_fields_before_sign_in(auth_api, clock, blocking):
    mfa_pending_credential, mfa_enrollment_id, session_info, code = _mfa_user_pending_second_factor(auth_api, clock)

    _use_before_sign_in(auth_api, blocking)
    blocking.respond(BEFORE_SIGN_IN_PATH, 200, {
        "userRecord": {
            "updateMask": "displayName,photoUrl,emailVerified,customClaims,sessionClaims",
            "displayName": DISPLAY_NAME,
            "photoUrl": PHOTO_URL,
            "emailVerified": True,
            "customClaims": {"customAttribute": "custom"},
            "sessionClaims": {"sessionAttribute": "session"},
        },
    })

    clock.tick(5555)

    res = auth_api.post(
        SIGN_IN_FINALIZE,
        json={
            "mfaPendingCredential": mfa_pending_credential,
            "phoneVerificationInfo": {"sessionInfo": session_info, "code": code},
        },
        params=KEY,
    )
    payload = _expect_second_factor_token(res, mfa_enrollment_id)
    assert payload.get("name") == DISPLAY_NAME
    assert payload.get("picture") == PHOTO_URL
    assert payload.get("email_verified") is True
    assert payload.get("customAttribute") == "custom"
    assert payload.get("sessionAttribute") == "session"
    _after_each(auth_api, blocking)


@case(SPEC, "mfaSignIn:finalize should disable user if set")
def test_mfasignin_finalize_should_disable_user_if_set(auth_api, clock, blocking):
    mfa_pending_credential, _, session_info, code = _mfa_user_pending_second_factor(auth_api, clock)

    _use_before_sign_in(auth_api, blocking)
    blocking.respond(BEFORE_SIGN_IN_PATH, 200, {"userRecord": {"updateMask": "disabled", "disabled": True}})

    clock.tick(5555)

    res = auth_api.post(
        SIGN_IN_FINALIZE,
        json={
            "mfaPendingCredential": mfa_pending_credential,
            "phoneVerificationInfo": {"sessionInfo": session_info, "code": code},
        },
        params=KEY,
    )
    expect_status_code(400, res)
    assert error_message(res) == "USER_DISABLED"
    _after_each(auth_api, blocking)
