"""setAccountInfo.spec.ts: accounts:update."""

import json

import pytest

from conftest import (
    KEY,
    OWNER,
    PROJECT_ID,
    TEST_INVALID_PHONE_NUMBER,
    TEST_MFA_INFO,
    TEST_PHONE_NUMBER,
    TEST_PHONE_NUMBER_2,
    TEST_PHONE_NUMBER_3,
    case,
    decode_jwt,
    error_message,
    expect_id_token_expired,
    expect_status_code,
    get_account_info_by_id_token,
    get_signin_methods,
    inspect_oobs,
    register_anon_user,
    register_tenant,
    register_user,
    sign_in_with_email_link,
    sign_in_with_fake_claims,
    sign_in_with_phone_number,
    update_account_by_local_id,
)

SPEC = "setAccountInfo.spec.ts"
UPDATE = "/identitytoolkit.googleapis.com/v1/accounts:update"
SIGN_IN_WITH_PASSWORD = "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword"
SEND_OOB_CODE = "/identitytoolkit.googleapis.com/v1/accounts:sendOobCode"
PROVIDER_PASSWORD = "password"
PROVIDER_PHONE = "phone"


def _decoded(id_token):
    """The spec's decodeJwt(idToken, { complete: true }), with its check that the token decodes at all."""
    assert isinstance(id_token, str), "JWT returned by emulator is invalid"
    return decode_jwt(id_token)


def _includes(obj, subset):
    """chai's `expect(obj).to.include(subset)` for objects: every property of subset, with the same value."""
    return all(key in obj and obj[key] == value for key, value in subset.items())


def _signin_methods_list(api, email):
    methods = get_signin_methods(api, email)
    assert isinstance(methods, list), "chai's `.contain` needs the list"
    return methods


def _mfa_update(api, local_id, enrollments):
    return api.post(UPDATE, json={"localId": local_id, "mfa": {"enrollments": enrollments}}, headers=OWNER)


@case(SPEC, "should allow updating and deleting displayName and photoUrl")
def test_should_allow_updating_and_deleting_displayname_and_photourl(auth_api):
    id_token = register_anon_user(auth_api)["idToken"]

    attrs = {"displayName": "Alice", "photoUrl": "http://localhost/alice.png"}
    res = auth_api.post(UPDATE, json={"idToken": id_token, **attrs}, params=KEY)
    expect_status_code(200, res)
    assert res.json().get("displayName") == attrs["displayName"]
    assert res.json().get("photoUrl") == attrs["photoUrl"]
    # no new tokens for a name and a picture
    assert "idToken" not in res.json()
    assert "refreshToken" not in res.json()

    res = auth_api.post(
        UPDATE, json={"idToken": id_token, "deleteAttribute": ["DISPLAY_NAME", "PHOTO_URL"]}, params=KEY
    )
    expect_status_code(200, res)
    assert "displayName" not in res.json()
    assert "photoUrl" not in res.json()


@case(SPEC, "should set password and issue new tokens")
def test_should_set_password_and_issue_new_tokens(auth_api):
    user = {"email": "alice@example.com", "password": "notasecret"}
    registered = register_user(auth_api, user)
    local_id = registered["localId"]
    new_password = "notasecreteither"

    res = auth_api.post(UPDATE, json={"idToken": registered["idToken"], "password": new_password}, params=KEY)
    expect_status_code(200, res)
    assert isinstance(res.json().get("refreshToken"), str)
    header, payload = _decoded(res.json().get("idToken"))
    assert header.get("alg") == "none"
    assert payload.get("user_id") == local_id
    assert (payload.get("firebase") or {}).get("sign_in_provider") == "password"

    res = auth_api.post(SIGN_IN_WITH_PASSWORD, json={"email": user["email"], "password": new_password}, params=KEY)
    expect_status_code(200, res)
    assert res.json().get("localId") == local_id


@case(SPEC, "should add password provider to anon user")
def test_should_add_password_provider_to_anon_user(auth_api):
    anon = register_anon_user(auth_api)
    local_id = anon["localId"]
    email = "alice@example.com"
    password = "notasecreteither"

    res = auth_api.post(UPDATE, json={"idToken": anon["idToken"], "email": email, "password": password}, params=KEY)
    expect_status_code(200, res)
    assert isinstance(res.json().get("refreshToken"), str)
    header, payload = _decoded(res.json().get("idToken"))
    assert header.get("alg") == "none"
    assert payload.get("user_id") == local_id
    assert (payload.get("firebase") or {}).get("sign_in_provider") == "password"

    res = auth_api.post(SIGN_IN_WITH_PASSWORD, json={"email": email, "password": password}, params=KEY)
    expect_status_code(200, res)
    assert res.json().get("localId") == local_id

    assert get_signin_methods(auth_api, email) == ["password"]


@case(SPEC, "should allow adding email without password to anon user")
def test_should_allow_adding_email_without_password_to_anon_user(auth_api):
    anon = register_anon_user(auth_api)
    local_id = anon["localId"]
    email = "alice@example.com"

    res = auth_api.post(UPDATE, json={"idToken": anon["idToken"], "email": email}, params=KEY)
    expect_status_code(200, res)
    assert isinstance(res.json().get("refreshToken"), str)
    header, payload = _decoded(res.json().get("idToken"))
    assert header.get("alg") == "none"
    assert payload.get("user_id") == local_id
    # still the provider of the previous idToken
    assert (payload.get("firebase") or {}).get("sign_in_provider") == "anonymous"

    # the spec's `.not.to.contain(["password"])`: no element equal to the list ["password"]
    assert ["password"] not in _signin_methods_list(auth_api, email)


@case(SPEC, "should allow changing email of an existing user, and send out an oob to reset the email")
def test_should_allow_changing_email_of_an_existing_user_and_send_out_an_oob_to_reset_the_email(auth_api):
    old_email = "alice@example.com"
    password = "notasecret"
    new_email = "bob@example.com"
    registered = register_user(auth_api, {"email": old_email, "password": password})
    local_id = registered["localId"]

    res = auth_api.post(UPDATE, json={"idToken": registered["idToken"], "email": new_email}, params=KEY)
    expect_status_code(200, res)
    assert isinstance(res.json().get("refreshToken"), str)
    header, payload = _decoded(res.json().get("idToken"))
    assert header.get("alg") == "none"
    assert payload.get("user_id") == local_id
    assert payload.get("email") == new_email
    assert (payload.get("firebase") or {}).get("sign_in_provider") == "password"

    res = auth_api.post(SIGN_IN_WITH_PASSWORD, json={"email": new_email, "password": password}, params=KEY)
    expect_status_code(200, res)
    assert res.json().get("localId") == local_id

    res = auth_api.post(SIGN_IN_WITH_PASSWORD, json={"email": old_email, "password": password}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == "EMAIL_NOT_FOUND"

    oobs = inspect_oobs(auth_api)
    assert len(oobs) == 1
    assert oobs[0].get("email") == old_email
    assert oobs[0].get("requestType") == "RECOVER_EMAIL"


@case(SPEC, "should disallow setting email to same as an existing user")
def test_should_disallow_setting_email_to_same_as_an_existing_user(auth_api):
    user = {"email": "bob@example.com", "password": "notasecret"}
    register_user(auth_api, user)
    id_token = register_anon_user(auth_api)["idToken"]

    res = auth_api.post(UPDATE, json={"idToken": id_token, "email": user["email"]}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == "EMAIL_EXISTS"

    # case variants of one address are duplicates too
    res = auth_api.post(
        UPDATE, json={"idToken": id_token, "email": "BOB@example.com", "password": "notasecret"}, params=KEY
    )
    expect_status_code(400, res)
    assert error_message(res) == "EMAIL_EXISTS"


@case(SPEC, "should set initialEmail for the user, after updating email")
def test_should_set_initialemail_for_the_user_after_updating_email(auth_api):
    old_email = "alice@example.com"
    new_email = "bob@example.com"
    id_token = register_user(auth_api, {"email": old_email, "password": "notasecret"})["idToken"]

    res = auth_api.post(UPDATE, json={"idToken": id_token, "email": new_email}, params=KEY)
    expect_status_code(200, res)
    assert res.json().get("email") == new_email

    info = get_account_info_by_id_token(auth_api, id_token)
    assert info.get("initialEmail") == old_email


@case(SPEC, "should reset email when OOB flow is initiated, after updating user email")
def test_should_reset_email_when_oob_flow_is_initiated_after_updating_user_email(auth_api):
    old_email = "alice@example.com"
    new_email = "bob@example.com"
    id_token = register_user(auth_api, {"email": old_email, "password": "notasecret"})["idToken"]

    res = auth_api.post(UPDATE, json={"idToken": id_token, "email": new_email}, params=KEY)
    expect_status_code(200, res)

    oobs = inspect_oobs(auth_api)
    assert len(oobs) == 1
    assert oobs[0].get("email") == old_email
    assert oobs[0].get("requestType") == "RECOVER_EMAIL"

    # the oobCode alone, no idToken
    res = auth_api.post(UPDATE, json={"oobCode": oobs[0].get("oobCode")}, params=KEY)
    expect_status_code(200, res)
    assert res.json().get("email") == old_email
    assert res.json().get("emailVerified") is True

    assert len(inspect_oobs(auth_api)) == 0


@case(SPEC, "should disallow resetting an email if another user exists with the same email")
def test_should_disallow_resetting_an_email_if_another_user_exists_with_the_same_email(auth_api):
    user_bob = {"email": "bob@example.com", "password": "notasecret"}
    user_other_bob = {"email": "bob@example.com", "password": "notasecreteither"}
    bob_new_email = "bob_new@example.com"

    id_token = register_user(auth_api, user_bob)["idToken"]

    res = auth_api.post(UPDATE, json={"idToken": id_token, "email": bob_new_email}, params=KEY)
    expect_status_code(200, res)
    assert res.json().get("email") == bob_new_email

    register_user(auth_api, user_other_bob)

    oobs = inspect_oobs(auth_api)
    assert len(oobs) == 1
    assert oobs[0].get("requestType") == "RECOVER_EMAIL"

    res = auth_api.post(UPDATE, json={"oobCode": oobs[0].get("oobCode")}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == "EMAIL_EXISTS"


@case(SPEC, "should not set initial email or send OOB when anon user updates email")
def test_should_not_set_initial_email_or_send_oob_when_anon_user_updates_email(auth_api):
    id_token = register_anon_user(auth_api)["idToken"]
    email = "alice@example.com"

    res = auth_api.post(UPDATE, json={"idToken": id_token, "email": email}, params=KEY)
    expect_status_code(200, res)
    assert res.json().get("email") == email

    assert len(inspect_oobs(auth_api)) == 0
    info = get_account_info_by_id_token(auth_api, id_token)
    assert "initialEmail" not in info


@case(SPEC, "should not update email if user is disabled")
def test_should_not_update_email_if_user_is_disabled(auth_api):
    registered = register_user(auth_api, {"email": "bob@example.com", "password": "notasecret"})
    update_account_by_local_id(auth_api, registered["localId"], {"disableUser": True})

    res = auth_api.post(UPDATE, json={"idToken": registered["idToken"], "email": "alice@example.com"}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == "USER_DISABLED"


@case(SPEC, "should update email when OOB flow of VERIFY_AND_CHANGE_EMAIL is initiated")
def test_should_update_email_when_oob_flow_of_verify_and_change_email_is_initiated(auth_api):
    old_email = "alice@example.com"
    new_email = "bob@example.com"
    id_token = register_user(auth_api, {"email": old_email, "password": "notasecret"})["idToken"]

    res = auth_api.post(
        SEND_OOB_CODE,
        json={"idToken": id_token, "newEmail": new_email, "requestType": "VERIFY_AND_CHANGE_EMAIL"},
        params=KEY,
    )
    expect_status_code(200, res)

    oobs = inspect_oobs(auth_api)
    assert len(oobs) == 1
    assert oobs[0].get("email") == old_email
    assert oobs[0].get("newEmail") == new_email
    assert oobs[0].get("requestType") == "VERIFY_AND_CHANGE_EMAIL"

    # the oobCode alone, no idToken
    res = auth_api.post(UPDATE, json={"oobCode": oobs[0].get("oobCode")}, params=KEY)
    expect_status_code(200, res)
    assert res.json().get("email") == new_email
    assert res.json().get("newEmail") == new_email
    assert res.json().get("emailVerified") is True

    assert len(inspect_oobs(auth_api)) == 0


@case(SPEC, "should disallow changing an email if another user exists with the same email")
def test_should_disallow_changing_an_email_if_another_user_exists_with_the_same_email(auth_api):
    user = {"email": "alice@example.com", "password": "notasecret"}
    another_user = {"email": "bob@example.com", "password": "notasecreteither"}

    id_token = register_user(auth_api, user)["idToken"]

    res = auth_api.post(
        SEND_OOB_CODE,
        json={"idToken": id_token, "newEmail": another_user["email"], "requestType": "VERIFY_AND_CHANGE_EMAIL"},
        params=KEY,
    )
    expect_status_code(200, res)

    oobs = inspect_oobs(auth_api)
    assert len(oobs) == 1
    assert oobs[0].get("requestType") == "VERIFY_AND_CHANGE_EMAIL"

    register_user(auth_api, another_user)

    res = auth_api.post(UPDATE, json={"oobCode": oobs[0].get("oobCode")}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == "EMAIL_EXISTS"

    assert len(inspect_oobs(auth_api)) == 0


@case(SPEC, "should update phoneNumber if specified")
def test_should_update_phonenumber_if_specified(auth_api):
    user = sign_in_with_phone_number(auth_api, TEST_PHONE_NUMBER)

    new_phone_number = "+15555550123"
    res = auth_api.post(UPDATE, json={"localId": user["localId"], "phoneNumber": new_phone_number}, headers=OWNER)
    expect_status_code(200, res)

    info = get_account_info_by_id_token(auth_api, user["idToken"])
    assert info.get("phoneNumber") == new_phone_number


@case(SPEC, "should noop when setting phoneNumber to the same as before")
def test_should_noop_when_setting_phonenumber_to_the_same_as_before(auth_api):
    user = sign_in_with_phone_number(auth_api, TEST_PHONE_NUMBER)

    res = auth_api.post(UPDATE, json={"localId": user["localId"], "phoneNumber": TEST_PHONE_NUMBER}, headers=OWNER)
    expect_status_code(200, res)

    info = get_account_info_by_id_token(auth_api, user["idToken"])
    assert info.get("phoneNumber") == TEST_PHONE_NUMBER


@case(SPEC, "should disallow setting phone to same as an existing user")
def test_should_disallow_setting_phone_to_same_as_an_existing_user(auth_api):
    sign_in_with_phone_number(auth_api, TEST_PHONE_NUMBER)
    local_id = register_anon_user(auth_api)["localId"]

    res = auth_api.post(UPDATE, json={"localId": local_id, "phoneNumber": TEST_PHONE_NUMBER}, headers=OWNER)
    expect_status_code(400, res)
    assert error_message(res) == "PHONE_NUMBER_EXISTS"


@case(SPEC, "should error if phoneNumber is invalid")
def test_should_error_if_phonenumber_is_invalid(auth_api):
    local_id = register_anon_user(auth_api)["localId"]

    res = auth_api.post(UPDATE, json={"localId": local_id, "phoneNumber": "555-555-0100"}, headers=OWNER)
    expect_status_code(400, res)
    assert error_message(res) == "INVALID_PHONE_NUMBER : Invalid format."


@case(SPEC, "should allow creating MFA info")
def test_should_allow_creating_mfa_info(auth_api):
    registered = register_user(auth_api, {"email": "bob@example.com", "password": "notasecret"})
    mfa_enrollment_id = "enrollmentId1"

    res = _mfa_update(auth_api, registered["localId"], [{**TEST_MFA_INFO, "mfaEnrollmentId": mfa_enrollment_id}])
    expect_status_code(200, res)

    info = get_account_info_by_id_token(auth_api, registered["idToken"])
    assert len(info.get("mfaInfo") or []) == 1
    updated = info["mfaInfo"][0]
    assert updated.get("displayName") == TEST_MFA_INFO["displayName"]
    assert updated.get("phoneInfo") == TEST_MFA_INFO["phoneInfo"]
    assert updated.get("mfaEnrollmentId") == mfa_enrollment_id


@case(SPEC, "should allow adding a second MFA factor")
def test_should_allow_adding_a_second_mfa_factor(auth_api):
    user = {"email": "bob@example.com", "password": "notasecret", "mfaInfo": [TEST_MFA_INFO]}
    registered = register_user(auth_api, user)
    saved_user_info = get_account_info_by_id_token(auth_api, registered["idToken"])
    assert len(saved_user_info.get("mfaInfo") or []) == 1
    saved_mfa_info = saved_user_info["mfaInfo"][0]
    second_mfa_factor = {
        "displayName": "Second MFA Factor",
        "phoneInfo": TEST_PHONE_NUMBER_2,
        "mfaEnrollmentId": "enrollmentId2",
    }

    res = _mfa_update(auth_api, registered["localId"], [saved_mfa_info, second_mfa_factor])
    expect_status_code(200, res)

    updated_user_info = get_account_info_by_id_token(auth_api, registered["idToken"])
    assert len(updated_user_info.get("mfaInfo") or []) == 2
    for updated_mfa_factor in updated_user_info["mfaInfo"]:
        if updated_mfa_factor.get("mfaEnrollmentId") == saved_mfa_info.get("mfaEnrollmentId"):
            assert _includes(updated_mfa_factor, saved_mfa_info)
        else:
            assert _includes(updated_mfa_factor, second_mfa_factor)


@case(SPEC, "should allow changing the MFA phone number")
def test_should_allow_changing_the_mfa_phone_number(auth_api):
    user = {"email": "bob@example.com", "password": "notasecret", "mfaInfo": [TEST_MFA_INFO]}
    registered = register_user(auth_api, user)
    saved_user_info = get_account_info_by_id_token(auth_api, registered["idToken"])
    assert len(saved_user_info.get("mfaInfo") or []) == 1
    saved_mfa_info = saved_user_info["mfaInfo"][0]
    assert isinstance(saved_mfa_info.get("mfaEnrollmentId"), str) and saved_mfa_info["mfaEnrollmentId"]
    saved_mfa_info["displayName"] = "New Display Name"
    saved_mfa_info["phoneInfo"] = "+15555550101"

    res = _mfa_update(auth_api, registered["localId"], [saved_mfa_info])
    expect_status_code(200, res)

    updated_user_info = get_account_info_by_id_token(auth_api, registered["idToken"])
    assert len(updated_user_info.get("mfaInfo") or []) == 1
    updated_mfa_info = updated_user_info["mfaInfo"][0]
    assert updated_mfa_info.get("displayName") == "New Display Name"
    assert updated_mfa_info.get("phoneInfo") == "+15555550101"
    assert updated_mfa_info.get("mfaEnrollmentId") == saved_mfa_info["mfaEnrollmentId"]


@case(SPEC, "should allow changing the MFA enrollment ID")
def test_should_allow_changing_the_mfa_enrollment_id(auth_api):
    user = {"email": "bob@example.com", "password": "notasecret", "mfaInfo": [TEST_MFA_INFO]}
    registered = register_user(auth_api, user)
    saved_user_info = get_account_info_by_id_token(auth_api, registered["idToken"])
    assert len(saved_user_info.get("mfaInfo") or []) == 1
    saved_mfa_info = saved_user_info["mfaInfo"][0]
    assert isinstance(saved_mfa_info.get("mfaEnrollmentId"), str) and saved_mfa_info["mfaEnrollmentId"]

    new_enrollment_id = "newEnrollmentId"
    res = _mfa_update(auth_api, registered["localId"], [{**saved_mfa_info, "mfaEnrollmentId": new_enrollment_id}])
    expect_status_code(200, res)

    updated_user_info = get_account_info_by_id_token(auth_api, registered["idToken"])
    assert len(updated_user_info.get("mfaInfo") or []) == 1
    updated_mfa_info = updated_user_info["mfaInfo"][0]
    assert updated_mfa_info.get("displayName") == saved_mfa_info.get("displayName")
    assert updated_mfa_info.get("phoneInfo") == saved_mfa_info.get("phoneInfo")
    assert updated_mfa_info.get("mfaEnrollmentId") != saved_mfa_info["mfaEnrollmentId"]
    assert updated_mfa_info.get("mfaEnrollmentId") == new_enrollment_id


@case(SPEC, "should overwrite existing MFA info")
def test_should_overwrite_existing_mfa_info(auth_api):
    user = {
        "email": "bob@example.com",
        "password": "notasecret",
        "mfaInfo": [TEST_MFA_INFO, {**TEST_MFA_INFO, "phoneInfo": TEST_PHONE_NUMBER_3}],
    }
    registered = register_user(auth_api, user)
    saved_user_info = get_account_info_by_id_token(auth_api, registered["idToken"])
    assert len(saved_user_info.get("mfaInfo") or []) == 2
    old_enrollment_ids = [info.get("mfaEnrollmentId") for info in saved_user_info["mfaInfo"]]

    new_mfa_info = {"displayName": "New New", "phoneInfo": TEST_PHONE_NUMBER_3, "mfaEnrollmentId": "newEnrollmentId"}
    res = _mfa_update(auth_api, registered["localId"], [new_mfa_info])
    expect_status_code(200, res)

    updated_user_info = get_account_info_by_id_token(auth_api, registered["idToken"])
    assert len(updated_user_info.get("mfaInfo") or []) == 1
    updated_mfa_info = updated_user_info["mfaInfo"][0]
    assert updated_mfa_info.get("phoneInfo") == new_mfa_info["phoneInfo"]
    assert updated_mfa_info.get("displayName") == new_mfa_info["displayName"]
    assert updated_mfa_info.get("mfaEnrollmentId") == new_mfa_info["mfaEnrollmentId"]
    assert updated_mfa_info.get("mfaEnrollmentId") not in old_enrollment_ids


@case(SPEC, "should remove MFA info with an empty enrollments array")
def test_should_remove_mfa_info_with_an_empty_enrollments_array(auth_api):
    user = {"email": "bob@example.com", "password": "notasecret", "mfaInfo": [TEST_MFA_INFO]}
    registered = register_user(auth_api, user)
    saved_user_info = get_account_info_by_id_token(auth_api, registered["idToken"])
    assert len(saved_user_info.get("mfaInfo") or []) == 1

    res = _mfa_update(auth_api, registered["localId"], [])
    expect_status_code(200, res)

    updated_user_info = get_account_info_by_id_token(auth_api, registered["idToken"])
    assert "mfaInfo" not in updated_user_info


@case(SPEC, "should remove MFA info with an undefined enrollments array")
def test_should_remove_mfa_info_with_an_undefined_enrollments_array(auth_api):
    user = {"email": "bob@example.com", "password": "notasecret", "mfaInfo": [TEST_MFA_INFO]}
    registered = register_user(auth_api, user)
    saved_user_info = get_account_info_by_id_token(auth_api, registered["idToken"])
    assert len(saved_user_info.get("mfaInfo") or []) == 1

    # `enrollments: undefined` leaves the key out of the JSON body
    res = auth_api.post(UPDATE, json={"localId": registered["localId"], "mfa": {}}, headers=OWNER)
    expect_status_code(200, res)

    updated_user_info = get_account_info_by_id_token(auth_api, registered["idToken"])
    assert "mfaInfo" not in updated_user_info


@case(SPEC, "should error if mfaEnrollmentId is absent")
def test_should_error_if_mfaenrollmentid_is_absent(auth_api):
    user = {"email": "bob@example.com", "password": "notasecret", "mfaInfo": [TEST_MFA_INFO]}
    local_id = register_user(auth_api, user)["localId"]

    res = _mfa_update(auth_api, local_id, [TEST_MFA_INFO])
    expect_status_code(400, res)
    assert error_message(res) == "INVALID_MFA_ENROLLMENT_ID : mfaEnrollmentId must be defined."


@case(SPEC, "should de-duplicate MFA factors with the same phone number")
def test_should_de_duplicate_mfa_factors_with_the_same_phone_number(auth_api):
    registered = register_user(auth_api, {"email": "bob@example.com", "password": "notasecret"})
    local_id, id_token = registered["localId"], registered["idToken"]
    mfa_enrollment_id = "enrollmentId1"

    res = _mfa_update(
        auth_api,
        local_id,
        [{**TEST_MFA_INFO, "mfaEnrollmentId": mfa_enrollment_id}] * 2,
    )
    expect_status_code(200, res)

    info = get_account_info_by_id_token(auth_api, id_token)
    assert len(info.get("mfaInfo") or []) == 1
    updated = info["mfaInfo"][0]
    assert _includes(updated, TEST_MFA_INFO)
    assert updated.get("mfaEnrollmentId") == mfa_enrollment_id

    res = _mfa_update(auth_api, local_id, [])
    expect_status_code(200, res)

    updated_info = get_account_info_by_id_token(auth_api, id_token)
    assert "mfaInfo" not in updated_info

    res = _mfa_update(
        auth_api,
        local_id,
        [{**TEST_MFA_INFO, "mfaEnrollmentId": f"enrollmentId{n}"} for n in (2, 3, 4)],
    )
    expect_status_code(200, res)

    third_update = get_account_info_by_id_token(auth_api, id_token)
    assert len(third_update.get("mfaInfo") or []) == 1
    third_mfa_info = third_update["mfaInfo"][0]
    assert _includes(third_mfa_info, TEST_MFA_INFO)
    assert third_mfa_info.get("mfaEnrollmentId") != mfa_enrollment_id

    res = _mfa_update(
        auth_api,
        local_id,
        [{**TEST_MFA_INFO, "mfaEnrollmentId": f"enrollmentId{n}"} for n in (5, 6, 7)]
        + [{"phoneInfo": TEST_PHONE_NUMBER_2, "mfaEnrollmentId": f"enrollmentId{n}"} for n in (8, 9)],
    )
    expect_status_code(200, res)

    fourth_update = get_account_info_by_id_token(auth_api, id_token)
    assert len(fourth_update.get("mfaInfo") or []) == 2
    for mfa_info in fourth_update["mfaInfo"]:
        if mfa_info.get("phoneInfo") == TEST_MFA_INFO["phoneInfo"]:
            assert _includes(mfa_info, TEST_MFA_INFO)
        else:
            assert mfa_info.get("phoneInfo") == TEST_PHONE_NUMBER_2
        assert isinstance(mfa_info.get("mfaEnrollmentId"), str) and mfa_info["mfaEnrollmentId"]
        assert mfa_info.get("mfaEnrollmentId") != mfa_enrollment_id


@case(SPEC, "should error if MFA Enrollment ID is duplicated for different phone numbers")
def test_should_error_if_mfa_enrollment_id_is_duplicated_for_different_phone_numbers(auth_api):
    local_id = register_user(auth_api, {"email": "bob@example.com", "password": "notasecret"})["localId"]

    mfa_enrollment_id = "duplicateMfaEnrollmentId "
    res = _mfa_update(
        auth_api,
        local_id,
        [{**TEST_MFA_INFO, "mfaEnrollmentId": mfa_enrollment_id},
         {"phoneInfo": TEST_PHONE_NUMBER_2, "mfaEnrollmentId": mfa_enrollment_id}],
    )
    expect_status_code(400, res)
    assert error_message(res) == "DUPLICATE_MFA_ENROLLMENT_ID"


@case(SPEC, "does not require MFA Enrollment ID uniqueness across users")
def test_does_not_require_mfa_enrollment_id_uniqueness_across_users(auth_api):
    bob_user = {"email": "bob@example.com", "password": "notasecret", "mfaInfo": [TEST_MFA_INFO]}
    alice_user = {"email": "alice@example.com", "password": "notasecret", "mfaInfo": [TEST_MFA_INFO]}
    bob = register_user(auth_api, bob_user)
    bob_info = get_account_info_by_id_token(auth_api, bob["idToken"])
    assert len(bob_info.get("mfaInfo") or []) == 1

    alice = register_user(auth_api, alice_user)
    alice_info = get_account_info_by_id_token(auth_api, alice["idToken"])
    assert len(alice_info.get("mfaInfo") or []) == 1
    alice_enrollment_id = alice_info["mfaInfo"][0].get("mfaEnrollmentId")

    res = _mfa_update(auth_api, bob["localId"], [{**bob_info["mfaInfo"][0], "mfaEnrollmentId": alice_enrollment_id}])
    expect_status_code(200, res)

    updated_bob_info = get_account_info_by_id_token(auth_api, bob["idToken"])
    assert (updated_bob_info.get("mfaInfo") or [{}])[0].get("mfaEnrollmentId") == alice_enrollment_id


@case(SPEC, "should error if phone number for MFA is invalid")
def test_should_error_if_phone_number_for_mfa_is_invalid(auth_api):
    user = {"email": "bob@example.com", "password": "notasecret", "mfaInfo": [TEST_MFA_INFO]}
    registered = register_user(auth_api, user)
    info = get_account_info_by_id_token(auth_api, registered["idToken"])
    assert len(info.get("mfaInfo") or []) == 1
    mfa_info_for_update = dict(info["mfaInfo"][0])

    # `phoneInfo: undefined` leaves the key out of the JSON body
    without_phone = {k: v for k, v in mfa_info_for_update.items() if k != "phoneInfo"}
    res = _mfa_update(auth_api, registered["localId"], [without_phone])
    expect_status_code(400, res)
    assert error_message(res) == "INVALID_MFA_PHONE_NUMBER : Invalid format."

    invalid_phone = {**mfa_info_for_update, "phoneInfo": TEST_INVALID_PHONE_NUMBER}
    res = _mfa_update(auth_api, registered["localId"], [invalid_phone])
    expect_status_code(400, res)
    assert error_message(res) == "INVALID_MFA_PHONE_NUMBER : Invalid format."


@case(SPEC, "should error if user for MFA update is not found")
def test_should_error_if_user_for_mfa_update_is_not_found(auth_api):
    res = _mfa_update(auth_api, "anything", [{**TEST_MFA_INFO, "mfaEnrollmentId": "anything"}])
    expect_status_code(400, res)
    assert error_message(res) == "USER_NOT_FOUND"


@case(SPEC, "should error if enrollments is not an array or undefined")
def test_should_error_if_enrollments_is_not_an_array_or_undefined(auth_api):
    res = _mfa_update(auth_api, "anything", None)  # `enrollments: null`
    expect_status_code(400, res)
    assert error_message(res) == "Invalid JSON payload received. /mfa/enrollments must be array"


@case(SPEC, "should error if user is disabled when updating by idToken")
def test_should_error_if_user_is_disabled_when_updating_by_idtoken(auth_api):
    anon = register_anon_user(auth_api)
    update_account_by_local_id(auth_api, anon["localId"], {"disableUser": True})

    res = auth_api.post(UPDATE, json={"idToken": anon["idToken"], "displayName": "Foo"}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == "USER_DISABLED"


@case(SPEC, "should still update user despite user is disabled when authenticated")
def test_should_still_update_user_despite_user_is_disabled_when_authenticated(auth_api):
    local_id = register_anon_user(auth_api)["localId"]
    update_account_by_local_id(auth_api, local_id, {"disableUser": True})

    update_account_by_local_id(auth_api, local_id, {"displayName": "Foo"})
    update_account_by_local_id(auth_api, local_id, {"disableUser": False})


@case(SPEC, "should invalidate old tokens after updating validSince or password")
def test_should_invalidate_old_tokens_after_updating_validsince_or_password(auth_api, clock):
    id_token = register_user(auth_api, {"email": "alice@example.com", "password": "notasecret"})["idToken"]

    clock.tick(2000)  # so that idToken's iat is in the past

    res = auth_api.post(UPDATE, json={"idToken": id_token, "password": "notasecreteither"}, params=KEY)
    expect_status_code(200, res)
    id_token2 = res.json().get("idToken")

    expect_id_token_expired(auth_api, id_token)
    get_account_info_by_id_token(auth_api, id_token2)

    clock.tick(2000)  # so that idToken2's iat is in the past

    # any validSince works: only the field's presence matters
    res = auth_api.post(UPDATE, json={"idToken": id_token2, "validSince": "0"}, params=KEY)
    expect_status_code(200, res)
    id_token3 = res.json().get("idToken")

    expect_id_token_expired(auth_api, id_token)
    expect_id_token_expired(auth_api, id_token2)
    get_account_info_by_id_token(auth_api, id_token3)


def _password_user(api):
    return register_user(api, {"email": "alice@example.com", "password": "notasecret"})


def _phone_user(api):
    return sign_in_with_phone_number(api, TEST_PHONE_NUMBER)


def _google_user(api):
    return sign_in_with_fake_claims(api, "google.com", {"sub": "12345", "email": "bob@example.com"})


@case(SPEC, "should delete ${providerId} provider from user")
@pytest.mark.parametrize(
    "create_user, provider_id",
    [(_password_user, PROVIDER_PASSWORD), (_phone_user, PROVIDER_PHONE), (_google_user, "google.com")],
    ids=[PROVIDER_PASSWORD, PROVIDER_PHONE, "google.com"],
)
def test_should_delete_providerid_provider_from_user(auth_api, create_user, provider_id):
    user = create_user(auth_api)
    res = auth_api.post(UPDATE, json={"idToken": user["idToken"], "deleteProvider": [provider_id]}, params=KEY)
    expect_status_code(200, res)
    providers = [info.get("providerId") for info in res.json().get("providerUserInfo") or []]
    assert provider_id not in providers

    if user.get("email"):
        assert provider_id not in _signin_methods_list(auth_api, user["email"])
        assert "emailLink" not in _signin_methods_list(auth_api, user["email"])


@case(SPEC, "should update user by localId when authenticated")
def test_should_update_user_by_localid_when_authenticated(auth_api):
    local_id = register_user(auth_api, {"email": "foo@example.com", "password": "barbaz"})["localId"]

    attrs = {"phoneNumber": TEST_PHONE_NUMBER, "displayName": "Alice", "photoUrl": "http://localhost/alice.png"}
    res = auth_api.post(UPDATE, json={"localId": local_id, **attrs, "emailVerified": True}, headers=OWNER)
    expect_status_code(200, res)
    assert res.json().get("displayName") == attrs["displayName"]
    assert res.json().get("photoUrl") == attrs["photoUrl"]
    assert res.json().get("emailVerified") is True


@case(SPEC, "should error if authenticated request does not specify localId")
def test_should_error_if_authenticated_request_does_not_specify_localid(auth_api):
    res = auth_api.post(UPDATE, json={"emailVerified": True}, headers=OWNER)  # no localId
    expect_status_code(400, res)
    assert error_message(res) == "MISSING_LOCAL_ID"


@case(SPEC, "should update customAttributes and add them to ID Tokens")
def test_should_update_customattributes_and_add_them_to_id_tokens(auth_api):
    registered = register_user(auth_api, {"email": "foo@example.com", "password": "barbaz"})

    attrs = {"foo": "bar", "baz": {"answer": 42}}
    res = auth_api.post(
        UPDATE, json={"localId": registered["localId"], "customAttributes": json.dumps(attrs)}, headers=OWNER
    )
    expect_status_code(200, res)

    id_token = sign_in_with_email_link(auth_api, registered["email"])["idToken"]
    _, payload = _decoded(id_token)
    assert "foo" in payload and payload["foo"] == attrs["foo"]
    assert "baz" in payload and payload["baz"] == attrs["baz"]


@case(SPEC, "should error if customAttributes are invalid")
def test_should_error_if_customattributes_are_invalid(auth_api):
    local_id = register_user(auth_api, {"email": "foo@example.com", "password": "barbaz"})["localId"]

    def update_claims(custom_attributes):
        return auth_api.post(UPDATE, json={"localId": local_id, "customAttributes": custom_attributes}, headers=OWNER)

    for invalid in ("{definitely[not]json}", "42", '["a", "b"]'):
        res = update_claims(invalid)
        expect_status_code(400, res)
        assert error_message(res) == "INVALID_CLAIMS"

    res = update_claims('{"sub": "12345"}')  # a forbidden claim
    expect_status_code(400, res)
    assert error_message(res) == "FORBIDDEN_CLAIM : sub"

    long_string = "x" * 998  # new Array(999).join("x")
    res = update_claims(f'{{"a":"{long_string}"}}')
    expect_status_code(400, res)
    assert error_message(res) == "CLAIMS_TOO_LARGE"


@case(SPEC, "should error if auth is disabled")
def test_should_error_if_auth_is_disabled(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": True})

    res = auth_api.post(UPDATE, json={"tenantId": tenant["tenantId"]}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == "PROJECT_DISABLED"


@case(SPEC, "should set tenantId in oobLink")
def test_should_set_tenantid_in_ooblink(auth_api):
    tenant = register_tenant(
        auth_api, PROJECT_ID, {"disableAuth": False, "mfaConfig": {"state": "ENABLED"}, "allowPasswordSignup": True}
    )
    tenant_id = tenant["tenantId"]
    old_email = "alice@example.com"
    new_email = "bob@example.com"
    user = {"email": old_email, "password": "notasecret", "tenantId": tenant_id}
    id_token = register_user(auth_api, user)["idToken"]

    res = auth_api.post(UPDATE, json={"idToken": id_token, "email": new_email, "tenantId": tenant_id}, params=KEY)
    expect_status_code(200, res)

    oobs = inspect_oobs(auth_api, tenant_id)
    assert len(oobs) == 1
    assert oobs[0].get("email") == old_email
    assert oobs[0].get("requestType") == "RECOVER_EMAIL"
    assert tenant_id in (oobs[0].get("oobLink") or "")


@case(SPEC, "should link provider account with existing user account")
def test_should_link_provider_account_with_existing_user_account(auth_api):
    id_token = register_user(auth_api, {"email": "test@example.com", "password": "password"})["idToken"]

    provider_id = "google.com"
    provider_user_info = {
        "providerId": provider_id,
        "rawId": "google_user_id",
        "email": "linked@example.com",
        "displayName": "Linked User",
        "photoUrl": "https://example.com/photo.jpg",
    }

    res = auth_api.post(UPDATE, json={"idToken": id_token, "linkProviderUserInfo": provider_user_info}, params=KEY)
    expect_status_code(200, res)
    providers = res.json().get("providerUserInfo") or []
    assert len(providers) == 2  # email/password and the linked provider
    linked = next((p for p in providers if p.get("providerId") == provider_id), None)
    assert linked == provider_user_info

    account_info = get_account_info_by_id_token(auth_api, id_token)
    assert len(account_info.get("providerUserInfo") or []) == 2
    linked_info = next((p for p in account_info["providerUserInfo"] if p.get("providerId") == provider_id), None)
    assert linked_info == provider_user_info


@case(SPEC, "should error if linkProviderUserInfo is missing required fields")
def test_should_error_if_linkprovideruserinfo_is_missing_required_fields(auth_api):
    id_token = register_user(auth_api, {"email": "test@example.com", "password": "password"})["idToken"]

    incomplete1 = {"providerId": "google.com", "email": "linked@example.com"}
    res = auth_api.post(UPDATE, json={"idToken": id_token, "linkProviderUserInfo": incomplete1}, params=KEY)
    expect_status_code(400, res)
    assert "MISSING_RAW_ID" in error_message(res)

    incomplete2 = {"rawId": "google_user_id", "email": "linked@example.com"}
    res = auth_api.post(UPDATE, json={"idToken": id_token, "linkProviderUserInfo": incomplete2}, params=KEY)
    expect_status_code(400, res)
    assert "MISSING_PROVIDER_ID" in error_message(res)


@case(SPEC, "should error if user is disabled when linking a provider")
def test_should_error_if_user_is_disabled_when_linking_a_provider(auth_api):
    registered = register_user(auth_api, {"email": "test@example.com", "password": "password"})

    update_account_by_local_id(auth_api, registered["localId"], {"disableUser": True})

    provider_user_info = {"providerId": "google.com", "rawId": "google_user_id", "email": "linked@example.com"}
    res = auth_api.post(
        UPDATE, json={"idToken": registered["idToken"], "linkProviderUserInfo": provider_user_info}, params=KEY
    )
    expect_status_code(400, res)
    assert error_message(res) == "USER_DISABLED"
