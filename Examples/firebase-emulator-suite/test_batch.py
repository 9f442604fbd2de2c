"""batch.spec.ts: accounts:batchGet, accounts:batchCreate and accounts:batchDelete (and their legacy v3 forms)."""

import datetime

from conftest import (
    OWNER,
    PROJECT_ID,
    TEST_PHONE_NUMBER,
    case,
    enroll_phone_mfa,
    expect_status_code,
    get_account_info_by_id_token,
    get_account_info_by_local_id,
    get_signin_methods,
    jwt_payload,
    register_anon_user,
    register_tenant,
    register_user,
    sign_in_with_email_link,
    sign_in_with_fake_claims,
    sign_in_with_password,
    sign_in_with_phone_number,
    update_account_by_local_id,
)

SPEC = "batch.spec.ts"
BATCH_GET = f"/identitytoolkit.googleapis.com/v1/projects/{PROJECT_ID}/accounts:batchGet"
BATCH_CREATE = f"/identitytoolkit.googleapis.com/v1/projects/{PROJECT_ID}/accounts:batchCreate"
BATCH_DELETE = f"/identitytoolkit.googleapis.com/v1/projects/{PROJECT_ID}/accounts:batchDelete"
DOWNLOAD_ACCOUNT = "/www.googleapis.com/identitytoolkit/v3/relyingparty/downloadAccount"
UPLOAD_ACCOUNT = "/www.googleapis.com/identitytoolkit/v3/relyingparty/uploadAccount"


def _iso_ms(milliseconds):
    """A time in milliseconds as the emulator writes it: `1970-01-01T00:00:00.000Z`."""
    moment = datetime.datetime.fromtimestamp(milliseconds / 1000, tz=datetime.timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{milliseconds % 1000:03d}Z"


def _contains(obj, expected):
    """chai's `.to.contain({...})` on an object: every given property with an equal value."""
    return all(k in obj and obj[k] == v for k, v in expected.items())


# --- accounts:batchGet ---------------------------------------------------------------------------------------------


@case(SPEC, "should allow listing all accounts")
def test_should_allow_listing_all_accounts(auth_api):
    user1 = register_anon_user(auth_api)
    user2 = register_user(auth_api, {"email": "foo@example.com", "password": "foobar"})

    res = auth_api.get(BATCH_GET, headers=OWNER)
    expect_status_code(200, res)
    b = res.json()
    assert len(b["users"]) == 2
    assert sorted(u["localId"] for u in b["users"]) == sorted([user1["localId"], user2["localId"]])
    assert "nextPageToken" not in b


@case(SPEC, "should return MFA info")
def test_should_return_mfa_info(auth_api, clock):
    user1 = sign_in_with_email_link(auth_api, "test@example.com")
    # The spec's fake timers stand still at 0, so its literal "1970-01-01T00:00:00.000Z" is the time of enrollment;
    # this server's test clock runs, so the expected value is the clock's time while enrolling.
    before = clock.now_ms()
    enroll_phone_mfa(auth_api, user1["idToken"], TEST_PHONE_NUMBER)
    after = clock.now_ms()

    res = auth_api.get(BATCH_GET, headers=OWNER)
    expect_status_code(200, res)
    users = res.json()["users"]
    assert len(users) == 1
    mfa = users[0]["mfaInfo"][0]
    assert mfa.get("enrolledAt") in {_iso_ms(t) for t in range(before, after + 1)}
    assert _contains(mfa, {"phoneInfo": TEST_PHONE_NUMBER, "unobfuscatedPhoneInfo": TEST_PHONE_NUMBER})


@case(SPEC, "should allow listing all accounts using legacy endpoint")
def test_should_allow_listing_all_accounts_using_legacy_endpoint(auth_api):
    user1 = register_anon_user(auth_api)
    user2 = register_user(auth_api, {"email": "foo@example.com", "password": "foobar"})

    res = auth_api.post(DOWNLOAD_ACCOUNT, json={"targetProjectId": PROJECT_ID}, headers=OWNER)
    expect_status_code(200, res)
    b = res.json()
    assert len(b["users"]) == 2
    assert sorted(u["localId"] for u in b["users"]) == sorted([user1["localId"], user2["localId"]])
    assert "nextPageToken" not in b


@case(SPEC, "should allow specifying maxResults and pagination")
def test_should_allow_specifying_max_results_and_pagination(auth_api):
    user1 = register_anon_user(auth_api)
    user2 = register_user(auth_api, {"email": "foo@example.com", "password": "foobar"})
    local_ids = sorted([user1["localId"], user2["localId"]])

    res = auth_api.get(BATCH_GET, params={"maxResults": 1}, headers=OWNER)
    expect_status_code(200, res)
    b = res.json()
    assert len(b["users"]) == 1
    assert b["users"][0]["localId"] == local_ids[0]
    assert "nextPageToken" in b
    assert isinstance(b["nextPageToken"], str)
    next_page_token = b["nextPageToken"]

    res = auth_api.get(BATCH_GET, params={"nextPageToken": next_page_token}, headers=OWNER)
    expect_status_code(200, res)
    b = res.json()
    assert len(b["users"]) == 1
    assert b["users"][0]["localId"] == local_ids[1]
    assert "nextPageToken" not in b

    # the legacy API recognizes nextPageToken too
    res = auth_api.post(
        DOWNLOAD_ACCOUNT, json={"targetProjectId": PROJECT_ID, "nextPageToken": next_page_token}, headers=OWNER
    )
    expect_status_code(200, res)
    b = res.json()
    assert len(b["users"]) == 1
    assert b["users"][0]["localId"] == max(user1["localId"], user2["localId"])
    assert "nextPageToken" not in b


@case(SPEC, "should always return a page token if page is full")
def test_should_always_return_a_page_token_if_page_is_full(auth_api):
    user1 = register_anon_user(auth_api)
    user2 = register_user(auth_api, {"email": "foo@example.com", "password": "foobar"})
    local_ids = sorted([user1["localId"], user2["localId"]])

    res = auth_api.get(BATCH_GET, params={"maxResults": 2}, headers=OWNER)
    expect_status_code(200, res)
    b = res.json()
    assert len(b["users"]) == 2
    assert b["users"][0]["localId"] == local_ids[0]
    assert b["users"][1]["localId"] == local_ids[1]
    assert "nextPageToken" in b
    assert isinstance(b["nextPageToken"], str)
    next_page_token = b["nextPageToken"]

    res = auth_api.get(BATCH_GET, params={"nextPageToken": next_page_token}, headers=OWNER)
    expect_status_code(200, res)
    b = res.json()
    assert len(b.get("users") or []) == 0
    assert "nextPageToken" not in b


@case(SPEC, "should error if auth is disabled", describe="accounts:batchGet")
def test_batch_get_should_error_if_auth_is_disabled(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": True})

    res = auth_api.get(
        f"/identitytoolkit.googleapis.com/v1/projects/{PROJECT_ID}/tenants/{tenant['tenantId']}/accounts:batchGet",
        headers=OWNER,
    )
    expect_status_code(400, res)
    assert "PROJECT_DISABLED" in res.json()["error"]["message"]


# --- accounts:batchCreate ------------------------------------------------------------------------------------------


@case(SPEC, "should create specified accounts")
def test_should_create_specified_accounts(auth_api):
    user1 = {"localId": "foo", "email": "foo@example.com", "rawPassword": "notasecret"}
    user2 = {"localId": "bar", "phoneNumber": TEST_PHONE_NUMBER, "customAttributes": '{"hello": "world"}'}
    res = auth_api.post(BATCH_CREATE, json={"users": [user1, user2]}, headers=OWNER)
    expect_status_code(200, res)
    assert len(res.json().get("error") or []) == 0

    assert get_signin_methods(auth_api, user1["email"]) == ["password"]

    user2_sign_in = sign_in_with_phone_number(auth_api, user2["phoneNumber"])
    assert user2_sign_in["localId"] == user2["localId"]
    claims = jwt_payload(user2_sign_in["idToken"])
    assert "hello" in claims
    assert claims["hello"] == "world"


@case(SPEC, "should create specified accounts via legacy endpoint")
def test_should_create_specified_accounts_via_legacy_endpoint(auth_api):
    user1 = {"localId": "foo", "email": "foo@example.com", "rawPassword": "notasecret"}
    user2 = {"localId": "bar", "phoneNumber": TEST_PHONE_NUMBER}
    res = auth_api.post(UPLOAD_ACCOUNT, json={"users": [user1, user2], "targetProjectId": PROJECT_ID}, headers=OWNER)
    expect_status_code(200, res)
    assert len(res.json().get("error") or []) == 0

    assert get_signin_methods(auth_api, user1["email"]) == ["password"]

    user2_sign_in = sign_in_with_phone_number(auth_api, user2["phoneNumber"])
    assert user2_sign_in["localId"] == user2["localId"]


@case(SPEC, "should error if users is empty or missing")
def test_should_error_if_users_is_empty_or_missing(auth_api):
    res = auth_api.post(BATCH_CREATE, json={"users": []}, headers=OWNER)
    expect_status_code(400, res)
    assert res.json()["error"]["message"] == "MISSING_USER_ACCOUNT"

    res = auth_api.post(BATCH_CREATE, json={}, headers=OWNER)
    expect_status_code(400, res)
    assert res.json()["error"]["message"] == "MISSING_USER_ACCOUNT"


@case(SPEC, "should convert emails to lowercase")
def test_should_convert_emails_to_lowercase(auth_api):
    user = {"localId": "foo", "email": "FOO@EXAMPLE.COM", "rawPassword": "notasecret"}
    res = auth_api.post(BATCH_CREATE, json={"users": [user]}, headers=OWNER)
    expect_status_code(200, res)
    assert len(res.json().get("error") or []) == 0

    user_info = get_account_info_by_local_id(auth_api, user["localId"])
    assert user_info.get("email") == user["email"].lower()


@case(SPEC, "should accept Auth Emulator fake passwordHash from request")
def test_should_accept_auth_emulator_fake_password_hash_from_request(auth_api):
    password = "hawaii"
    salt = "beach"
    user = {
        "localId": "foo",
        "email": "FOO@EXAMPLE.COM",
        "salt": salt,
        "passwordHash": f"fakeHash:salt={salt}:password={password}",
    }
    res = auth_api.post(BATCH_CREATE, json={"users": [user]}, headers=OWNER)
    expect_status_code(200, res)
    assert len(res.json().get("error") or []) == 0

    user_info = get_account_info_by_local_id(auth_api, user["localId"])
    assert user_info.get("passwordHash") == user["passwordHash"]
    assert user_info.get("salt") == user["salt"]

    user_sign_in = sign_in_with_password(auth_api, user["email"], password)
    assert user_sign_in["localId"] == user["localId"]


@case(SPEC, "should error for duplicate emails in payload if sanityCheck is true")
def test_should_error_for_duplicate_emails_in_payload_if_sanity_check_is_true(auth_api):
    res = auth_api.post(
        BATCH_CREATE,
        json={
            "sanityCheck": True,
            "users": [
                {"localId": "test1", "email": "foo@example.com"},
                {"localId": "test2", "email": "foo@example.com"},
            ],
        },
        headers=OWNER,
    )
    expect_status_code(400, res)
    assert res.json()["error"]["message"] == "DUPLICATE_EMAIL : foo@example.com"


@case(SPEC, "should block reusing existing email if sanityCheck is true")
def test_should_block_reusing_existing_email_if_sanity_check_is_true(auth_api):
    user = sign_in_with_email_link(auth_api, "bar@example.com")
    res = auth_api.post(
        BATCH_CREATE,
        json={"sanityCheck": True, "users": [{"localId": "test1", "email": user["email"]}]},
        headers=OWNER,
    )
    expect_status_code(200, res)
    assert res.json().get("error") == [{"index": 0, "message": "email exists in other account in database"}]


@case(SPEC, "should error for duplicate providerId+rawIds in payload if sanityCheck is true")
def test_should_error_for_duplicate_provider_id_raw_ids_in_payload_if_sanity_check_is_true(auth_api):
    res = auth_api.post(
        BATCH_CREATE,
        json={
            "sanityCheck": True,
            "users": [
                {"localId": "test1", "providerUserInfo": [{"providerId": "google.com", "rawId": "dup"}]},
                {"localId": "test2", "providerUserInfo": [{"providerId": "google.com", "rawId": "dup"}]},
            ],
        },
        headers=OWNER,
    )
    expect_status_code(400, res)
    assert res.json()["error"]["message"] == "DUPLICATE_RAW_ID : Provider id(google.com), Raw id(dup)"


@case(SPEC, "should block reusing exisiting providerId+rawIds if sanityCheck is true")
def test_should_block_reusing_exisiting_provider_id_raw_ids_if_sanity_check_is_true(auth_api):
    provider_id = "google.com"
    raw_id = "0123456"
    sign_in_with_fake_claims(auth_api, provider_id, {"sub": raw_id})
    res = auth_api.post(
        BATCH_CREATE,
        json={
            "sanityCheck": True,
            "users": [{"localId": "test1", "providerUserInfo": [{"providerId": provider_id, "rawId": raw_id}]}],
        },
        headers=OWNER,
    )
    expect_status_code(200, res)
    assert res.json().get("error") == [{"index": 0, "message": "raw id exists in other account in database"}]


@case(SPEC, "should block duplicate localIds by default")
def test_should_block_duplicate_local_ids_by_default(auth_api):
    res = auth_api.post(BATCH_CREATE, json={"users": [{"localId": "test1"}, {"localId": "test1"}]}, headers=OWNER)
    expect_status_code(400, res)
    assert res.json()["error"]["message"] == "DUPLICATE_LOCAL_ID : test1"

    local_id = register_anon_user(auth_api)["localId"]
    res = auth_api.post(BATCH_CREATE, json={"users": [{"localId": local_id}]}, headers=OWNER)
    expect_status_code(200, res)
    assert res.json().get("error") == [
        {"index": 0, "message": "localId belongs to an existing account - can not overwrite."}
    ]


@case(SPEC, "should not error for empty MFA info")
def test_should_not_error_for_empty_mfa_info(auth_api):
    res = auth_api.post(BATCH_CREATE, json={"users": [{"localId": "test1", "mfaInfo": []}]}, headers=OWNER)
    expect_status_code(200, res)
    assert len(res.json().get("error") or []) == 0


@case(SPEC, "should return error for individual invalid entries")
def test_should_return_error_for_individual_invalid_entries(auth_api):
    long_string = "x" * 998  # new Array(999).join("x")

    res = auth_api.post(
        BATCH_CREATE,
        json={
            "users": [
                {"email": "foo@example.com"},  # no localId
                {"localId": "test1"},  # valid
                {"localId": "test2", "email": "not#an$email"},
                {"localId": "test3", "phoneNumber": "not#a$phone%number"},
                {"localId": "test4", "customAttributes": "not#a$json%object"},
                {"localId": "test5", "customAttributes": '{"sub": "123"}'},
                {"localId": "test6", "customAttributes": f'{{"a":"{long_string}"}}'},
                {"localId": "test7", "providerUserInfo": [{"providerId": "google.com"}]},
                {"localId": "test8", "providerUserInfo": [{"rawId": "012345"}]},
                {"localId": "test9", "providerUserInfo": [{"federatedId": "foo-bar"}]},
                {"localId": "test10", "mfaInfo": [{"phoneInfo": TEST_PHONE_NUMBER}]},
                {"localId": "test11", "email": "someone@example.com", "mfaInfo": [{"phoneInfo": TEST_PHONE_NUMBER}]},
            ],
        },
        headers=OWNER,
    )
    expect_status_code(200, res)
    assert res.json().get("error") == [
        {"index": 0, "message": "localId is missing"},
        {"index": 2, "message": "email is invalid"},
        {"index": 3, "message": "phone number format is invalid"},
        {"index": 4, "message": "Invalid custom claims provided."},
        {"index": 5, "message": "Custom claims provided include a reserved claim."},
        {"index": 6, "message": "Custom claims provided are too large."},
        {"index": 7, "message": "federatedId or (providerId & rawId) is required"},
        {"index": 8, "message": "federatedId or (providerId & rawId) is required"},
        {
            "index": 9,
            "message": "((Parsing federatedId is not implemented in Auth Emulator; "
            "please specify providerId AND rawId as a workaround.))",
        },
        {"index": 10, "message": "Second factor account requires email to be presented."},
        {"index": 11, "message": "Second factor account requires email to be verified."},
    ]


@case(SPEC, "should overwrite users with matching localIds if allowOverwrite")
def test_should_overwrite_users_with_matching_local_ids_if_allow_overwrite(auth_api):
    user1_to_be_overwritten = sign_in_with_fake_claims(auth_api, "google.com", {"sub": "doh"})
    user2_to_be_overwritten = register_user(
        auth_api, {"email": "bar@example.com", "password": "hawaii", "displayName": "Old Display Name"}
    )

    user1 = {"localId": user1_to_be_overwritten["localId"], "email": "foo@example.com", "rawPassword": "notasecret"}
    user2 = {
        "localId": user2_to_be_overwritten["localId"],
        "phoneNumber": TEST_PHONE_NUMBER,
        "displayName": "New Display Name",
    }
    res = auth_api.post(BATCH_CREATE, json={"users": [user1, user2], "allowOverwrite": True}, headers=OWNER)
    expect_status_code(200, res)
    assert len(res.json().get("error") or []) == 0

    user1_info = get_account_info_by_local_id(auth_api, user1["localId"])
    assert user1_info.get("email") == user1["email"]
    assert user1_info.get("providerUserInfo") == [
        {
            "providerId": "password",
            "rawId": "foo@example.com",
            "email": "foo@example.com",
            "federatedId": "foo@example.com",
        },
    ]

    user2_sign_in = sign_in_with_phone_number(auth_api, user2["phoneNumber"])
    assert user2_sign_in["localId"] == user2["localId"]

    user2_info = get_account_info_by_id_token(auth_api, user2_sign_in["idToken"])
    assert (user2_info.get("email") or "") == ""
    assert (user2_info.get("passwordHash") or "") == ""
    assert user2_info.get("displayName") == user2["displayName"]


@case(SPEC, "should import identity provider info")
def test_should_import_identity_provider_info(auth_api):
    email = "foo@example.com"
    provider_id = "google.com"
    raw_id = "0123456"
    user1 = {
        "localId": "foo",
        "email": email,
        "providerUserInfo": [{"providerId": provider_id, "rawId": raw_id, "displayName": "Foo", "email": email}],
    }
    res = auth_api.post(BATCH_CREATE, json={"users": [user1]}, headers=OWNER)
    expect_status_code(200, res)
    assert len(res.json().get("error") or []) == 0

    assert get_signin_methods(auth_api, user1["email"]) == [provider_id]

    user1_sign_in = sign_in_with_fake_claims(auth_api, provider_id, {"sub": raw_id})
    assert user1_sign_in["localId"] == user1["localId"]


@case(SPEC, "should import MFA info")
def test_should_import_mfa_info(auth_api):
    email = "foo@example.com"
    user1 = {
        "localId": "foo",
        "email": email,
        "emailVerified": True,
        "mfaInfo": [{"enrolledAt": "2123-04-05T06:07:28.990Z", "phoneInfo": TEST_PHONE_NUMBER}],
    }
    res = auth_api.post(BATCH_CREATE, json={"users": [user1]}, headers=OWNER)
    expect_status_code(200, res)
    assert len(res.json().get("error") or []) == 0

    user1_info = get_account_info_by_local_id(auth_api, user1["localId"])
    assert len(user1_info.get("mfaInfo") or []) == 1
    mfa = user1_info["mfaInfo"][0]
    assert _contains(
        mfa,
        {
            "enrolledAt": user1["mfaInfo"][0]["enrolledAt"],
            "phoneInfo": TEST_PHONE_NUMBER,
            "unobfuscatedPhoneInfo": TEST_PHONE_NUMBER,
        },
    )
    assert isinstance(mfa.get("mfaEnrollmentId"), str)
    assert mfa["mfaEnrollmentId"] != ""


@case(SPEC, "should error if auth is disabled", describe="accounts:batchCreate")
def test_batch_create_should_error_if_auth_is_disabled(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": True})

    res = auth_api.post(BATCH_CREATE, json={"tenantId": tenant["tenantId"]}, headers=OWNER)
    expect_status_code(400, res)
    assert "PROJECT_DISABLED" in res.json()["error"]["message"]


@case(SPEC, "should error if user tenantId does not match state tenantId")
def test_should_error_if_user_tenant_id_does_not_match_state_tenant_id(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": False})

    res = auth_api.post(
        BATCH_CREATE,
        json={"tenantId": tenant["tenantId"], "users": [{"localId": "test1", "tenantId": "not-matching-tenant-id"}]},
        headers=OWNER,
    )
    expect_status_code(200, res)
    assert res.json().get("error") == [
        {"index": 0, "message": "Tenant id in userInfo does not match the tenant id in request."}
    ]


@case(SPEC, "should create users with tenantId if present")
def test_should_create_users_with_tenant_id_if_present(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": False})
    user = {"localId": "foo", "email": "me@example.com", "rawPassword": "notasecret"}

    res = auth_api.post(BATCH_CREATE, json={"tenantId": tenant["tenantId"], "users": [user]}, headers=OWNER)
    expect_status_code(200, res)
    assert len(res.json().get("error") or []) == 0

    user_info = get_account_info_by_local_id(auth_api, user["localId"], tenant["tenantId"])
    assert user_info.get("tenantId") == tenant["tenantId"]


# --- accounts:batchDelete ------------------------------------------------------------------------------------------


@case(SPEC, "should delete specified disabled accounts")
def test_should_delete_specified_disabled_accounts(auth_api):
    user1 = register_anon_user(auth_api)
    user2 = register_user(auth_api, {"email": "foobar@example.com", "password": "barbaz"})
    update_account_by_local_id(auth_api, user1["localId"], {"disableUser": True})
    update_account_by_local_id(auth_api, user2["localId"], {"disableUser": True})

    res = auth_api.post(BATCH_DELETE, json={"localIds": [user1["localId"], user2["localId"]]}, headers=OWNER)
    expect_status_code(200, res)
    assert not (res.json().get("errors") or [])


@case(SPEC, "should error for accounts not disabled")
def test_should_error_for_accounts_not_disabled(auth_api):
    user1 = register_anon_user(auth_api)
    user2 = register_user(auth_api, {"email": "foobar@example.com", "password": "barbaz"})
    update_account_by_local_id(auth_api, user2["localId"], {"disableUser": True})  # user1 stays enabled

    res = auth_api.post(BATCH_DELETE, json={"localIds": [user1["localId"], user2["localId"]]}, headers=OWNER)
    expect_status_code(200, res)
    assert res.json().get("errors") == [
        {
            "index": 0,
            "localId": user1["localId"],
            "message": "NOT_DISABLED : Disable the account before batch deletion.",
        },
    ]


@case(SPEC, "should delete disabled and not disabled accounts with force: true")
def test_should_delete_disabled_and_not_disabled_accounts_with_force_true(auth_api):
    user1 = register_anon_user(auth_api)
    user2 = register_user(auth_api, {"email": "foobar@example.com", "password": "barbaz"})
    update_account_by_local_id(auth_api, user2["localId"], {"disableUser": True})  # user1 stays enabled

    res = auth_api.post(
        BATCH_DELETE, json={"localIds": [user1["localId"], user2["localId"]], "force": True}, headers=OWNER
    )
    expect_status_code(200, res)
    assert not (res.json().get("errors") or [])


@case(SPEC, "should not report errors for nonexistent localIds")
def test_should_not_report_errors_for_nonexistent_local_ids(auth_api):
    res = auth_api.post(BATCH_DELETE, json={"localIds": ["nosuch", "nosuch2"]}, headers=OWNER)
    expect_status_code(200, res)
    assert not (res.json().get("errors") or [])

    res = auth_api.post(BATCH_DELETE, json={"localIds": ["nosuch", "nosuch2"], "force": True}, headers=OWNER)
    expect_status_code(200, res)
    assert not (res.json().get("errors") or [])


@case(SPEC, "should error if localIds array is empty")
def test_should_error_if_local_ids_array_is_empty(auth_api):
    res = auth_api.post(BATCH_DELETE, json={"localIds": [], "force": True}, headers=OWNER)
    expect_status_code(400, res)
    assert res.json()["error"]["message"] == "LOCAL_ID_LIST_EXCEEDS_LIMIT"


@case(SPEC, "should error if localId count is more than limit")
def test_should_error_if_local_id_count_is_more_than_limit(auth_api):
    local_ids = [f"localId-{i}" for i in range(1000)]

    # right at the limit
    res = auth_api.post(BATCH_DELETE, json={"localIds": local_ids, "force": True}, headers=OWNER)
    expect_status_code(200, res)
    assert not (res.json().get("errors") or [])

    # one above the limit
    local_ids.append("extraOne")
    res = auth_api.post(BATCH_DELETE, json={"localIds": local_ids, "force": True}, headers=OWNER)
    expect_status_code(400, res)
    assert res.json()["error"]["message"] == "LOCAL_ID_LIST_EXCEEDS_LIMIT"
