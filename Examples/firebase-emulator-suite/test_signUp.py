"""Port of signUp.spec.ts: accounts:signUp."""

import pytest

from conftest import (
    BEFORE_CREATE_PATH,
    BEFORE_SIGN_IN_PATH,
    DISPLAY_NAME,
    KEY,
    OWNER,
    PHOTO_URL,
    PROJECT_ID,
    TEST_INVALID_PHONE_NUMBER,
    TEST_MFA_INFO,
    TEST_PHONE_NUMBER,
    TEST_PHONE_NUMBER_2,
    case,
    decode_jwt,
    error_message,
    expect_status_code,
    get_account_info_by_id_token,
    get_account_info_by_local_id,
    get_signin_methods,
    register_anon_user,
    register_tenant,
    register_user,
    sign_in_with_fake_claims,
    sign_in_with_phone_number,
    update_account_by_local_id,
    update_config,
)

SPEC = "signUp.spec.ts"
BLOCKING = "accounts:signUp > when blocking functions are present"
SIGN_UP = "/identitytoolkit.googleapis.com/v1/accounts:signUp"


def _sign_up(api, req):
    return api.post(SIGN_UP, json=req, params=KEY)


def _sign_up_as_owner(api, req):
    return api.post(SIGN_UP, json=req, headers=OWNER)


def _includes(obj, subset):
    return all(key in obj and obj[key] == value for key, value in subset.items())


def _non_empty_string(value):
    return isinstance(value, str) and len(value) > 0


# --- blocking functions -------------------------------------------------------------------------------------------


@pytest.fixture
def _blocking_config(auth_api, blocking_function):
    """Sets the project's blocking triggers (path per trigger) and, afterwards, takes them away again: the spec's
    state is cleared before each case, the shared server's is not. Yields a setter."""

    def configure(**paths):
        triggers = {name: {"functionUri": blocking_function.url(path)} for name, path in paths.items()}
        update_config(auth_api, PROJECT_ID, {"blockingFunctions": {"triggers": triggers}}, "blockingFunctions")

    yield configure
    auth_api.patch(
        f"/identitytoolkit.googleapis.com/v2/projects/{PROJECT_ID}/config",
        json={"blockingFunctions": {}}, params={"updateMask": "blockingFunctions"}, headers=OWNER,
    )


def _every_answer_used(blocking_function):
    """The spec's `nock.isDone()`: every queued answer has been asked for."""
    return all(not queued for queued in blocking_function.answers.values())


# --- cases --------------------------------------------------------------------------------------------------------


@case(SPEC, "should throw error if no email provided")
def test_should_throw_error_if_no_email_provided(auth_api):
    res = _sign_up(auth_api, {"password": "notasecret"})
    expect_status_code(400, res)
    assert error_message(res) == "MISSING_EMAIL"


@case(SPEC, "should throw error if empty email and password is provided")
def test_should_throw_error_if_empty_email_and_password_is_provided(auth_api):
    res = _sign_up(auth_api, {"email": "", "password": ""})
    expect_status_code(400, res)
    assert error_message(res) == "INVALID_EMAIL"


@case(SPEC, "should issue idToken and refreshToken on anon signUp")
def test_should_issue_id_token_and_refresh_token_on_anon_sign_up(auth_api):
    res = _sign_up(auth_api, {"returnSecureToken": True})
    expect_status_code(200, res)
    b = res.json()
    assert isinstance(b.get("refreshToken"), str)

    header, payload = decode_jwt(b.get("idToken"))
    assert header.get("alg") == "none"
    assert isinstance(payload.get("user_id"), str)
    assert payload.get("provider_id") == "anonymous"
    assert payload.get("firebase", {}).get("sign_in_provider") == "anonymous"


@case(SPEC, "should issue refreshToken on email+password signUp")
def test_should_issue_refresh_token_on_email_password_sign_up(auth_api):
    email = "me@example.com"
    res = _sign_up(auth_api, {"email": email, "password": "notasecret"})
    expect_status_code(200, res)
    b = res.json()
    assert isinstance(b.get("refreshToken"), str)

    header, payload = decode_jwt(b.get("idToken"))
    assert header.get("alg") == "none"
    assert isinstance(payload.get("user_id"), str)
    assert "provider_id" not in payload
    assert payload.get("firebase", {}).get("sign_in_provider") == "password"
    assert payload.get("firebase", {}).get("identities") == {"email": [email]}


@case(SPEC, "should ignore displayName and photoUrl for new anon account")
def test_should_ignore_display_name_and_photo_url_for_new_anon_account(auth_api):
    user = {"displayName": "Me", "photoUrl": "http://localhost/my-profile.png"}
    res = _sign_up(auth_api, user)
    expect_status_code(200, res)
    b = res.json()
    assert "displayName" not in b
    assert "photoUrl" not in b

    info = get_account_info_by_id_token(auth_api, b.get("idToken"))
    assert "displayName" not in info
    assert "photoUrl" not in info


@case(SPEC, "should set displayName but ignore photoUrl for new password account")
def test_should_set_display_name_but_ignore_photo_url_for_new_password_account(auth_api):
    user = {
        "email": "me@example.com",
        "password": "notasecret",
        "displayName": "Me",
        "photoUrl": "http://localhost/my-profile.png",
    }
    res = _sign_up(auth_api, user)
    expect_status_code(200, res)
    b = res.json()
    assert b.get("displayName") == user["displayName"]
    assert "photoUrl" not in b

    info = get_account_info_by_id_token(auth_api, b.get("idToken"))
    assert info.get("displayName") == user["displayName"]
    assert "photoUrl" not in info


@case(SPEC, "should disallow duplicate email signUp")
def test_should_disallow_duplicate_email_sign_up(auth_api):
    user = {"email": "bob@example.com", "password": "notasecret"}
    register_user(auth_api, user)
    res = _sign_up(auth_api, {"email": user["email"], "password": "notasecret"})
    expect_status_code(400, res)
    assert error_message(res) == "EMAIL_EXISTS"

    # Case variants of the same address are duplicates too.
    res = _sign_up(auth_api, {"email": "BOB@example.com", "password": "notasecret"})
    expect_status_code(400, res)
    assert error_message(res) == "EMAIL_EXISTS"


@case(SPEC, "should error if another account exists with same email from IDP")
def test_should_error_if_another_account_exists_with_same_email_from_idp(auth_api):
    email = "alice@example.com"
    sign_in_with_fake_claims(auth_api, "google.com", {"sub": "123", "email": email})

    res = _sign_up(auth_api, {"email": email, "password": "notasecret"})
    expect_status_code(400, res)
    assert error_message(res) == "EMAIL_EXISTS"


@case(SPEC, "should error when email format is invalid")
def test_should_error_when_email_format_is_invalid(auth_api):
    res = _sign_up(auth_api, {"email": "not.an.email.address.at.all", "password": "notasecret"})
    expect_status_code(400, res)
    assert error_message(res) == "INVALID_EMAIL"


@case(SPEC, "should normalize email address to all lowercase")
def test_should_normalize_email_address_to_all_lowercase(auth_api):
    res = _sign_up(auth_api, {"email": "AlIcE@exAMPle.COM", "password": "notasecret"})
    expect_status_code(200, res)
    assert res.json().get("email") == "alice@example.com"


@case(SPEC, "should error when password is too short")
def test_should_error_when_password_is_too_short(auth_api):
    res = _sign_up(auth_api, {"email": "me@example.com", "password": "short"})
    expect_status_code(400, res)
    assert error_message(res).startswith("WEAK_PASSWORD")


@case(SPEC, "should error when idToken is provided but email / password is not")
def test_should_error_when_id_token_is_provided_but_email_password_is_not(auth_api):
    id_token = register_anon_user(auth_api)["idToken"]
    res = _sign_up(auth_api, {"idToken": id_token})
    expect_status_code(400, res)
    assert error_message(res) == "MISSING_EMAIL"

    res = _sign_up(auth_api, {"idToken": id_token, "email": "alice@example.com"})
    expect_status_code(400, res)
    assert error_message(res) == "MISSING_PASSWORD"


@case(SPEC, "should link email and password to anon user if idToken is provided")
def test_should_link_email_and_password_to_anon_user_if_id_token_is_provided(auth_api):
    anon = register_anon_user(auth_api)
    res = _sign_up(auth_api, {"idToken": anon["idToken"], "email": "alice@example.com", "password": "notasecret"})
    expect_status_code(200, res)
    b = res.json()
    assert b.get("localId") == anon["localId"]
    _, payload = decode_jwt(b.get("idToken"))
    assert payload.get("firebase", {}).get("sign_in_provider") == "password"


@case(SPEC, "should link email and password to phone sign-in user")
def test_should_link_email_and_password_to_phone_sign_in_user(auth_api):
    phone_number = TEST_PHONE_NUMBER
    email = "alice@example.com"

    phone_user = sign_in_with_phone_number(auth_api, phone_number)
    res = _sign_up(auth_api, {"idToken": phone_user["idToken"], "email": email, "password": "notasecret"})
    expect_status_code(200, res)
    b = res.json()
    assert b.get("localId") == phone_user["localId"]
    _, payload = decode_jwt(b.get("idToken"))
    assert payload.get("firebase", {}).get("sign_in_provider") == "password"
    # Both phone and email.
    assert payload.get("firebase", {}).get("identities") == {"phone": [phone_number], "email": [email]}


@case(SPEC, "should error if account to be linked is disabled")
def test_should_error_if_account_to_be_linked_is_disabled(auth_api):
    anon = register_anon_user(auth_api)
    update_account_by_local_id(auth_api, anon["localId"], {"disableUser": True})

    res = _sign_up(auth_api, {"idToken": anon["idToken"], "email": "alice@example.com", "password": "notasecret"})
    expect_status_code(400, res)
    assert error_message(res) == "USER_DISABLED"


@case(SPEC, "should replace existing email / password in linked account")
def test_should_replace_existing_email_password_in_linked_account(auth_api):
    old_email = "alice@example.com"
    new_email = "bob@example.com"
    old_password = "notasecret"
    new_password = "notasecret2"

    user = register_user(auth_api, {"email": old_email, "password": old_password})

    res = _sign_up(auth_api, {"idToken": user["idToken"], "email": new_email, "password": new_password})
    expect_status_code(200, res)
    b = res.json()
    assert b.get("localId") == user["localId"]
    assert b.get("email") == new_email
    _, payload = decode_jwt(b.get("idToken"))
    assert payload.get("email") == new_email
    assert payload.get("firebase", {}).get("identities") == {"email": [new_email]}

    old_email_sign_in_methods = get_signin_methods(auth_api, old_email)
    assert old_email_sign_in_methods is not None and len(old_email_sign_in_methods) == 0


@case(SPEC, "should create new account with phone number when authenticated")
def test_should_create_new_account_with_phone_number_when_authenticated(auth_api):
    phone_number = TEST_PHONE_NUMBER
    display_name = "Alice"
    res = _sign_up_as_owner(auth_api, {"phoneNumber": phone_number, "displayName": display_name})
    expect_status_code(200, res)
    b = res.json()
    # Not set for authenticated requests.
    assert "idToken" not in b
    assert "refreshToken" not in b
    assert b.get("displayName") == display_name
    assert _non_empty_string(b.get("localId"))
    local_id = b["localId"]

    # Signs into the same user.
    phone_auth = sign_in_with_phone_number(auth_api, phone_number)
    assert phone_auth["localId"] == local_id

    info = get_account_info_by_id_token(auth_api, phone_auth["idToken"])
    assert info.get("displayName") == display_name


@case(SPEC, "should error when extra localId parameter is provided")
def test_should_error_when_extra_local_id_parameter_is_provided(auth_api):
    res = _sign_up(auth_api, {"localId": "anything"})
    expect_status_code(400, res)
    assert error_message(res) == "UNEXPECTED_PARAMETER : User ID"

    anon = register_anon_user(auth_api)
    res = _sign_up_as_owner(auth_api, {"idToken": anon["idToken"], "localId": anon["localId"]})
    expect_status_code(400, res)
    assert error_message(res) == "UNEXPECTED_PARAMETER : User ID"


@case(SPEC, "should create new account with specified localId when authenticated")
def test_should_create_new_account_with_specified_local_id_when_authenticated(auth_api):
    local_id = "haha"
    res = _sign_up_as_owner(auth_api, {"localId": local_id})
    expect_status_code(200, res)
    b = res.json()
    # Not set for authenticated requests.
    assert "idToken" not in b
    assert "refreshToken" not in b
    assert b.get("localId") == local_id


@case(SPEC, "should error when creating new user with duplicate localId")
def test_should_error_when_creating_new_user_with_duplicate_local_id(auth_api):
    local_id = register_anon_user(auth_api)["localId"]
    res = _sign_up_as_owner(auth_api, {"localId": local_id})
    expect_status_code(400, res)
    assert error_message(res) == "DUPLICATE_LOCAL_ID"


@case(SPEC, "should error if phone number is invalid")
def test_should_error_if_phone_number_is_invalid(auth_api):
    res = _sign_up_as_owner(auth_api, {"phoneNumber": TEST_INVALID_PHONE_NUMBER})
    expect_status_code(400, res)
    assert error_message(res) == "INVALID_PHONE_NUMBER : Invalid format."


@case(SPEC, "should create new account with multi factor info")
def test_should_create_new_account_with_multi_factor_info(auth_api):
    user = {"email": "alice@example.com", "password": "notasecret", "mfaInfo": [TEST_MFA_INFO]}
    local_id = register_user(auth_api, user)["localId"]
    info = get_account_info_by_local_id(auth_api, local_id)
    assert len(info.get("mfaInfo", [])) == 1
    saved_mfa_info = info["mfaInfo"][0]
    assert _includes(saved_mfa_info, TEST_MFA_INFO)
    assert _non_empty_string(saved_mfa_info.get("mfaEnrollmentId"))


@case(SPEC, "should create new account with two MFA factors")
def test_should_create_new_account_with_two_mfa_factors(auth_api):
    user = {
        "email": "alice@example.com",
        "password": "notasecret",
        "mfaInfo": [TEST_MFA_INFO, {**TEST_MFA_INFO, "phoneInfo": TEST_PHONE_NUMBER_2}],
    }
    local_id = register_user(auth_api, user)["localId"]
    info = get_account_info_by_local_id(auth_api, local_id)
    assert len(info.get("mfaInfo", [])) == 2
    for saved_mfa_info in info["mfaInfo"]:
        if saved_mfa_info.get("phoneInfo") != TEST_MFA_INFO["phoneInfo"]:
            assert saved_mfa_info.get("phoneInfo") == TEST_PHONE_NUMBER_2
        else:
            assert _includes(saved_mfa_info, TEST_MFA_INFO)
        assert _non_empty_string(saved_mfa_info.get("mfaEnrollmentId"))


@case(SPEC, "should de-duplicate factors with the same info on create")
def test_should_de_duplicate_factors_with_the_same_info_on_create(auth_api):
    alice = {
        "email": "alice@example.com",
        "password": "notasecret",
        "mfaInfo": [TEST_MFA_INFO, TEST_MFA_INFO, TEST_MFA_INFO],
    }
    alice_local_id = register_user(auth_api, alice)["localId"]
    alice_info = get_account_info_by_local_id(auth_api, alice_local_id)
    assert len(alice_info.get("mfaInfo", [])) == 1
    assert _includes(alice_info["mfaInfo"][0], TEST_MFA_INFO)
    assert _non_empty_string(alice_info["mfaInfo"][0].get("mfaEnrollmentId"))

    bob = {
        "email": "bob@example.com",
        "password": "notasecret",
        "mfaInfo": [TEST_MFA_INFO, TEST_MFA_INFO, TEST_MFA_INFO, {**TEST_MFA_INFO, "phoneInfo": TEST_PHONE_NUMBER_2}],
    }
    bob_local_id = register_user(auth_api, bob)["localId"]
    bob_info = get_account_info_by_local_id(auth_api, bob_local_id)
    assert len(bob_info.get("mfaInfo", [])) == 2
    for saved_mfa_info in bob_info["mfaInfo"]:
        if saved_mfa_info.get("phoneInfo") != TEST_MFA_INFO["phoneInfo"]:
            assert saved_mfa_info.get("phoneInfo") == TEST_PHONE_NUMBER_2
        else:
            assert _includes(saved_mfa_info, TEST_MFA_INFO)
        assert _non_empty_string(saved_mfa_info.get("mfaEnrollmentId"))


@case(SPEC, "does not require a display name for multi factor info")
def test_does_not_require_a_display_name_for_multi_factor_info(auth_api):
    mfa_info = {"phoneInfo": TEST_PHONE_NUMBER}
    user = {"email": "alice@example.com", "password": "notasecret", "mfaInfo": [mfa_info]}
    local_id = register_user(auth_api, user)["localId"]

    info = get_account_info_by_local_id(auth_api, local_id)
    assert len(info.get("mfaInfo", [])) == 1
    saved_mfa_info = info["mfaInfo"][0]
    assert _includes(saved_mfa_info, mfa_info)
    assert _non_empty_string(saved_mfa_info.get("mfaEnrollmentId"))
    assert "displayName" not in saved_mfa_info


@case(SPEC, "should error if multi factor phone number is invalid")
def test_should_error_if_multi_factor_phone_number_is_invalid(auth_api):
    mfa_info = {"phoneInfo": TEST_INVALID_PHONE_NUMBER}
    user = {"email": "alice@example.com", "password": "notasecret", "mfaInfo": [mfa_info]}
    res = _sign_up_as_owner(auth_api, user)
    expect_status_code(400, res)
    assert error_message(res) == "INVALID_MFA_PHONE_NUMBER : Invalid format."


@case(SPEC, "should ignore if multi factor enrollment ID is specified on create")
def test_should_ignore_if_multi_factor_enrollment_id_is_specified_on_create(auth_api):
    mfa_enrollment_id_1 = "thisShouldBeIgnored1"
    mfa_enrollment_id_2 = "thisShouldBeIgnored2"
    user = {
        "email": "alice@example.com",
        "password": "notasecret",
        "mfaInfo": [
            {**TEST_MFA_INFO, "mfaEnrollmentId": mfa_enrollment_id_1},
            {**TEST_MFA_INFO, "mfaEnrollmentId": mfa_enrollment_id_2},
        ],
    }
    local_id = register_user(auth_api, user)["localId"]
    info = get_account_info_by_local_id(auth_api, local_id)
    assert len(info.get("mfaInfo", [])) == 1
    saved_mfa_info = info["mfaInfo"][0]
    assert _includes(saved_mfa_info, TEST_MFA_INFO)
    assert _non_empty_string(saved_mfa_info.get("mfaEnrollmentId"))
    assert saved_mfa_info.get("mfaEnrollmentId") not in [mfa_enrollment_id_1, mfa_enrollment_id_2]


@case(SPEC, "should error if auth is disabled")
def test_should_error_if_auth_is_disabled(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": True})
    res = _sign_up(auth_api, {"tenantId": tenant.get("tenantId")})
    expect_status_code(400, res)
    assert "PROJECT_DISABLED" in error_message(res)


@case(SPEC, "should error if password sign up is not allowed")
def test_should_error_if_password_sign_up_is_not_allowed(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"allowPasswordSignup": False})
    res = _sign_up(auth_api, {"tenantId": tenant.get("tenantId"), "email": "me@example.com", "password": "notasecret"})
    expect_status_code(400, res)
    assert "OPERATION_NOT_ALLOWED" in error_message(res)


@case(SPEC, "should error if anonymous user is disabled")
def test_should_error_if_anonymous_user_is_disabled(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"enableAnonymousUser": False})
    res = _sign_up(auth_api, {"tenantId": tenant.get("tenantId"), "returnSecureToken": True})
    expect_status_code(400, res)
    assert "ADMIN_ONLY_OPERATION" in error_message(res)


@case(SPEC, "should create new account with tenant info")
def test_should_create_new_account_with_tenant_info(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"allowPasswordSignup": True})
    user = {"tenantId": tenant.get("tenantId"), "email": "alice@example.com", "password": "notasecret"}

    res = _sign_up(auth_api, user)
    expect_status_code(200, res)
    local_id = res.json().get("localId")
    info = get_account_info_by_local_id(auth_api, local_id, tenant.get("tenantId"))

    assert info.get("tenantId") == tenant.get("tenantId")


# --- when blocking functions are present ---------------------------------------------------------------------------


def _expect_modified_password_user(res, email, session_claims):
    expect_status_code(200, res)
    b = res.json()
    assert isinstance(b.get("refreshToken"), str)

    _, payload = decode_jwt(b.get("idToken"))
    assert payload.get("firebase", {}).get("sign_in_provider") == "password"
    assert payload.get("firebase", {}).get("identities") == {"email": [email]}

    assert b.get("displayName") == DISPLAY_NAME
    assert payload.get("name") == DISPLAY_NAME
    assert payload.get("picture") == PHOTO_URL
    assert payload.get("email_verified") is True
    assert payload.get("customAttribute") == "custom"
    if session_claims:
        assert payload.get("sessionAttribute") == "session"


@case(SPEC, "should update modifiable fields with beforeCreate response for a new email/password user",
      describe=BLOCKING)
def test_should_update_modifiable_fields_with_before_create_response_for_a_new_email_password_user(
    auth_api, blocking_function, _blocking_config
):
    _blocking_config(beforeCreate=BEFORE_CREATE_PATH)
    blocking_function.respond(BEFORE_CREATE_PATH, 200, {
        "userRecord": {
            "updateMask": "displayName,photoUrl,emailVerified,customClaims",
            "displayName": DISPLAY_NAME,
            "photoUrl": PHOTO_URL,
            "emailVerified": True,
            "customClaims": {"customAttribute": "custom"},
        },
    })

    email = "me@example.com"
    res = _sign_up(auth_api, {"email": email, "password": "notasecret"})
    _expect_modified_password_user(res, email, session_claims=False)
    assert _every_answer_used(blocking_function)


@case(SPEC, "should update modifiable fields with beforeSignIn response for a new email/password user",
      describe=BLOCKING)
def test_should_update_modifiable_fields_with_before_sign_in_response_for_a_new_email_password_user(
    auth_api, blocking_function, _blocking_config
):
    _blocking_config(beforeSignIn=BEFORE_SIGN_IN_PATH)
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

    email = "me@example.com"
    res = _sign_up(auth_api, {"email": email, "password": "notasecret"})
    _expect_modified_password_user(res, email, session_claims=True)
    assert _every_answer_used(blocking_function)


@case(SPEC, "beforeSignIn fields should overwrite beforeCreate fields", describe=BLOCKING)
def test_before_sign_in_fields_should_overwrite_before_create_fields(auth_api, blocking_function, _blocking_config):
    _blocking_config(beforeCreate=BEFORE_CREATE_PATH, beforeSignIn=BEFORE_SIGN_IN_PATH)
    blocking_function.respond(BEFORE_CREATE_PATH, 200, {
        "userRecord": {
            "updateMask": "displayName,photoUrl,emailVerified,customClaims",
            "displayName": "oldDisplayName",
            "photoUrl": "oldPhotoUrl",
            "emailVerified": False,
            "customClaims": {"customAttribute": "oldCustom"},
        },
    })
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

    email = "me@example.com"
    res = _sign_up(auth_api, {"email": email, "password": "notasecret"})
    _expect_modified_password_user(res, email, session_claims=True)
    assert _every_answer_used(blocking_function)


@case(SPEC, "should disable new user if set", describe=BLOCKING)
def test_should_disable_new_user_if_set(auth_api, blocking_function, _blocking_config):
    _blocking_config(beforeCreate=BEFORE_CREATE_PATH)
    blocking_function.respond(BEFORE_CREATE_PATH, 200, {"userRecord": {"updateMask": "disabled", "disabled": True}})

    res = _sign_up(auth_api, {"email": "me@example.com", "password": "notasecret"})
    expect_status_code(400, res)
    assert error_message(res) == "USER_DISABLED"
    assert _every_answer_used(blocking_function)


@case(SPEC, "should not trigger blocking functions for privileged requests", describe=BLOCKING)
def test_should_not_trigger_blocking_functions_for_privileged_requests(auth_api, blocking_function, _blocking_config):
    _blocking_config(beforeCreate=BEFORE_CREATE_PATH, beforeSignIn=BEFORE_SIGN_IN_PATH)
    blocking_function.respond(BEFORE_CREATE_PATH, 400, {})
    blocking_function.respond(BEFORE_SIGN_IN_PATH, 400, {})

    display_name = "Alice"
    res = _sign_up_as_owner(auth_api, {"phoneNumber": TEST_PHONE_NUMBER, "displayName": display_name})
    expect_status_code(200, res)
    b = res.json()
    # Not set for authenticated requests.
    assert "idToken" not in b
    assert "refreshToken" not in b
    assert b.get("displayName") == display_name
    assert _non_empty_string(b.get("localId"))

    # The blocking function was not called.
    assert not _every_answer_used(blocking_function)
