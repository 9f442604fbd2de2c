"""idp.spec.ts: signInWithIdp — sign-up and sign-in with an identity provider's credential, linking, SAML, and the
beforeCreate / beforeSignIn blocking functions."""

import json
import urllib.parse

from conftest import (
    BEFORE_CREATE_PATH,
    BEFORE_SIGN_IN_PATH,
    DISPLAY_NAME,
    FAKE_GOOGLE_ACCOUNT,
    KEY,
    PHOTO_URL,
    PROJECT_ID,
    TEST_PHONE_NUMBER,
    case,
    decode_jwt,
    enroll_phone_mfa,
    error_message,
    expect_status_code,
    fake_claims,
    get_account_info_by_id_token,
    get_account_info_by_local_id,
    get_signin_methods,
    register_anon_user,
    register_tenant,
    register_user,
    sign_in_with_email_link,
    sign_in_with_fake_claims,
    sign_in_with_phone_number,
    update_account_by_local_id,
    update_config,
    update_project_config,
)

SPEC = "idp.spec.ts"
SIGN_IN_WITH_IDP = "/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp"
PROVIDER_PASSWORD = "password"
SIGNIN_METHOD_EMAIL_LINK = "emailLink"
BLOCKING = "sign-in with credential > when blocking functions are present"

# The spec's REAL_GOOGLE_ACCOUNT: a real Google ID token, long expired, its signature zeroed.
_REAL_GOOGLE_ACCOUNT = {
    "displayName": "Oberyn Baelish",
    "email": "oberynbaelish.331826@gmail.com",
    "emailVerified": True,
    "rawId": "115113236566683398301",
    "idToken": (
        "eyJhbGciOiJSUzI1NiIsImtpZCI6IjZiYzYzZTlmMThkNTYxYjM0ZjU2NjhmODhhZTI3ZDQ4ODc2ZDgwNzMiLCJ0eXAiOiJKV1Qi"
        "fQ.eyJpc3MiOiJhY2NvdW50cy5nb29nbGUuY29tIiwiYXpwIjoiMjI4NzQ2ODI4NDQtYjBzOHM3NWIzaWVkYjJtZDRobHMydm9xN"
        "nNsbGJzbTMuYXBwcy5nb29nbGV1c2VyY29udGVudC5jb20iLCJhdWQiOiIyMjg3NDY4Mjg0NC1iMHM4czc1YjNpZWRiMm1kNGhsc"
        "zJ2b3E2c2xsYnNtMy5hcHBzLmdvb2dsZXVzZXJjb250ZW50LmNvbSIsInN1YiI6IjExNTExMzIzNjU2NjY4MzM5ODMwMSIsImVtY"
        "WlsIjoib2JlcnluYmFlbGlzaC4zMzE4MjZAZ21haWwuY29tIiwiZW1haWxfdmVyaWZpZWQiOnRydWUsImF0X2hhc2giOiJXNTlTO"
        "Es4Y3g0Y3hYYmh0YmFXYndBIiwiaWF0IjoxNTk3ODgyNjgxLCJleHAiOjE1OTc4ODYyODF9.0000000000000000000000000000"
        "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "00000000000000"
    ),
}

_GOOGLE_SCOPES = [
    "openid",
    "https://www.googleapis.com/auth/userinfo.profile",
    "https://www.googleapis.com/auth/userinfo.email",
]


def _stringify(value):
    """JSON.stringify: compact JSON, keys in insertion order."""
    return json.dumps(value, separators=(",", ":"))


def _encode(text):
    """encodeURIComponent."""
    return urllib.parse.quote(text, safe="-_.!~*'()")


def _sign_in_with_idp(auth_api, req):
    return auth_api.post(SIGN_IN_WITH_IDP, json=req, params=KEY)


def _same_members(actual, expected):
    """chai's `.to.have.members`: the same elements, in any order."""
    assert isinstance(actual, list), f"expected a list, got {actual!r}"
    assert sorted(actual) == sorted(expected), f"{actual!r} does not have the members {expected!r}"


def _expect_blocking_answers_used(blocking_function):
    """The spec's afterEach `nock.isDone()`: every queued answer was asked for."""
    assert all(not queued for queued in blocking_function.answers.values()), blocking_function.answers


def _expect_new_google_account(res, account):
    b = res.json()
    assert b.get("isNewUser") is True
    assert b.get("email") == account["email"]
    assert b.get("emailVerified") == account["emailVerified"]
    assert b.get("federatedId") == f"https://accounts.google.com/{account['rawId']}"
    assert b.get("oauthIdToken") == account["idToken"]
    assert b.get("providerId") == "google.com"
    assert "refreshToken" in b and isinstance(b["refreshToken"], str)
    # The token carries no name or photo.
    assert "displayName" not in b
    assert "photoUrl" not in b

    raw = json.loads(b["rawUserInfo"])
    assert raw["id"] == account["rawId"]
    assert raw["email"] == account["email"]
    assert raw["verified_email"] is True
    assert raw["locale"] == "en"
    _same_members(raw["granted_scopes"].split(" "), _GOOGLE_SCOPES)

    header, payload = decode_jwt(b["idToken"])
    assert header["alg"] == "none"
    assert "provider_id" not in payload
    assert payload["firebase"]["identities"] == {"google.com": [account["rawId"]], "email": [account["email"]]}
    assert payload["firebase"]["sign_in_provider"] == "google.com"


@case(SPEC, "should create new account with IDP from unsigned ID token")
def test_should_create_new_account_with_idp_from_unsigned_id_token(auth_api):
    res = _sign_in_with_idp(auth_api, {
        "postBody": f"providerId=google.com&id_token={FAKE_GOOGLE_ACCOUNT['idToken']}",
        "requestUri": "http://localhost",
        "returnIdpCredential": True,
        "returnSecureToken": True,
    })
    expect_status_code(200, res)
    _expect_new_google_account(res, FAKE_GOOGLE_ACCOUNT)


@case(SPEC, "should create new account with IDP from production ID token")
def test_should_create_new_account_with_idp_from_production_id_token(auth_api):
    res = _sign_in_with_idp(auth_api, {
        "postBody": f"providerId=google.com&id_token={_REAL_GOOGLE_ACCOUNT['idToken']}",
        "requestUri": "http://localhost",
        "returnIdpCredential": True,
        "returnSecureToken": True,
    })
    expect_status_code(200, res)
    _expect_new_google_account(res, _REAL_GOOGLE_ACCOUNT)


@case(SPEC, "should create new account with IDP from unencoded JSON claims")
def test_should_create_new_account_with_idp_from_unencoded_json_claims(auth_api):
    claims = fake_claims(
        sub="123456789012345678901",
        name="Ada Lovelace",
        given_name="Ada",
        family_name="Lovelace",
        picture="http://localhost/fake-picture-url.png",
    )
    fake_id_token = _stringify(claims)
    res = _sign_in_with_idp(auth_api, {
        "postBody": f"providerId=google.com&id_token={_encode(fake_id_token)}",
        "requestUri": "http://localhost",
        "returnIdpCredential": True,
        "returnSecureToken": True,
    })
    expect_status_code(200, res)
    b = res.json()
    assert b.get("isNewUser") is True
    assert b.get("federatedId") == f"https://accounts.google.com/{claims['sub']}"
    assert b.get("oauthIdToken") == fake_id_token
    assert b.get("providerId") == "google.com"
    assert b.get("displayName") == claims["name"]
    assert b.get("fullName") == claims["name"]
    assert b.get("firstName") == claims["given_name"]
    assert b.get("lastName") == claims["family_name"]
    assert b.get("photoUrl") == claims["picture"]
    assert "refreshToken" in b and isinstance(b["refreshToken"], str)

    raw = json.loads(b["rawUserInfo"])
    assert raw["id"] == claims["sub"]
    assert raw["name"] == claims["name"]
    assert raw["given_name"] == claims["given_name"]
    assert raw["family_name"] == claims["family_name"]
    assert raw["picture"] == claims["picture"]
    assert "https://www.googleapis.com/auth/userinfo.email" not in raw["granted_scopes"].split(" ")

    header, payload = decode_jwt(b["idToken"])
    assert header["alg"] == "none"
    assert "provider_id" not in payload
    assert payload["firebase"]["identities"] == {"google.com": [claims["sub"]]}
    assert payload["firebase"]["sign_in_provider"] == "google.com"


@case(SPEC, "should accept params (e.g. providerId, id_token) in requestUri")
def test_should_accept_params_e_g_providerid_id_token_in_requesturi(auth_api):
    fake_id_token = _stringify(fake_claims(sub="123456789012345678901"))
    res = _sign_in_with_idp(auth_api, {
        # No postBody: everything is in requestUri.
        "requestUri": f"http://localhost?providerId=google.com&id_token={_encode(fake_id_token)}",
        "returnIdpCredential": True,
    })
    expect_status_code(200, res)
    assert res.json().get("providerId") == "google.com"


@case(SPEC, "should copy attributes to user on IDP sign-up")
def test_should_copy_attributes_to_user_on_idp_sign_up(auth_api):
    claims = fake_claims(
        sub="123456789012345678901",
        screen_name="turingcomplete",
        name="Alan Turing",
        picture="http://localhost/turing.png",
    )
    id_token = sign_in_with_fake_claims(auth_api, "google.com", claims)["idToken"]

    user = get_account_info_by_id_token(auth_api, id_token)
    assert user.get("photoUrl") == claims["picture"]
    assert user.get("displayName") == claims["name"]
    assert user.get("screenName") == claims["screen_name"]


@case(SPEC, "should allow duplicate emails if set in project config")
def test_should_allow_duplicate_emails_if_set_in_project_config(auth_api):
    update_project_config(auth_api, {"signIn": {"allowDuplicateEmails": True}})
    email = "alice@example.com"

    user1 = register_user(auth_api, {"email": email, "password": "notasecret"})
    user2 = sign_in_with_fake_claims(auth_api, "google.com", {"sub": "123456789012345678901", "email": email})

    assert user2["localId"] != user1["localId"]


@case(SPEC, "should sign-up new users without copying email when allowing duplicate emails")
def test_should_sign_up_new_users_without_copying_email_when_allowing_duplicate_emails(auth_api):
    update_project_config(auth_api, {"signIn": {"allowDuplicateEmails": True}})
    email = "alice@example.com"

    user1 = sign_in_with_fake_claims(auth_api, "google.com", {"sub": "123456789012345678901", "email": email})

    info = get_account_info_by_id_token(auth_api, user1["idToken"])
    assert "email" not in info


@case(SPEC, "should allow multiple providers with same email when allowing duplicate emails")
def test_should_allow_multiple_providers_with_same_email_when_allowing_duplicate_emails(auth_api):
    update_project_config(auth_api, {"signIn": {"allowDuplicateEmails": True}})
    email = "alice@example.com"

    user1 = sign_in_with_fake_claims(auth_api, "google.com", {"sub": "123456789012345678901", "email": email})
    user2 = sign_in_with_fake_claims(auth_api, "facebook.com", {"sub": "123456789012345678901", "email": email})

    assert user2["localId"] != user1["localId"]


@case(SPEC, "should sign in existing account if (providerId, sub) is the same")
def test_should_sign_in_existing_account_if_providerid_sub_is_the_same(auth_api):
    user1 = sign_in_with_fake_claims(auth_api, "google.com", {"sub": "123456789012345678901"})

    user2 = sign_in_with_fake_claims(auth_api, "google.com", {"sub": "123456789012345678901"})
    assert user2["localId"] == user1["localId"]

    user3 = sign_in_with_fake_claims(auth_api, "google.com", {"sub": "000000000000000000000"})
    assert user3["localId"] != user1["localId"]

    user4 = sign_in_with_fake_claims(auth_api, "apple.com", {"sub": "123456789012345678901"})
    assert user4["localId"] != user1["localId"]


@case(SPEC, "should error if user is disabled")
def test_should_error_if_user_is_disabled(auth_api):
    user = sign_in_with_fake_claims(auth_api, "google.com", {"sub": "123456789012345678901"})
    update_account_by_local_id(auth_api, user["localId"], {"disableUser": True})

    fake_id_token = _stringify(fake_claims(sub="123456789012345678901", name="Foo"))
    res = _sign_in_with_idp(auth_api, {
        "idToken": user["idToken"],
        "postBody": f"providerId=google.com&id_token={_encode(fake_id_token)}",
        "requestUri": "http://localhost",
        "returnIdpCredential": True,
    })
    expect_status_code(400, res)
    assert error_message(res) == "USER_DISABLED"


@case(SPEC, "should add IDP as a sign-in method for email if available")
def test_should_add_idp_as_a_sign_in_method_for_email_if_available(auth_api):
    email = "foo@example.com"
    sub = "123456789012345678901"
    sign_in_with_fake_claims(auth_api, "google.com", {"sub": sub, "email": email})
    assert get_signin_methods(auth_api, email) == ["google.com"]

    new_email = "bar@example.com"
    id_token = sign_in_with_fake_claims(auth_api, "google.com", {"sub": sub, "email": new_email})["idToken"]

    assert get_signin_methods(auth_api, new_email) == ["google.com"]

    # The account-level email stays the old one.
    info = get_account_info_by_id_token(auth_api, id_token)
    assert info.get("email") == email


@case(SPEC, "should unlink password and overwite profile attributes if user had unverified email")
def test_should_unlink_password_and_overwite_profile_attributes_if_user_had_unverified_email(auth_api):
    user = register_user(auth_api, {"email": "foo@example.com", "password": "notasecret", "displayName": "Foo"})
    local_id, email = user["localId"], user["email"]

    provider_id = "google.com"
    photo_url = "http://localhost/photo-from-idp.png"
    idp_sign_in = sign_in_with_fake_claims(auth_api, provider_id, {
        "sub": "123456789012345678901",
        "email": email,
        "email_verified": True,
        "picture": photo_url,
    })

    assert idp_sign_in["localId"] == local_id
    sign_in_methods = get_signin_methods(auth_api, email)
    assert sign_in_methods == [provider_id]
    assert [PROVIDER_PASSWORD] not in sign_in_methods

    info = get_account_info_by_id_token(auth_api, idp_sign_in["idToken"])
    assert info.get("emailVerified") is True
    assert info.get("photoUrl") == photo_url
    assert "displayName" not in info


@case(SPEC, "should not unlink password if email was already verified")
def test_should_not_unlink_password_if_email_was_already_verified(auth_api):
    user = register_user(auth_api, {"email": "foo@example.com", "password": "notasecret", "displayName": "Foo"})
    local_id, email = user["localId"], user["email"]
    sign_in_with_email_link(auth_api, email)  # verifies the email

    provider_id = "google.com"
    photo_url = "http://localhost/photo-from-idp.png"
    idp_sign_in = sign_in_with_fake_claims(auth_api, provider_id, {
        "sub": "123456789012345678901",
        "email": email,
        "email_verified": True,
        "picture": photo_url,
    })

    assert idp_sign_in["localId"] == local_id
    sign_in_methods = get_signin_methods(auth_api, email)
    _same_members(sign_in_methods, [provider_id, PROVIDER_PASSWORD, SIGNIN_METHOD_EMAIL_LINK])

    info = get_account_info_by_id_token(auth_api, idp_sign_in["idToken"])
    assert info.get("emailVerified") is True
    assert info.get("photoUrl") == photo_url
    assert "displayName" not in info


@case(SPEC, "should return needConfirmation if both account and IDP has unverified email")
def test_should_return_needconfirmation_if_both_account_and_idp_has_unverified_email(auth_api):
    email = "bar@example.com"
    provider_id1 = "facebook.com"
    original_display_name = "Bar"
    user = sign_in_with_fake_claims(auth_api, provider_id1, {
        "sub": "123456789012345678901",
        "email": email,
        "email_verified": False,
        "name": original_display_name,
    })
    local_id, id_token = user["localId"], user["idToken"]

    provider_id2 = "google.com"
    fake_id_token = _stringify(fake_claims(
        sub="123456789012345678901",
        email=email,
        email_verified=False,
        name="Foo",
        picture="http://localhost/photo-from-idp.png",
    ))
    res = _sign_in_with_idp(auth_api, {
        "requestUri": f"http://localhost?providerId={provider_id2}&id_token={_encode(fake_id_token)}",
        "returnIdpCredential": True,
    })
    expect_status_code(200, res)
    b = res.json()
    assert b.get("needConfirmation") is True
    assert b.get("localId") == local_id
    assert "idToken" not in b
    assert b.get("verifiedProvider") == [provider_id1]

    sign_in_methods = get_signin_methods(auth_api, email)
    _same_members(sign_in_methods, [provider_id1])
    assert [provider_id2] not in sign_in_methods

    # The account is left as it was.
    info = get_account_info_by_id_token(auth_api, id_token)
    assert info.get("emailVerified") is False
    assert info.get("displayName") == original_display_name
    assert "photoUrl" not in info


@case(SPEC, "should error when requestUri is missing or invalid")
def test_should_error_when_requesturi_is_missing_or_invalid(auth_api):
    res = _sign_in_with_idp(auth_api, {"postBody": f"id_token={FAKE_GOOGLE_ACCOUNT['idToken']}"})
    expect_status_code(400, res)
    assert error_message(res) == "MISSING_REQUEST_URI"

    res = _sign_in_with_idp(auth_api, {
        "postBody": f"id_token={FAKE_GOOGLE_ACCOUNT['idToken']}",
        "requestUri": "notAnAbsoluteUriAndThusInvalid",
    })
    expect_status_code(400, res)
    assert error_message(res) == "INVALID_REQUEST_URI"


@case(SPEC, "should error when missing providerId is missing")
def test_should_error_when_missing_providerid_is_missing(auth_api):
    res = _sign_in_with_idp(auth_api, {
        "postBody": f"id_token={FAKE_GOOGLE_ACCOUNT['idToken']}",
        "requestUri": "http://localhost",
    })
    expect_status_code(400, res)
    assert "INVALID_CREDENTIAL_OR_PROVIDER_ID : Invalid IdP response/credential:" in error_message(res)


@case(SPEC, "should error when sub is missing or not a string")
def test_should_error_when_sub_is_missing_or_not_a_string(auth_api):
    res = _sign_in_with_idp(auth_api, {
        "postBody": f"providerId=google.com&id_token={_stringify({})}",  # no sub
        "requestUri": "http://localhost",
    })
    expect_status_code(400, res)
    assert "INVALID_IDP_RESPONSE" in error_message(res)

    res = _sign_in_with_idp(auth_api, {
        "postBody": f"providerId=google.com&id_token={_stringify({'sub': 12345})}",  # sub not a string
        "requestUri": "http://localhost",
    })
    expect_status_code(400, res)
    assert "INVALID_IDP_RESPONSE" in error_message(res)


@case(SPEC, "should link IDP to existing account by idToken")
def test_should_link_idp_to_existing_account_by_idtoken(auth_api):
    user = register_user(auth_api, {"email": "foo@example.com", "password": "notasecret"})
    claims = fake_claims(sub="123456789012345678901", name="Foo")
    fake_id_token = _stringify(claims)
    res = _sign_in_with_idp(auth_api, {
        "idToken": user["idToken"],
        "postBody": f"providerId=google.com&id_token={_encode(fake_id_token)}",
        "requestUri": "http://localhost",
        "returnIdpCredential": True,
    })
    expect_status_code(200, res)
    b = res.json()
    assert not b.get("isNewUser")
    assert b.get("localId") == user["localId"]
    assert "refreshToken" in b and isinstance(b["refreshToken"], str)

    header, payload = decode_jwt(b["idToken"])
    assert header["alg"] == "none"
    assert "provider_id" not in payload
    assert payload["firebase"]["identities"] == {"google.com": [claims["sub"]], "email": [user["email"]]}
    assert payload["firebase"]["sign_in_provider"] == "google.com"

    _same_members(get_signin_methods(auth_api, user["email"]), ["google.com", PROVIDER_PASSWORD])


@case(SPEC, "should copy IDP email to user-level email if not present")
def test_should_copy_idp_email_to_user_level_email_if_not_present(auth_api):
    user = sign_in_with_phone_number(auth_api, TEST_PHONE_NUMBER)
    claims = fake_claims(sub="123456789012345678901", name="Foo", email="example@google.com")
    fake_id_token = _stringify(claims)
    res = _sign_in_with_idp(auth_api, {
        "idToken": user["idToken"],
        "postBody": f"providerId=google.com&id_token={_encode(fake_id_token)}",
        "requestUri": "http://localhost",
        "returnIdpCredential": True,
    })
    expect_status_code(200, res)
    b = res.json()
    assert not b.get("isNewUser")
    assert b.get("localId") == user["localId"]
    assert "refreshToken" in b and isinstance(b["refreshToken"], str)

    header, payload = decode_jwt(b["idToken"])
    assert header["alg"] == "none"
    assert "provider_id" not in payload
    assert payload["firebase"]["identities"] == {
        "google.com": [claims["sub"]],
        "email": [claims["email"]],
        "phone": [TEST_PHONE_NUMBER],
    }
    assert payload["firebase"]["sign_in_provider"] == "google.com"
    id_token = b["idToken"]

    info = get_account_info_by_id_token(auth_api, id_token)
    assert info.get("email") == claims["email"]
    assert bool(info.get("emailVerified")) == bool(claims.get("email_verified"))


@case(SPEC, "should error if user to be linked is disabled")
def test_should_error_if_user_to_be_linked_is_disabled(auth_api):
    user = register_user(auth_api, {"email": "foo@example.com", "password": "notasecret"})
    update_account_by_local_id(auth_api, user["localId"], {"disableUser": True})

    fake_id_token = _stringify(fake_claims(sub="123456789012345678901", name="Foo"))
    res = _sign_in_with_idp(auth_api, {
        "idToken": user["idToken"],
        "postBody": f"providerId=google.com&id_token={_encode(fake_id_token)}",
        "requestUri": "http://localhost",
        "returnIdpCredential": True,
    })
    expect_status_code(400, res)
    assert error_message(res) == "USER_DISABLED"


def _expect_mfa_pending(res):
    expect_status_code(200, res)
    b = res.json()
    assert "idToken" not in b
    assert "refreshToken" not in b
    assert isinstance(b.get("mfaPendingCredential"), str)
    assert isinstance(b.get("mfaInfo"), list) and len(b["mfaInfo"]) == 1


@case(SPEC, "should return pending credential for MFA-enabled user")
def test_should_return_pending_credential_for_mfa_enabled_user(auth_api, clock):
    claims = fake_claims(sub="123456789012345678901", name="Foo", email="foo@example.com", email_verified=True)
    user = sign_in_with_fake_claims(auth_api, "google.com", claims)
    id_token, local_id = user["idToken"], user["localId"]
    enroll_phone_mfa(auth_api, id_token, TEST_PHONE_NUMBER)
    before_sign_in = get_account_info_by_local_id(auth_api, local_id)

    clock.tick(3333)

    fake_id_token = _stringify(claims)
    res = _sign_in_with_idp(auth_api, {
        "postBody": f"providerId=google.com&id_token={_encode(fake_id_token)}",
        "requestUri": "http://localhost",
        "returnIdpCredential": True,
    })
    _expect_mfa_pending(res)

    # Login / refresh times stay until the second factor.
    after_first_factor = get_account_info_by_local_id(auth_api, local_id)
    assert after_first_factor.get("lastLoginAt") == before_sign_in.get("lastLoginAt")
    assert after_first_factor.get("lastRefreshAt") == before_sign_in.get("lastRefreshAt")


@case(SPEC, "should link IDP for existing MFA-enabled user")
def test_should_link_idp_for_existing_mfa_enabled_user(auth_api):
    email = "alice@example.com"
    user = sign_in_with_email_link(auth_api, email)
    id_token, local_id = user["idToken"], user["localId"]
    enroll_phone_mfa(auth_api, id_token, TEST_PHONE_NUMBER)

    claims = fake_claims(sub="123456789012345678901", name="Foo", email=email, email_verified=True)
    fake_id_token = _stringify(claims)
    res = _sign_in_with_idp(auth_api, {
        "postBody": f"providerId=google.com&id_token={_encode(fake_id_token)}",
        "requestUri": "http://localhost",
        "returnIdpCredential": True,
    })
    _expect_mfa_pending(res)

    # Linked, with the IDP's profile, before the second factor.
    _same_members(get_signin_methods(auth_api, email), ["google.com", "emailLink"])
    info = get_account_info_by_local_id(auth_api, local_id)
    assert info.get("displayName") == claims["name"]


@case(SPEC, "should return error if IDP account is already linked to the same user")
def test_should_return_error_if_idp_account_is_already_linked_to_the_same_user(auth_api):
    provider_id = "google.com"
    claims = {"sub": "123456789012345678901", "email": "alice@example.com", "email_verified": False}
    id_token = sign_in_with_fake_claims(auth_api, provider_id, claims)["idToken"]

    fake_id_token = _stringify(claims)
    res = _sign_in_with_idp(auth_api, {
        "idToken": id_token,
        "postBody": f"providerId=google.com&id_token={_encode(fake_id_token)}",
        "requestUri": "http://localhost",
        "returnIdpCredential": True,
    })
    expect_status_code(200, res)
    b = res.json()
    assert "localId" not in b
    assert "refreshToken" not in b
    assert b.get("errorMessage") == "FEDERATED_USER_ID_ALREADY_LINKED"
    assert b.get("oauthIdToken") == fake_id_token


@case(SPEC, "should return error if IDP account is already linked to another user")
def test_should_return_error_if_idp_account_is_already_linked_to_another_user(auth_api):
    provider_id = "google.com"
    claims = {"sub": "123456789012345678901", "email": "alice@example.com", "email_verified": False}
    sign_in_with_fake_claims(auth_api, provider_id, claims)

    user = register_user(auth_api, {"email": "foo@example.com", "password": "notasecret"})
    fake_id_token = _stringify(claims)
    res = _sign_in_with_idp(auth_api, {
        "idToken": user["idToken"],
        "postBody": f"providerId=google.com&id_token={_encode(fake_id_token)}",
        "requestUri": "http://localhost",
    })
    expect_status_code(400, res)
    assert error_message(res) == "FEDERATED_USER_ID_ALREADY_LINKED"

    # Neither user's sign-in methods change.
    _same_members(get_signin_methods(auth_api, user["email"]), [PROVIDER_PASSWORD])
    _same_members(get_signin_methods(auth_api, claims["email"]), [provider_id])


@case(SPEC, "should return error if IDP account email already exists if NOT allowDuplicateEmail")
def test_should_return_error_if_idp_account_email_already_exists_if_not_allowduplicateemail(auth_api):
    email = "alice@example.com"
    register_user(auth_api, {"email": email, "password": "notasecret"})

    id_token = register_anon_user(auth_api)["idToken"]
    fake_id_token = _stringify(fake_claims(sub="12345", email=email))
    res = _sign_in_with_idp(auth_api, {
        "idToken": id_token,
        "postBody": f"providerId=google.com&id_token={_encode(fake_id_token)}",
        "requestUri": "http://localhost",
    })
    expect_status_code(400, res)
    assert error_message(res) == "EMAIL_EXISTS"


@case(SPEC, "should allow linking IDP account with same email to same user")
def test_should_allow_linking_idp_account_with_same_email_to_same_user(auth_api):
    email = "alice@example.com"
    user = register_user(auth_api, {"email": email, "password": "notasecret"})
    id_token, local_id = user["idToken"], user["localId"]

    fake_id_token = _stringify(fake_claims(sub="12345", email=email, email_verified=True))
    res = _sign_in_with_idp(auth_api, {
        "idToken": id_token,
        "postBody": f"providerId=google.com&id_token={_encode(fake_id_token)}",
        "requestUri": "http://localhost",
    })
    expect_status_code(200, res)
    assert res.json().get("localId") == local_id
    new_id_token = res.json().get("idToken")

    info = get_account_info_by_id_token(auth_api, new_id_token)
    assert info.get("emailVerified") is True


@case(SPEC, "should allow linking IDP account with same email if allowDuplicateEmail")
def test_should_allow_linking_idp_account_with_same_email_if_allowduplicateemail(auth_api):
    email = "alice@example.com"
    register_user(auth_api, {"email": email, "password": "notasecret"})

    update_project_config(auth_api, {"signIn": {"allowDuplicateEmails": True}})

    anon = register_anon_user(auth_api)
    fake_id_token = _stringify(fake_claims(sub="12345", email=email))
    res = _sign_in_with_idp(auth_api, {
        "idToken": anon["idToken"],
        "postBody": f"providerId=google.com&id_token={_encode(fake_id_token)}",
        "requestUri": "http://localhost",
    })
    expect_status_code(200, res)
    assert res.json().get("localId") == anon["localId"]


@case(SPEC, "should error if auth is disabled")
def test_should_error_if_auth_is_disabled(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": True})

    res = _sign_in_with_idp(auth_api, {"tenantId": tenant["tenantId"]})
    expect_status_code(400, res)
    assert "PROJECT_DISABLED" in error_message(res)


@case(SPEC, "should create a new account with tenantId")
def test_should_create_a_new_account_with_tenantid(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": False})

    res = _sign_in_with_idp(auth_api, {
        "postBody": f"providerId=google.com&id_token={FAKE_GOOGLE_ACCOUNT['idToken']}",
        "requestUri": "http://localhost",
        "returnIdpCredential": True,
        "returnSecureToken": True,
        "tenantId": tenant["tenantId"],
    })
    expect_status_code(200, res)
    assert res.json().get("tenantId") == tenant["tenantId"]
    local_id = res.json().get("localId")

    user = get_account_info_by_local_id(auth_api, local_id, tenant["tenantId"])
    assert user.get("tenantId") == tenant["tenantId"]


@case(SPEC, "should return pending credential for MFA-enabled user and enabled on tenant project")
def test_should_return_pending_credential_for_mfa_enabled_user_and_enabled_on_tenant_project(auth_api, clock):
    tenant = register_tenant(auth_api, PROJECT_ID, {
        "disableAuth": False,
        "mfaConfig": {"state": "ENABLED", "enabledProviders": ["PHONE_SMS"]},
    })
    tenant_id = tenant["tenantId"]
    claims = fake_claims(sub="123456789012345678901", name="Foo", email="foo@example.com", email_verified=True)
    user = sign_in_with_fake_claims(auth_api, "google.com", claims, tenant_id)
    id_token, local_id = user["idToken"], user["localId"]
    enroll_phone_mfa(auth_api, id_token, TEST_PHONE_NUMBER, tenant_id)
    before_sign_in = get_account_info_by_local_id(auth_api, local_id, tenant_id)

    clock.tick(3333)

    fake_id_token = _stringify(claims)
    res = _sign_in_with_idp(auth_api, {
        "postBody": f"providerId=google.com&id_token={_encode(fake_id_token)}",
        "requestUri": "http://localhost",
        "returnIdpCredential": True,
        "tenantId": tenant_id,
    })
    _expect_mfa_pending(res)

    after_first_factor = get_account_info_by_local_id(auth_api, local_id, tenant_id)
    assert after_first_factor.get("lastLoginAt") == before_sign_in.get("lastLoginAt")
    assert after_first_factor.get("lastRefreshAt") == before_sign_in.get("lastRefreshAt")


def _saml_sign_in(auth_api, saml_response=None):
    post_body = f"providerId=saml.saml&id_token={FAKE_GOOGLE_ACCOUNT['idToken']}"
    if saml_response is not None:
        post_body += f"&SAMLResponse={_stringify(saml_response)}"  # not URL-encoded, as in the spec
    return _sign_in_with_idp(auth_api, {
        "postBody": post_body,
        "requestUri": "http://localhost",
        "returnIdpCredential": True,
        "returnSecureToken": True,
    })


@case(SPEC, "should error if SAMLResponse is missing assertion")
def test_should_error_if_samlresponse_is_missing_assertion(auth_api):
    res = _saml_sign_in(auth_api, {})
    expect_status_code(400, res)
    assert "INVALID_IDP_RESPONSE" in error_message(res)


@case(SPEC, "should error if SAMLResponse is missing assertion.subject")
def test_should_error_if_samlresponse_is_missing_assertion_subject(auth_api):
    res = _saml_sign_in(auth_api, {"assertion": {}})
    expect_status_code(400, res)
    assert "INVALID_IDP_RESPONSE" in error_message(res)


@case(SPEC, "should error if SAMLResponse is missing assertion.subject.nameId")
def test_should_error_if_samlresponse_is_missing_assertion_subject_nameid(auth_api):
    res = _saml_sign_in(auth_api, {"assertion": {"subject": {}}})
    expect_status_code(400, res)
    assert "INVALID_IDP_RESPONSE" in error_message(res)


@case(SPEC, "should create an account for generic SAML providers")
def test_should_create_an_account_for_generic_saml_providers(auth_api):
    res = _saml_sign_in(auth_api)
    expect_status_code(200, res)
    b = res.json()
    assert b.get("isNewUser") is True
    assert b.get("email") == FAKE_GOOGLE_ACCOUNT["email"]
    assert b.get("emailVerified") is True
    assert b.get("federatedId") == FAKE_GOOGLE_ACCOUNT["rawId"]
    assert b.get("oauthIdToken") == FAKE_GOOGLE_ACCOUNT["idToken"]
    assert b.get("providerId") == "saml.saml"
    assert "refreshToken" in b and isinstance(b["refreshToken"], str)
    assert "displayName" not in b
    assert "photoUrl" not in b

    header, payload = decode_jwt(b["idToken"])
    assert header["alg"] == "none"
    assert "provider_id" not in payload
    assert payload["firebase"]["identities"] == {
        "saml.saml": [FAKE_GOOGLE_ACCOUNT["rawId"]],
        "email": [FAKE_GOOGLE_ACCOUNT["email"]],
    }
    assert payload["firebase"]["sign_in_provider"] == "saml.saml"


@case(SPEC, "should include fields in SAMLResponse for SAML providers")
def test_should_include_fields_in_samlresponse_for_saml_providers(auth_api):
    other_email = "otherEmail@gmail.com"
    attribute_statements = {"name": "Jane Doe", "mail": "otherOtherEmail@gmail.com"}
    saml_response = {"assertion": {"subject": {"nameId": other_email}, "attributeStatements": attribute_statements}}

    res = _saml_sign_in(auth_api, saml_response)
    expect_status_code(200, res)
    b = res.json()
    assert b.get("email") == other_email
    assert json.loads(b["rawUserInfo"]) == attribute_statements

    _, payload = decode_jwt(b["idToken"])
    assert payload["firebase"]["sign_in_attributes"] == attribute_statements


# --- when blocking functions are present ---------------------------------------------------------------------------


def _configure_triggers(auth_api, blocking_function, before_create=False, before_sign_in=False):
    triggers = {}
    if before_create:
        triggers["beforeCreate"] = {"functionUri": blocking_function.url(BEFORE_CREATE_PATH)}
    if before_sign_in:
        triggers["beforeSignIn"] = {"functionUri": blocking_function.url(BEFORE_SIGN_IN_PATH)}
    update_config(auth_api, PROJECT_ID, {"blockingFunctions": {"triggers": triggers}}, "blockingFunctions")


def _sign_in_fake_google(auth_api):
    return _sign_in_with_idp(auth_api, {
        "postBody": f"providerId=google.com&id_token={FAKE_GOOGLE_ACCOUNT['idToken']}",
        "requestUri": "http://localhost",
        "returnIdpCredential": True,
        "returnSecureToken": True,
    })


_SIGN_IN_RECORD = {
    "userRecord": {
        "updateMask": "displayName,photoUrl,emailVerified,customClaims,sessionClaims",
        "displayName": DISPLAY_NAME,
        "photoUrl": PHOTO_URL,
        "emailVerified": True,
        "customClaims": {"customAttribute": "custom"},
        "sessionClaims": {"sessionAttribute": "session"},
    },
}


def _expect_blocked_token(res, identities, session_claims=True):
    header, payload = decode_jwt(res.json()["idToken"])
    assert header["alg"] == "none"
    assert payload["firebase"]["identities"] == identities
    assert payload.get("name") == DISPLAY_NAME
    assert payload.get("picture") == PHOTO_URL
    assert payload.get("email_verified") is True
    assert payload.get("customAttribute") == "custom"
    if session_claims:
        assert payload.get("sessionAttribute") == "session"


_GOOGLE_IDENTITIES = {"google.com": [FAKE_GOOGLE_ACCOUNT["rawId"]], "email": [FAKE_GOOGLE_ACCOUNT["email"]]}


@case(SPEC, "should update modifiable fields for new users for beforeCreate", describe=BLOCKING)
def test_should_update_modifiable_fields_for_new_users_for_beforecreate(auth_api, blocking_function):
    _configure_triggers(auth_api, blocking_function, before_create=True)
    blocking_function.respond(BEFORE_CREATE_PATH, 200, {
        "userRecord": {
            "updateMask": "displayName,photoUrl,emailVerified,customClaims",
            "displayName": DISPLAY_NAME,
            "photoUrl": PHOTO_URL,
            "emailVerified": True,
            "customClaims": {"customAttribute": "custom"},
        },
    })

    res = _sign_in_fake_google(auth_api)
    expect_status_code(200, res)
    assert res.json().get("isNewUser") is True
    _expect_blocked_token(res, _GOOGLE_IDENTITIES, session_claims=False)
    _expect_blocking_answers_used(blocking_function)


@case(SPEC, "should update modifiable fields for new users for beforeSignIn", describe=BLOCKING)
def test_should_update_modifiable_fields_for_new_users_for_beforesignin(auth_api, blocking_function):
    _configure_triggers(auth_api, blocking_function, before_sign_in=True)
    blocking_function.respond(BEFORE_SIGN_IN_PATH, 200, _SIGN_IN_RECORD)

    res = _sign_in_fake_google(auth_api)
    expect_status_code(200, res)
    assert res.json().get("isNewUser") is True
    _expect_blocked_token(res, _GOOGLE_IDENTITIES)
    _expect_blocking_answers_used(blocking_function)


@case(SPEC, "beforeSignIn fields should overwrite beforeCreate fields for new users", describe=BLOCKING)
def test_beforesignin_fields_should_overwrite_beforecreate_fields_for_new_users(auth_api, blocking_function):
    _configure_triggers(auth_api, blocking_function, before_create=True, before_sign_in=True)
    blocking_function.respond(BEFORE_CREATE_PATH, 200, {
        "userRecord": {
            "updateMask": "displayName,photoUrl,emailVerified,customClaims",
            "displayName": "oldDisplayName",
            "photoUrl": "oldPhotoUrl",
            "emailVerified": False,
            "customClaims": {"customAttribute": "oldCustom"},
        },
    })
    blocking_function.respond(BEFORE_SIGN_IN_PATH, 200, _SIGN_IN_RECORD)

    res = _sign_in_fake_google(auth_api)
    expect_status_code(200, res)
    assert res.json().get("isNewUser") is True
    _expect_blocked_token(res, _GOOGLE_IDENTITIES)
    _expect_blocking_answers_used(blocking_function)


@case(SPEC, "should update modifiable fields for existing users", describe=BLOCKING)
def test_should_update_modifiable_fields_for_existing_users(auth_api, blocking_function):
    user = register_user(auth_api, {"email": "foo@example.com", "password": "notasecret"})
    claims = fake_claims(sub="123456789012345678901", name="Foo")
    fake_id_token = _stringify(claims)
    _configure_triggers(auth_api, blocking_function, before_sign_in=True)
    blocking_function.respond(BEFORE_SIGN_IN_PATH, 200, _SIGN_IN_RECORD)

    res = _sign_in_with_idp(auth_api, {
        "idToken": user["idToken"],
        "postBody": f"providerId=google.com&id_token={_encode(fake_id_token)}",
        "requestUri": "http://localhost",
        "returnIdpCredential": True,
    })
    expect_status_code(200, res)
    assert not res.json().get("isNewUser")
    _expect_blocked_token(res, {"google.com": [claims["sub"]], "email": [user["email"]]})
    _expect_blocking_answers_used(blocking_function)


@case(SPEC, "should disable user if set", describe=BLOCKING)
def test_should_disable_user_if_set(auth_api, blocking_function):
    _configure_triggers(auth_api, blocking_function, before_create=True)
    blocking_function.respond(BEFORE_CREATE_PATH, 200, {"userRecord": {"updateMask": "disabled", "disabled": True}})

    res = _sign_in_fake_google(auth_api)
    expect_status_code(400, res)
    assert error_message(res) == "USER_DISABLED"
    _expect_blocking_answers_used(blocking_function)
