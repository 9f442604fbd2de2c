"""Port of createAuthUri.spec.ts: accounts:createAuthUri."""

from conftest import (
    KEY,
    PROJECT_ID,
    case,
    error_message,
    expect_status_code,
    register_tenant,
    register_user,
    sign_in_with_email_link,
    sign_in_with_fake_claims,
    update_config,
    update_project_config,
)

SPEC = "createAuthUri.spec.ts"
CREATE_AUTH_URI = "/identitytoolkit.googleapis.com/v1/accounts:createAuthUri"
PROVIDER_PASSWORD = "password"
SIGNIN_METHOD_EMAIL_LINK = "emailLink"


def _create_auth_uri(api, req):
    return api.post(CREATE_AUTH_URI, json=req, params=KEY)


def _same_members(actual, expected):
    return actual is not None and sorted(actual) == sorted(expected)


def _enable_improved_email_privacy(api):
    update_config(api, PROJECT_ID, {"emailPrivacyConfig": {"enableImprovedEmailPrivacy": True}}, "emailPrivacyConfig")


@case(SPEC, "should report not registered user as not registered")
def test_should_report_not_registered_user_as_not_registered(auth_api):
    res = _create_auth_uri(auth_api, {"continueUri": "http://example.com/", "identifier": "notregistered@example.com"})
    expect_status_code(200, res)
    b = res.json()
    assert "registered" in b and b["registered"] is False
    assert isinstance(b.get("sessionId"), str)


@case(SPEC, "should not show registered field with improved email privacy enabled")
def test_should_not_show_registered_field_with_improved_email_privacy_enabled(auth_api):
    _enable_improved_email_privacy(auth_api)
    res = _create_auth_uri(auth_api, {"continueUri": "http://example.com/", "identifier": "notregistered@example.com"})
    expect_status_code(200, res)
    b = res.json()
    assert "registered" not in b
    assert isinstance(b.get("sessionId"), str)


@case(SPEC, "should return providers for a registered user")
def test_should_return_providers_for_a_registered_user(auth_api):
    user = {"email": "alice@example.com", "password": "notasecret"}
    register_user(auth_api, user)
    res = _create_auth_uri(auth_api, {"continueUri": "http://example.com/", "identifier": user["email"]})
    expect_status_code(200, res)
    b = res.json()
    assert "registered" in b and b["registered"] is True
    assert "allProviders" in b and b["allProviders"] == ["password"]
    assert "signinMethods" in b and b["signinMethods"] == ["password"]
    assert isinstance(b.get("sessionId"), str)


@case(SPEC, "should not return providers for a registered user with improved email privacy enabled")
def test_should_not_return_providers_for_a_registered_user_with_improved_email_privacy_enabled(auth_api):
    user = {"email": "alice@example.com", "password": "notasecret"}
    _enable_improved_email_privacy(auth_api)
    register_user(auth_api, user)
    res = _create_auth_uri(auth_api, {"continueUri": "http://example.com/", "identifier": user["email"]})
    expect_status_code(200, res)
    b = res.json()
    assert "registered" not in b
    assert "allProviders" not in b
    assert "signinMethods" not in b
    assert isinstance(b.get("sessionId"), str)


@case(SPEC, "should return existing sessionId if provided")
def test_should_return_existing_session_id_if_provided(auth_api):
    res = _create_auth_uri(auth_api, {
        "continueUri": "http://example.com/",
        "identifier": "notregistered@example.com",
        "sessionId": "my-session-1",
    })
    expect_status_code(200, res)
    b = res.json()
    assert "registered" in b and b["registered"] is False
    assert b.get("sessionId") == "my-session-1"


@case(SPEC, "should find user by email ignoring case")
def test_should_find_user_by_email_ignoring_case(auth_api):
    user = {"email": "alice@example.com", "password": "notasecret"}
    register_user(auth_api, user)
    res = _create_auth_uri(auth_api, {"continueUri": "http://example.com/", "identifier": "AlIcE@exAMPle.COM"})
    expect_status_code(200, res)
    assert res.json().get("registered") is True


@case(SPEC, "should find user by either IDP email or 'top-level' email")
def test_should_find_user_by_either_idp_email_or_top_level_email(auth_api):
    email = "bob@example.com"
    email_at_provider = "alice@example.com"
    provider_id = "google.com"

    id_token = sign_in_with_fake_claims(auth_api, provider_id, {"sub": "12345", "email": email_at_provider})["idToken"]
    sign_in_with_email_link(auth_api, email, id_token)

    for identifier in (email, email_at_provider):
        res = _create_auth_uri(auth_api, {"continueUri": "http://example.com/", "identifier": identifier})
        expect_status_code(200, res)
        b = res.json()
        assert b.get("registered") is True
        assert _same_members(b.get("allProviders"), [PROVIDER_PASSWORD, provider_id])
        assert _same_members(b.get("signinMethods"), [SIGNIN_METHOD_EMAIL_LINK, provider_id])


@case(SPEC, "should not list IDP sign-in methods when allowDuplicateEmails")
def test_should_not_list_idp_sign_in_methods_when_allow_duplicate_emails(auth_api):
    email = "bob@example.com"
    email_at_provider = "alice@example.com"
    provider_id = "google.com"

    id_token = sign_in_with_fake_claims(auth_api, provider_id, {"sub": "12345", "email": email_at_provider})["idToken"]
    sign_in_with_email_link(auth_api, email, id_token)

    update_project_config(auth_api, {"signIn": {"allowDuplicateEmails": True}})

    for identifier in (email, email_at_provider):
        res = _create_auth_uri(auth_api, {"continueUri": "http://example.com/", "identifier": identifier})
        expect_status_code(200, res)
        b = res.json()
        assert b.get("registered") is True
        assert _same_members(b.get("allProviders"), [PROVIDER_PASSWORD])
        assert _same_members(b.get("signinMethods"), [SIGNIN_METHOD_EMAIL_LINK])


@case(SPEC, "should error if identifier or continueUri is not provided")
def test_should_error_if_identifier_or_continue_uri_is_not_provided(auth_api):
    res = _create_auth_uri(auth_api, {"continueUri": "http://example.com/"})
    expect_status_code(400, res)
    assert error_message(res) == "MISSING_IDENTIFIER"

    res = _create_auth_uri(auth_api, {"identifier": "me@example.com"})
    expect_status_code(400, res)
    assert error_message(res) == "MISSING_CONTINUE_URI"


@case(SPEC, "should error if identifier is invalid")
def test_should_error_if_identifier_is_invalid(auth_api):
    res = _create_auth_uri(auth_api, {"identifier": "invalid", "continueUri": "http://localhost/"})
    expect_status_code(400, res)
    assert error_message(res) == "INVALID_IDENTIFIER"


@case(SPEC, "should error if continueUri is invalid")
def test_should_error_if_continue_uri_is_invalid(auth_api):
    res = _create_auth_uri(auth_api, {"identifier": "me@example.com", "continueUri": "invalid"})
    expect_status_code(400, res)
    assert error_message(res) == "INVALID_CONTINUE_URI"


@case(SPEC, "should error if auth is disabled")
def test_should_error_if_auth_is_disabled(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": True})
    res = _create_auth_uri(auth_api, {
        "tenantId": tenant.get("tenantId"),
        "continueUri": "http://example.com/",
        "identifier": "notregistered@example.com",
    })
    expect_status_code(400, res)
    assert error_message(res) == "PROJECT_DISABLED"
