"""deleteAccount.spec.ts: accounts:delete."""

from conftest import (
    KEY,
    OWNER,
    PROJECT_ID,
    case,
    error_message,
    expect_status_code,
    expect_user_not_exists_for_id_token,
    get_signin_methods,
    register_tenant,
    register_user,
    sign_in_with_fake_claims,
)

SPEC = "deleteAccount.spec.ts"
DELETE = "/identitytoolkit.googleapis.com/v1/accounts:delete"


@case(SPEC, "should delete the user of the idToken")
def test_should_delete_the_user_of_the_idtoken(auth_api):
    id_token = register_user(auth_api, {"email": "alice@example.com", "password": "notasecret"})["idToken"]

    res = auth_api.post(DELETE, json={"idToken": id_token}, params=KEY)
    expect_status_code(200, res)
    assert "error" not in res.json()

    expect_user_not_exists_for_id_token(auth_api, id_token)


@case(SPEC, "should error when trying to delete by localId without OAuth")
def test_should_error_when_trying_to_delete_by_localid_without_oauth(auth_api):
    local_id = register_user(auth_api, {"email": "alice@example.com", "password": "notasecret"})["localId"]

    res = auth_api.post(DELETE, json={"localId": local_id}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == "MISSING_ID_TOKEN"


@case(SPEC, "should remove federated accounts for user")
def test_should_remove_federated_accounts_for_user(auth_api):
    email = "alice@example.com"
    provider_id = "google.com"
    sub = "12345"
    user = sign_in_with_fake_claims(auth_api, provider_id, {"sub": sub, "email": email})

    res = auth_api.post(DELETE, json={"idToken": user["idToken"]}, params=KEY)
    expect_status_code(200, res)
    assert "error" not in res.json()

    methods = get_signin_methods(auth_api, email)
    assert isinstance(methods, list), "chai's `.to.be.empty` needs the list"
    assert len(methods) == 0

    sign_in_again = sign_in_with_fake_claims(auth_api, provider_id, {"sub": sub, "email": email})
    assert sign_in_again["localId"] != user["localId"]


@case(SPEC, "should delete the user by localId if OAuth credentials are present")
def test_should_delete_the_user_by_localid_if_oauth_credentials_are_present(auth_api):
    user = register_user(auth_api, {"email": "alice@example.com", "password": "notasecret"})

    res = auth_api.post(DELETE, json={"localId": user["localId"]}, headers=OWNER)
    expect_status_code(200, res)
    assert "error" not in res.json()

    expect_user_not_exists_for_id_token(auth_api, user["idToken"])


@case(SPEC, "should error if missing localId when OAuth credentials are present")
def test_should_error_if_missing_localid_when_oauth_credentials_are_present(auth_api):
    id_token = register_user(auth_api, {"email": "alice@example.com", "password": "notasecret"})["idToken"]

    res = auth_api.post(DELETE, json={"idToken": id_token}, headers=OWNER)  # no localId
    expect_status_code(400, res)
    assert error_message(res) == "MISSING_LOCAL_ID"


@case(SPEC, "should delete the user of the idToken #2")
def test_should_delete_the_user_of_the_idtoken_2(auth_api):
    tenant = register_tenant(auth_api, PROJECT_ID, {"disableAuth": True})

    res = auth_api.post(DELETE, json={"tenantId": tenant["tenantId"]}, params=KEY)
    expect_status_code(400, res)
    assert "PROJECT_DISABLED" in error_message(res)
