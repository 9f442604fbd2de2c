"""A real OpenID Connect provider nobody here wrote judges the CLI's OpenID Connect sign-in.

django-oauth-toolkit (on Django, pinned in requirements.txt) runs on 127.0.0.1 as the provider: discovery, a password
login, a consent form, PKCE required, RS256 ID tokens with email, email_verified and name. This script starts it,
plays the browser (cookies, CSRF, the login and consent forms), and runs the CLI as a program, reading only what it
prints and what it answers on its loopback redirect. It checks, each with an `ok` line:

1. that the provider enforces PKCE (a wrong code_verifier and a missing code_challenge are refused), so that the
   CLI's own PKCE is really judged;
2. that `sign-in oidc.peer --issuer ... --client-id ...` signs in end to end, with a well-formed authorization
   request (code, S256, state, nonce, openid, a loopback redirect_uri on any port);
3. that `link oidc.peer` keeps a guest's uid, and that the registered provider signs in again by its name alone;
4. that the CLI refuses, and stores no session, when a tampering proxy in front of the provider serves another
   signing key (same kid, then another kid), another issuer, an ID token for another audience or with another
   nonce, and when the browser brings the code back with another state.

Usage: run --cli PATH --data-dir DIR [--backend NAME]
Exits 0 when every check passes, 1 on the first failure (with what was expected and what came), 2 on bad usage.
"""

import argparse
import base64
import hashlib
import html.parser
import http.client
import http.server
import json
import os
import re
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

import django
import oauth2_provider
import requests
from jwcrypto import jwk, jwt

HERE = Path(__file__).resolve().parent
USERNAME = "ada"
PASSWORD = "correct horse battery staple"
EMAIL = "ada.oidc@example.com"
NAME = "Ada Lovelace"
CLIENT_ID = "signin-demo-peer"
OTHER_CLIENT_ID = "other-app"
PROVIDER_ID = "oidc.peer"
# The registered redirect URI is http://127.0.0.1/callback; the peer's own flows use another port on purpose, as the
# provider must accept any port on a loopback redirect (RFC 8252 §7.3). Nothing listens there: only the Location
# header is read.
OWN_REDIRECT_URI = "http://127.0.0.1:9/callback"
URL_LINE = "Open this address in a browser to sign in: "
WAIT = 60  # seconds, for anything the CLI or the provider is waited for
# The peer's own requests, outside the browser's cookie jar; no proxy from the environment between it and 127.0.0.1.
HTTP = requests.Session()
HTTP.trust_env = False


class CheckFailed(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise CheckFailed(message)


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def pkce_pair():
    verifier = b64url(os.urandom(32))
    return verifier, b64url(hashlib.sha256(verifier.encode()).digest())


def query_of(url):
    return {k: v[0] for k, v in urllib.parse.parse_qs(urllib.parse.urlsplit(url).query).items()}


def first_line(text):
    return next((line.strip() for line in text.splitlines() if line.strip()), "(nothing)")


def verify_id_token(token, jwks):
    """The ID token's claims once its RS256 signature checks against the key set (a dict), else CheckFailed."""
    try:
        verified = jwt.JWT(jwt=token, key=jwk.JWKSet.from_json(json.dumps(jwks)), algs=["RS256"])
        return json.loads(verified.claims)
    except Exception as error:  # jwcrypto raises several kinds
        raise CheckFailed(f"the provider's ID token does not verify against its own JWKS: {error}")


# ---------------------------------------------------------------------------------------------------------------
# The provider: django-oauth-toolkit in a process of its own (provider/serve.py)


class Provider:
    def __init__(self, state_dir):
        self.state_dir = state_dir
        self.process = None
        self.base = None

    def start(self, seconds=WAIT):
        self.log = open(self.state_dir / "provider.log", "wb")
        self.process = subprocess.Popen(
            [sys.executable, str(HERE / "provider" / "serve.py")],
            env=dict(os.environ, OIDC_PEER_STATE=str(self.state_dir), PYTHONDONTWRITEBYTECODE="1"),
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=self.log)
        received = b""
        deadline = time.monotonic() + seconds
        while b"\n" not in received:
            left = deadline - time.monotonic()
            expect(left > 0, f"the provider did not start within {seconds} s:\n{self.log_tail()}")
            ready, _, _ = select.select([self.process.stdout], [], [], min(left, 0.5))
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 4096)
                expect(chunk, f"the provider ended while starting:\n{self.log_tail()}")
                received += chunk
        found = re.search(r"listening on (http://127\.0\.0\.1:\d+)", received.decode("utf-8", "replace"))
        expect(found, f"the provider printed {received!r}")
        self.base = found.group(1)
        self.issuer = self.base + "/o"

    def log_tail(self, lines=20):
        try:
            text = (self.state_dir / "provider.log").read_bytes().decode("utf-8", "replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        if self.process:
            self.process.stdout.close()
            self.log.close()


# ---------------------------------------------------------------------------------------------------------------
# The tampering proxy: passes everything to the provider, Host header included, so that django-oauth-toolkit names
# the proxy's address as the issuer and in every endpoint; in a tampering mode it changes one answer.

HOP_BY_HOP = {"connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te", "trailer",
              "transfer-encoding", "upgrade", "accept-encoding", "content-length"}


class ProxyHandler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *_):
        pass

    def do_GET(self):
        self.forward()

    def do_POST(self):
        self.forward()

    def forward(self):
        proxy = self.server
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
        upstream = http.client.HTTPConnection("127.0.0.1", proxy.upstream_port, timeout=WAIT)
        try:
            upstream.request(self.command, self.path, body=body, headers=headers)
            answer = upstream.getresponse()
            status, reply_headers, reply = answer.status, answer.getheaders(), answer.read()
        finally:
            upstream.close()
        path = urllib.parse.urlsplit(self.path).path
        form = urllib.parse.parse_qs(body.decode("utf-8", "replace")) if body else {}
        reply, tampered = proxy.tamper(self.command, path, form, status, reply)
        with proxy.lock:
            proxy.seen.append((self.command, path, tampered))
        self.send_response(status)
        for name, value in reply_headers:
            if name.lower() not in HOP_BY_HOP:
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(reply)))
        self.end_headers()
        self.wfile.write(reply)


class TamperingProxy(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, upstream_port, provider_issuer):
        super().__init__(("127.0.0.1", 0), ProxyHandler)
        self.upstream_port = upstream_port
        self.provider_issuer = provider_issuer
        self.issuer = f"http://127.0.0.1:{self.server_address[1]}/o"
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True)
        self.thread.start()
        self.set_mode("pass")

    def set_mode(self, mode, jwks=None, tokens=None):
        """mode: pass, wrong-issuer, wrong-key (serve `jwks`), swap-tokens (the token endpoint's id_token and
        access_token replaced by those of `tokens`, another answer the provider gave; None passes on)."""
        with self.lock:
            self.mode, self.jwks, self.tokens, self.seen = mode, jwks, tokens, []

    def arm(self, tokens):
        with self.lock:
            self.tokens = tokens

    def requests_seen(self):
        with self.lock:
            return list(self.seen)

    def tamper(self, method, path, form, status, reply):
        with self.lock:
            mode, jwks, tokens = self.mode, self.jwks, self.tokens
        if mode == "wrong-issuer" and path == "/o/.well-known/openid-configuration" and status == 200:
            document = json.loads(reply)
            document["issuer"] = self.provider_issuer
            return json.dumps(document).encode(), True
        if mode == "wrong-key" and path == "/o/.well-known/jwks.json" and status == 200:
            return json.dumps(jwks).encode(), True
        if (mode == "swap-tokens" and tokens and method == "POST" and path == "/o/token/" and status == 200
                and form.get("client_id") == [CLIENT_ID]):
            answer = json.loads(reply)
            answer["id_token"], answer["access_token"] = tokens["id_token"], tokens["access_token"]
            return json.dumps(answer).encode(), True
        return reply, False

    def close(self):
        self.shutdown()
        self.server_close()
        self.thread.join(5)


# ---------------------------------------------------------------------------------------------------------------
# The browser: a cookie jar, the login form, the consent form


class FormReader(html.parser.HTMLParser):
    """The named inputs of the form with the given id (or of the first form)."""

    def __init__(self, form_id=None):
        super().__init__()
        self.form_id, self.inside, self.done, self.fields = form_id, False, False, {}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form" and not self.done and (self.form_id is None or attrs.get("id") == self.form_id):
            self.inside = True
        elif tag == "input" and self.inside and attrs.get("name") and attrs.get("type") != "submit":
            self.fields[attrs["name"]] = attrs.get("value") or ""

    def handle_endtag(self, tag):
        if tag == "form" and self.inside:
            self.inside, self.done = False, True


def read_form(page, form_id=None):
    reader = FormReader(form_id)
    reader.feed(page)
    return reader.fields if reader.done else None


class Browser:
    def __init__(self):
        self.session = requests.Session()
        self.session.trust_env = False  # no proxy from the environment between us and 127.0.0.1

    def log_in(self, login_url):
        page = self.session.get(login_url, timeout=WAIT)
        fields = read_form(page.text)
        expect(page.status_code == 200 and fields is not None and "csrfmiddlewaretoken" in fields,
               f"the provider's login page: HTTP {page.status_code}, {page.text[:300]!r}")
        fields.update(username=USERNAME, password=PASSWORD)
        answer = self.session.post(page.url, data=fields, allow_redirects=False, timeout=WAIT)
        expect(answer.status_code == 302, f"logging in to the provider: HTTP {answer.status_code} "
                                          f"(a redirect expected) {answer.text[:300]!r}")
        return answer.headers["Location"]

    def authorize(self, url, allow=True):
        """GETs an authorization URL as a signed-in user and answers the consent form; returns the Location the
        provider redirects to (the client's redirect_uri with a code or an error), or the non-redirect answer."""
        page = self.session.get(url, allow_redirects=False, timeout=WAIT)
        if page.status_code == 302 and "/accounts/login/" in page.headers["Location"]:
            self.log_in(urllib.parse.urljoin(url, page.headers["Location"]))
            page = self.session.get(url, allow_redirects=False, timeout=WAIT)
        if page.status_code == 302:
            return page.headers["Location"], page
        fields = read_form(page.text, "authorizationForm")
        expect(page.status_code == 200 and fields is not None,
               f"the provider's consent page for {url}: HTTP {page.status_code}:\n{page.text[:800]}")
        if allow:
            fields["allow"] = "Authorize"
        answer = self.session.post(url, data=fields, allow_redirects=False, timeout=WAIT)
        expect(answer.status_code == 302, f"posting the consent form: HTTP {answer.status_code} "
                                          f"(a redirect expected):\n{answer.text[:800]}")
        return answer.headers["Location"], answer


# ---------------------------------------------------------------------------------------------------------------
# The CLI, as a program: the one place that knows its command line


class Running:
    """A CLI run in the background: stdin not a terminal, stdout and stderr kept as bytes and decoded as a whole
    (a pipe hands them over in pieces, which may cut a character in two)."""

    def __init__(self, command, environment):
        self.command = command
        # A process group of its own, so that whatever it starts is stopped with it.
        self.process = subprocess.Popen(command, env=environment, stdin=subprocess.DEVNULL,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
        self.received = {"out": b"", "err": b""}
        self.lock = threading.Lock()
        self.readers = [threading.Thread(target=self.read, args=(name, stream), daemon=True)
                        for name, stream in (("out", self.process.stdout), ("err", self.process.stderr))]
        for reader in self.readers:
            reader.start()

    def read(self, name, stream):
        while True:
            chunk = os.read(stream.fileno(), 65536)
            if not chunk:
                return
            with self.lock:
                self.received[name] += chunk

    def text(self, name):
        with self.lock:
            return self.received[name].decode("utf-8", "replace")

    @property
    def stdout(self):
        return self.text("out")

    @property
    def stderr(self):
        return self.text("err")

    def shown(self):
        return f"$ {' '.join(self.command)}\nstdout:\n{self.stdout}\nstderr:\n{self.stderr}"

    def authorization_url(self, seconds=WAIT):
        """The URL of the line `Open this address in a browser to sign in: URL`, or None when the CLI ended
        without printing it."""
        deadline = time.monotonic() + seconds
        while True:
            found = re.search(re.escape(URL_LINE) + r"(\S+)\s*\n", self.stdout)
            if found:
                return found.group(1)
            if self.process.poll() is not None:
                for reader in self.readers:
                    reader.join(5)
                found = re.search(re.escape(URL_LINE) + r"(\S+)", self.stdout)
                return found.group(1) if found else None
            expect(time.monotonic() < deadline,
                   f"the CLI printed no authorization URL within {seconds} s:\n{self.shown()}")
            time.sleep(0.05)

    def wait(self, seconds=WAIT):
        try:
            status = self.process.wait(seconds)
        except subprocess.TimeoutExpired:
            self.kill()
            raise CheckFailed(f"the CLI did not end within {seconds} s:\n{self.shown()}")
        for reader in self.readers:
            reader.join(5)
        return status

    def kill(self):
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        if self.process.poll() is None:
            self.process.wait(5)


class Cli:
    def __init__(self, path, backend):
        self.path = path
        self.backend = backend
        self.environment = dict(os.environ, LANG="en_US.UTF-8", LC_ALL="en_US.UTF-8")
        self.running = []

    def command(self, data_dir, *arguments):
        return [self.path, *arguments, "--backend", self.backend, "--data-dir", str(data_dir)]

    @staticmethod
    def oidc(verb, issuer=None, client_id=None):
        """`sign-in oidc.peer` or `link oidc.peer`; with an issuer and a client id the first time (it registers the
        provider in the data folder), by its name alone afterwards."""
        arguments = [verb, PROVIDER_ID]
        if issuer:
            arguments += ["--issuer", issuer, "--client-id", client_id]
        return arguments

    def run(self, data_dir, *arguments):
        done = subprocess.run(self.command(data_dir, *arguments), env=self.environment, stdin=subprocess.DEVNULL,
                              capture_output=True, timeout=120)
        return (done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace"))

    def start(self, data_dir, *arguments):
        running = Running(self.command(data_dir, *arguments), self.environment)
        self.running.append(running)
        return running

    def status(self, data_dir):
        """(exit status, the JSON object or None, stdout and stderr)"""
        code, out, err = self.run(data_dir, "status", "--json")
        try:
            document = json.loads(out)
        except ValueError:
            document = None
        return code, document, out + err

    def stop_all(self):
        for running in self.running:
            running.kill()


def provider_ids(status):
    """The provider ids of `status --json`: a list of strings, or of objects naming theirs."""
    ids = []
    for entry in status.get("providers") or []:
        if isinstance(entry, str):
            ids.append(entry)
        elif isinstance(entry, dict):
            ids.append(entry.get("providerId") or entry.get("id") or entry.get("provider"))
    return ids


# ---------------------------------------------------------------------------------------------------------------
# The checks


class Peer:
    def __init__(self, cli, data_dir, state_dir):
        self.cli = cli
        self.data_dir = Path(data_dir)
        self.provider = Provider(state_dir)
        self.browser = Browser()
        self.proxy = None
        self.checks = 0
        self.requests_made = []  # the authorization requests the CLI made, to compare them

    def passed(self, what):
        self.checks += 1
        print(f"  ok  {what}", flush=True)

    def fresh_dir(self, name):
        self.data_dir.mkdir(parents=True, exist_ok=True)
        return Path(tempfile.mkdtemp(prefix=f"{name}-", dir=self.data_dir))

    def discovery(self, issuer):
        answer = HTTP.get(issuer + "/.well-known/openid-configuration", timeout=WAIT)
        expect(answer.status_code == 200, f"discovery at {issuer}: HTTP {answer.status_code}")
        return answer.json()

    def jwks(self, meta):
        return HTTP.get(meta["jwks_uri"], timeout=WAIT).json()

    def own_code(self, meta, client_id, nonce, challenge="", state=None):
        """One authorization-code flow of the peer's own, as the browser; returns the redirect's query."""
        state = state or b64url(os.urandom(16))
        parameters = {"response_type": "code", "client_id": client_id, "redirect_uri": OWN_REDIRECT_URI,
                      "scope": "openid email profile", "state": state, "nonce": nonce}
        if challenge:
            parameters.update(code_challenge=challenge, code_challenge_method="S256")
        location, _ = self.browser.authorize(meta["authorization_endpoint"] + "?" + urllib.parse.urlencode(parameters))
        return location, query_of(location)

    def exchange(self, meta, client_id, code, verifier):
        return HTTP.post(meta["token_endpoint"], timeout=WAIT, data={
            "grant_type": "authorization_code", "code": code, "redirect_uri": OWN_REDIRECT_URI,
            "client_id": client_id, "code_verifier": verifier})

    def own_tokens(self, meta, client_id, nonce):
        """A token answer the provider really gives `client_id` for an ID token with this nonce."""
        verifier, challenge = pkce_pair()
        location, query = self.own_code(meta, client_id, nonce, challenge)
        expect("code" in query, f"the provider gave no code to {client_id}: {location}")
        answer = self.exchange(meta, client_id, query["code"], verifier)
        expect(answer.status_code == 200 and "id_token" in answer.json(),
               f"the code of {client_id} with its verifier: HTTP {answer.status_code} {answer.text}")
        return answer.json()

    # 1. The provider enforces PKCE: otherwise the CLI's PKCE could be wrong and nothing would notice.

    def check_provider(self):
        meta = self.discovery(self.provider.issuer)
        expect(meta.get("issuer") == self.provider.issuer,
               f"the provider's discovery names issuer {meta.get('issuer')!r}, expected {self.provider.issuer!r}")
        expect("S256" in meta.get("code_challenge_methods_supported", []),
               f"the provider's code_challenge_methods_supported: {meta.get('code_challenge_methods_supported')}")
        self.browser.log_in(self.provider.base + "/accounts/login/")
        self.passed(f"provider: discovery at {self.provider.issuer}, S256 offered; the browser logs in as {USERNAME}")

        location, query = self.own_code(meta, CLIENT_ID, "n-no-challenge")
        expect("code" not in query and query.get("error") == "invalid_request",
               f"an authorization request without code_challenge: expected a refusal (error=invalid_request, no "
               f"code), came {location}")
        self.passed("provider: an authorization request without code_challenge is refused (invalid_request, no code)")

        verifier, challenge = pkce_pair()
        location, query = self.own_code(meta, CLIENT_ID, "n-wrong-verifier", challenge)
        expect("code" in query, f"an authorization request with a code_challenge on port 9: no code in {location}")
        self.passed("provider: a loopback redirect_uri on another port than the registered one is accepted "
                    "(RFC 8252 §7.3)")
        wrong = self.exchange(meta, CLIENT_ID, query["code"], pkce_pair()[0])
        expect(wrong.status_code == 400 and wrong.json().get("error") == "invalid_grant",
               f"a code exchanged with a wrong code_verifier: expected 400 invalid_grant, came HTTP "
               f"{wrong.status_code} {wrong.text}")
        self.passed("provider: a code exchanged with a wrong code_verifier is refused (400 invalid_grant)")

        nonce = b64url(os.urandom(12))
        verifier, challenge = pkce_pair()
        location, query = self.own_code(meta, CLIENT_ID, nonce, challenge)
        right = self.exchange(meta, CLIENT_ID, query["code"], verifier)
        expect(right.status_code == 200 and "id_token" in right.json(),
               f"a fresh code with its code_verifier: expected 200 with an id_token, came HTTP {right.status_code} "
               f"{right.text}")
        claims = verify_id_token(right.json()["id_token"], self.jwks(meta))
        wanted = {"iss": self.provider.issuer, "aud": CLIENT_ID, "nonce": nonce, "email": EMAIL,
                  "email_verified": True, "name": NAME}
        got = {key: claims.get(key) for key in wanted}
        expect(got == wanted, f"the ID token's claims: expected {wanted}, came {got}")
        self.passed("provider: a fresh code with its code_verifier gives an RS256 ID token (iss, aud, nonce, email, "
                    "email_verified, name)")
        again = self.exchange(meta, CLIENT_ID, query["code"], verifier)
        expect(again.status_code == 400, f"the same code a second time: HTTP {again.status_code} {again.text}")
        self.passed("provider: a code is taken once")

    # The browser for the CLI

    def play_browser(self, running, issuer, before_consent=None, other_state=False):
        """Reads the CLI's authorization URL, checks it, logs in and consents, and brings the code to the CLI's
        redirect_uri (with another state when asked). Returns the CLI's answer to the browser, or None when the
        CLI ended without printing a URL."""
        url = running.authorization_url()
        if url is None:
            return None
        parameters = query_of(url)
        endpoint = issuer + "/authorize/"
        expect(url.startswith(endpoint + "?"), f"the authorization URL should start with {endpoint}?, came {url}")
        redirect = urllib.parse.urlsplit(parameters.get("redirect_uri", ""))
        problems = []
        if parameters.get("response_type") != "code":
            problems.append(f"response_type={parameters.get('response_type')!r}, expected 'code'")
        if parameters.get("client_id") != CLIENT_ID:
            problems.append(f"client_id={parameters.get('client_id')!r}, expected {CLIENT_ID!r}")
        if parameters.get("code_challenge_method") != "S256":
            problems.append(f"code_challenge_method={parameters.get('code_challenge_method')!r}, expected 'S256'")
        if not re.fullmatch(r"[A-Za-z0-9_-]{43}", parameters.get("code_challenge", "")):
            problems.append(f"code_challenge={parameters.get('code_challenge')!r}, expected base64url SHA-256")
        for name in ("state", "nonce"):
            if len(parameters.get(name, "")) < 16:
                problems.append(f"{name}={parameters.get(name)!r}, expected an unguessable value")
        if "openid" not in parameters.get("scope", "").split():
            problems.append(f"scope={parameters.get('scope')!r}, expected to contain openid")
        if not (redirect.scheme == "http" and redirect.hostname == "127.0.0.1" and redirect.port
                and redirect.path == "/callback"):
            problems.append(f"redirect_uri={parameters.get('redirect_uri')!r}, expected "
                            f"http://127.0.0.1:<port>/callback (registered: http://127.0.0.1/callback, any port)")
        expect(not problems, "the authorization URL " + url + ":\n  " + "\n  ".join(problems))
        self.requests_made.append(parameters)

        if before_consent:
            before_consent(parameters)
        location, _ = self.browser.authorize(url)
        back = query_of(location)
        expect(location.startswith(parameters["redirect_uri"] + "?") and "code" in back
               and back.get("state") == parameters["state"],
               f"after consent the provider should redirect to {parameters['redirect_uri']} with a code and "
               f"state={parameters['state']}, came {location}")
        if other_state:
            back["state"] = b64url(os.urandom(16))
            location = parameters["redirect_uri"] + "?" + urllib.parse.urlencode(back)
        try:
            answer = HTTP.get(location, allow_redirects=False, timeout=WAIT)
        except requests.RequestException as error:
            raise CheckFailed(f"the CLI's redirect_uri {location} did not answer the browser: {error}\n"
                              f"{running.shown()}")
        return answer

    def signed_in(self, data_dir, what):
        code, status, shown = self.cli.status(data_dir)
        expect(code == 0 and status and status.get("signedIn") is True,
               f"status --json after {what}: exit {code}, {shown}")
        return status

    def oidc_sign_in(self, data_dir, verb, issuer=None, client_id=None, url_issuer=None):
        """Runs `sign-in`/`link` oidc.peer, plays the browser; expects exit 0. Returns the CLI's stdout."""
        running = self.cli.start(data_dir, *self.cli.oidc(verb, issuer, client_id))
        answer = self.play_browser(running, url_issuer or issuer or self.provider.issuer)
        expect(answer is not None, f"{verb} {PROVIDER_ID} exited {running.process.poll()} without printing a line "
                                   f"{URL_LINE!r}:\n{running.shown()}")
        expect(answer.status_code == 200,
               f"the CLI's redirect_uri answered the browser HTTP {answer.status_code}, expected 200:\n"
               f"{answer.text[:300]}\n{running.shown()}")
        code = running.wait()
        expect(code == 0, f"{verb} {PROVIDER_ID} exited {code}, expected 0:\n{running.shown()}")
        return running.stdout

    # 2. Sign-in end to end

    def check_sign_in(self):
        data_dir = self.fresh_dir("sign-in")
        out = self.oidc_sign_in(data_dir, "sign-in", self.provider.issuer, CLIENT_ID)
        self.passed("the authorization URL: response_type=code, client_id, S256 code_challenge, state, nonce, "
                    "scope with openid, redirect_uri http://127.0.0.1:<port>/callback")
        self.passed("the provider's consent redirects to the CLI's redirect_uri with a code and the same state; the "
                    "CLI's listener answers the browser (HTTP 200)")
        expect(EMAIL in out, f"sign-in {PROVIDER_ID} should print the session with {EMAIL}:\n{out}")
        self.passed(f"sign-in {PROVIDER_ID} --issuer --client-id exits 0 and prints the session ({EMAIL})")
        status = self.signed_in(data_dir, "the sign-in")
        expect(PROVIDER_ID in provider_ids(status) and status.get("email") == EMAIL,
               f"status --json should show provider {PROVIDER_ID} and email {EMAIL}: {status}")
        self.passed(f"status --json: signed in, providers {provider_ids(status)}, email {status.get('email')}")

        # The user declines at the consent form: the provider sends error=access_denied to the redirect_uri.
        data_dir = self.fresh_dir("declined")
        running = self.cli.start(data_dir, *self.cli.oidc("sign-in", self.provider.issuer, CLIENT_ID))
        url = running.authorization_url()
        expect(url, f"sign-in {PROVIDER_ID} printed no authorization URL:\n{running.shown()}")
        location, _ = self.browser.authorize(url, allow=False)
        expect(query_of(location).get("error") == "access_denied", f"declining consent: the provider sent {location}")
        HTTP.get(location, allow_redirects=False, timeout=WAIT)
        code = running.wait()
        expect(code in (1, 130) and running.stderr.strip(),
               f"declining consent: expected exit 1 or 130 (cancelled) with a message, came {code}:\n"
               f"{running.shown()}")
        status_code, _, shown = self.cli.status(data_dir)
        expect(status_code == 1, f"after declining consent status should exit 1, came {status_code}: {shown}")
        self.passed(f"declining at the consent form (access_denied): exit {code}, nobody signed in: "
                    f"{first_line(running.stderr)}")

    # 3. Linking a guest, then signing in by the registered name

    def check_link(self):
        data_dir = self.fresh_dir("link")
        code, out, err = self.cli.run(data_dir, "sign-in", "anonymous")
        expect(code == 0, f"sign-in anonymous exited {code}: {err}{out}")
        guest = self.signed_in(data_dir, "sign-in anonymous")
        expect(guest.get("isAnonymous") is True, f"status after sign-in anonymous: {guest}")
        self.oidc_sign_in(data_dir, "link", self.provider.issuer, CLIENT_ID)
        linked = self.signed_in(data_dir, f"link {PROVIDER_ID}")
        expect(linked.get("uid") == guest.get("uid") and PROVIDER_ID in provider_ids(linked),
               f"after link {PROVIDER_ID}: expected uid {guest.get('uid')} with provider {PROVIDER_ID}, came "
               f"{linked}")
        self.passed(f"link {PROVIDER_ID} keeps the guest's uid and adds the provider: {provider_ids(linked)}")

        code, out, err = self.cli.run(data_dir, "sign-out")
        expect(code == 0, f"sign-out after linking exited {code}: {err}{out}")
        code, _, shown = self.cli.status(data_dir)
        expect(code == 1, f"status after sign-out: exit {code}, expected 1: {shown}")
        self.oidc_sign_in(data_dir, "sign-in")
        again = self.signed_in(data_dir, f"sign-in {PROVIDER_ID} by its name")
        expect(again.get("uid") == guest.get("uid"),
               f"sign-in {PROVIDER_ID} by its registered name: expected uid {guest.get('uid')}, came {again}")
        self.passed(f"after sign-out, sign-in {PROVIDER_ID} (registered name, no --issuer) gives the same uid")

        states = [p["state"] for p in self.requests_made]
        nonces = [p["nonce"] for p in self.requests_made]
        challenges = [p["code_challenge"] for p in self.requests_made]
        ports = {urllib.parse.urlsplit(p["redirect_uri"]).port for p in self.requests_made}
        expect(all(len(set(values)) == len(values) for values in (states, nonces, challenges)),
               f"each authorization request needs its own state, nonce and code_challenge: {self.requests_made}")
        self.passed(f"{len(states)} authorization requests, each with its own state, nonce and code_challenge "
                    f"(redirect ports {sorted(ports)})")

    # 4. Refusals, through the tampering proxy

    def refused(self, what, mode, jwks=None, tokens=None, prepare=None, before_consent=None, other_state=False,
                must_reach=None):
        self.proxy.set_mode(mode, jwks=jwks, tokens=tokens)
        if prepare:
            prepare()
        data_dir = self.fresh_dir(mode)
        running = self.cli.start(data_dir, *self.cli.oidc("sign-in", self.proxy.issuer, CLIENT_ID))
        answer = self.play_browser(running, self.proxy.issuer, before_consent=before_consent,
                                   other_state=other_state)
        code = running.wait()
        expect(code == 1, f"{what}: the CLI should refuse with exit 1, exited {code}:\n{running.shown()}")
        expect(running.stderr.strip(), f"{what}: the CLI exited 1 with nothing on stderr:\n{running.shown()}")
        seen = self.proxy.requests_seen()
        if must_reach:
            expect(any(tampered for _, _, tampered in seen),
                   f"{what}: the CLI refused before the tampered answer ({must_reach}) was served, so for another "
                   f"reason:\n{running.shown()}\nrequests through the proxy: {seen}")
        status_code, status, shown = self.cli.status(data_dir)
        expect(status_code == 1 or (status and status.get("signedIn") is False),
               f"{what}: after the refusal status should show nobody signed in (exit 1), came exit {status_code}: "
               f"{shown}")
        where = "before printing an authorization URL" if answer is None else "after the browser came back"
        return first_line(running.stderr), where, seen

    def check_refusals(self):
        self.proxy = TamperingProxy(int(self.provider.base.rsplit(":", 1)[1]), self.provider.issuer)
        proxied = self.discovery(self.proxy.issuer)
        expect(proxied["issuer"] == self.proxy.issuer and proxied["token_endpoint"].startswith(self.proxy.issuer),
               f"through the proxy the provider should name the proxy's address: {proxied}")
        data_dir = self.fresh_dir("proxy-pass")
        self.oidc_sign_in(data_dir, "sign-in", self.proxy.issuer, CLIENT_ID)
        self.signed_in(data_dir, "the sign-in through the proxy")
        self.passed(f"control: through the proxy, passing everything, the sign-in succeeds (issuer "
                    f"{self.proxy.issuer})")

        real_keys = self.jwks(proxied)["keys"]
        for same_kid in (True, False):
            other = jwk.JWK.generate(kty="RSA", size=2048)
            key = dict(json.loads(other.export_public()), alg="RS256", use="sig",
                       kid=real_keys[0]["kid"] if same_kid else other.thumbprint())
            message, where, _ = self.refused("another signing key", "wrong-key", jwks={"keys": [key]},
                                             must_reach="the JWKS")
            kid = "the provider's kid" if same_kid else "a kid of its own"
            self.passed(f"refused: the JWKS serves another RSA key under {kid}; exit 1, {where}: {message}")

        message, where, seen = self.refused("another issuer in discovery", "wrong-issuer",
                                            must_reach="the discovery document")
        expect(not any(path == "/o/token/" for _, path, _ in seen),
               f"with another issuer in discovery the CLI still exchanged the code: {seen}")
        self.passed(f"refused: discovery names issuer {self.provider.issuer} instead of {self.proxy.issuer}; "
                    f"exit 1, {where}: {message}")

        def with_other_audience(parameters):
            # A real answer of the provider to other-app, for the same user and the CLI's own nonce: only the
            # audience is wrong.
            tokens = self.own_tokens(proxied, OTHER_CLIENT_ID, parameters["nonce"])
            claims = verify_id_token(tokens["id_token"], {"keys": real_keys})
            expect(claims["aud"] == OTHER_CLIENT_ID and claims["nonce"] == parameters["nonce"]
                   and claims["iss"] == self.proxy.issuer, f"other-app's ID token: {claims}")
            self.proxy.arm(tokens)

        message, where, _ = self.refused("an ID token for another audience", "swap-tokens",
                                         before_consent=with_other_audience, must_reach="the token answer")
        self.passed(f"refused: the token endpoint's ID token was issued to {OTHER_CLIENT_ID} (same nonce, valid "
                    f"signature); exit 1, {where}: {message}")

        earlier = {}

        def earlier_flow():
            earlier.update(self.own_tokens(proxied, CLIENT_ID, "an-earlier-flow-" + b64url(os.urandom(8))))
            self.proxy.arm(earlier)

        message, where, _ = self.refused("an ID token with another nonce", "swap-tokens", prepare=earlier_flow,
                                         must_reach="the token answer")
        self.passed(f"refused: the token endpoint's ID token is one issued earlier to {CLIENT_ID} with another "
                    f"nonce; exit 1, {where}: {message}")

        message, where, seen = self.refused("another state at the redirect_uri", "pass", other_state=True)
        expect(not any(path == "/o/token/" for _, path, _ in seen),
               f"with another state the CLI still exchanged the code at the token endpoint: {seen}")
        self.passed(f"refused: the code comes back with another state, and is not exchanged; exit 1, {where}: "
                    f"{message}")

    def check(self):
        self.provider.start()
        print(f"oidc peer: django-oauth-toolkit {oauth2_provider.__version__} on Django {django.__version__} at "
              f"{self.provider.issuer}, --backend {self.cli.backend}", flush=True)
        self.check_provider()
        self.check_sign_in()
        self.check_link()
        self.check_refusals()

    def close(self):
        self.cli.stop_all()
        if self.proxy:
            self.proxy.close()
        self.provider.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", required=True)
    parser.add_argument("--data-dir", required=True)
    parser.add_argument("--backend", default="embedded")
    arguments = parser.parse_args()
    if not (os.path.isfile(arguments.cli) and os.access(arguments.cli, os.X_OK)):
        parser.error(f"--cli {arguments.cli}: not an executable file")
    # A SIGTERM ends the run through the same clean-up as a failure.
    def terminated(*_):
        print("oidc peer: stopped by SIGTERM", file=sys.stderr)
        sys.exit(1)

    signal.signal(signal.SIGTERM, terminated)
    with tempfile.TemporaryDirectory(prefix="oidc-peer-") as state_dir:
        peer = Peer(Cli(os.path.abspath(arguments.cli), arguments.backend), arguments.data_dir, Path(state_dir))
        try:
            peer.check()
        except CheckFailed as failure:
            print(f"FAIL: {failure}", file=sys.stderr)
            tail = peer.provider.log_tail()
            if tail:
                print(f"the provider's last lines:\n{tail}", file=sys.stderr)
            return 1
        finally:
            peer.close()
    print(f"oidc peer: {peer.checks} checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
