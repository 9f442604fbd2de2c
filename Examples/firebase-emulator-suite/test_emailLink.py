"""emailLink.spec.ts: email link sign-in (sendOobCode EMAIL_SIGNIN, signInWithEmailLink) and its blocking functions."""

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
    case,
    create_email_sign_in_oob,
    decode_jwt,
    error_message,
    expect_status_code,
    get_account_info_by_local_id,
    get_signin_methods,
    inspect_oobs,
    register_tenant,
    register_user,
    sign_in_with_phone_number,
    update_account_by_local_id,
    update_config,
)

SPEC = "emailLink.spec.ts"
SIGN_IN = "/identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink"


def _expect_members(actual, expected):
    """chai's `.to.have.members(expected)`: the same elements, in any order."""
    assert isinstance(actual, list), f"expected a list, got {actual!r}"
    assert sorted(actual) == sorted(expected)


@case(SPEC, "should send OOB code to new emails and create account on sign-in")
def test_should_send_oob_code_to_new_emails_and_create_account_on_sign_in(auth_api):
    email = "alice@example.com"
    create_email_sign_in_oob(auth_api, email)

    oobs = inspect_oobs(auth_api)
    assert len(oobs) == 1
    assert oobs[0]["email"] == email
    assert oobs[0]["requestType"] == "EMAIL_SIGNIN"

    res = auth_api.post(SIGN_IN, json={"oobCode": oobs[0]["oobCode"], "email": email}, params=KEY)
    expect_status_code(200, res)
    assert isinstance(res.json().get("idToken"), str)
    assert res.json().get("email") == email
    assert res.json().get("isNewUser") is True

    header, payload = decode_jwt(res.json()["idToken"])
    assert header["alg"] == "none"
    assert isinstance(payload.get("user_id"), str)
    assert "provider_id" not in payload
    assert payload["firebase"].get("sign_in_provider") == "password"  # (sic) "password" for email links

    _expect_members(get_signin_methods(auth_api, email), ["emailLink"])


@case(SPEC, "should sign an existing account in and enable email-link sign-in for them")
def test_should_sign_an_existing_account_in_and_enable_email_link_sign_in_for_them(auth_api):
    user = {"email": "bob@example.com", "password": "notasecret"}
    registered = register_user(auth_api, user)
    oob_code = create_email_sign_in_oob(auth_api, user["email"])["oobCode"]

    res = auth_api.post(SIGN_IN, json={"email": user["email"], "oobCode": oob_code}, params=KEY)
    expect_status_code(200, res)
    assert res.json().get("localId") == registered["localId"]

    res = auth_api.post(
        "/identitytoolkit.googleapis.com/v1/accounts:lookup", json={"idToken": registered["idToken"]}, params=KEY
    )
    expect_status_code(200, res)
    assert len(res.json()["users"]) == 1
    assert res.json()["users"][0].get("emailLinkSignin") is True

    _expect_members(get_signin_methods(auth_api, user["email"]), ["password", "emailLink"])


@case(SPEC, "should error on invalid oobCode")
def test_should_error_on_invalid_oobcode(auth_api):
    res = auth_api.post(SIGN_IN, json={"email": "alice@example.com", "oobCode": "invalid"}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == "INVALID_OOB_CODE"


@case(SPEC, "should error if user is disabled")
def test_should_error_if_user_is_disabled(auth_api):
    user = register_user(auth_api, {"email": "bob@example.com", "password": "notasecret"})
    email = user["email"]
    oob_code = create_email_sign_in_oob(auth_api, email)["oobCode"]
    update_account_by_local_id(auth_api, user["localId"], {"disableUser": True})

    res = auth_api.post(SIGN_IN, json={"email": email, "oobCode": oob_code}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == "USER_DISABLED"


@case(SPEC, "should error if email mismatches")
def test_should_error_if_email_mismatches(auth_api):
    oob_code = create_email_sign_in_oob(auth_api, "alice@example.com")["oobCode"]

    res = auth_api.post(SIGN_IN, json={"email": "NOT-alice@example.com", "oobCode": oob_code}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == "INVALID_EMAIL : The email provided does not match the sign-in email address."


@case(SPEC, "should link existing account with idToken to new email")
def test_should_link_existing_account_with_idtoken_to_new_email(auth_api):
    old_email = "bob@example.com"
    new_email = "alice@example.com"
    user = register_user(auth_api, {"email": old_email, "password": "notasecret"})
    oob_code = create_email_sign_in_oob(auth_api, new_email)["oobCode"]

    res = auth_api.post(
        SIGN_IN, json={"email": new_email, "oobCode": oob_code, "idToken": user["idToken"]}, params=KEY
    )
    expect_status_code(200, res)
    assert res.json().get("localId") == user["localId"]
    assert res.json().get("email") == new_email

    _expect_members(get_signin_methods(auth_api, new_email), ["password", "emailLink"])
    old_methods = get_signin_methods(auth_api, old_email)
    assert old_methods is not None and len(old_methods) == 0


@case(SPEC, "should link existing phone-auth account to new email")
def test_should_link_existing_phone_auth_account_to_new_email(auth_api):
    user = sign_in_with_phone_number(auth_api, TEST_PHONE_NUMBER)
    email = "alice@example.com"
    oob_code = create_email_sign_in_oob(auth_api, email)["oobCode"]

    res = auth_api.post(SIGN_IN, json={"email": email, "oobCode": oob_code, "idToken": user["idToken"]}, params=KEY)
    expect_status_code(200, res)
    assert res.json().get("localId") == user["localId"]
    assert res.json().get("email") == email

    # no "phone": phone sign-in has no email address
    _expect_members(get_signin_methods(auth_api, email), ["emailLink"])


@case(SPEC, "should error when trying to link an email already used in another account")
def test_should_error_when_trying_to_link_an_email_already_used_in_another_account(auth_api):
    id_token = sign_in_with_phone_number(auth_api, TEST_PHONE_NUMBER)["idToken"]
    email = "alice@example.com"
    register_user(auth_api, {"email": email, "password": "notasecret"})
    oob_code = create_email_sign_in_oob(auth_api, email)["oobCode"]

    res = auth_api.post(SIGN_IN, json={"email": email, "oobCode": oob_code, "idToken": id_token}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == "EMAIL_EXISTS"


@case(SPEC, "should error if user to be linked is disabled")
def test_should_error_if_user_to_be_linked_is_disabled(auth_api):
    user = register_user(auth_api, {"email": "alice@example.com", "password": "notasecret"})
    update_account_by_local_id(auth_api, user["localId"], {"disableUser": True})

    oob_code = create_email_sign_in_oob(auth_api, user["email"])["oobCode"]

    res = auth_api.post(
        SIGN_IN, json={"email": user["email"], "oobCode": oob_code, "idToken": user["idToken"]}, params=KEY
    )
    expect_status_code(400, res)
    assert error_message(res) == "USER_DISABLED"


@case(SPEC, "should return pending credential if user has MFA")
def test_should_return_pending_credential_if_user_has_mfa(auth_api):
    user = {"email": "alice@example.com", "password": "notasecret", "mfaInfo": [TEST_MFA_INFO]}
    registered = register_user(auth_api, user)
    email = registered["email"]
    oob_code = create_email_sign_in_oob(auth_api, email)["oobCode"]

    res = auth_api.post(
        SIGN_IN, json={"email": email, "oobCode": oob_code, "idToken": registered["idToken"]}, params=KEY
    )
    expect_status_code(200, res)
    assert "idToken" not in res.json()
    assert "refreshToken" not in res.json()
    assert isinstance(res.json().get("mfaPendingCredential"), str)
    assert isinstance(res.json().get("mfaInfo"), list) and len(res.json()["mfaInfo"]) == 1


@case(SPEC, "should error if auth is disabled")
def test_should_error_if_auth_is_disabled(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": True})

    res = auth_api.post(SIGN_IN, json={"tenantId": tenant["tenantId"]}, params=KEY)
    expect_status_code(400, res)
    assert "PROJECT_DISABLED" in error_message(res)


@case(SPEC, "should error if email link sign in is disabled")
def test_should_error_if_email_link_sign_in_is_disabled(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": False, "enableEmailLinkSignin": False})

    res = auth_api.post(SIGN_IN, json={"tenantId": tenant["tenantId"]}, params=KEY)
    expect_status_code(400, res)
    assert "OPERATION_NOT_ALLOWED" in error_message(res)


@case(SPEC, "should create account on sign-in with tenantId")
def test_should_create_account_on_sign_in_with_tenantid(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": False, "enableEmailLinkSignin": True})
    email = "alice@example.com"
    oob_code = create_email_sign_in_oob(auth_api, email, tenant["tenantId"])["oobCode"]

    res = auth_api.post(
        SIGN_IN, json={"oobCode": oob_code, "email": email, "tenantId": tenant["tenantId"]}, params=KEY
    )
    expect_status_code(200, res)
    local_id = res.json().get("localId")

    user = get_account_info_by_local_id(auth_api, local_id, tenant["tenantId"])
    assert user.get("tenantId") == tenant["tenantId"]


@case(SPEC, "should return pending credential if user has MFA and enabled on tenant projects")
def test_should_return_pending_credential_if_user_has_mfa_and_enabled_on_tenant_projects(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {
        "disableAuth": False,
        "enableEmailLinkSignin": True,
        "allowPasswordSignup": True,
        "mfaConfig": {"state": "ENABLED"},
    })
    user = {
        "email": "alice@example.com",
        "password": "notasecret",
        "mfaInfo": [TEST_MFA_INFO],
        "tenantId": tenant["tenantId"],
    }
    registered = register_user(auth_api, user)
    email = registered["email"]
    oob_code = create_email_sign_in_oob(auth_api, email, tenant["tenantId"])["oobCode"]

    res = auth_api.post(
        SIGN_IN,
        json={"email": email, "oobCode": oob_code, "idToken": registered["idToken"], "tenantId": tenant["tenantId"]},
        params=KEY,
    )
    expect_status_code(200, res)
    assert "idToken" not in res.json()
    assert "refreshToken" not in res.json()
    assert isinstance(res.json().get("mfaPendingCredential"), str)
    assert isinstance(res.json().get("mfaInfo"), list) and len(res.json()["mfaInfo"]) == 1


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


def _sign_in_new_email(auth_api, email):
    """createEmailSignInOob, then signInWithEmailLink with the first code inspectOobs lists: the response."""
    create_email_sign_in_oob(auth_api, email)
    oobs = inspect_oobs(auth_api)
    return auth_api.post(SIGN_IN, json={"oobCode": oobs[0]["oobCode"], "email": email}, params=KEY)


def _jwt_sent_to(blocking_function, path):
    """`parsedBody.data.jwt` of the request the blocking function got at `path` (None if none came)."""
    for got_path, got_body in blocking_function.requests:
        if got_path == path:
            return ((got_body or {}).get("data") or {}).get("jwt")
    return None


def _parse_blocking_function_jwt(jwt):
    """parseBlockingFunctionJwt: the payload, which must have `iss`, `aud` and `user_record`."""
    payload = decode_jwt(jwt)[1]
    assert isinstance(payload.get("iss"), str), "Invalid blocking function jwt, missing `iss` claim."
    assert isinstance(payload.get("aud"), str), "Invalid blocking function jwt, missing `aud` claim."
    assert "user_record" in payload, "Invalid blocking function jwt, missing `user_record` claim."
    return payload


def _is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _expect_token_fields(res, email, is_new_user, session_claims):
    """The checks the cases share on a successful sign-in: the response and the ID token's updated fields."""
    expect_status_code(200, res)
    assert isinstance(res.json().get("idToken"), str)
    assert res.json().get("email") == email
    assert res.json().get("isNewUser") is is_new_user
    payload = decode_jwt(res.json()["idToken"])[1]
    assert payload.get("name") == DISPLAY_NAME
    assert payload.get("picture") == PHOTO_URL
    assert payload.get("email_verified") is True
    assert payload.get("customAttribute") == "custom"
    if session_claims:
        assert payload.get("sessionAttribute") == "session"


NOT_TESTED = {"userRecord": {"updateMask": "displayName", "displayName": "Not tested"}}
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


@case(SPEC, "should update modifiable fields for account creation")
def test_should_update_modifiable_fields_for_account_creation(auth_api, blocking):
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

    email = "alice@example.com"
    res = _sign_in_new_email(auth_api, email)
    _expect_token_fields(res, email, is_new_user=True, session_claims=False)
    _expect_all_answers_used(blocking)


@case(SPEC, "should pass user info in the request body to beforeCreate")
def test_should_pass_user_info_in_the_request_body_to_beforecreate(auth_api, blocking):
    _use_triggers(auth_api, blocking, beforeCreate=BEFORE_CREATE_PATH)
    blocking.respond(BEFORE_CREATE_PATH, 200, NOT_TESTED)

    email = "alice@example.com"
    res = _sign_in_new_email(auth_api, email)
    expect_status_code(200, res)

    jwt_str = _jwt_sent_to(blocking, BEFORE_CREATE_PATH)
    assert jwt_str is not None
    jwt = _parse_blocking_function_jwt(jwt_str)
    assert jwt.get("sign_in_method") == "emailLink"
    user_record = jwt["user_record"]
    assert isinstance(user_record.get("uid"), str)
    assert user_record.get("email") == email
    assert user_record.get("email_verified") is True
    assert "metadata" in user_record
    assert _is_number(user_record["metadata"].get("creation_time"))
    _expect_all_answers_used(blocking)


@case(SPEC, "should pass user info in the request body to beforeSignIn")
def test_should_pass_user_info_in_the_request_body_to_beforesignin(auth_api, blocking):
    _use_triggers(auth_api, blocking, beforeSignIn=BEFORE_SIGN_IN_PATH)
    blocking.respond(BEFORE_SIGN_IN_PATH, 200, NOT_TESTED)

    email = "alice@example.com"
    res = _sign_in_new_email(auth_api, email)
    expect_status_code(200, res)

    jwt_str = _jwt_sent_to(blocking, BEFORE_SIGN_IN_PATH)
    assert jwt_str is not None
    jwt = _parse_blocking_function_jwt(jwt_str)
    assert jwt.get("sign_in_method") == "emailLink"
    user_record = jwt["user_record"]
    assert isinstance(user_record.get("uid"), str)
    assert user_record.get("email") == email
    assert user_record.get("email_verified") is True
    assert "metadata" in user_record
    assert _is_number(user_record["metadata"].get("creation_time"))
    _expect_all_answers_used(blocking)


@case(
    SPEC,
    "should pass user info in the request body to beforeSignIn and include modifiable fields from beforeCreate",
)
def test_should_pass_user_info_in_the_request_body_to_beforesignin_and_include_modifiable_fields_from_beforecreate(
    auth_api, blocking
):
    _use_triggers(auth_api, blocking, beforeCreate=BEFORE_CREATE_PATH, beforeSignIn=BEFORE_SIGN_IN_PATH)
    blocking.respond(BEFORE_CREATE_PATH, 200, {
        "userRecord": {
            "updateMask": "displayName,photoUrl,emailVerified,customClaims",
            "displayName": DISPLAY_NAME,
            "photoUrl": PHOTO_URL,
            "emailVerified": False,
            "customClaims": {"customAttribute": "custom"},
        },
    })
    blocking.respond(BEFORE_SIGN_IN_PATH, 200, NOT_TESTED)

    email = "alice@example.com"
    res = _sign_in_new_email(auth_api, email)
    expect_status_code(200, res)

    jwt_str = _jwt_sent_to(blocking, BEFORE_SIGN_IN_PATH)
    assert jwt_str is not None
    jwt = _parse_blocking_function_jwt(jwt_str)
    assert jwt.get("sign_in_method") == "emailLink"
    user_record = jwt["user_record"]
    assert isinstance(user_record.get("uid"), str)
    assert user_record.get("email") == email
    assert user_record.get("email_verified") is False
    assert user_record.get("display_name") == DISPLAY_NAME
    assert user_record.get("photo_url") == PHOTO_URL
    assert user_record.get("custom_claims") == {"customAttribute": "custom"}
    assert "metadata" in user_record
    assert _is_number(user_record["metadata"].get("creation_time"))
    _expect_all_answers_used(blocking)


@case(SPEC, "should update modifiable fields before sign in")
def test_should_update_modifiable_fields_before_sign_in(auth_api, blocking):
    _use_triggers(auth_api, blocking, beforeSignIn=BEFORE_SIGN_IN_PATH)
    blocking.respond(BEFORE_SIGN_IN_PATH, 200, UPDATED_FIELDS)

    email = "alice@example.com"
    res = _sign_in_new_email(auth_api, email)
    _expect_token_fields(res, email, is_new_user=True, session_claims=True)
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

    email = "alice@example.com"
    res = _sign_in_new_email(auth_api, email)
    _expect_token_fields(res, email, is_new_user=True, session_claims=True)
    _expect_all_answers_used(blocking)


@case(SPEC, "should update modifiable fields before sign in for existing accounts")
def test_should_update_modifiable_fields_before_sign_in_for_existing_accounts(auth_api, blocking):
    user = {"email": "bob@example.com", "password": "notasecret"}
    local_id = register_user(auth_api, user)["localId"]
    oob_code = create_email_sign_in_oob(auth_api, user["email"])["oobCode"]
    _use_triggers(auth_api, blocking, beforeSignIn=BEFORE_SIGN_IN_PATH)
    blocking.respond(BEFORE_SIGN_IN_PATH, 200, UPDATED_FIELDS)

    res = auth_api.post(SIGN_IN, json={"email": user["email"], "oobCode": oob_code}, params=KEY)
    expect_status_code(200, res)
    assert res.json().get("localId") == local_id
    _expect_token_fields(res, user["email"], is_new_user=False, session_claims=True)
    _expect_all_answers_used(blocking)


@case(SPEC, "should error after disabling user")
def test_should_error_after_disabling_user(auth_api, blocking):
    _use_triggers(auth_api, blocking, beforeCreate=BEFORE_CREATE_PATH)
    blocking.respond(BEFORE_CREATE_PATH, 200, {"userRecord": {"updateMask": "disabled", "disabled": True}})

    res = _sign_in_new_email(auth_api, "alice@example.com")
    expect_status_code(400, res)
    assert error_message(res) == "USER_DISABLED"
    _expect_all_answers_used(blocking)
