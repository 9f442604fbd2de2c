"""rest.spec.ts: the REST API mapping (status, CORS, enums, type coercion) and request authentication."""

from conftest import KEY, OWNER, PROJECT_ID, case, error_message, expect_status_code, register_tenant, register_user

SPEC = "rest.spec.ts"


# --- REST API mapping ----------------------------------------------------------------------------------------------


@case(SPEC, "should respond to status checks")
def test_should_respond_to_status_checks(auth_api):
    res = auth_api.get("/")
    expect_status_code(200, res)
    assert isinstance(res.json().get("authEmulator"), dict)


@case(SPEC, "should allow cross-origin requests")
def test_should_allow_cross_origin_requests(auth_api):
    res = auth_api.request(
        "OPTIONS",
        "/",
        headers={
            "Origin": "example.com",
            "Access-Control-Request-Headers": "Authorization,X-Client-Version,X-Whatever-Header",
            "Access-Control-Request-Private-Network": "true",
        },
    )
    expect_status_code(204, res)
    # Origin and requested headers reflected, not '*'.
    assert res.headers.get("access-control-allow-origin") == "example.com"
    assert sorted(res.headers["access-control-allow-headers"].split(",")) == sorted(
        ["Authorization", "X-Client-Version", "X-Whatever-Header"]
    )
    assert res.headers.get("access-control-allow-private-network") == "true"


@case(SPEC, "should handle integer values for enums")
def test_should_handle_integer_values_for_enums(auth_api):
    request_type = 6  # the proto value of EMAIL_SIGNIN
    res = auth_api.post(
        "/identitytoolkit.googleapis.com/v1/accounts:sendOobCode",
        json={"email": "bob@example.com", "requestType": request_type, "returnOobLink": True},
        headers=OWNER,
    )
    expect_status_code(200, res)
    assert "mode=signIn" in res.json()["oobLink"]


@case(SPEC, "should handle integer values for enums (legacy API path)")
def test_should_handle_integer_values_for_enums_legacy_api_path(auth_api):
    request_type = 6  # the proto value of EMAIL_SIGNIN
    res = auth_api.post(
        "/www.googleapis.com/identitytoolkit/v3/relyingparty/getOobConfirmationCode",
        json={"email": "bob@example.com", "requestType": request_type, "returnOobLink": True},
        headers=OWNER,
    )
    expect_status_code(200, res)
    assert "mode=signIn" in res.json()["oobLink"]


@case(SPEC, "should convert numbers to strings for type:string fields")
def test_should_convert_numbers_to_strings_for_type_string_fields(auth_api):
    valid_since = 1611780718  # a plain number where the schema has an int64 string
    res = auth_api.post(
        "/identitytoolkit.googleapis.com/v1/accounts:update",
        json={"localId": "nosuch", "validSince": valid_since},
        headers=OWNER,
    )
    expect_status_code(400, res)
    assert error_message(res) == "USER_NOT_FOUND"


# --- authentication ------------------------------------------------------------------------------------------------


@case(SPEC, "should throw 403 if API key is not provided")
def test_should_throw_403_if_api_key_is_not_provided(auth_api):
    res = auth_api.post("/identitytoolkit.googleapis.com/v1/accounts:signUp", json={"returnSecureToken": True})
    expect_status_code(403, res)
    assert res.json()["error"]["status"] == "PERMISSION_DENIED"


@case(SPEC, "should accept API key as a query parameter")
def test_should_accept_api_key_as_a_query_parameter(auth_api):
    res = auth_api.post("/identitytoolkit.googleapis.com/v1/accounts:signUp", json={}, params=KEY)
    expect_status_code(200, res)
    assert "error" not in res.json()


@case(SPEC, "should accept API key in HTTP Header x-goog-api-key")
def test_should_accept_api_key_in_http_header_x_goog_api_key(auth_api):
    res = auth_api.post(
        "/identitytoolkit.googleapis.com/v1/accounts:signUp", json={}, headers={"x-goog-api-key": "fake-api-key"}
    )
    expect_status_code(200, res)
    assert "error" not in res.json()


@case(SPEC, "should ignore non-Bearer Authorization headers")
def test_should_ignore_non_bearer_authorization_headers(auth_api):
    res = auth_api.post(
        "/identitytoolkit.googleapis.com/v1/accounts:signUp",
        json={"returnSecureToken": True},
        headers={"Authorization": "Basic YWxhZGRpbjpvcGVuc2VzYW1l"},
    )
    expect_status_code(403, res)
    assert res.json()["error"]["status"] == "PERMISSION_DENIED"


@case(SPEC, "should treat Bearer owner as authenticated to project")
def test_should_treat_bearer_owner_as_authenticated_to_project(auth_api):
    res = auth_api.post(
        "/identitytoolkit.googleapis.com/v1/accounts:signUp", json={"targetProjectId": "example2"}, headers=OWNER
    )
    expect_status_code(200, res)
    assert "error" not in res.json()


@case(SPEC, "should ignore casing of Bearer / owner in Authorization header")
def test_should_ignore_casing_of_bearer_owner_in_authorization_header(auth_api):
    res = auth_api.post(
        "/identitytoolkit.googleapis.com/v1/accounts:signUp",
        json={"targetProjectId": "example2"},
        headers={"Authorization": "bEArEr OWNER"},
    )
    expect_status_code(200, res)
    assert "error" not in res.json()


@case(SPEC, "should treat production service account as authenticated to project")
def test_should_treat_production_service_account_as_authenticated_to_project(auth_api):
    # Not a real token: only its format matters.
    token = "ya" + "29.AHES0ZZZZZ0fff" + "ff0XXXX0mmmm0wwwww0-LL_l-0bb0b0bbbbbb"
    res = auth_api.post(
        "/identitytoolkit.googleapis.com/v1/accounts:signUp",
        json={"targetProjectId": "example2"},
        headers={"Authorization": "Bearer " + token},
    )
    expect_status_code(200, res)
    assert "error" not in res.json()


@case(SPEC, "should deny requests with targetProjectId but without OAuth 2")
def test_should_deny_requests_with_targetprojectid_but_without_oauth_2(auth_api):
    res = auth_api.post(
        "/identitytoolkit.googleapis.com/v1/accounts:signUp", json={"targetProjectId": "example2"}, params=KEY
    )
    expect_status_code(400, res)
    assert error_message(res) == (
        "INSUFFICIENT_PERMISSION : Only authenticated requests can specify target_project_id."
    )


@case(SPEC, "should deny requests where tenant IDs do not match in the request body and path")
def test_should_deny_requests_where_tenant_ids_do_not_match_in_the_request_body_and_path(auth_api):
    res = auth_api.post(
        "/identitytoolkit.googleapis.com/v1/projects/project-id/tenants/tenant-id/accounts:delete",
        json={"localId": "local-id", "tenantId": "mismatching-tenant-id"},
        headers=OWNER,
    )
    expect_status_code(400, res)
    assert error_message(res) == "TENANT_ID_MISMATCH"


@case(SPEC, "should deny requests where tenant IDs do not match in the ID token and path")
def test_should_deny_requests_where_tenant_ids_do_not_match_in_the_id_token_and_path(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": False, "allowPasswordSignup": True})
    id_token = register_user(
        auth_api, {"email": "alice@example.com", "password": "notasecret", "tenantId": tenant["tenantId"]}
    )["idToken"]

    res = auth_api.post(
        f"/identitytoolkit.googleapis.com/v1/projects/{PROJECT_ID}/tenants/not-matching-tenant-id/accounts:lookup",
        json={"idToken": id_token},
        headers=OWNER,
    )
    expect_status_code(400, res)
    assert error_message(res) == "TENANT_ID_MISMATCH"


@case(SPEC, "should deny requests where tenant IDs do not match in the ID token and request body")
def test_should_deny_requests_where_tenant_ids_do_not_match_in_the_id_token_and_request_body(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": False, "allowPasswordSignup": True})
    id_token = register_user(
        auth_api, {"email": "alice@example.com", "password": "notasecret", "tenantId": tenant["tenantId"]}
    )["idToken"]

    res = auth_api.post(
        f"/identitytoolkit.googleapis.com/v1/projects/{PROJECT_ID}/accounts:lookup",
        json={"idToken": id_token, "tenantId": "not-matching-tenant-id"},
        headers=OWNER,
    )
    expect_status_code(400, res)
    assert error_message(res) == "TENANT_ID_MISMATCH"
