"""What every ported case shares: the server under test, a clean state before each case, the spec's helpers, the
case marks that tie each test to a line of cases.txt, and the lists of cases that are excluded or still failing.

The server is `signin-demo serve`, started by `run` (EMULATOR_URL names it). Google's suite builds its emulator in
process and clears its state before each case; here each case starts by deleting every account, setting the
project's configuration back and putting the test clock back to the present, through the emulator's own endpoints.
"""

import base64
import http.server
import json
import os
import pathlib
import re
import subprocess
import tempfile
import threading
import time
import urllib.parse

import pytest
import requests

HERE = pathlib.Path(__file__).parent
PROJECT_ID = "example"
BASE = os.environ.get("EMULATOR_URL", "http://127.0.0.1:9099").rstrip("/")

TEST_PHONE_NUMBER = "+15555550100"
TEST_PHONE_NUMBER_OBFUSCATED = "+*******0100"
TEST_PHONE_NUMBER_2 = "+15555550101"
TEST_PHONE_NUMBER_3 = "+15555550102"
TEST_MFA_INFO = {"displayName": "Cell Phone", "phoneInfo": TEST_PHONE_NUMBER}
TEST_INVALID_PHONE_NUMBER = "5555550100"  # no country code
DISPLAY_NAME = "Example User"
PHOTO_URL = "http://fakephotourl.test"


def _unsigned_jwt(payload):
    def part(value):
        return base64.urlsafe_b64encode(json.dumps(value, separators=(",", ":")).encode()).rstrip(b"=").decode()

    return part({"alg": "none", "typ": "JWT"}) + "." + part(payload) + "."


# The spec's fake Google account: an unsigned ID token in the shape of a real one (Google's emulator takes it as it
# is; `serve` takes it because `run` starts it with --accept-unsigned-provider-tokens).
_GOOGLE_CLAIMS = {
    "iss": "accounts.google.com",
    "azp": "22874682844-b0s8s75b3iedb2md4hls2voq6sllbsm3.apps.googleusercontent.com",
    "aud": "22874682844-b0s8s75b3iedb2md4hls2voq6sllbsm3.apps.googleusercontent.com",
    "sub": "123456789012345678901",
    "email": "example@gmail.com",
    "email_verified": True,
    "at_hash": "0000000000000000000000",
    "iat": 1597882681,
    "exp": 1597886281,
}
FAKE_GOOGLE_ACCOUNT = {
    "displayName": "Example User",
    "email": "example@gmail.com",
    "emailVerified": True,
    "rawId": "123456789012345678901",
    "idToken": _unsigned_jwt(_GOOGLE_CLAIMS),
    "idTokenNoEmail": _unsigned_jwt({k: v for k, v in _GOOGLE_CLAIMS.items() if k not in ("email", "email_verified")}),
}


# --- talking to the server -------------------------------------------------------------------------------------


class AuthApi:
    """The spec's `authApi()`: requests to the server under test, by path. `params` defaults to no query; the
    spec's `.query({ key: "fake-api-key" })` is `params={"key": "fake-api-key"}`."""

    def __init__(self, base=BASE):
        self.base = base
        self.http = requests.Session()

    def request(self, method, path, json=None, params=None, headers=None, data=None):
        return self.http.request(
            method, self.base + path, json=json, params=params, headers=headers, data=data, timeout=30
        )

    def get(self, path, **kw):
        return self.request("GET", path, **kw)

    def post(self, path, json=None, **kw):
        return self.request("POST", path, json=json, **kw)

    def patch(self, path, json=None, **kw):
        return self.request("PATCH", path, json=json, **kw)

    def put(self, path, json=None, **kw):
        return self.request("PUT", path, json=json, **kw)

    def delete(self, path, **kw):
        return self.request("DELETE", path, **kw)


KEY = {"key": "fake-api-key"}
OWNER = {"Authorization": "Bearer owner"}


def expect_status_code(expected, res):
    """The spec's expectStatusCode: the status, with the body in the message when it differs."""
    where = f"{res.request.method} {urllib.parse.urlsplit(res.request.url).path}"
    assert res.status_code == expected, f"{where}: expected {expected}, got {res.status_code} with body:\n{res.text}"


def body(res):
    """The JSON body of a response (the spec's `res.body`)."""
    return res.json()


def error_message(res):
    """`res.body.error.message`."""
    return res.json()["error"]["message"]


def decode_jwt(token):
    """The header and payload of a JWT, unverified (the spec's `decodeJwt(token, { complete: true })`)."""
    parts = token.split(".")

    def part(text):
        return json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))

    return part(parts[0]), part(parts[1])


def jwt_payload(token):
    return decode_jwt(token)[1]


# --- the test clock --------------------------------------------------------------------------------------------


class Clock:
    """The spec's fake timers (`getClock()`), as `serve --test-clock` offers them: the server's clock stands still,
    `tick(ms)` moves it forward, and `now_ms()` is its time, which stands for the spec's `Date.now()`."""

    def __init__(self, api):
        self.api = api
        self.path = f"/emulator/v1/projects/{PROJECT_ID}/clock"

    def tick(self, milliseconds):
        res = self.api.patch(self.path, json={"advanceMillis": str(int(milliseconds))})
        expect_status_code(200, res)

    def now_ms(self):
        res = self.api.get(self.path)
        expect_status_code(200, res)
        return int(res.json()["nowMillis"])

    def reset(self):
        res = self.api.delete(self.path)
        expect_status_code(200, res)


# --- the spec's helpers (testing/helpers.ts) ------------------------------------------------------------------


def register_user(api, user):
    res = api.post("/identitytoolkit.googleapis.com/v1/accounts:signUp", json=user, params=KEY)
    expect_status_code(200, res)
    b = res.json()
    return {"idToken": b.get("idToken"), "localId": b.get("localId"), "refreshToken": b.get("refreshToken"),
            "email": b.get("email")}


def register_anon_user(api):
    res = api.post("/identitytoolkit.googleapis.com/v1/accounts:signUp", json={"returnSecureToken": True}, params=KEY)
    expect_status_code(200, res)
    b = res.json()
    return {"idToken": b.get("idToken"), "localId": b.get("localId"), "refreshToken": b.get("refreshToken")}


def sign_in_with_email_link(api, email, id_token_to_link=None):
    oob_code = create_email_sign_in_oob(api, email)["oobCode"]
    req = {"email": email, "oobCode": oob_code}
    if id_token_to_link is not None:
        req["idToken"] = id_token_to_link
    res = api.post("/identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink", json=req, params=KEY)
    b = res.json()
    return {"idToken": b.get("idToken"), "localId": b.get("localId"), "refreshToken": b.get("refreshToken"),
            "email": b.get("email")}


def sign_in_with_password(api, email, password, extract_mfa_pending=False):
    res = api.post(
        "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword",
        json={"email": email, "password": password},
        params=KEY,
    )
    expect_status_code(200, res)
    b = res.json()
    if extract_mfa_pending:
        return {"idToken": b.get("idToken"), "localId": b.get("localId"), "refreshToken": b.get("refreshToken"),
                "email": b.get("email"), "mfaPendingCredential": b.get("mfaPendingCredential"),
                "mfaInfo": b.get("mfaInfo")}
    return {"idToken": b.get("idToken"), "localId": b.get("localId"), "refreshToken": b.get("refreshToken"),
            "email": b.get("email")}


def sign_in_with_phone_number(api, phone_number):
    res = api.post(
        "/identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode",
        json={"phoneNumber": phone_number, "recaptchaToken": "ignored"},
        params=KEY,
    )
    expect_status_code(200, res)
    session_info = res.json()["sessionInfo"]
    codes = inspect_verification_codes(api)
    res = api.post(
        "/identitytoolkit.googleapis.com/v1/accounts:signInWithPhoneNumber",
        json={"sessionInfo": session_info, "code": codes[0]["code"]},
        params=KEY,
    )
    expect_status_code(200, res)
    b = res.json()
    return {"idToken": b.get("idToken"), "localId": b.get("localId"), "refreshToken": b.get("refreshToken")}


def fake_claims(**claims):
    """The spec's fakeClaims: an identity provider's claims with defaults, `sub` required."""
    base = {"iss": "example.com", "aud": "example.com", "exp": 1597974008, "iat": 1597970408}
    base.update(claims)
    return base


def sign_in_with_fake_claims(api, provider_id, claims, tenant_id=None):
    """The spec's signInWithFakeClaims: signInWithIdp with `id_token` set to the claims as JSON text (not a JWT: Google's
    emulator takes that), the claims completed by fake_claims."""
    token = json.dumps(fake_claims(**claims))
    post_body = urllib.parse.urlencode({"providerId": provider_id, "id_token": token}, quote_via=urllib.parse.quote)
    req = {"postBody": post_body, "requestUri": "http://localhost",
           "returnIdpCredential": True, "returnSecureToken": True}
    if tenant_id is not None:
        req["tenantId"] = tenant_id
    res = api.post("/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp", json=req, params=KEY)
    expect_status_code(200, res)
    b = res.json()
    return {"idToken": b.get("idToken"), "localId": b.get("localId"), "refreshToken": b.get("refreshToken"),
            "email": b.get("email")}


def expect_user_not_exists_for_id_token(api, id_token, tenant_id=None):
    req = {"idToken": id_token}
    if tenant_id is not None:
        req["tenantId"] = tenant_id
    res = api.post("/identitytoolkit.googleapis.com/v1/accounts:lookup", json=req, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == "USER_NOT_FOUND"


def expect_id_token_expired(api, id_token):
    res = api.post("/identitytoolkit.googleapis.com/v1/accounts:lookup", json={"idToken": id_token}, params=KEY)
    expect_status_code(400, res)
    assert error_message(res) == "TOKEN_EXPIRED"


def get_account_info_by_id_token(api, id_token, tenant_id=None):
    req = {"idToken": id_token}
    if tenant_id is not None:
        req["tenantId"] = tenant_id
    res = api.post("/identitytoolkit.googleapis.com/v1/accounts:lookup", json=req, params=KEY)
    expect_status_code(200, res)
    users = res.json().get("users") or []
    assert len(users) == 1
    return users[0]


def get_account_info_by_local_id(api, local_id, tenant_id=None):
    req = {"localId": [local_id]}
    if tenant_id is not None:
        req["tenantId"] = tenant_id
    res = api.post("/identitytoolkit.googleapis.com/v1/accounts:lookup", json=req, headers=OWNER)
    expect_status_code(200, res)
    users = res.json().get("users") or []
    assert len(users) == 1
    return users[0]


def inspect_oobs(api, tenant_id=None):
    path = f"/emulator/v1/projects/{PROJECT_ID}" + (f"/tenants/{tenant_id}" if tenant_id else "") + "/oobCodes"
    res = api.get(path)
    expect_status_code(200, res)
    return res.json()["oobCodes"]


def inspect_verification_codes(api, tenant_id=None):
    path = (f"/emulator/v1/projects/{PROJECT_ID}" + (f"/tenants/{tenant_id}" if tenant_id else "")
            + "/verificationCodes")
    res = api.get(path)
    expect_status_code(200, res)
    return res.json()["verificationCodes"]


def create_email_sign_in_oob(api, email, tenant_id=None):
    req = {"email": email, "requestType": "EMAIL_SIGNIN"}
    if tenant_id is not None:
        req["tenantId"] = tenant_id
    res = api.post("/identitytoolkit.googleapis.com/v1/accounts:sendOobCode", json=req, params=KEY)
    expect_status_code(200, res)
    emails = [oob for oob in inspect_oobs(api, tenant_id) if oob["email"] == email]
    return {"oobCode": emails[-1]["oobCode"], "oobLink": emails[-1]["oobLink"]}


def get_signin_methods(api, email):
    res = api.post(
        "/identitytoolkit.googleapis.com/v1/accounts:createAuthUri",
        json={"continueUri": "http://example.com/", "identifier": email},
        params=KEY,
    )
    expect_status_code(200, res)
    return res.json().get("signinMethods")


def update_project_config(api, config):
    res = api.patch(f"/emulator/v1/projects/{PROJECT_ID}/config", json=config)
    expect_status_code(200, res)


def update_account_by_local_id(api, local_id, fields):
    res = api.post(
        "/identitytoolkit.googleapis.com/v1/accounts:update", json={"localId": local_id, **fields}, headers=OWNER
    )
    expect_status_code(200, res)


def enroll_phone_mfa(api, id_token, phone_number, tenant_id=None):
    req = {"idToken": id_token, "phoneEnrollmentInfo": {"phoneNumber": phone_number, "recaptchaToken": "ignored"}}
    if tenant_id is not None:
        req["tenantId"] = tenant_id
    res = api.post("/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:start", json=req, params=KEY)
    expect_status_code(200, res)
    session_info = res.json()["phoneSessionInfo"]["sessionInfo"]
    code = inspect_verification_codes(api, tenant_id)[-1]["code"]
    req = {"idToken": id_token, "phoneVerificationInfo": {"code": code, "sessionInfo": session_info}}
    if tenant_id is not None:
        req["tenantId"] = tenant_id
    res = api.post("/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:finalize", json=req, params=KEY)
    expect_status_code(200, res)
    assert isinstance(res.json().get("idToken"), str)
    assert isinstance(res.json().get("refreshToken"), str)
    return {"idToken": res.json()["idToken"], "refreshToken": res.json()["refreshToken"]}


def delete_account(api, req):
    res = api.post("/identitytoolkit.googleapis.com/v1/accounts:delete", json=req, params=KEY)
    expect_status_code(200, res)
    assert "kind" in res.json()
    return res.json()["kind"]


def register_tenant(api, project_id, tenant):
    res = api.post(
        f"/identitytoolkit.googleapis.com/v2/projects/{project_id}/tenants", json=tenant or {}, params=KEY,
        headers=OWNER,
    )
    expect_status_code(200, res)
    return res.json()


def update_config(api, project_id, config, update_mask=None):
    params = {"updateMask": update_mask} if update_mask else None
    res = api.patch(
        f"/identitytoolkit.googleapis.com/v2/projects/{project_id}/config", json=config, params=params, headers=OWNER
    )
    expect_status_code(200, res)
    return res.json()


# --- a blocking function (the spec mocks its HTTP endpoint with nock) --------------------------------------------


class BlockingFunction:
    """An HTTP endpoint on 127.0.0.1 that stands where the spec's nock intercepts `http://my-blocking-function.test`:
    `respond(path, status, body)` queues an answer for the next request to `path`; `requests` records what came."""

    def __init__(self):
        self.answers = {}
        self.requests = []
        owner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                owner.requests.append((self.path, json.loads(raw) if raw else None))
                queued = owner.answers.get(self.path) or []
                status, answer = queued.pop(0) if queued else (404, {})
                data = json.dumps(answer).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.host = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def url(self, path):
        return self.host + path

    def respond(self, path, status, answer):
        self.answers.setdefault(path, []).append((status, answer))

    def close(self):
        self.server.shutdown()
        self.server.server_close()


BEFORE_CREATE_PATH = "/beforeCreate"
BEFORE_SIGN_IN_PATH = "/beforeSignIn"


@pytest.fixture
def blocking_function():
    function = BlockingFunction()
    yield function
    function.close()


# --- fixtures and marks ------------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def auth_api():
    return AuthApi()


@pytest.fixture(scope="session")
def single_project_auth_api():
    """The spec's emulator in `SingleProjectMode.ERROR`: a `serve` of its own (the `SIGNIN_DEMO_CLI` that `run`
    names), started without `--as-google-emulator`, which would serve any project id; stopped when the run ends."""
    cli = os.environ.get("SIGNIN_DEMO_CLI")
    if not cli:
        pytest.fail("SIGNIN_DEMO_CLI is not set: run the suite with ./run --cli PATH")
    with tempfile.TemporaryDirectory() as folder:
        out = pathlib.Path(folder, "serve.out")
        with open(out, "w") as stdout, open(pathlib.Path(folder, "serve.log"), "w") as stderr:
            server = subprocess.Popen(
                [cli, "serve", "--port", "0", "--project", PROJECT_ID, "--data-dir", str(pathlib.Path(folder, "d"))],
                stdout=stdout, stderr=stderr)
        try:
            address = None
            for _ in range(100):  # at most 10 s for the server to say where it listens
                found = re.search(r"127\.0\.0\.1:[0-9]+", out.read_text())
                if found or server.poll() is not None:
                    address = found.group(0) if found else None
                    break
                time.sleep(0.1)
            if not address:
                pytest.fail("the single-project serve did not start")
            yield AuthApi("http://" + address)
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()


@pytest.fixture
def clock(auth_api):
    return Clock(auth_api)


@pytest.fixture(autouse=True)
def fresh_state(auth_api):
    """Google's suite starts each case on a new emulator state; this one deletes every account (and what hangs on
    them), puts the configuration (blocking functions included) and the test clock back, and deletes the tenants."""
    res = auth_api.delete(f"/emulator/v1/projects/{PROJECT_ID}/accounts")
    expect_status_code(200, res)
    res = auth_api.patch(
        f"/emulator/v1/projects/{PROJECT_ID}/config",
        json={"signIn": {"allowDuplicateEmails": False}, "emailPrivacyConfig": {"enableImprovedEmailPrivacy": False}},
    )
    expect_status_code(200, res)
    # The spec's cases with blocking functions clear them after themselves; a new emulator has none at all.
    res = auth_api.patch(
        f"/identitytoolkit.googleapis.com/v2/projects/{PROJECT_ID}/config", json={"blockingFunctions": {}},
        params={"updateMask": "blockingFunctions"}, headers=OWNER,
    )
    expect_status_code(200, res)
    Clock(auth_api).reset()
    yield


def case(spec, title, describe=None):
    """Ties a test to the case of cases.txt it ports: the spec file, the case's own title and, where the file has
    more than one describe block, the block's title (`describe="a > b"`, as cases.txt writes it)."""
    return pytest.mark.spec_case(spec=spec, title=title, describe=describe)


def pytest_configure(config):
    config.addinivalue_line("markers", "spec_case(spec, title, describe): the case of cases.txt a test ports")


def _listed(name):
    """The node ids listed in a file (`- <node id>: reason` lines, or the first column of a Markdown table)."""
    path = HERE / name
    listed = {}
    if not path.exists():
        return listed
    for line in path.read_text().splitlines():
        line = line.strip()
        table = re.match(r"\| `(test_[^`]+)` \| (.*) \|$", line)
        item = re.match(r"- `(test_[^`]+)`: (.*)$", line)
        if table or item:
            node, reason = (table or item).groups()
            listed[node] = reason.strip()
    return listed


def pytest_collection_modifyitems(config, items):
    """EXCLUSIONS.md: cases skipped for a stated reason. KNOWN_FAILURES.md: cases that do not pass yet; each runs
    as a strict expected failure, so that one that starts passing fails the run until it leaves the list."""
    excluded = _listed("EXCLUSIONS.md")
    failing = _listed("KNOWN_FAILURES.md")
    for item in items:
        node = item.nodeid.split("/")[-1]
        if node in excluded:
            item.add_marker(pytest.mark.skip(reason=f"excluded: {excluded[node]}"))
        elif node in failing:
            item.add_marker(pytest.mark.xfail(reason=f"not yet: {failing[node]}", strict=True))
