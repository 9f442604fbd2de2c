"""misc.spec.ts: token refresh, createSessionCookie, accounts:lookup and accounts:query, and the emulator's utility
APIs."""

import base64
import json
import re

from conftest import (
    KEY,
    OWNER,
    PROJECT_ID,
    TEST_PHONE_NUMBER,
    body,
    case,
    decode_jwt,
    delete_account,
    error_message,
    expect_status_code,
    expect_user_not_exists_for_id_token,
    get_account_info_by_id_token,
    jwt_payload,
    register_anon_user,
    register_tenant,
    register_user,
    sign_in_with_phone_number,
    update_account_by_local_id,
)

SPEC = "misc.spec.ts"
TOKEN_PATH = "/securetoken.googleapis.com/v1/token"
SESSION_COOKIE_PATH = f"/identitytoolkit.googleapis.com/v1/projects/{PROJECT_ID}:createSessionCookie"
LOOKUP_PATH = f"/identitytoolkit.googleapis.com/v1/projects/{PROJECT_ID}/accounts:lookup"
QUERY_PATH = f"/identitytoolkit.googleapis.com/v1/projects/{PROJECT_ID}/accounts:query"
CONFIG_PATH = f"/emulator/v1/projects/{PROJECT_ID}/config"
SESSION_COOKIE_MAX_VALID_DURATION = 14 * 24 * 60 * 60  # seconds, as operations.ts has it


def _encode_refresh_token(record):
    """state.ts's encodeRefreshToken: the record as JSON, in base64."""
    return base64.b64encode(json.dumps(record, separators=(",", ":")).encode()).decode()


def _decode_refresh_token(token):
    """state.ts's decodeRefreshToken: base64 JSON carrying the `_AuthEmulatorRefreshToken` marker, else None (where
    the spec's helper throws INVALID_REFRESH_TOKEN)."""
    try:
        text = token.replace("-", "+").replace("_", "/")
        record = json.loads(base64.b64decode(text + "=" * (-len(text) % 4)).decode())
    except (ValueError, TypeError, AttributeError):
        return None
    if not isinstance(record, dict) or not record.get("_AuthEmulatorRefreshToken"):
        return None
    return record


def _refresh(auth_api, form):
    return auth_api.post(TOKEN_PATH, data=form, params=KEY)


def _assert_token_response(b, local_id):
    assert isinstance(b.get("id_token"), str)
    assert b.get("access_token") == b["id_token"]
    assert isinstance(b.get("refresh_token"), str)
    assert isinstance(b.get("expires_in"), str)
    assert re.search(r"[0-9]+", b["expires_in"])
    assert b.get("project_id") == "12345"
    assert b.get("token_type") == "Bearer"
    assert b.get("user_id") == local_id


# --- token refresh ---------------------------------------------------------------------------------------------


@case(SPEC, "should exchange refresh token for new tokens")
def test_should_exchange_refresh_token_for_new_tokens(auth_api):
    user = register_anon_user(auth_api)
    res = _refresh(auth_api, {"refresh_token": user["refreshToken"], "grantType": "refresh_token"})
    expect_status_code(200, res)
    _assert_token_response(body(res), user["localId"])


@case(SPEC, "should exchange refresh tokens for new tokens in a tenant project")
def test_should_exchange_refresh_tokens_for_new_tokens_in_a_tenant_project(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": False, "allowPasswordSignup": True})
    user = register_user(
        auth_api, {"email": "alice@example.com", "password": "notasecret", "tenantId": tenant["tenantId"]}
    )
    res = _refresh(auth_api, {"refresh_token": user["refreshToken"], "grantType": "refresh_token"})
    expect_status_code(200, res)
    _assert_token_response(body(res), user["localId"])

    # The spec decodes the new refresh token with the emulator's own decodeRefreshToken (base64 JSON).
    record = _decode_refresh_token(body(res)["refresh_token"])
    assert record is not None, "refresh token is not the emulator's base64 JSON record"
    assert record.get("tenantId") == tenant["tenantId"]


@case(SPEC, "should populate auth_time to match lastLoginAt (in seconds since epoch)")
def test_should_populate_auth_time_to_match_last_login_at_in_seconds_since_epoch(auth_api, clock):
    clock.tick(444)
    user = register_user(auth_api, {"email": "alice@example.com", "password": "notasecret"})
    clock.tick(2000)

    res = _refresh(auth_api, {"refresh_token": user["refreshToken"], "grantType": "refresh_token"})
    id_token = body(res).get("id_token")
    info = get_account_info_by_id_token(auth_api, id_token)
    assert "lastLoginAt" in info
    last_login_at_seconds = int(info["lastLoginAt"]) // 1000
    header, payload = decode_jwt(id_token)
    assert header.get("alg") == "none"
    assert payload.get("auth_time") == last_login_at_seconds


@case(SPEC, "should error if grant type is missing")
def test_should_error_if_grant_type_is_missing(auth_api):
    user = register_anon_user(auth_api)
    res = _refresh(auth_api, {"refresh_token": user["refreshToken"]})
    expect_status_code(400, res)
    assert "MISSING_GRANT_TYPE" in error_message(res)


@case(SPEC, "should error if grant type is not refresh_token")
def test_should_error_if_grant_type_is_not_refresh_token(auth_api):
    user = register_anon_user(auth_api)
    res = _refresh(auth_api, {"refresh_token": user["refreshToken"], "grantType": "other_grant_type"})
    expect_status_code(400, res)
    assert "INVALID_GRANT_TYPE" in error_message(res)


@case(SPEC, "should error if refresh token is missing")
def test_should_error_if_refresh_token_is_missing(auth_api):
    res = _refresh(auth_api, {"grantType": "refresh_token"})
    expect_status_code(400, res)
    assert "MISSING_REFRESH_TOKEN" in error_message(res)


@case(SPEC, "should error on malformed refresh tokens")
def test_should_error_on_malformed_refresh_tokens(auth_api):
    res = _refresh(auth_api, {"refresh_token": "malformedToken", "grantType": "refresh_token"})
    expect_status_code(400, res)
    assert "INVALID_REFRESH_TOKEN" in error_message(res)


@case(SPEC, "should error if user is disabled")
def test_should_error_if_user_is_disabled(auth_api):
    user = register_anon_user(auth_api)
    update_account_by_local_id(auth_api, user["localId"], {"disableUser": True})
    res = _refresh(auth_api, {"refreshToken": user["refreshToken"], "grantType": "refresh_token"})
    expect_status_code(400, res)
    assert error_message(res) == "USER_DISABLED"


@case(SPEC, "should error when refresh tokens are from a different project")
def test_should_error_when_refresh_tokens_are_from_a_different_project(auth_api):
    refresh_token = _encode_refresh_token({
        "_AuthEmulatorRefreshToken": "DO NOT MODIFY",
        "localId": "localId",
        "provider": "provider",
        "extraClaims": {},
        "projectId": "notMatchingProjectId",
    })
    res = _refresh(auth_api, {"refresh_token": refresh_token, "grantType": "refresh_token"})
    expect_status_code(400, res)
    assert error_message(res) == "INVALID_REFRESH_TOKEN"


@case(SPEC, "should error on refresh tokens without required fields")
def test_should_error_on_refresh_tokens_without_required_fields(auth_api):
    refresh_token = _encode_refresh_token({
        "localId": "localId",
        "provider": "provider",
        "extraClaims": {},
        "projectId": "notMatchingProjectId",
    })
    res = _refresh(auth_api, {"refresh_token": refresh_token, "grantType": "refresh_token"})
    expect_status_code(400, res)
    assert error_message(res) == "INVALID_REFRESH_TOKEN"


@case(SPEC, "should error if the refresh token is for a user that does not exist")
def test_should_error_if_the_refresh_token_is_for_a_user_that_does_not_exist(auth_api):
    user = register_anon_user(auth_api)
    delete_account(auth_api, {"idToken": user["idToken"]})
    res = _refresh(auth_api, {"refresh_token": user["refreshToken"], "grantType": "refresh_token"})
    expect_status_code(400, res)
    assert "INVALID_REFRESH_TOKEN" in error_message(res)


# --- createSessionCookie ---------------------------------------------------------------------------------------


@case(SPEC, "should return a valid sessionCookie")
def test_should_return_a_valid_session_cookie(auth_api, clock):
    id_token = register_anon_user(auth_api)["idToken"]
    valid_duration = 7777  # seconds
    res = auth_api.post(SESSION_COOKIE_PATH, json={"idToken": id_token, "validDuration": str(valid_duration)},
                        headers=OWNER)
    expect_status_code(200, res)
    now_seconds = clock.now_ms() // 1000
    session_cookie = body(res).get("sessionCookie")
    assert isinstance(session_cookie, str)
    header, payload = decode_jwt(session_cookie)
    assert header.get("alg") == "none"
    assert payload.get("iat") == now_seconds
    assert payload.get("exp") == now_seconds + valid_duration
    assert payload.get("iss") == f"https://session.firebase.google.com/{PROJECT_ID}"

    id_token_props = {k: v for k, v in jwt_payload(id_token).items() if k not in ("iss", "iat", "exp")}
    differing = {k: v for k, v in id_token_props.items() if k not in payload or payload[k] != v}
    assert not differing, f"session cookie lacks the ID token's claims {differing}"


@case(SPEC, "should throw if idToken is missing")
def test_should_throw_if_id_token_is_missing(auth_api):
    res = auth_api.post(SESSION_COOKIE_PATH, json={"validDuration": "7777"}, headers=OWNER)
    expect_status_code(400, res)
    assert error_message(res) == "MISSING_ID_TOKEN"


@case(SPEC, "should throw if idToken is invalid")
def test_should_throw_if_id_token_is_invalid(auth_api):
    res = auth_api.post(SESSION_COOKIE_PATH, json={"idToken": "invalid", "validDuration": "7777"}, headers=OWNER)
    expect_status_code(400, res)
    assert error_message(res) == "INVALID_ID_TOKEN"


@case(SPEC, "should use default session cookie validDuration if not specified")
def test_should_use_default_session_cookie_valid_duration_if_not_specified(auth_api, clock):
    id_token = register_anon_user(auth_api)["idToken"]
    res = auth_api.post(SESSION_COOKIE_PATH, json={"idToken": id_token}, headers=OWNER)
    expect_status_code(200, res)
    now_seconds = clock.now_ms() // 1000
    session_cookie = body(res).get("sessionCookie")
    assert isinstance(session_cookie, str)
    header, payload = decode_jwt(session_cookie)
    assert header.get("alg") == "none"
    assert payload.get("exp") == now_seconds + SESSION_COOKIE_MAX_VALID_DURATION


@case(SPEC, "should throw if validDuration is too short or too long")
def test_should_throw_if_valid_duration_is_too_short_or_too_long(auth_api):
    id_token = register_anon_user(auth_api)["idToken"]
    res = auth_api.post(SESSION_COOKIE_PATH, json={"idToken": id_token, "validDuration": "1"}, headers=OWNER)
    expect_status_code(400, res)
    assert error_message(res) == "INVALID_DURATION"

    res = auth_api.post(SESSION_COOKIE_PATH, json={"idToken": id_token, "validDuration": "999999999999"},
                        headers=OWNER)
    expect_status_code(400, res)
    assert error_message(res) == "INVALID_DURATION"


# --- accounts:lookup -------------------------------------------------------------------------------------------


@case(SPEC, "should return user by email when privileged")
def test_should_return_user_by_email_when_privileged(auth_api):
    email = register_user(auth_api, {"email": "bob@example.com", "password": "password"})["email"]
    res = auth_api.post(LOOKUP_PATH, json={"email": [email]}, headers=OWNER)
    expect_status_code(200, res)
    users = body(res).get("users")
    assert users is not None and len(users) == 1
    assert users[0].get("email") == email


@case(SPEC, "should return user by email even when uppercased")
def test_should_return_user_by_email_even_when_uppercased(auth_api):
    email = register_user(auth_api, {"email": "foo@example.com", "password": "password"})["email"]
    res = auth_api.post(LOOKUP_PATH, json={"email": [email.upper()]}, headers=OWNER)
    expect_status_code(200, res)
    users = body(res).get("users")
    assert users is not None and len(users) == 1
    assert users[0].get("email") == email


@case(SPEC, "should return empty result when email is not found")
def test_should_return_empty_result_when_email_is_not_found(auth_api):
    res = auth_api.post(LOOKUP_PATH, json={"email": ["non-existent-email@example.com"]}, headers=OWNER)
    expect_status_code(200, res)
    assert "users" not in body(res)


@case(SPEC, "should return user by localId when privileged")
def test_should_return_user_by_local_id_when_privileged(auth_api):
    local_id = register_anon_user(auth_api)["localId"]
    res = auth_api.post(LOOKUP_PATH, json={"localId": [local_id]}, headers=OWNER)
    expect_status_code(200, res)
    users = body(res).get("users")
    assert users is not None and len(users) == 1
    assert users[0].get("localId") == local_id


@case(SPEC, "should deduplicate users")
def test_should_deduplicate_users(auth_api):
    local_id = register_anon_user(auth_api)["localId"]
    res = auth_api.post(LOOKUP_PATH, json={"localId": [local_id, local_id]}, headers=OWNER)
    expect_status_code(200, res)
    users = body(res).get("users")
    assert users is not None and len(users) == 1
    assert users[0].get("localId") == local_id


@case(SPEC, "should return providerUserInfo for phone auth users")
def test_should_return_provider_user_info_for_phone_auth_users(auth_api):
    local_id = sign_in_with_phone_number(auth_api, TEST_PHONE_NUMBER)["localId"]
    res = auth_api.post(LOOKUP_PATH, json={"localId": [local_id]}, headers=OWNER)
    expect_status_code(200, res)
    users = body(res).get("users")
    assert users is not None and len(users) == 1
    assert users[0].get("providerUserInfo") == [
        {"phoneNumber": TEST_PHONE_NUMBER, "rawId": TEST_PHONE_NUMBER, "providerId": "phone"}
    ]


@case(SPEC, "should return empty result when localId is not found")
def test_should_return_empty_result_when_local_id_is_not_found(auth_api):
    res = auth_api.post(LOOKUP_PATH, json={"localId": ["noSuchId"]}, headers=OWNER)
    expect_status_code(200, res)
    assert "users" not in body(res)


@case(SPEC, "should return user by tenantId in idToken")
def test_should_return_user_by_tenant_id_in_id_token(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": False, "allowPasswordSignup": True})
    user = register_user(
        auth_api, {"email": "alice@example.com", "password": "notasecret", "tenantId": tenant["tenantId"]}
    )
    res = auth_api.post("/identitytoolkit.googleapis.com/v1/accounts:lookup", json={"idToken": user["idToken"]},
                        params=KEY)
    expect_status_code(200, res)
    users = body(res).get("users")
    assert users is not None and len(users) == 1
    assert users[0].get("localId") == user["localId"]


@case(SPEC, "should error if auth is disabled", describe="accounts:lookup")
def test_should_error_if_auth_is_disabled(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": True})
    res = auth_api.post("/identitytoolkit.googleapis.com/v1/accounts:lookup", json={"tenantId": tenant["tenantId"]},
                        headers=OWNER)
    expect_status_code(400, res)
    assert "PROJECT_DISABLED" in error_message(res)


# --- accounts:query --------------------------------------------------------------------------------------------


@case(SPEC, "should return count of accounts when returnUserInfo is false")
def test_should_return_count_of_accounts_when_return_user_info_is_false(auth_api):
    register_anon_user(auth_api)
    register_anon_user(auth_api)
    res = auth_api.post(QUERY_PATH, json={"returnUserInfo": False}, headers=OWNER)
    expect_status_code(200, res)
    assert body(res).get("recordsCount") == "2"
    assert "userInfo" not in body(res)


@case(SPEC, "should return accounts when returnUserInfo is true")
def test_should_return_accounts_when_return_user_info_is_true(auth_api):
    local_id = register_anon_user(auth_api)["localId"]
    user = {"email": "alice@example.com", "password": "notasecret"}
    local_id2 = register_user(auth_api, user)["localId"]

    res = auth_api.post(QUERY_PATH, json={}, headers=OWNER)
    expect_status_code(200, res)
    assert body(res).get("recordsCount") == "2"
    users = body(res).get("userInfo")
    assert isinstance(users, list) and len(users) == 2
    assert users[0]["localId"] < users[1]["localId"], "users are not sorted by ID ASC"
    anon_user = next((u for u in users if u.get("localId") == local_id), None)
    assert anon_user is not None, "cannot find first registered user"
    email_user = next((u for u in users if u.get("localId") == local_id2), None)
    assert email_user is not None, "cannot find second registered user"
    assert email_user.get("email") == user["email"]


@case(SPEC, "should error if auth is disabled", describe="accounts:query")
def test_should_error_if_auth_is_disabled_query(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": True})
    res = auth_api.post(QUERY_PATH, json={"tenantId": tenant["tenantId"]}, headers=OWNER)
    expect_status_code(400, res)
    assert error_message(res) == "PROJECT_DISABLED"


# --- emulator utility APIs -------------------------------------------------------------------------------------


@case(SPEC, "should drop all accounts on DELETE /emulator/v1/projects/{PROJECT_ID}/accounts")
def test_should_drop_all_accounts_on_delete_accounts(auth_api):
    user1 = register_user(auth_api, {"email": "alice@example.com", "password": "notasecret"})
    user2 = register_user(auth_api, {"email": "bob@example.com", "password": "notasecret2"})
    res = auth_api.delete(f"/emulator/v1/projects/{PROJECT_ID}/accounts")
    expect_status_code(200, res)
    expect_user_not_exists_for_id_token(auth_api, user1["idToken"])
    expect_user_not_exists_for_id_token(auth_api, user2["idToken"])


@case(SPEC, "should drop all accounts on DELETE /emulator/v1/projects/{PROJECT_ID}/tenants/{TENANT_ID}/accounts")
def test_should_drop_all_accounts_on_delete_tenant_accounts(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": False, "allowPasswordSignup": True})
    tenant_id = tenant["tenantId"]
    user1 = register_user(auth_api, {"email": "alice@example.com", "password": "notasecret", "tenantId": tenant_id})
    user2 = register_user(auth_api, {"email": "bob@example.com", "password": "notasecret2", "tenantId": tenant_id})
    res = auth_api.delete(f"/emulator/v1/projects/{PROJECT_ID}/tenants/{tenant_id}/accounts")
    expect_status_code(200, res)
    expect_user_not_exists_for_id_token(auth_api, user1["idToken"], tenant_id)
    expect_user_not_exists_for_id_token(auth_api, user2["idToken"], tenant_id)


@case(SPEC, "should return config on GET /emulator/v1/projects/{PROJECT_ID}/config")
def test_should_return_config_on_get_config(auth_api):
    res = auth_api.get(CONFIG_PATH)
    expect_status_code(200, res)
    assert body(res).get("signIn") == {"allowDuplicateEmails": False}
    assert body(res).get("emailPrivacyConfig") == {"enableImprovedEmailPrivacy": False}


@case(SPEC, "should not throw an exception on project ID mismatch if singleProjectMode is NO_WARNING")
def test_should_not_throw_an_exception_on_project_id_mismatch_if_single_project_mode_is_no_warning(auth_api):
    res = auth_api.get("/emulator/v1/projects/someproject/config")
    expect_status_code(200, res)


def _patch_config(auth_api, config, allow_duplicate_emails, improved_privacy):
    res = auth_api.patch(CONFIG_PATH, json=config)
    expect_status_code(200, res)
    assert body(res).get("signIn") == {"allowDuplicateEmails": allow_duplicate_emails}
    assert body(res).get("emailPrivacyConfig") == {"enableImprovedEmailPrivacy": improved_privacy}


@case(SPEC, "should only update allowDuplicateEmails on PATCH /emulator/v1/projects/{PROJECT_ID}/config")
def test_should_only_update_allow_duplicate_emails_on_patch_config(auth_api):
    _patch_config(auth_api, {"signIn": {"allowDuplicateEmails": True}}, True, False)
    _patch_config(auth_api, {"signIn": {"allowDuplicateEmails": False}}, False, False)


@case(SPEC, "should only update enableImprovedEmailPrivacy on PATCH /emulator/v1/projects/{PROJECT_ID}/config")
def test_should_only_update_enable_improved_email_privacy_on_patch_config(auth_api):
    _patch_config(auth_api, {"emailPrivacyConfig": {"enableImprovedEmailPrivacy": True}}, False, True)
    _patch_config(auth_api, {"emailPrivacyConfig": {"enableImprovedEmailPrivacy": False}}, False, False)


@case(SPEC, "should update both allowDuplicateEmails and enableImprovedEmailPrivacy on PATCH "
            "/emulator/v1/projects/{PROJECT_ID}/config")
def test_should_update_both_allow_duplicate_emails_and_enable_improved_email_privacy_on_patch_config(auth_api):
    _patch_config(
        auth_api,
        {"signIn": {"allowDuplicateEmails": True}, "emailPrivacyConfig": {"enableImprovedEmailPrivacy": True}},
        True, True,
    )
    _patch_config(
        auth_api,
        {"signIn": {"allowDuplicateEmails": False}, "emailPrivacyConfig": {"enableImprovedEmailPrivacy": False}},
        False, False,
    )


# --- emulator utility API; singleProjectMode=ERROR -------------------------------------------------------------
# The spec runs this case on a second emulator started with singleProjectMode=ERROR; `run` starts one server only,
# so it runs against that server (whose mode the previous case expects to be NO_WARNING).


@case(SPEC, "should throw an exception on project ID mismatch if singleProjectMode is ERROR")
def test_should_throw_an_exception_on_project_id_mismatch_if_single_project_mode_is_error(single_project_auth_api):
    res = single_project_auth_api.get("/emulator/v1/projects/someproject/config")
    expect_status_code(400, res)
    assert "single project mode" in error_message(res)
