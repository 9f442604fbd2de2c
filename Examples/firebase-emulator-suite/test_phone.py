"""phone.spec.ts: phone number sign-in (sendVerificationCode, signInWithPhoneNumber) and its blocking functions."""

import pytest

from conftest import (
    BEFORE_CREATE_PATH,
    BEFORE_SIGN_IN_PATH,
    DISPLAY_NAME,
    KEY,
    OWNER,
    PHOTO_URL,
    PROJECT_ID,
    TEST_MFA_INFO,
    TEST_PHONE_NUMBER,
    TEST_PHONE_NUMBER_2,
    case,
    decode_jwt,
    enroll_phone_mfa,
    error_message,
    expect_status_code,
    inspect_verification_codes,
    register_anon_user,
    register_tenant,
    register_user,
    sign_in_with_phone_number,
    update_account_by_local_id,
    update_config,
)

SPEC = "phone.spec.ts"
SEND_CODE = "/identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode"
SIGN_IN = "/identitytoolkit.googleapis.com/v1/accounts:signInWithPhoneNumber"
MFA_FIRST_FACTOR = "UNSUPPORTED_FIRST_FACTOR : A phone number cannot be set as a first factor on an SMS based MFA user."


def _send_code(auth_api, phone_number):
    """sendVerificationCode, expected to succeed: the sessionInfo."""
    res = auth_api.post(SEND_CODE, json={"phoneNumber": phone_number, "recaptchaToken": "ignored"}, params=KEY)
    expect_status_code(200, res)
    return res.json().get("sessionInfo")


@case(SPEC, "should return fake recaptcha params")
def test_should_return_fake_recaptcha_params(auth_api):
    res = auth_api.get("/identitytoolkit.googleapis.com/v1/recaptchaParams", params=KEY)
    expect_status_code(200, res)
    assert isinstance(res.json().get("recaptchaStoken"), str)
    assert isinstance(res.json().get("recaptchaSiteKey"), str)


@case(SPEC, "should pretend to send a verification code via SMS")
def test_should_pretend_to_send_a_verification_code_via_sms(auth_api):
    phone_number = TEST_PHONE_NUMBER
    res = auth_api.post(SEND_CODE, json={"phoneNumber": phone_number, "recaptchaToken": "ignored"}, params=KEY)
    expect_status_code(200, res)
    assert isinstance(res.json().get("sessionInfo"), str)
    session_info = res.json()["sessionInfo"]

    codes = inspect_verification_codes(auth_api)
    assert len(codes) == 1
    assert codes[0]["phoneNumber"] == phone_number
    assert codes[0]["sessionInfo"] == session_info
    assert isinstance(codes[0]["code"], str)


@case(SPEC, "should error when phone number is missing when calling sendVerificationCode")
def test_should_error_when_phone_number_is_missing_when_calling_sendverificationcode(auth_api):
    res = auth_api.post(SEND_CODE, json={"recaptchaToken": "ignored"}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == "INVALID_PHONE_NUMBER : Invalid format."


@case(SPEC, "should error when phone number is invalid")
def test_should_error_when_phone_number_is_invalid(auth_api):
    res = auth_api.post(SEND_CODE, json={"recaptchaToken": "ignored", "phoneNumber": "invalid"}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == "INVALID_PHONE_NUMBER : Invalid format."


@case(SPEC, "should error on sendVerificationCode if auth is disabled")
def test_should_error_on_sendverificationcode_if_auth_is_disabled(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": True})
    res = auth_api.post(SEND_CODE, json={"tenantId": tenant["tenantId"]}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == "PROJECT_DISABLED"


@case(SPEC, "should error on sendVerificationCode for tenant projects")
def test_should_error_on_sendverificationcode_for_tenant_projects(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": False})
    res = auth_api.post(SEND_CODE, json={"tenantId": tenant["tenantId"]}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == "UNSUPPORTED_TENANT_OPERATION"


@case(SPEC, "should create new account by verifying phone number")
def test_should_create_new_account_by_verifying_phone_number(auth_api):
    phone_number = TEST_PHONE_NUMBER
    session_info = _send_code(auth_api, phone_number)
    code = inspect_verification_codes(auth_api)[0]["code"]

    res = auth_api.post(SIGN_IN, json={"sessionInfo": session_info, "code": code}, params=KEY)
    expect_status_code(200, res)
    assert res.json().get("isNewUser") is True
    assert res.json().get("phoneNumber") == phone_number
    assert isinstance(res.json().get("refreshToken"), str)

    header, payload = decode_jwt(res.json()["idToken"])
    assert header["alg"] == "none"
    assert isinstance(payload.get("user_id"), str)
    assert payload.get("phone_number") == phone_number
    assert "provider_id" not in payload
    assert payload["firebase"].get("sign_in_provider") == "phone"
    assert payload["firebase"].get("identities") == {"phone": [phone_number]}


@case(SPEC, "should error when sessionInfo or code is missing for signInWithPhoneNumber")
def test_should_error_when_sessioninfo_or_code_is_missing_for_signinwithphonenumber(auth_api):
    res = auth_api.post(SIGN_IN, json={"code": "123456"}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == "MISSING_SESSION_INFO"

    res = auth_api.post(SIGN_IN, json={"sessionInfo": "something-something"}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == "MISSING_CODE"


@case(SPEC, "should error when sessionInfo or code is invalid")
def test_should_error_when_sessioninfo_or_code_is_invalid(auth_api):
    session_info = _send_code(auth_api, TEST_PHONE_NUMBER)
    code = inspect_verification_codes(auth_api)[0]["code"]

    res = auth_api.post(SIGN_IN, json={"sessionInfo": "totally-invalid", "code": code}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == "INVALID_SESSION_INFO"

    # the right code with a "1" appended
    res = auth_api.post(SIGN_IN, json={"sessionInfo": session_info, "code": code + "1"}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == "INVALID_CODE"


@case(SPEC, "should error if user is disabled")
def test_should_error_if_user_is_disabled(auth_api):
    phone_number = TEST_PHONE_NUMBER
    local_id = sign_in_with_phone_number(auth_api, phone_number)["localId"]
    update_account_by_local_id(auth_api, local_id, {"disableUser": True})

    session_info = _send_code(auth_api, phone_number)
    code = inspect_verification_codes(auth_api)[0]["code"]

    res = auth_api.post(SIGN_IN, json={"sessionInfo": session_info, "code": code}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == "USER_DISABLED"


@case(SPEC, "should link phone number to existing account by idToken")
def test_should_link_phone_number_to_existing_account_by_idtoken(auth_api):
    user = register_anon_user(auth_api)

    phone_number = TEST_PHONE_NUMBER
    session_info = _send_code(auth_api, phone_number)
    code = inspect_verification_codes(auth_api)[0]["code"]

    res = auth_api.post(
        SIGN_IN, json={"sessionInfo": session_info, "code": code, "idToken": user["idToken"]}, params=KEY
    )
    expect_status_code(200, res)
    assert res.json().get("isNewUser") is False
    assert res.json().get("phoneNumber") == phone_number
    assert res.json().get("localId") == user["localId"]


@case(SPEC, "should error if user to be linked is disabled")
def test_should_error_if_user_to_be_linked_is_disabled(auth_api):
    user = register_anon_user(auth_api)
    update_account_by_local_id(auth_api, user["localId"], {"disableUser": True})

    session_info = _send_code(auth_api, TEST_PHONE_NUMBER)
    code = inspect_verification_codes(auth_api)[0]["code"]

    res = auth_api.post(
        SIGN_IN, json={"sessionInfo": session_info, "code": code, "idToken": user["idToken"]}, params=KEY
    )
    expect_status_code(400, res)
    assert error_message(res) == "USER_DISABLED"


@case(SPEC, "should error when linking phone number to existing user with MFA")
def test_should_error_when_linking_phone_number_to_existing_user_with_mfa(auth_api):
    user = {"email": "alice@example.com", "password": "notasecret", "mfaInfo": [TEST_MFA_INFO]}
    id_token = register_user(auth_api, user)["idToken"]

    session_info = _send_code(auth_api, TEST_PHONE_NUMBER)
    code = inspect_verification_codes(auth_api)[0]["code"]

    res = auth_api.post(SIGN_IN, json={"sessionInfo": session_info, "code": code, "idToken": id_token}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == MFA_FIRST_FACTOR


@case(SPEC, "should error if user has MFA")
def test_should_error_if_user_has_mfa(auth_api):
    phone_number = TEST_PHONE_NUMBER
    user = register_user(auth_api, {"email": "alice@example.com", "password": "notasecret"})
    update_account_by_local_id(auth_api, user["localId"], {"emailVerified": True, "phoneNumber": phone_number})
    enroll_phone_mfa(auth_api, user["idToken"], TEST_PHONE_NUMBER_2)

    res = auth_api.post(SEND_CODE, json={"phoneNumber": phone_number}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == MFA_FIRST_FACTOR

    codes = inspect_verification_codes(auth_api)
    assert len(codes) == 0


@case(SPEC, "should return temporaryProof if phone number already belongs to another account")
def test_should_return_temporaryproof_if_phone_number_already_belongs_to_another_account(auth_api):
    phone_number = TEST_PHONE_NUMBER
    sign_in_with_phone_number(auth_api, phone_number)

    id_token = register_anon_user(auth_api)["idToken"]

    session_info = _send_code(auth_api, phone_number)
    code = inspect_verification_codes(auth_api)[0]["code"]

    res = auth_api.post(SIGN_IN, json={"sessionInfo": session_info, "code": code, "idToken": id_token}, params=KEY)
    # linking fails, but the answer is a success with a temporaryProof
    expect_status_code(200, res)
    assert "idToken" not in res.json()
    assert res.json().get("phoneNumber") == phone_number
    assert isinstance(res.json().get("temporaryProof"), str)
    temporary_proof = res.json()["temporaryProof"]

    res = auth_api.post(
        SIGN_IN, json={"idToken": id_token, "phoneNumber": phone_number, "temporaryProof": temporary_proof},
        params=KEY,
    )
    expect_status_code(400, res)
    assert error_message(res) == "PHONE_NUMBER_EXISTS"


@case(SPEC, "should error if auth is disabled")
def test_should_error_if_auth_is_disabled(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": True})
    res = auth_api.post(SIGN_IN, json={"tenantId": tenant["tenantId"]}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == "PROJECT_DISABLED"


@case(SPEC, "should error if called on tenant project")
def test_should_error_if_called_on_tenant_project(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": False})
    res = auth_api.post(SIGN_IN, json={"tenantId": tenant["tenantId"]}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == "UNSUPPORTED_TENANT_OPERATION"


# --- when blocking functions are present ---------------------------------------------------------------------


@pytest.fixture
def blocking(auth_api, blocking_function):
    """The blocking-function endpoint; blocking functions are turned off again after the case (Google's suite
    starts each case on a new state)."""
    yield blocking_function
    auth_api.patch(f"/identitytoolkit.googleapis.com/v2/projects/{PROJECT_ID}/config",
                   json={"blockingFunctions": {}}, params={"updateMask": "blockingFunctions"}, headers=OWNER)


def _expect_all_answers_used(blocking_function):
    """The describe block's afterEach (nock.isDone), at the end of each case: every queued answer was asked for."""
    assert all(not answers for answers in blocking_function.answers.values()), "a queued answer was not used"


def _use_triggers(auth_api, blocking_function, **paths):
    """Blocking functions on: trigger name -> path on the blocking-function endpoint."""
    triggers = {name: {"functionUri": blocking_function.url(path)} for name, path in paths.items()}
    update_config(auth_api, PROJECT_ID, {"blockingFunctions": {"triggers": triggers}}, "blockingFunctions")


def _sign_in_new_phone_user(auth_api, phone_number):
    """sendVerificationCode and signInWithPhoneNumber with the first code: the sign-in response."""
    session_info = _send_code(auth_api, phone_number)
    code = inspect_verification_codes(auth_api)[0]["code"]
    return auth_api.post(SIGN_IN, json={"sessionInfo": session_info, "code": code}, params=KEY)


def _expect_new_user_token(res, phone_number):
    """The shared checks of a successful new-user sign-in: the ID token's payload."""
    expect_status_code(200, res)
    assert res.json().get("isNewUser") is True
    assert res.json().get("phoneNumber") == phone_number
    assert isinstance(res.json().get("refreshToken"), str)
    header, payload = decode_jwt(res.json()["idToken"])
    assert header["alg"] == "none"
    return payload


UPDATED_FIELDS = {
    "userRecord": {
        "updateMask": "displayName,photoUrl,emailVerified,customClaims,sessionClaims",
        "displayName": DISPLAY_NAME,
        "photoUrl": PHOTO_URL,
        "emailVerified": True,
        "customClaims": {"customAttribute": "custom"},
        "sessionClaims": {"sessionAttribute": "session"},
    },
}


@case(SPEC, "should update modifiable fields for new users")
def test_should_update_modifiable_fields_for_new_users(auth_api, blocking):
    _use_triggers(auth_api, blocking, beforeCreate=BEFORE_CREATE_PATH)
    blocking.respond(BEFORE_CREATE_PATH, 200, {
        "userRecord": {
            "updateMask": "displayName,photoUrl,emailVerified,customClaims",
            "displayName": DISPLAY_NAME,
            "photoUrl": PHOTO_URL,
            "emailVerified": True,
            "customClaims": {"customAttribute": "custom"},
        },
    })
    phone_number = TEST_PHONE_NUMBER
    payload = _expect_new_user_token(_sign_in_new_phone_user(auth_api, phone_number), phone_number)
    assert payload.get("name") == DISPLAY_NAME
    assert payload.get("picture") == PHOTO_URL
    assert payload.get("email_verified") is True
    assert payload.get("customAttribute") == "custom"
    _expect_all_answers_used(blocking)


@case(SPEC, "should update modifiable fields for existing users")
def test_should_update_modifiable_fields_for_existing_users(auth_api, blocking):
    _use_triggers(auth_api, blocking, beforeSignIn=BEFORE_SIGN_IN_PATH)
    blocking.respond(BEFORE_SIGN_IN_PATH, 200, UPDATED_FIELDS)
    phone_number = TEST_PHONE_NUMBER
    payload = _expect_new_user_token(_sign_in_new_phone_user(auth_api, phone_number), phone_number)
    assert payload.get("name") == DISPLAY_NAME
    assert payload.get("picture") == PHOTO_URL
    assert payload.get("email_verified") is True
    assert payload.get("customAttribute") == "custom"
    assert payload.get("sessionAttribute") == "session"
    _expect_all_answers_used(blocking)


@case(SPEC, "beforeSignIn fields should overwrite beforeCreate fields")
def test_beforesignin_fields_should_overwrite_beforecreate_fields(auth_api, blocking):
    _use_triggers(auth_api, blocking, beforeCreate=BEFORE_CREATE_PATH, beforeSignIn=BEFORE_SIGN_IN_PATH)
    blocking.respond(BEFORE_CREATE_PATH, 200, {
        "userRecord": {
            "updateMask": "displayName,photoUrl,emailVerified,customClaims",
            "displayName": "oldDisplayName",
            "photoUrl": "oldPhotoUrl",
            "emailVerified": False,
            "customClaims": {"customAttribute": "oldCustom"},
        },
    })
    blocking.respond(BEFORE_SIGN_IN_PATH, 200, UPDATED_FIELDS)
    phone_number = TEST_PHONE_NUMBER
    payload = _expect_new_user_token(_sign_in_new_phone_user(auth_api, phone_number), phone_number)
    assert payload.get("name") == DISPLAY_NAME
    assert payload.get("picture") == PHOTO_URL
    assert payload.get("email_verified") is True
    assert payload.get("customAttribute") == "custom"
    assert payload.get("sessionAttribute") == "session"
    _expect_all_answers_used(blocking)


@case(SPEC, "should disable user if set")
def test_should_disable_user_if_set(auth_api, blocking):
    _use_triggers(auth_api, blocking, beforeCreate=BEFORE_CREATE_PATH)
    blocking.respond(BEFORE_CREATE_PATH, 200, {"userRecord": {"updateMask": "disabled", "disabled": True}})
    res = _sign_in_new_phone_user(auth_api, TEST_PHONE_NUMBER)
    expect_status_code(400, res)
    assert error_message(res) == "USER_DISABLED"
    _expect_all_answers_used(blocking)
