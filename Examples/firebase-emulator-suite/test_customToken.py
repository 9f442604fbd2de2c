"""Port of customToken.spec.ts: sign-in with custom token."""

import base64
import json

from conftest import (
    KEY,
    PROJECT_ID,
    case,
    decode_jwt,
    error_message,
    expect_status_code,
    get_account_info_by_id_token,
    register_tenant,
    sign_in_with_email_link,
    update_account_by_local_id,
)

SPEC = "customToken.spec.ts"
SIGN_IN_WITH_CUSTOM_TOKEN = "/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken"
CUSTOM_TOKEN_AUDIENCE = "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"
PROVIDER_CUSTOM = "custom"
SERVICE_ACCOUNT = "fake-service-account@example.com"


def _sign_unsigned_jwt(clock, payload, audience):
    """jsonwebtoken's `sign(payload, secret, { algorithm: "none", expiresIn: 3600, subject, issuer, audience })`;
    iat is the (test) clock's now, as the spec's fake Date.now()."""
    iat = clock.now_ms() // 1000
    claims = {**payload, "iat": iat, "exp": iat + 3600, "aud": audience, "iss": SERVICE_ACCOUNT, "sub": SERVICE_ACCOUNT}

    def part(value):
        return base64.urlsafe_b64encode(json.dumps(value, separators=(",", ":")).encode()).rstrip(b"=").decode()

    return part({"alg": "none", "typ": "JWT"}) + "." + part(claims) + "."


def _json_stringify(value):
    return json.dumps(value, separators=(",", ":"))


def _deep_includes(obj, subset):
    return all(key in obj and obj[key] == value for key, value in subset.items())


def _sign_in(api, req):
    return api.post(SIGN_IN_WITH_CUSTOM_TOKEN, json=req, params=KEY)


@case(SPEC, "should create new account from custom token (unsigned)")
def test_should_create_new_account_from_custom_token_unsigned(auth_api, clock):
    uid = "someuid"
    claims = {"abc": "def", "ultimate": {"answer": 42}}
    token = _sign_unsigned_jwt(clock, {"uid": uid, "claims": claims}, CUSTOM_TOKEN_AUDIENCE)
    res = _sign_in(auth_api, {"token": token})
    expect_status_code(200, res)
    b = res.json()
    assert b.get("isNewUser") is True
    assert isinstance(b.get("refreshToken"), str)

    id_token = b.get("idToken")
    header, payload = decode_jwt(id_token)
    assert header.get("alg") == "none"
    assert "provider_id" not in payload
    assert payload.get("firebase", {}).get("sign_in_provider") == PROVIDER_CUSTOM
    assert _deep_includes(payload, claims)

    info = get_account_info_by_id_token(auth_api, id_token)
    assert info.get("localId") == uid


@case(SPEC, "should sign into existing account and merge claims")
def test_should_sign_into_existing_account_and_merge_claims(auth_api):
    email = "alice@example.com"
    local_id = sign_in_with_email_link(auth_api, email)["localId"]
    custom_claims = {"abc": "abc", "foo": "bar"}
    update_account_by_local_id(auth_api, local_id, {"customAttributes": _json_stringify(custom_claims)})

    claims = {"abc": "def", "ultimate": {"answer": 42}}
    token = _json_stringify({"uid": local_id, "claims": claims})
    res = _sign_in(auth_api, {"token": token})
    expect_status_code(200, res)
    b = res.json()
    assert b.get("isNewUser") is False
    assert isinstance(b.get("refreshToken"), str)

    header, payload = decode_jwt(b.get("idToken"))
    assert header.get("alg") == "none"
    assert "provider_id" not in payload
    assert payload.get("firebase", {}).get("sign_in_provider") == PROVIDER_CUSTOM
    assert payload.get("firebase", {}).get("identities") == {"email": [email]}
    assert _deep_includes(payload, {**custom_claims, **claims})
    refresh_token = b["refreshToken"]

    # The claims also get attached to refreshed ID tokens.
    res = auth_api.post(
        "/securetoken.googleapis.com/v1/token",
        data={"refreshToken": refresh_token, "grantType": "refresh_token"},
        params=KEY,
    )
    expect_status_code(200, res)
    id_token = res.json().get("id_token")
    assert isinstance(id_token, str)
    _, payload = decode_jwt(id_token)
    assert _deep_includes(payload, {**custom_claims, **claims})


@case(SPEC, "should error if custom token is missing")
def test_should_error_if_custom_token_is_missing(auth_api):
    res = _sign_in(auth_api, {})
    expect_status_code(400, res)
    assert error_message(res) == "MISSING_CUSTOM_TOKEN"


@case(SPEC, "should error if custom token is invalid")
def test_should_error_if_custom_token_is_invalid(auth_api):
    res = _sign_in(auth_api, {"token": "{not+Json,That's=>For@Sure}"})
    expect_status_code(400, res)
    assert "INVALID_CUSTOM_TOKEN" in error_message(res)

    res = _sign_in(auth_api, {"token": "ThisMayLookLikeAJWT.ButItWontDecode.ToJsonObjects"})
    expect_status_code(400, res)
    assert "INVALID_CUSTOM_TOKEN" in error_message(res)


@case(SPEC, "should error if custom token addresses the wrong audience")
def test_should_error_if_custom_token_addresses_the_wrong_audience(auth_api, clock):
    token = _sign_unsigned_jwt(clock, {"uid": "foo"}, "http://localhost/not-the-firebase-auth-audience")
    res = _sign_in(auth_api, {"token": token})
    expect_status_code(400, res)
    assert "INVALID_CUSTOM_TOKEN" in error_message(res)


@case(SPEC, "should error if custom token contains no uid")
def test_should_error_if_custom_token_contains_no_uid(auth_api, clock):
    token = _sign_unsigned_jwt(clock, {}, CUSTOM_TOKEN_AUDIENCE)
    res = _sign_in(auth_api, {"token": token})
    expect_status_code(400, res)
    assert "MISSING_IDENTIFIER" in error_message(res)

    res = _sign_in(auth_api, {"token": '{"look": "I do not have uid"}'})
    expect_status_code(400, res)
    assert "MISSING_IDENTIFIER" in error_message(res)


@case(SPEC, "should error if custom token contains forbidden claims")
def test_should_error_if_custom_token_contains_forbidden_claims(auth_api):
    res = _sign_in(auth_api, {"token": '{"uid": "wow", "claims": {"firebase": "awesome"}}'})
    expect_status_code(400, res)
    assert "FORBIDDEN_CLAIM : firebase" in error_message(res)


@case(SPEC, "should error if user is disabled")
def test_should_error_if_user_is_disabled(auth_api):
    email = "alice@example.com"
    local_id = sign_in_with_email_link(auth_api, email)["localId"]
    update_account_by_local_id(auth_api, local_id, {"disableUser": True})

    claims = {"abc": "def", "ultimate": {"answer": 42}}
    token = _json_stringify({"uid": local_id, "claims": claims})
    res = _sign_in(auth_api, {"token": token})
    expect_status_code(400, res)
    assert error_message(res) == "USER_DISABLED"


@case(SPEC, "should error if auth is disabled")
def test_should_error_if_auth_is_disabled(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": True})
    res = _sign_in(auth_api, {"tenantId": tenant.get("tenantId")})
    expect_status_code(400, res)
    assert error_message(res) == "PROJECT_DISABLED"


@case(SPEC, "should error if custom token tenantId does not match")
def test_should_error_if_custom_token_tenant_id_does_not_match(auth_api, clock):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": False})
    claims = {"abc": "def", "ultimate": {"answer": 42}}
    token = _sign_unsigned_jwt(
        clock, {"uid": "someuid", "claims": claims, "tenant_id": "not-matching-tenant-id"}, CUSTOM_TOKEN_AUDIENCE
    )
    res = _sign_in(auth_api, {"token": token, "tenantId": tenant.get("tenantId")})
    expect_status_code(400, res)
    assert "TENANT_ID_MISMATCH" in error_message(res)


@case(SPEC, "should create a new account from custom token with tenantId")
def test_should_create_a_new_account_from_custom_token_with_tenant_id(auth_api, clock):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": False})
    tenant_id = tenant.get("tenantId")
    claims = {"abc": "def", "ultimate": {"answer": 42}}
    token = _sign_unsigned_jwt(
        clock, {"uid": "someuid", "claims": claims, "tenant_id": tenant_id}, CUSTOM_TOKEN_AUDIENCE
    )
    res = _sign_in(auth_api, {"token": token, "tenantId": tenant_id})
    expect_status_code(200, res)
    b = res.json()
    assert b.get("isNewUser") is True
    assert isinstance(b.get("refreshToken"), str)

    info = get_account_info_by_id_token(auth_api, b.get("idToken"), tenant_id)
    assert info.get("tenantId") == tenant_id
