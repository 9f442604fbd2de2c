"""Smoke checks of the reference backend, no pytest needed:

    <venv>/bin/python Examples/notes-backend/test_app.py

Starts the app in-process on 127.0.0.1:<free port> and talks to it with urllib.
Ends with a line "N passed, N failed"; exit status 1 if anything failed."""

from __future__ import annotations

import glob
import json
import os
import re
import socket
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

MAIL_DIR = tempfile.mkdtemp(prefix="nb-test-mail-")
os.environ["NOTES_MAIL_DIR"] = MAIL_DIR
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import uvicorn  # noqa: E402

import app as backend  # noqa: E402

ISO_MICROS = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$")
passed = failed = 0


def check(name: str, ok: bool, info: object = "") -> None:
    global passed, failed
    if ok:
        passed += 1
        print(f"ok   {name}")
    else:
        failed += 1
        print(f"FAIL {name} {info}")


def call(method: str, path: str, body: object = None, token: str | None = None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(BASE + path, data=data, method=method)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            status, headers, raw = resp.status, resp.headers, resp.read()
    except urllib.error.HTTPError as e:
        status, headers, raw = e.code, e.headers, e.read()
    return status, (json.loads(raw) if raw else None), headers


def newest_mail() -> dict:
    files = sorted(glob.glob(os.path.join(MAIL_DIR, "*.json")))
    with open(files[-1], encoding="utf-8") as f:
        return json.load(f)


def main() -> int:
    global BASE
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    BASE = f"http://127.0.0.1:{sock.getsockname()[1]}"
    server = uvicorn.Server(uvicorn.Config(backend.app, log_level="warning", access_log=False))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)

    email, pw = "ada@example.com", "correct horse"
    s, b, _ = call("POST", "/auth/signup", {"email": email, "password": pw})
    check("signup 201", s == 201 and b["email"] == email and isinstance(b["id"], int), (s, b))
    check("created_at has microseconds, no zone", ISO_MICROS.match(b.get("created_at", "")) is not None, b)

    s, b, _ = call("POST", "/auth/signup", {"email": email, "password": pw})
    check("duplicate 409", s == 409 and b == {"detail": "Email already registered"}, (s, b))

    s, b, _ = call("POST", "/auth/signup", {"email": "x@example.com", "password": "short"})
    check("short password 422 list", s == 422 and isinstance(b["detail"], list)
          and b["detail"][0]["loc"] == ["body", "password"] and "msg" in b["detail"][0]
          and "type" in b["detail"][0], (s, b))

    s, b, _ = call("POST", "/auth/login", {"email": email, "password": "wrong password"})
    check("wrong password 401", s == 401 and b == {"detail": "Incorrect email or password"}, (s, b))
    s, b, _ = call("POST", "/auth/login", {"email": "nobody@example.com", "password": pw})
    check("unknown email 401", s == 401 and b == {"detail": "Incorrect email or password"}, (s, b))

    s, b, _ = call("POST", "/auth/login", {"email": email, "password": pw})
    check("login 200", s == 200 and b["token_type"] == "bearer" and b["expires_in"] == 3600, (s, b))
    old_token = b["access_token"]

    s, b, _ = call("GET", "/auth/me", token=old_token)
    check("me 200", s == 200 and b["email"] == email, (s, b))
    s, b, h = call("GET", "/auth/me")
    check("me without token 401", s == 401 and b == {"detail": "Could not validate credentials"}
          and h.get("WWW-Authenticate") == "Bearer", (s, b))
    s, b, _ = call("GET", "/auth/me", token=old_token + "x")
    check("me with bad token 401", s == 401, (s, b))

    s, b, _ = call("POST", "/auth/forgot-password", {"email": "nobody@example.com"})
    check("forgot unknown 202, no mail", s == 202 and not glob.glob(os.path.join(MAIL_DIR, "*")), (s, b))
    s, b, _ = call("POST", "/auth/forgot-password", {"email": email})
    check("forgot 202", s == 202 and b == {"detail": "If the email has an account, a reset link was sent"}, (s, b))
    mail = newest_mail()
    eml = glob.glob(os.path.join(MAIL_DIR, "*.eml"))
    m = re.fullmatch(r"signin-demo://reset-password\?code=([A-Za-z0-9_-]+)", mail["link"])
    check("mail json + eml written", m is not None and mail["to"] == email and len(eml) == 1
          and mail["link"] in open(eml[0], encoding="utf-8").read().splitlines(), mail)
    code = m.group(1) if m else ""

    s, b, _ = call("POST", "/auth/reset-password", {"code": code, "new_password": "short"})
    check("reset short password 422", s == 422 and b["detail"][0]["loc"] == ["body", "new_password"], (s, b))
    # No wait: a token issued in the same second as the reset must be refused too.
    s, b, _ = call("POST", "/auth/reset-password", {"code": code, "new_password": "new password 1"})
    check("reset 204", s == 204 and b is None, (s, b))
    s, b, _ = call("GET", "/auth/me", token=old_token)
    check("old token refused after reset", s == 401, (s, b))
    s, b, _ = call("POST", "/auth/reset-password", {"code": code, "new_password": "new password 2"})
    check("code reuse 400", s == 400 and b == {"detail": "Invalid or used reset code"}, (s, b))
    s, b, _ = call("POST", "/auth/login", {"email": email, "password": pw})
    check("old password refused", s == 401, (s, b))
    s, b, _ = call("POST", "/auth/login", {"email": email, "password": "new password 1"})
    check("login with new password", s == 200, (s, b))
    token = b["access_token"]

    call("POST", "/auth/forgot-password", {"email": email})
    code2 = newest_mail()["link"].split("code=", 1)[1]
    with backend.store.lock:  # age the code instead of waiting an hour
        backend.store.reset_codes[backend.code_digest(code2)].expires_at = time.time() - 1
    s, b, _ = call("POST", "/auth/reset-password", {"code": code2, "new_password": "new password 3"})
    check("expired code 400", s == 400 and b == {"detail": "Reset code expired"}, (s, b))

    s, b, _ = call("DELETE", "/auth/me", token=token)
    check("delete 204", s == 204, (s, b))
    s, b, _ = call("GET", "/auth/me", token=token)
    check("deleted user's token refused", s == 401, (s, b))

    server.should_exit = True
    thread.join(10)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
