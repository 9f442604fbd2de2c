"""config.spec.ts: config management (the v2 project config: updateConfig and getConfig)."""

from conftest import OWNER, PROJECT_ID, case, error_message, expect_status_code

SPEC = "config.spec.ts"
CONFIG = f"/identitytoolkit.googleapis.com/v2/projects/{PROJECT_ID}/config"
NON_DEFAULT_CONFIG = {
    "signIn": {"allowDuplicateEmails": True},
    "blockingFunctions": {"forwardInboundCredentials": {"idToken": True}},
}


@case(SPEC, "updates the project level config")
def test_updates_the_project_level_config(auth_api):
    update_mask = "signIn.allowDuplicateEmails,blockingFunctions.forwardInboundCredentials.idToken"

    res = auth_api.patch(CONFIG, json=NON_DEFAULT_CONFIG, params={"updateMask": update_mask}, headers=OWNER)
    expect_status_code(200, res)
    assert (res.json().get("signIn") or {}).get("allowDuplicateEmails") is True
    assert res.json().get("blockingFunctions") == {"forwardInboundCredentials": {"idToken": True}}


@case(SPEC, "does not update if the field does not exist on the update config")
def test_does_not_update_if_the_field_does_not_exist_on_the_update_config(auth_api):
    res = auth_api.patch(CONFIG, json={}, params={"updateMask": "displayName"}, headers=OWNER)
    expect_status_code(200, res)
    assert "displayName" not in res.json()


@case(SPEC, "performs a full update if the update mask is empty")
def test_performs_a_full_update_if_the_update_mask_is_empty(auth_api):
    res = auth_api.patch(CONFIG, json=NON_DEFAULT_CONFIG, headers=OWNER)
    expect_status_code(200, res)
    assert (res.json().get("signIn") or {}).get("allowDuplicateEmails") is True
    assert res.json().get("blockingFunctions") == {"forwardInboundCredentials": {"idToken": True}}


@case(SPEC, "performs a full update with production defaults if the update mask is empty")
def test_performs_a_full_update_with_production_defaults_if_the_update_mask_is_empty(auth_api):
    res = auth_api.patch(CONFIG, json=NON_DEFAULT_CONFIG, headers=OWNER)
    expect_status_code(200, res)
    assert (res.json().get("signIn") or {}).get("allowDuplicateEmails") is True
    assert res.json().get("blockingFunctions") == {"forwardInboundCredentials": {"idToken": True}}

    # A full update back to the production defaults.
    res = auth_api.patch(CONFIG, json={}, headers=OWNER)
    expect_status_code(200, res)
    assert (res.json().get("signIn") or {}).get("allowDuplicateEmails") is False
    assert res.json().get("blockingFunctions") == {}


@case(SPEC, "should error when updating an invalid blocking function event")
def test_should_error_when_updating_an_invalid_blocking_function_event(auth_api):
    config = {"blockingFunctions": {"triggers": {"invalidEventTrigger": {"functionUri": "http://localhost"}}}}
    res = auth_api.patch(CONFIG, json=config, headers=OWNER)
    expect_status_code(400, res)
    assert "INVALID_BLOCKING_FUNCTION" in error_message(res)


@case(SPEC, "should error if functionUri is invalid")
def test_should_error_if_functionuri_is_invalid(auth_api):
    config = {"blockingFunctions": {"triggers": {"beforeCreate": {"functionUri": "invalidUri"}}}}
    res = auth_api.patch(CONFIG, json=config, headers=OWNER)
    expect_status_code(400, res)
    assert "INVALID_BLOCKING_FUNCTION" in error_message(res)


@case(SPEC, "should return the project level config")
def test_should_return_the_project_level_config(auth_api):
    res = auth_api.get(CONFIG, headers=OWNER)
    expect_status_code(200, res)
    assert "signIn" in res.json()
    assert res.json()["signIn"] == {"allowDuplicateEmails": False}  # the default
    assert "blockingFunctions" in res.json()
    assert res.json()["blockingFunctions"] == {}


@case(SPEC, "should return updated config fields")
def test_should_return_updated_config_fields(auth_api):
    auth_api.patch(CONFIG, json=NON_DEFAULT_CONFIG, headers=OWNER)  # the spec checks nothing of this answer

    res = auth_api.get(CONFIG, headers=OWNER)
    expect_status_code(200, res)
    assert "signIn" in res.json()
    assert res.json()["signIn"] == {"allowDuplicateEmails": True}
    assert "blockingFunctions" in res.json()
    assert res.json()["blockingFunctions"] == {"forwardInboundCredentials": {"idToken": True}}
