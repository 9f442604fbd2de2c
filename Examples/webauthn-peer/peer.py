"""A software authenticator and a relying party nobody here wrote judge passkeys, both ways.

1. pairing: soft-webauthn (the authenticator, authenticator.py) creates and asserts against options py_webauthn (the
   relying party) generated, and py_webauthn verifies: the two judges agree before they judge us.
2. soft-webauthn against `signin-demo serve`: sign up, enrol a passkey over Identity Platform's v2 passkey
   endpoints, list it, sign in with it, and see the attacks refused with a 400 that signs nobody in: a finalize sent
   twice, another origin, a flipped signature byte, a credential never registered, no user verification, a challenge
   serve never issued, a registration replayed for another account, a passkey that was deleted.
3. py_webauthn against the CLI's own authenticator: `signin-demo --backend firebase` talks to `serve` through a proxy
   here that forwards every request and answer and runs py_webauthn's verify_registration_response and
   verify_authentication_response on every passkey finalize it passes on. The CLI signs up, adds a passkey, signs out,
   signs in with the passkey, lists it and removes it; every verification must pass, and at least one registration
   and one assertion must have been verified.

All traffic of 2 goes through the same proxy, so py_webauthn also judges serve: serve must accept no finalize that
py_webauthn refuses. The peer starts `serve` itself on 127.0.0.1 with a free port and a data folder of its own.

Usage: run --cli PATH [--data-dir DIR] [--skip-cli]
Exits 0 when every check passes, 1 on the first failure (with what was expected and what came), 2 on bad usage.
"""

import argparse
import base64
import http.client
import http.server
import json
import os
import re
import secrets
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

import webauthn
from webauthn.helpers.cose import COSEAlgorithmIdentifier
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

HERE = Path(__file__).resolve().parent
RP_ID = "signin.example"
ORIGIN = "https://signin.example"
EVIL_ORIGIN = "https://evil.example"
PROJECT = "demo-webauthn-peer"
API_KEY = "webauthn-peer-key-not-secret"
PASSWORD = "correct horse battery staple"
WAIT = 30  # seconds, for any one step
V1 = "/identitytoolkit.googleapis.com/v1/"
V2 = "/identitytoolkit.googleapis.com/v2/"


class CheckFailed(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise CheckFailed(message)


def b64url(data):
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def from_b64url(text):
    """base64url, with or without padding (what serve sends should have none; tolerated all the same)."""
    expect(isinstance(text, str), f"a base64url string expected, got {text!r}")
    stripped = text.rstrip("=")
    expect(re.fullmatch(r"[A-Za-z0-9_-]*", stripped) is not None, f"not base64url: {text!r}")
    return base64.urlsafe_b64decode(stripped + "=" * (-len(stripped) % 4))


def same_id(a, b):
    """Two credential ids as base64url, padding aside."""
    try:
        return from_b64url(a) == from_b64url(b)
    except (CheckFailed, ValueError):
        return False


def jwt_payload(token):
    expect(isinstance(token, str) and token.count(".") == 2, f"not a JWT: {token!r}")
    return json.loads(from_b64url(token.split(".")[1]))


def short(value, limit=300):
    text = value if isinstance(value, str) else json.dumps(value)
    return text if len(text) <= limit else text[:limit] + "…"


# ---------------------------------------------------------------------------------------------------------------
# soft-webauthn, in a process (and a virtualenv) of its own: authenticator.py


class Authenticator:
    def __init__(self, python):
        self.process = subprocess.Popen([python, str(HERE / "authenticator.py")], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1"))
        self.received = b""

    def ask(self, request):
        self.process.stdin.write((json.dumps(request) + "\n").encode())
        self.process.stdin.flush()
        deadline = time.monotonic() + WAIT
        while b"\n" not in self.received:
            left = deadline - time.monotonic()
            expect(left > 0, f"soft-webauthn did not answer within {WAIT} s: {request['op']}")
            ready, _, _ = select.select([self.process.stdout], [], [], left)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 65536)
                expect(chunk, "soft-webauthn's process ended")
                self.received += chunk
        line, self.received = self.received.split(b"\n", 1)
        answer = json.loads(line)
        expect("credential" in answer, f"soft-webauthn could not {request['op']}: {answer.get('error')}")
        return answer["credential"]

    def create(self, device, options, origin=ORIGIN, uv=True):
        return self.ask({"op": "create", "device": device, "options": options, "origin": origin, "uv": uv})

    def get(self, device, options, origin=ORIGIN, uv=True):
        return self.ask({"op": "get", "device": device, "options": options, "origin": origin, "uv": uv})

    def stop(self):
        if self.process.poll() is None:
            self.process.stdin.close()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        self.process.stdout.close()


# ---------------------------------------------------------------------------------------------------------------
# signin-demo serve, started here on 127.0.0.1 with a free port


class Serve:
    def __init__(self, cli, data_dir):
        self.log_path = data_dir / "serve.log"
        self.log = open(self.log_path, "wb")
        self.process = subprocess.Popen([cli, "serve", "--port", "0", "--project", PROJECT, "--data-dir",
                                         str(data_dir / "served")],
                                        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=self.log)
        received = b""
        deadline = time.monotonic() + WAIT
        found = None
        while not found:
            left = deadline - time.monotonic()
            expect(left > 0, f"signin-demo serve said nowhere it listens within {WAIT} s:\n{self.log_tail()}")
            ready, _, _ = select.select([self.process.stdout], [], [], min(left, 0.5))
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 4096)
                expect(chunk, f"signin-demo serve ended while starting:\n{self.log_tail()}")
                received += chunk
                found = re.search(rb"127\.0\.0\.1:(\d+)", received)
        self.port = int(found.group(1))
        # Its standard output is not read again: a thread drains it, so that it never blocks on a full pipe.
        threading.Thread(target=self.drain, daemon=True).start()

    def drain(self):
        try:
            while os.read(self.process.stdout.fileno(), 65536):
                pass
        except OSError:
            pass

    def log_tail(self, lines=15):
        try:
            text = self.log_path.read_bytes().decode("utf-8", "replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        self.log.close()


# ---------------------------------------------------------------------------------------------------------------
# The judging proxy: forwards every request and answer between a client and serve, and on the way has py_webauthn
# verify every passkey finalize against the challenges serve issued and the keys registered through it.

HOP_BY_HOP = {"connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te", "trailer",
              "transfer-encoding", "upgrade", "accept-encoding", "content-length", "host"}


def client_data_challenge(client_data_b64):
    """The challenge that clientDataJSON names, as bytes."""
    client_data = json.loads(from_b64url(client_data_b64))
    return from_b64url(client_data["challenge"])


class ProxyHandler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *_):
        pass

    def do_GET(self):
        self.forward()

    def do_POST(self):
        self.forward()

    def do_DELETE(self):
        self.forward()

    def forward(self):
        proxy = self.server
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
        upstream = http.client.HTTPConnection("127.0.0.1", proxy.upstream_port, timeout=WAIT)
        try:
            upstream.request(self.command, self.path, body=body or None, headers=headers)
            answer = upstream.getresponse()
            status, reply_headers, reply = answer.status, answer.getheaders(), answer.read()
        except OSError as failure:  # serve is gone or did not answer: the client is told, nothing is judged
            self.send_error(502, f"serve did not answer: {failure}")
            return
        finally:
            upstream.close()
        # Judged before the answer is passed on, so that what it records is there for the client's next request.
        proxy.judge(self.command, urllib.parse.urlsplit(self.path).path, body, status, reply)
        try:
            self.send_response(status)
            for name, value in reply_headers:
                if name.lower() not in HOP_BY_HOP:
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(reply)))
            self.end_headers()
            self.wfile.write(reply)
        except (BrokenPipeError, ConnectionResetError):  # the client went away (a run being stopped)
            self.close_connection = True


class JudgingProxy(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, upstream_port):
        super().__init__(("127.0.0.1", 0), ProxyHandler)
        self.upstream_port = upstream_port
        self.port = self.server_address[1]
        self.lock = threading.Lock()
        self.challenges = {}  # challenge (base64url) -> ("registration", user handle) or ("assertion", None)
        self.credentials = {}  # credential id (base64url) -> {"public_key", "sign_count", "user_handle"}
        self.verdicts = []  # {"kind", "verified", "detail", "status"}: one per finalize passed on
        self.thread = threading.Thread(target=self.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True)
        self.thread.start()

    def judge(self, method, path, body, status, reply):
        if method != "POST":
            return
        with self.lock:
            try:
                self.judge_locked(path, body, status, reply)
            except Exception as failure:  # a start answer or a request it cannot read: recorded, never raised
                self.verdicts.append({"kind": path.rsplit("/", 1)[-1], "verified": False, "status": status,
                                      "detail": f"unreadable: {type(failure).__name__}: {failure}"})

    def judge_locked(self, path, body, status, reply):
        name = path.rsplit("/", 1)[-1]
        if name not in ("passkeyEnrollment:start", "passkeySignIn:start", "passkeyEnrollment:finalize",
                        "passkeySignIn:finalize", "accounts:update"):
            return
        request = json.loads(body) if body else {}
        if name == "passkeyEnrollment:start" and status == 200:
            options = json.loads(reply)["credentialCreationOptions"]
            self.remember(options, "registration", from_b64url(options["user"]["id"]))
        elif name == "passkeySignIn:start" and status == 200:
            self.remember(json.loads(reply)["credentialRequestOptions"], "assertion", None)
        elif name == "passkeyEnrollment:finalize":
            self.record("registration", status, lambda: self.verify_registration(request, status))
        elif name == "passkeySignIn:finalize":
            self.record("assertion", status, lambda: self.verify_assertion(request, status))
        elif name == "accounts:update" and status == 200:
            for credential_id in request.get("deletePasskey") or []:
                self.credentials.pop(b64url(from_b64url(credential_id)), None)

    def remember(self, options, kind, user_handle):
        challenge = from_b64url(options["challenge"])
        self.challenges[b64url(challenge)] = (kind, user_handle)

    def record(self, kind, status, verify):
        try:
            detail, verified = verify(), True
        except Exception as failure:  # py_webauthn's refusals and anything malformed alike: not verified
            detail, verified = f"{type(failure).__name__}: {failure}", False
        self.verdicts.append({"kind": kind, "verified": verified, "detail": detail, "status": status})

    def issued(self, response, kind):
        challenge = client_data_challenge(response["clientDataJSON"])
        issued = self.challenges.get(b64url(challenge))
        if not issued or issued[0] != kind:
            raise CheckFailed(f"the clientDataJSON's challenge was issued by no passkey {kind} start seen here")
        return challenge, issued[1]

    @staticmethod
    def credential(wire):
        """The wire's authenticator response as the PublicKeyCredential JSON py_webauthn reads: the contract sends
        no rawId and no type, so rawId is the id and type public-key."""
        return {"id": wire["id"], "rawId": wire.get("rawId", wire["id"]), "type": wire.get("type", "public-key"),
                "response": wire["response"]}

    def verify_registration(self, request, status):
        wire = request["authenticatorRegistrationResponse"]
        challenge, user_handle = self.issued(wire["response"], "registration")
        # serve's options offer ES256 alone (pubKeyCredParams [{"type": "public-key", "alg": -7}]).
        verified = webauthn.verify_registration_response(
            credential=self.credential(wire), expected_challenge=challenge, expected_rp_id=RP_ID,
            expected_origin=ORIGIN, require_user_verification=True,
            supported_pub_key_algs=[COSEAlgorithmIdentifier.ECDSA_SHA_256])
        # py_webauthn compares id with rawId; that both name the credential in the attested data is checked here.
        if not same_id(wire["id"], b64url(verified.credential_id)):
            raise CheckFailed("the id is not the attested credential's id")
        if status == 200:
            self.credentials[b64url(verified.credential_id)] = {
                "public_key": verified.credential_public_key, "sign_count": verified.sign_count,
                "user_handle": user_handle}
        attestation = getattr(verified.fmt, "value", verified.fmt)
        return f"verified: {attestation} attestation, an ES256 key, user verified {verified.user_verified}"

    def verify_assertion(self, request, status):
        wire = request["authenticatorAuthenticationResponse"]
        challenge, _ = self.issued(wire["response"], "assertion")
        key = b64url(from_b64url(wire["id"]))
        known = self.credentials.get(key)
        if not known:
            raise CheckFailed("no credential with this id was registered (and not deleted) through the proxy")
        verified = webauthn.verify_authentication_response(
            credential=self.credential(wire), expected_challenge=challenge, expected_rp_id=RP_ID,
            expected_origin=ORIGIN, credential_public_key=known["public_key"],
            credential_current_sign_count=known["sign_count"], require_user_verification=True)
        # With an empty allowCredentials the user handle says whose passkey it is: it must be the enrolled user's.
        handle = wire["response"].get("userHandle")
        if not handle or from_b64url(handle) != known["user_handle"]:
            raise CheckFailed("the userHandle is not the user.id the credential was created for")
        if status == 200:
            known["sign_count"] = verified.new_sign_count
        return f"verified: signature, user verified {verified.user_verified}, sign count {verified.new_sign_count}"

    def all_verdicts(self):
        with self.lock:
            return [dict(v) for v in self.verdicts]

    def close(self):
        self.shutdown()
        self.server_close()
        self.thread.join(5)


# ---------------------------------------------------------------------------------------------------------------
# Identity Toolkit over HTTP, through the proxy


class Api:
    def __init__(self, port, proxy):
        self.port = port
        self.proxy = proxy

    def post(self, path, body):
        """(status, the JSON answer, py_webauthn's verdict when it was a finalize)."""
        before = len(self.proxy.all_verdicts())
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=WAIT)
        try:
            connection.request("POST", f"{path}?key={API_KEY}", body=json.dumps(body).encode(),
                               headers={"Content-Type": "application/json"})
            answer = connection.getresponse()
            status, raw = answer.status, answer.read()
        finally:
            connection.close()
        try:
            document = json.loads(raw) if raw else {}
        except ValueError:
            raise CheckFailed(f"POST {path}: HTTP {status} and not JSON: {short(raw.decode('utf-8', 'replace'))}")
        verdicts = self.proxy.all_verdicts()
        return status, document, (verdicts[-1] if len(verdicts) > before else None)

    def ok(self, path, body, what):
        status, document, verdict = self.post(path, body)
        expect(status == 200, f"{what}: HTTP {status} {short(document)}")
        return document, verdict


# ---------------------------------------------------------------------------------------------------------------
# The checks


class Peer:
    def __init__(self, cli, work, authenticator):
        self.cli = cli
        self.work = work
        self.authenticator = authenticator
        self.checks = 0
        self.serve = None
        self.proxy = None

    def passed(self, what):
        self.checks += 1
        print(f"  ok  {what}", flush=True)

    def start(self):
        self.serve = Serve(self.cli, self.work)
        self.proxy = JudgingProxy(self.serve.port)
        self.api = Api(self.proxy.port, self.proxy)

    def stop(self):
        if self.proxy:
            self.proxy.close()
        if self.serve:
            self.serve.stop()

    # 1. the two judges agree -----------------------------------------------------------------------------------

    def check_pairing(self):
        user_id = secrets.token_bytes(16)
        options = webauthn.options_to_json(webauthn.generate_registration_options(
            rp_id=RP_ID, rp_name="signin-demo", user_name="pairing@example.com", user_id=user_id,
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED,
                user_verification=UserVerificationRequirement.REQUIRED)))
        options = json.loads(options)
        made = self.authenticator.create("pairing", options)
        registered = webauthn.verify_registration_response(
            credential=made, expected_challenge=from_b64url(options["challenge"]), expected_rp_id=RP_ID,
            expected_origin=ORIGIN, require_user_verification=True,
            supported_pub_key_algs=[COSEAlgorithmIdentifier.ECDSA_SHA_256])
        expect(getattr(registered.fmt, "value", registered.fmt) == "none" and registered.user_verified,
               f"pairing: soft-webauthn's registration: {registered.fmt} attestation, UV {registered.user_verified}")
        self.passed("pairing: py_webauthn verifies soft-webauthn's registration (none attestation, ES256, UV)")

        def assertion_options():
            return json.loads(webauthn.options_to_json(webauthn.generate_authentication_options(
                rp_id=RP_ID, user_verification=UserVerificationRequirement.REQUIRED)))

        request = assertion_options()
        signed = self.authenticator.get("pairing", request)
        verified = webauthn.verify_authentication_response(
            credential=signed, expected_challenge=from_b64url(request["challenge"]), expected_rp_id=RP_ID,
            expected_origin=ORIGIN, credential_public_key=registered.credential_public_key,
            credential_current_sign_count=registered.sign_count, require_user_verification=True)
        expect(from_b64url(signed["response"]["userHandle"]) == user_id, "soft-webauthn's userHandle")
        self.passed(f"pairing: py_webauthn verifies soft-webauthn's assertion (sign count {verified.new_sign_count})")

        for what, origin, uv in (("another origin", EVIL_ORIGIN, True), ("no user verification", ORIGIN, False)):
            request = assertion_options()
            signed = self.authenticator.get("pairing", request, origin=origin, uv=uv)
            try:
                webauthn.verify_authentication_response(
                    credential=signed, expected_challenge=from_b64url(request["challenge"]), expected_rp_id=RP_ID,
                    expected_origin=ORIGIN, credential_public_key=registered.credential_public_key,
                    credential_current_sign_count=0, require_user_verification=True)
            except Exception:
                continue
            raise CheckFailed(f"pairing: py_webauthn verified an assertion with {what}")
        self.passed("pairing: py_webauthn refuses soft-webauthn's assertions with another origin or without UV")

    # 2. soft-webauthn against serve ----------------------------------------------------------------------------

    def sign_up(self, email):
        document, _ = self.api.ok(V1 + "accounts:signUp", {"email": email, "password": PASSWORD,
                                                           "returnSecureToken": True}, f"sign-up {email}")
        return document["localId"], document["idToken"]

    def lookup(self, id_token):
        document, _ = self.api.ok(V1 + "accounts:lookup", {"idToken": id_token}, "accounts:lookup")
        users = document.get("users") or []
        expect(len(users) == 1, f"accounts:lookup: one user expected: {short(document)}")
        return users[0]

    def enrollment_start(self, id_token):
        document, _ = self.api.ok(V2 + "accounts/passkeyEnrollment:start", {"idToken": id_token},
                                  "passkeyEnrollment:start")
        options = document.get("credentialCreationOptions")
        expect(isinstance(options, dict), f"passkeyEnrollment:start: no credentialCreationOptions: {short(document)}")
        return options

    def sign_in_start(self):
        document, _ = self.api.ok(V2 + "accounts/passkeySignIn:start", {}, "passkeySignIn:start")
        options = document.get("credentialRequestOptions")
        expect(isinstance(options, dict), f"passkeySignIn:start: no credentialRequestOptions: {short(document)}")
        return options

    @staticmethod
    def registration(id_token, made, name="peer key"):
        return {"idToken": id_token, "name": name, "authenticatorRegistrationResponse": {
            "id": made["id"], "response": made["response"]}}

    @staticmethod
    def assertion(signed):
        return {"authenticatorAuthenticationResponse": {"id": signed["id"], "response": signed["response"]}}

    def refused(self, path, body, what):
        """The request is refused with a 400 and a Firebase-style error, and the answer signs nobody in."""
        status, document, verdict = self.api.post(path, body)
        error = document.get("error") if isinstance(document, dict) else None
        expect(status == 400, f"{what}: HTTP 400 expected, got {status} {short(document)}")
        expect(isinstance(error, dict) and isinstance(error.get("message"), str) and error["message"],
               f"{what}: a Firebase-style error with a message expected: {short(document)}")
        leaked = [k for k in ("idToken", "refreshToken", "localId") if k in document]
        expect(not leaked, f"{what}: the refusal carries {leaked}")
        return error["message"], verdict

    def check_options(self, options, user_name):
        expect(options.get("rp", {}).get("id") == RP_ID, f"rp.id {options.get('rp')!r}, expected {RP_ID}")
        expect(len(from_b64url(options.get("challenge"))) >= 16, "a challenge of at least 16 random bytes")
        user = options.get("user") or {}
        expect(1 <= len(from_b64url(user.get("id"))) <= 64, f"user.id of 1 to 64 bytes: {user!r}")
        expect(user.get("name") == user_name, f"user.name {user.get('name')!r}, expected {user_name!r}")
        expect({"type": "public-key", "alg": -7} in (options.get("pubKeyCredParams") or []),
               f"ES256 among pubKeyCredParams: {options.get('pubKeyCredParams')!r}")
        expect(options.get("attestation") == "none", f"attestation {options.get('attestation')!r}")
        selection = options.get("authenticatorSelection") or {}
        expect(selection.get("residentKey") == "required" and selection.get("userVerification") == "required",
               f"authenticatorSelection {selection!r}: a discoverable credential and user verification required")

    def signed_in_as(self, document, local_id, what):
        expect(document.get("localId") == local_id, f"{what}: localId {document.get('localId')!r}, "
                                                    f"expected {local_id!r}")
        expect(document.get("refreshToken"), f"{what}: no refreshToken")
        claims = jwt_payload(document.get("idToken"))
        expect(claims.get("user_id") == local_id and claims.get("sub") == local_id,
               f"{what}: the ID token names user_id {claims.get('user_id')!r}, sub {claims.get('sub')!r}")
        expect(self.lookup(document["idToken"]).get("localId") == local_id, f"{what}: serve does not take its token")

    def check_against_serve(self):
        suffix = secrets.token_hex(4)
        email_a, email_b = f"ada.passkey.{suffix}@example.com", f"bob.passkey.{suffix}@example.com"
        local_a, token_a = self.sign_up(email_a)
        options = self.enrollment_start(token_a)
        self.check_options(options, email_a)
        self.passed("passkeyEnrollment:start: rp signin.example, a fresh challenge, ES256, none attestation, "
                    "a discoverable credential with user verification required")
        user_handle = from_b64url(options["user"]["id"])

        made = self.authenticator.create("a", options)
        registration = self.registration(token_a, made)
        document, verdict = self.api.ok(V2 + "accounts/passkeyEnrollment:finalize", registration,
                                        "passkeyEnrollment:finalize")
        expect(document.get("localId") == local_a and document.get("idToken"),
               f"passkeyEnrollment:finalize: localId {document.get('localId')!r}, expected {local_a!r}")
        expect(verdict and verdict["verified"], f"py_webauthn did not verify soft-webauthn's registration: {verdict}")
        token_a = document["idToken"]
        credential_a = made["id"]
        self.passed("soft-webauthn's registration is enrolled (and py_webauthn, on the way, verified it)")

        message, _ = self.refused(V2 + "accounts/passkeyEnrollment:finalize", registration,
                                  "the same registration finalized twice")
        self.passed(f"the same enrollment finalize sent twice is refused: {message}")
        again = self.authenticator.create("a-used-challenge", options)
        message, _ = self.refused(V2 + "accounts/passkeyEnrollment:finalize", self.registration(token_a, again),
                                  "a new credential over a challenge already used")
        self.passed(f"a new credential made over the used enrollment challenge is refused: {message}")

        info = self.lookup(token_a).get("passkeyInfo") or []
        expect(len(info) == 1 and same_id(info[0].get("credentialId"), credential_a)
               and info[0].get("name") == "peer key",
               f"accounts:lookup passkeyInfo: one passkey 'peer key' {credential_a} expected: {short(info)}")
        self.passed("accounts:lookup lists the passkey by name and credential id")
        options_a2 = self.enrollment_start(token_a)
        excluded = options_a2.get("excludeCredentials") or []
        expect(any(same_id(c.get("id"), credential_a) and c.get("type") == "public-key" for c in excluded),
               f"a second enrollment start excludes the registered credential: {short(excluded)}")
        self.passed("a second passkeyEnrollment:start lists the registered credential in excludeCredentials")

        request = self.sign_in_start()
        expect(request.get("rpId") == RP_ID, f"passkeySignIn:start rpId {request.get('rpId')!r}")
        expect(request.get("userVerification") == "required", f"userVerification {request.get('userVerification')!r}")
        expect(request.get("allowCredentials") == [], f"allowCredentials {request.get('allowCredentials')!r}: "
                                                      "empty, for a discoverable credential")
        expect(len(from_b64url(request.get("challenge"))) >= 16, "a sign-in challenge of at least 16 bytes")
        self.passed("passkeySignIn:start: rpId signin.example, a fresh challenge, UV required, allowCredentials []")
        signed = self.authenticator.get("a", request)
        expect(from_b64url(signed["response"]["userHandle"]) == user_handle, "soft-webauthn's userHandle")
        finalize = self.assertion(signed)
        document, verdict = self.api.ok(V2 + "accounts/passkeySignIn:finalize", finalize, "passkeySignIn:finalize")
        self.signed_in_as(document, local_a, "passkeySignIn:finalize")
        expect(verdict and verdict["verified"], f"py_webauthn did not verify soft-webauthn's assertion: {verdict}")
        token_a = document["idToken"]
        self.passed("soft-webauthn's assertion signs in: an ID token whose user_id and sub are the account's, "
                    "that serve takes back")

        message, _ = self.refused(V2 + "accounts/passkeySignIn:finalize", finalize, "the same assertion twice")
        self.passed(f"the same sign-in finalize sent twice is refused: {message}")

        def attack(what, device="a", origin=ORIGIN, uv=True, change=None, challenge=None):
            request = self.sign_in_start()
            if challenge:
                request = dict(request, challenge=b64url(challenge))
            signed = self.authenticator.get(device, request, origin=origin, uv=uv)
            if change:
                change(signed)
            message, verdict = self.refused(V2 + "accounts/passkeySignIn:finalize", self.assertion(signed), what)
            self.passed(f"refused: {what}: {message}")
            return verdict

        attack("an assertion whose clientDataJSON origin is https://evil.example", origin=EVIL_ORIGIN)

        def flip(signed):
            signature = bytearray(from_b64url(signed["response"]["signature"]))
            signature[-1] ^= 0x01
            signed["response"]["signature"] = b64url(bytes(signature))

        attack("an assertion with a flipped signature byte", change=flip)
        attack("an assertion without user verification (the UV flag clear)", uv=False)
        attack("an assertion over a challenge serve never issued", challenge=secrets.token_bytes(32))

        # A second credential for the same relying party and user handle, made on another soft-webauthn device and
        # never sent to serve.
        self.authenticator.create("stranger", dict(options, challenge=b64url(secrets.token_bytes(32))))
        attack("an assertion by a second credential that was never registered", device="stranger")

        def as_a(signed):
            signed["id"] = credential_a

        attack("the unregistered credential's assertion under the registered credential's id", device="stranger",
               change=as_a)

        local_b, token_b = self.sign_up(email_b)
        self.enrollment_start(token_b)
        message, _ = self.refused(V2 + "accounts/passkeyEnrollment:finalize", self.registration(token_b, made),
                                  "a registration replayed for a second account")
        expect(not self.lookup(token_b).get("passkeyInfo"), "the second account has a passkey after the replay")
        self.passed(f"refused: the first account's registration replayed for a second account: {message}")

        # The first account's live enrollment challenge (from its second start, never used), answered by a new
        # credential and finalized by the second account: a challenge belongs to the account it was issued to.
        crossed = self.authenticator.create("crossed", options_a2)
        message, _ = self.refused(V2 + "accounts/passkeyEnrollment:finalize", self.registration(token_b, crossed),
                                  "a registration over another account's enrollment challenge")
        expect(not self.lookup(token_b).get("passkeyInfo"), "the second account has a passkey after the crossing")
        self.passed(f"refused: a registration over the first account's unused challenge, finalized by the second "
                    f"account: {message}")

        options_b = self.enrollment_start(token_b)
        no_uv = self.authenticator.create("b-no-uv", options_b, uv=False)
        message, _ = self.refused(V2 + "accounts/passkeyEnrollment:finalize", self.registration(token_b, no_uv),
                                  "a registration without user verification")
        options_b = self.enrollment_start(token_b)
        evil = self.authenticator.create("b-evil", options_b, origin=EVIL_ORIGIN)
        message_evil, _ = self.refused(V2 + "accounts/passkeyEnrollment:finalize", self.registration(token_b, evil),
                                       "a registration from https://evil.example")
        expect(not self.lookup(token_b).get("passkeyInfo"), "the second account has a passkey after the refusals")
        self.passed(f"refused: a registration without UV ({message}) and one from https://evil.example "
                    f"({message_evil})")

        request = self.sign_in_start()
        document, _ = self.api.ok(V2 + "accounts/passkeySignIn:finalize", self.assertion(
            self.authenticator.get("a", request)), "passkeySignIn:finalize after the attacks")
        self.signed_in_as(document, local_a, "passkeySignIn:finalize after the attacks")
        token_a = document["idToken"]
        self.passed("after every refusal the registered passkey still signs in to its own account")

        updated, _ = self.api.ok(V1 + "accounts:update", {"idToken": token_a, "deletePasskey": [credential_a],
                                                          "returnSecureToken": True}, "accounts:update deletePasskey")
        # Removing a passkey ends the account's sessions, as a password change does: the answer carries new tokens.
        token_a = updated.get("idToken") or token_a
        expect(not self.lookup(token_a).get("passkeyInfo"), "accounts:lookup still lists the deleted passkey")
        self.passed("accounts:update deletePasskey removes it: accounts:lookup lists no passkey")
        attack("the deleted passkey's assertion")

        # py_webauthn saw every finalize on its way to serve: serve accepted none it refused.
        verdicts = self.proxy.all_verdicts()
        accepted_unverified = [v for v in verdicts if v["status"] == 200 and not v["verified"]]
        expect(not accepted_unverified, f"serve accepted what py_webauthn refused: {accepted_unverified}")
        accepted = [v for v in verdicts if v["status"] == 200]
        expect(len(accepted) == 3, f"three finalizes accepted expected (a registration, two sign-ins): {verdicts}")
        refused_both = sum(1 for v in verdicts if v["status"] != 200 and not v["verified"])
        self.passed(f"py_webauthn verified every finalize serve accepted ({len(accepted)}), and itself refused "
                    f"{refused_both} of the {len(verdicts) - len(accepted)} serve refused (the rest are replays and "
                    "crossed challenges, which only the relying party's state can tell)")

    # 3. py_webauthn against the CLI ----------------------------------------------------------------------------

    def run_cli(self, data_dir, *arguments):
        environment = dict(os.environ, LANG="en_US.UTF-8", LC_ALL="en_US.UTF-8",
                           FIREBASE_AUTH_EMULATOR_HOST=f"127.0.0.1:{self.proxy.port}",
                           FIREBASE_PROJECT_ID=PROJECT, FIREBASE_API_KEY=API_KEY)
        command = [self.cli, *arguments, "--backend", "firebase", "--data-dir", str(data_dir)]
        try:
            done = subprocess.run(command, env=environment, input=b"y\n", capture_output=True, timeout=60)
        except subprocess.TimeoutExpired:
            raise CheckFailed(f"$ {' '.join(arguments)} did not end within 60 s")
        out, err = done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")
        return done.returncode, out, err

    def cli_ok(self, data_dir, *arguments):
        status, out, err = self.run_cli(data_dir, *arguments)
        expect(status == 0, f"$ signin-demo {' '.join(arguments)}: exit {status}\n{out}{err}")
        return out

    def cli_status(self, data_dir):
        status, out, err = self.run_cli(data_dir, "status", "--json")
        try:
            return status, json.loads(out)
        except ValueError:
            raise CheckFailed(f"status --json printed no JSON (exit {status}): {out}{err}")

    def check_cli(self):
        data_dir = self.work / "cli"
        email = f"cli.passkey.{secrets.token_hex(4)}@example.com"
        before = len(self.proxy.all_verdicts())

        def new_verdicts():
            return self.proxy.all_verdicts()[before:]

        self.cli_ok(data_dir, "sign-up", "--email", email, "--password", PASSWORD)
        status, signed_up = self.cli_status(data_dir)
        expect(status == 0 and signed_up.get("email") == email, f"status after sign-up: {signed_up}")
        uid = signed_up["uid"]
        self.passed("CLI: sign-up through the proxy")

        with self.proxy.lock:
            known_before = set(self.proxy.credentials)
        self.cli_ok(data_dir, "passkey", "add", "--name", "peer")
        registrations = [v for v in new_verdicts() if v["kind"] == "registration"]
        expect(registrations and all(v["verified"] and v["status"] == 200 for v in registrations),
               f"py_webauthn's verdicts on the CLI's registration: {registrations}")
        self.passed(f"CLI: passkey add; py_webauthn verified its registration ({registrations[-1]['detail']})")
        with self.proxy.lock:
            added = [c for c in self.proxy.credentials if c not in known_before]
        expect(len(added) == 1, f"one credential registered through the proxy expected, got {added}")
        credential_id = added[0]

        self.cli_ok(data_dir, "sign-out", "--yes")
        status, _ = self.cli_status(data_dir)
        expect(status == 1, f"status after sign-out: exit {status}, expected 1 (nobody)")
        self.cli_ok(data_dir, "sign-in", "passkey")
        assertions = [v for v in new_verdicts() if v["kind"] == "assertion"]
        expect(assertions and all(v["verified"] and v["status"] == 200 for v in assertions),
               f"py_webauthn's verdicts on the CLI's assertion: {assertions}")
        status, signed_in = self.cli_status(data_dir)
        expect(status == 0 and signed_in.get("uid") == uid and signed_in.get("email") == email,
               f"status after sign-in passkey: {signed_in}, expected uid {uid}")
        self.passed(f"CLI: sign-out, then sign-in passkey to the same account; py_webauthn verified its assertion "
                    f"({assertions[-1]['detail']})")

        listed = self.cli_ok(data_dir, "passkey", "list")
        shown_ids = [word for word in re.findall(r"[A-Za-z0-9_-]{16,}={0,2}", listed) if same_id(word, credential_id)]
        expect("peer" in listed and shown_ids, f"passkey list shows 'peer' and its credential id {credential_id}:\n"
                                               f"{listed}")
        self.passed("CLI: passkey list shows the passkey by name and credential id")

        self.cli_ok(data_dir, "passkey", "remove", shown_ids[0])
        listed = self.cli_ok(data_dir, "passkey", "list")
        expect(not any(same_id(word, credential_id) for word in re.findall(r"[A-Za-z0-9_-]{16,}={0,2}", listed)),
               f"passkey list after remove still shows {credential_id}:\n{listed}")
        with self.proxy.lock:
            still = credential_id in self.proxy.credentials
        expect(not still, "passkey remove sent no accounts:update deletePasskey for the credential")
        self.passed("CLI: passkey remove deletes it at serve (accounts:update deletePasskey); the list no longer "
                    "shows it")

        verdicts = new_verdicts()
        failed = [v for v in verdicts if not v["verified"]]
        expect(not failed, f"py_webauthn refused what the CLI sent: {failed}")
        kinds = [v["kind"] for v in verdicts]
        expect(kinds.count("registration") >= 1 and kinds.count("assertion") >= 1,
               f"at least one registration and one assertion verified expected, got {kinds}")
        self.passed(f"py_webauthn verified all {len(verdicts)} passkey finalizes the CLI sent "
                    f"({kinds.count('registration')} registration, {kinds.count('assertion')} assertion)")

        self.cli_ok(data_dir, "sign-out", "--yes")
        refused_status, out, err = self.run_cli(data_dir, "sign-in", "passkey")
        late = self.proxy.all_verdicts()[before + len(verdicts):]
        expect(refused_status != 0, f"sign-in passkey after passkey remove: exit 0\n{out}{err}")
        expect(all(v["status"] != 200 for v in late), f"serve accepted the removed passkey: {late}")
        status, _ = self.cli_status(data_dir)
        expect(status == 1, f"status after the refused sign-in: exit {status}, expected 1 (nobody)")
        self.passed(f"CLI: after passkey remove, sign-in passkey fails (exit {refused_status}"
                    f"{', serve refused its finalize' if late else ', before any finalize'}) and nobody is signed in")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", required=True, help="the built signin-demo")
    parser.add_argument("--authenticator-python", required=True,
                        help="the Python of the virtualenv with soft-webauthn (run sets it)")
    parser.add_argument("--data-dir", help="a folder for serve's and the CLI's data (default: a temporary one)")
    parser.add_argument("--skip-cli", action="store_true",
                        help="leave out py_webauthn against the CLI's own authenticator")
    arguments = parser.parse_args()
    if not os.access(arguments.cli, os.X_OK):
        print(f"webauthn peer: {arguments.cli} is not an executable signin-demo", file=sys.stderr)
        return 2

    # SIGTERM and SIGHUP end the run as Ctrl-C does, through the finally below that stops what it started.
    def stop(signum, _frame):
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGHUP, stop)

    if arguments.data_dir:
        Path(arguments.data_dir).mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix="webauthn-peer-", dir=arguments.data_dir))
    else:
        work = Path(tempfile.mkdtemp(prefix="webauthn-peer-"))
    print(f"webauthn peer: soft-webauthn 0.1.4 (authenticator), py_webauthn {webauthn.__version__} (relying party)",
          flush=True)
    authenticator = Authenticator(arguments.authenticator_python)
    peer = Peer(arguments.cli, work, authenticator)
    try:
        print("== the judges agree: soft-webauthn creates and asserts, py_webauthn verifies", flush=True)
        peer.check_pairing()
        peer.start()
        print("== soft-webauthn against signin-demo serve (through py_webauthn's proxy)", flush=True)
        peer.check_against_serve()
        if arguments.skip_cli:
            print("== py_webauthn against the CLI's authenticator: skipped (--skip-cli)", flush=True)
        else:
            print("== py_webauthn against the CLI's authenticator: signin-demo --backend firebase through the proxy",
                  flush=True)
            peer.check_cli()
    except CheckFailed as failure:
        print(f"FAIL: {failure}", file=sys.stderr)
        if peer.serve:
            print(f"serve's log, last lines:\n{peer.serve.log_tail()}", file=sys.stderr)
        return 1
    finally:
        peer.stop()
        authenticator.stop()
        if not arguments.data_dir:
            shutil.rmtree(work, ignore_errors=True)
    print(f"webauthn peer: {peer.checks} checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
