"""oob.spec.ts: accounts:sendOobCode (verify email, reset password, verify and change email) and what redeems it."""

from conftest import (
    KEY,
    OWNER,
    PROJECT_ID,
    case,
    expect_id_token_expired,
    expect_status_code,
    inspect_oobs,
    register_anon_user,
    register_tenant,
    register_user,
    update_account_by_local_id,
    update_config,
)

SPEC = "oob.spec.ts"
SEND_OOB_CODE = "/identitytoolkit.googleapis.com/v1/accounts:sendOobCode"
UPDATE = "/identitytoolkit.googleapis.com/v1/accounts:update"
RESET_PASSWORD = "/identitytoolkit.googleapis.com/v1/accounts:resetPassword"
OOB_KIND = "identitytoolkit#GetOobConfirmationCodeResponse"


def _expect_oob_returned(res, email):
    expect_status_code(200, res)
    b = res.json()
    assert b.get("email") == email
    assert isinstance(b.get("oobCode"), str)
    assert isinstance(b.get("oobLink"), str)


def _expect_error(res, message):
    expect_status_code(400, res)
    error = res.json()["error"]
    assert "message" in error
    assert error["message"] == message


@case(SPEC, "should generate OOB code for verify email")
def test_should_generate_oob_code_for_verify_email(auth_api):
    user = {"email": "alice@example.com", "password": "notasecret"}
    registered = register_user(auth_api, user)

    res = auth_api.post(SEND_OOB_CODE, json={"idToken": registered["idToken"], "requestType": "VERIFY_EMAIL"},
                        params=KEY)
    expect_status_code(200, res)
    b = res.json()
    assert b.get("email") == user["email"]
    assert "oobCode" not in b
    assert "oobLink" not in b

    oobs = inspect_oobs(auth_api)
    assert len(oobs) == 1
    assert oobs[0]["email"] == user["email"]
    assert oobs[0]["requestType"] == "VERIFY_EMAIL"

    # the oobCode alone verifies the email
    res = auth_api.post(UPDATE, json={"oobCode": oobs[0]["oobCode"]}, params=KEY)
    expect_status_code(200, res)
    b = res.json()
    assert b.get("localId") == registered["localId"]
    assert b.get("email") == user["email"]
    assert b.get("emailVerified") is True

    assert len(inspect_oobs(auth_api)) == 0


@case(SPEC, "should return OOB code directly for requests with OAuth 2")
def test_should_return_oob_code_directly_for_requests_with_oauth_2(auth_api):
    user = {"email": "alice@example.com", "password": "notasecret"}
    register_user(auth_api, user)

    res = auth_api.post(
        SEND_OOB_CODE, json={"email": user["email"], "requestType": "PASSWORD_RESET", "returnOobLink": True},
        headers=OWNER,
    )
    _expect_oob_returned(res, user["email"])

    res = auth_api.post(
        SEND_OOB_CODE, json={"email": user["email"], "requestType": "VERIFY_EMAIL", "returnOobLink": True},
        headers=OWNER,
    )
    _expect_oob_returned(res, user["email"])

    res = auth_api.post(
        SEND_OOB_CODE,
        json={
            "email": user["email"],
            "newEmail": "bob@example.com",
            "requestType": "VERIFY_AND_CHANGE_EMAIL",
            "returnOobLink": True,
        },
        headers=OWNER,
    )
    _expect_oob_returned(res, user["email"])


@case(SPEC, "should return OOB code by idToken for OAuth 2 requests as well")
def test_should_return_oob_code_by_id_token_for_oauth_2_requests_as_well(auth_api):
    user = {"email": "alice@example.com", "password": "notasecret"}
    id_token = register_user(auth_api, user)["idToken"]

    res = auth_api.post(
        SEND_OOB_CODE, json={"idToken": id_token, "requestType": "VERIFY_EMAIL", "returnOobLink": True},
        headers=OWNER,
    )
    _expect_oob_returned(res, user["email"])

    res = auth_api.post(
        SEND_OOB_CODE,
        json={
            "email": user["email"],
            "newEmail": "bob@example.com",
            "idToken": id_token,
            "requestType": "VERIFY_AND_CHANGE_EMAIL",
            "returnOobLink": True,
        },
        headers=OWNER,
    )
    _expect_oob_returned(res, user["email"])


@case(SPEC, "should error when trying to verify email without idToken or email")
def test_should_error_when_trying_to_verify_email_without_id_token_or_email(auth_api):
    register_user(auth_api, {"email": "alice@example.com", "password": "notasecret"})

    res = auth_api.post(SEND_OOB_CODE, json={"idToken": "hoge", "requestType": "VERIFY_EMAIL"}, params=KEY)
    _expect_error(res, "INVALID_ID_TOKEN")

    res = auth_api.post(SEND_OOB_CODE, json={"returnOobLink": True, "requestType": "VERIFY_EMAIL"}, headers=OWNER)
    _expect_error(res, "MISSING_EMAIL")

    assert len(inspect_oobs(auth_api)) == 0


@case(SPEC, "should error when trying to verify email without idToken if not returnOobLink")
def test_should_error_when_trying_to_verify_email_without_id_token_if_not_return_oob_link(auth_api):
    user = register_user(auth_api, {"email": "alice@example.com", "password": "notasecret"})

    # the email is ignored without returnOobLink
    res = auth_api.post(SEND_OOB_CODE, json={"email": user["email"], "requestType": "VERIFY_EMAIL"}, params=KEY)
    _expect_error(res, "INVALID_ID_TOKEN")

    assert len(inspect_oobs(auth_api)) == 0


@case(SPEC, "should error when trying to verify email not associated with any user")
def test_should_error_when_trying_to_verify_email_not_associated_with_any_user(auth_api):
    res = auth_api.post(
        SEND_OOB_CODE,
        json={"email": "nosuchuser@example.com", "returnOobLink": True, "requestType": "VERIFY_EMAIL"},
        headers=OWNER,
    )
    _expect_error(res, "USER_NOT_FOUND")

    assert len(inspect_oobs(auth_api)) == 0


@case(SPEC, "should error when verifying email for accounts without email")
def test_should_error_when_verifying_email_for_accounts_without_email(auth_api):
    id_token = register_anon_user(auth_api)["idToken"]

    res = auth_api.post(SEND_OOB_CODE, json={"idToken": id_token, "requestType": "VERIFY_EMAIL"}, params=KEY)
    _expect_error(res, "MISSING_EMAIL")

    assert len(inspect_oobs(auth_api)) == 0


@case(SPEC, "should error if user is disabled")
def test_should_error_if_user_is_disabled(auth_api):
    user = register_user(auth_api, {"email": "foo@example.com", "password": "foobar"})
    update_account_by_local_id(auth_api, user["localId"], {"disableUser": True})

    res = auth_api.post(
        SEND_OOB_CODE, json={"email": user["email"], "idToken": user["idToken"], "requestType": "VERIFY_EMAIL"},
        params=KEY,
    )
    _expect_error(res, "USER_DISABLED")


@case(SPEC, "should error when continueUrl is invalid")
def test_should_error_when_continue_url_is_invalid(auth_api):
    id_token = register_user(auth_api, {"email": "alice@example.com", "password": "notasecret"})["idToken"]

    res = auth_api.post(
        SEND_OOB_CODE,
        json={"idToken": id_token, "requestType": "VERIFY_EMAIL", "continueUrl": "noSchemeOrHost"},
        params=KEY,
    )
    expect_status_code(400, res)
    error = res.json()["error"]
    assert "message" in error
    assert "INVALID_CONTINUE_URI" in error["message"]

    assert len(inspect_oobs(auth_api)) == 0


@case(SPEC, "should error if auth is disabled")
def test_should_error_if_auth_is_disabled(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": True})

    res = auth_api.post(SEND_OOB_CODE, json={"tenantId": tenant["tenantId"]}, params=KEY)
    _expect_error(res, "PROJECT_DISABLED")


@case(SPEC, "should error for email sign in if not enabled")
def test_should_error_for_email_sign_in_if_not_enabled(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": False, "enableEmailLinkSignin": False})

    res = auth_api.post(
        SEND_OOB_CODE,
        json={"tenantId": tenant["tenantId"], "email": "bob@example.com", "requestType": "EMAIL_SIGNIN"},
        params=KEY,
    )
    _expect_error(res, "OPERATION_NOT_ALLOWED")


@case(SPEC, "should generate OOB code for reset password")
def test_should_generate_oob_code_for_reset_password(auth_api, clock):
    user = {"email": "alice@example.com", "password": "notasecret"}
    id_token = register_user(auth_api, user)["idToken"]

    clock.tick(2000)  # the idToken is now issued in the past

    res = auth_api.post(SEND_OOB_CODE, json={"requestType": "PASSWORD_RESET", "email": user["email"]}, params=KEY)
    expect_status_code(200, res)
    b = res.json()
    assert b.get("email") == user["email"]
    assert "oobCode" not in b
    assert "oobLink" not in b

    oobs = inspect_oobs(auth_api)
    assert len(oobs) == 1
    assert oobs[0]["email"] == user["email"]
    assert oobs[0]["requestType"] == "PASSWORD_RESET"

    res = auth_api.post(RESET_PASSWORD, json={"oobCode": oobs[0]["oobCode"], "newPassword": "notasecret2"},
                        params=KEY)
    expect_status_code(200, res)
    b = res.json()
    assert b.get("requestType") == "PASSWORD_RESET"
    assert b.get("email") == user["email"]

    # every older idToken is invalidated
    expect_id_token_expired(auth_api, id_token)


@case(SPEC, "should return purpose of oobCodes via resetPassword endpoint")
def test_should_return_purpose_of_oob_codes_via_reset_password_endpoint(auth_api):
    user = {"email": "alice@example.com", "password": "notasecret"}
    id_token = register_user(auth_api, user)["idToken"]
    new_email = "bob@example.com"

    res = auth_api.post(SEND_OOB_CODE, json={"requestType": "PASSWORD_RESET", "email": user["email"]}, params=KEY)
    expect_status_code(200, res)
    res = auth_api.post(SEND_OOB_CODE, json={"requestType": "VERIFY_EMAIL", "idToken": id_token}, params=KEY)
    expect_status_code(200, res)
    res = auth_api.post(SEND_OOB_CODE, json={"email": new_email, "requestType": "EMAIL_SIGNIN"}, params=KEY)
    expect_status_code(200, res)
    res = auth_api.post(
        SEND_OOB_CODE,
        json={"email": user["email"], "newEmail": new_email, "requestType": "VERIFY_AND_CHANGE_EMAIL",
              "idToken": id_token},
        params=KEY,
    )
    expect_status_code(200, res)

    oobs = inspect_oobs(auth_api)
    assert len(oobs) == 4

    for oob in oobs:
        # without newPassword, only the code's purpose comes back and the code stays
        res = auth_api.post(RESET_PASSWORD, json={"oobCode": oob["oobCode"]}, params=KEY)
        expect_status_code(200, res)
        b = res.json()
        assert b.get("requestType") == oob["requestType"]
        if oob["requestType"] == "EMAIL_SIGNIN":
            assert "email" not in b
        else:
            assert b.get("email") == oob["email"]
        if oob["requestType"] == "VERIFY_AND_CHANGE_EMAIL":
            assert b.get("newEmail") == new_email

    assert len(inspect_oobs(auth_api)) == 4


@case(SPEC, "should error on resetPassword if auth is disabled")
def test_should_error_on_reset_password_if_auth_is_disabled(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": True})

    res = auth_api.post(RESET_PASSWORD, json={"tenantId": tenant["tenantId"]}, params=KEY)
    _expect_error(res, "PROJECT_DISABLED")


@case(SPEC, "should error on resetPassword if password sign up is disabled")
def test_should_error_on_reset_password_if_password_sign_up_is_disabled(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": False, "allowPasswordSignup": False})

    res = auth_api.post(RESET_PASSWORD, json={"tenantId": tenant["tenantId"]}, params=KEY)
    _expect_error(res, "PASSWORD_LOGIN_DISABLED")


@case(SPEC, "should error when sending a password reset to non-existent user with improved email privacy disabled")
def test_should_error_when_sending_a_password_reset_to_non_existent_user_with_improved_email_privacy_disabled(
    auth_api,
):
    user = {"email": "alice@example.com", "password": "notasecret"}
    res = auth_api.post(
        SEND_OOB_CODE, json={"email": user["email"], "requestType": "PASSWORD_RESET", "returnOobLink": True},
        headers=OWNER,
    )
    _expect_error(res, "EMAIL_NOT_FOUND")


@case(
    SPEC,
    "should return email address when sending a password reset to non-existent user with improved email privacy "
    "enabled",
)
def test_should_return_email_address_when_sending_a_password_reset_to_non_existent_user_with_improved_email_privacy_enabled(  # noqa: E501
    auth_api,
):
    user = {"email": "alice@example.com", "password": "notasecret"}
    update_config(auth_api, PROJECT_ID, {"emailPrivacyConfig": {"enableImprovedEmailPrivacy": True}},
                  "emailPrivacyConfig")
    res = auth_api.post(
        SEND_OOB_CODE, json={"email": user["email"], "requestType": "PASSWORD_RESET", "returnOobLink": True},
        headers=OWNER,
    )
    expect_status_code(200, res)
    b = res.json()
    assert "kind" in b
    assert b["kind"] == OOB_KIND
    assert "email" in b
    assert b["email"] == user["email"]


@case(SPEC, "should generate OOB code for verify and change email")
def test_should_generate_oob_code_for_verify_and_change_email(auth_api):
    user = {"email": "alice@example.com", "password": "notasecret"}
    registered = register_user(auth_api, user)

    res = auth_api.post(
        SEND_OOB_CODE,
        json={
            "email": user["email"],
            "newEmail": "bob@example.com",
            "idToken": registered["idToken"],
            "requestType": "VERIFY_AND_CHANGE_EMAIL",
        },
        params=KEY,
    )
    expect_status_code(200, res)
    b = res.json()
    assert "kind" in b
    assert b["kind"] == OOB_KIND
    assert b.get("email") == user["email"]
    assert "oobCode" not in b
    assert "oobLink" not in b

    oobs = inspect_oobs(auth_api)
    assert len(oobs) == 1
    assert oobs[0]["email"] == user["email"]
    assert oobs[0]["requestType"] == "VERIFY_AND_CHANGE_EMAIL"

    # the oobCode alone verifies and changes the email
    res = auth_api.post(UPDATE, json={"oobCode": oobs[0]["oobCode"]}, params=KEY)
    expect_status_code(200, res)
    b = res.json()
    assert b.get("localId") == registered["localId"]
    assert b.get("email") == "bob@example.com"
    assert b.get("emailVerified") is True

    assert len(inspect_oobs(auth_api)) == 0


@case(SPEC, "should error when trying to verify and change email without idToken or email or newEmail")
def test_should_error_when_trying_to_verify_and_change_email_without_id_token_or_email_or_new_email(auth_api):
    user = {"email": "alice@example.com", "password": "notasecret"}
    register_user(auth_api, user)

    res = auth_api.post(
        SEND_OOB_CODE, json={"newEmail": "bob@example.com", "requestType": "VERIFY_AND_CHANGE_EMAIL"}, params=KEY
    )
    _expect_error(res, "MISSING_ID_TOKEN")

    res = auth_api.post(
        SEND_OOB_CODE, json={"email": user["email"], "requestType": "VERIFY_AND_CHANGE_EMAIL"}, params=KEY
    )
    _expect_error(res, "MISSING_NEW_EMAIL")

    res = auth_api.post(
        SEND_OOB_CODE,
        json={"newEmail": "bob@example.com", "returnOobLink": True, "requestType": "VERIFY_AND_CHANGE_EMAIL"},
        headers=OWNER,
    )
    _expect_error(res, "MISSING_EMAIL")

    res = auth_api.post(
        SEND_OOB_CODE,
        json={"email": user["email"], "returnOobLink": True, "requestType": "VERIFY_AND_CHANGE_EMAIL"},
        headers=OWNER,
    )
    _expect_error(res, "MISSING_NEW_EMAIL")

    assert len(inspect_oobs(auth_api)) == 0


@case(SPEC, "should error when trying to verify and change email without idToken if not returnOobLink")
def test_should_error_when_trying_to_verify_and_change_email_without_id_token_if_not_return_oob_link(auth_api):
    user = register_user(auth_api, {"email": "alice@example.com", "password": "notasecret"})

    res = auth_api.post(
        SEND_OOB_CODE,
        json={"email": user["email"], "newEmail": "bob@example.com", "requestType": "VERIFY_AND_CHANGE_EMAIL"},
        params=KEY,
    )
    _expect_error(res, "MISSING_ID_TOKEN")

    assert len(inspect_oobs(auth_api)) == 0


@case(SPEC, "should error when trying to verify and change email not associated with any user")
def test_should_error_when_trying_to_verify_and_change_email_not_associated_with_any_user(auth_api):
    res = auth_api.post(
        SEND_OOB_CODE,
        json={
            "email": "nosuchuser@example.com",
            "newEmail": "bob@example.com",
            "returnOobLink": True,
            "requestType": "VERIFY_AND_CHANGE_EMAIL",
        },
        headers=OWNER,
    )
    _expect_error(res, "USER_NOT_FOUND")

    assert len(inspect_oobs(auth_api)) == 0


@case(SPEC, "should error if newEmail is already associated to another user")
def test_should_error_if_new_email_is_already_associated_to_another_user(auth_api):
    user = {"email": "alice@example.com", "password": "notasecret"}
    id_token = register_user(auth_api, user)["idToken"]
    another_user = register_user(auth_api, {"email": "bob@example.com", "password": "notasecret"})

    res = auth_api.post(
        SEND_OOB_CODE,
        json={
            "idToken": id_token,
            "email": user["email"],
            "newEmail": another_user["email"],
            "requestType": "VERIFY_AND_CHANGE_EMAIL",
        },
        params=KEY,
    )
    _expect_error(res, "EMAIL_EXISTS")

    res = auth_api.post(
        SEND_OOB_CODE,
        json={
            "email": user["email"],
            "newEmail": another_user["email"],
            "returnOobLink": True,
            "requestType": "VERIFY_AND_CHANGE_EMAIL",
        },
        headers=OWNER,
    )
    _expect_error(res, "EMAIL_EXISTS")

    assert len(inspect_oobs(auth_api)) == 0
