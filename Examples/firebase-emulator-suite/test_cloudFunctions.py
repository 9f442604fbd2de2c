"""cloudFunctions.spec.ts: cloudFunctions > dispatch.

The spec unit-tests an internal TypeScript class (AuthCloudFunction.dispatch), which posts a user.create event to a
Functions emulator that nock stands in for; no REST call reaches it. The closest HTTP-level equivalent: a user
created through accounts:signUp makes the server call the configured function endpoint (here the beforeCreate
blocking function of the `blocking_function` fixture) with an event about that user.
"""

from conftest import (
    BEFORE_CREATE_PATH,
    KEY,
    PROJECT_ID,
    case,
    expect_status_code,
    jwt_payload,
    update_config,
)

SPEC = "cloudFunctions.spec.ts"


@case(SPEC, "should make a request to the functions emulator")
def test_should_make_a_request_to_the_functions_emulator(auth_api, blocking_function):
    trigger = {"functionUri": blocking_function.url(BEFORE_CREATE_PATH)}
    config = {"blockingFunctions": {"triggers": {"beforeCreate": trigger}}}
    update_config(auth_api, PROJECT_ID, config, "blockingFunctions")
    blocking_function.respond(BEFORE_CREATE_PATH, 200, {})

    res = auth_api.post(
        "/identitytoolkit.googleapis.com/v1/accounts:signUp",
        json={"email": "foobar@example.com", "password": "notasecret"},
        params=KEY,
    )
    expect_status_code(200, res)
    local_id = res.json().get("localId")

    # nock.isDone(): the one expected request was made, with an event of the created user.
    assert [path for path, _ in blocking_function.requests] == [BEFORE_CREATE_PATH]
    event = jwt_payload(blocking_function.requests[0][1]["data"]["jwt"])
    assert event.get("event_type") == "beforeCreate"
    assert (event.get("user_record") or {}).get("uid") == local_id
