"""Firebase's own Admin SDK judges `signin-demo serve`.

The CLI signs in against `serve` the ways a user can (Apple, Google, a guest, email and password, a guest who links
email, a refreshed session); after each, the session it stored holds an ID token, and the official
`firebase_admin.auth.verify_id_token`, pointed at the emulator, must accept it with the right uid, sign-in provider and
identities. Nothing here is the package's code: the CLI is run as a program, and what it produced is read back.

Usage: run --cli PATH --emulator HOST:PORT --project ID --data-dir DIR
Exits 0 when every check passes, 1 on the first failure (with what was expected and what came), 2 on bad usage.
"""

import argparse
import base64
import datetime
import glob
import hashlib
import hmac
import json
import os
import secrets
import subprocess
import sys
import time
import urllib.parse

import bcrypt
import firebase_admin
import requests
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from firebase_admin import auth, tenant_mgt


class CheckFailed(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise CheckFailed(message)


class Peer:
    def __init__(self, cli, emulator, project, data_dir):
        self.cli = cli
        self.emulator = emulator
        self.project = project
        self.data_dir = data_dir
        self.checks = 0

    def run_cli(self, *arguments):
        """Runs one CLI command against the emulator; its exit code must be 0."""
        environment = dict(os.environ)
        environment.update({
            "FIREBASE_AUTH_EMULATOR_HOST": self.emulator,
            "FIREBASE_PROJECT_ID": self.project,
            "LANG": "en_US.UTF-8",
        })
        command = [self.cli, *arguments, "--backend", "firebase", "--data-dir", self.data_dir]
        done = subprocess.run(command, env=environment, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              timeout=120)
        expect(done.returncode == 0,
               f"`signin-demo {' '.join(arguments)}` exited {done.returncode}: {done.stderr.strip()}")
        return done.stdout

    def stored_session(self):
        """The session the CLI keeps for this emulator: its file in the data folder's `client/`."""
        files = glob.glob(os.path.join(self.data_dir, "client", "session-firebase-*.json"))
        expect(len(files) == 1, f"one stored Firebase session expected, found {files}")
        with open(files[0], encoding="utf-8") as handle:
            return json.load(handle)["session"]

    def verify(self, label, id_token, uid, provider, identities=()):
        """`verify_id_token` accepts the token; its uid, sign-in provider and identities are the session's."""
        try:
            decoded = auth.verify_id_token(id_token)
        except Exception as error:  # the SDK's own refusal, whatever its type, is the finding
            raise CheckFailed(f"{label}: verify_id_token refused the token: {type(error).__name__}: {error}")
        expect(decoded.get("uid") == uid, f"{label}: uid {decoded.get('uid')!r}, the session's is {uid!r}")
        expect(decoded.get("user_id") == uid, f"{label}: user_id {decoded.get('user_id')!r}, expected {uid!r}")
        firebase = decoded.get("firebase") or {}
        expect(firebase.get("sign_in_provider") == provider,
               f"{label}: sign_in_provider {firebase.get('sign_in_provider')!r}, expected {provider!r}")
        for name in identities:
            expect(name in (firebase.get("identities") or {}),
                   f"{label}: identities {firebase.get('identities')!r} lack {name!r}")
        expect(decoded.get("aud") == self.project, f"{label}: aud {decoded.get('aud')!r}")
        expect(isinstance(decoded.get("auth_time"), int), f"{label}: no auth_time")
        self.checks += 1
        print(f"ok  verify_id_token: {label} (uid {uid}, {provider})")
        return decoded

    def sign_in_and_verify(self, label, arguments, provider, identities=()):
        self.run_cli(*arguments)
        session = self.stored_session()
        return session, self.verify(label, session["tokens"]["idToken"], session["uid"], provider, identities)

    def refreshed(self, session):
        """Exchanges the stored refresh token at the emulator's Secure Token API, as any client would."""
        answer = requests.post(
            f"http://{self.emulator}/securetoken.googleapis.com/v1/token",
            params={"key": "peer-api-key"},
            data={"grant_type": "refresh_token", "refresh_token": session["tokens"]["refreshToken"]},
            timeout=30)
        expect(answer.status_code == 200, f"refresh: HTTP {answer.status_code} {answer.text}")
        body = answer.json()
        expect(body.get("user_id") == session["uid"], f"refresh: user_id {body.get('user_id')!r}")
        return body["id_token"]

    def run(self):
        apple, _ = self.sign_in_and_verify("Sign in with Apple", ["sign-in", "apple", "--yes"], "apple.com",
                                           ["apple.com"])
        self.verify("the Apple session, refreshed", self.refreshed(apple), apple["uid"], "apple.com", ["apple.com"])
        google, _ = self.sign_in_and_verify("Sign in with Google", ["sign-in", "google", "--yes"], "google.com",
                                            ["google.com", "email"])
        self.sign_in_and_verify("email sign-up", ["sign-up", "--email", "peer@example.com", "--password",
                                                  "peer password 1"], "password", ["email"])
        self.run_cli("sign-out", "--yes")
        self.sign_in_and_verify("email sign-in", ["sign-in", "email", "--email", "peer@example.com", "--password",
                                                  "peer password 1"], "password", ["email"])
        guest, _ = self.sign_in_and_verify("a guest", ["sign-in", "guest", "--yes"], "anonymous")
        guest_token = guest["tokens"]["idToken"]
        linked, decoded = self.sign_in_and_verify(
            "a guest who linked email",
            ["link", "email", "--email", "guest@example.com", "--password", "peer password 2"], "password",
            ["email"])
        expect(linked["uid"] == guest["uid"], "linking changed the guest's uid")
        expect(decoded.get("email") == "guest@example.com", f"the linked token's email is {decoded.get('email')!r}")
        self.manage_users(known_uid=guest["uid"])
        self.beyond_the_basics(google_uid=google["uid"])
        self.tenants(project_token=guest_token)
        self.imported_hashes()

    def check(self, label, condition, message):
        expect(condition, f"{label}: {message}")
        self.checks += 1
        print(f"ok  {label}")

    def run_cli_failing(self, *arguments):
        """Runs one CLI command that must fail (exit 1); returns what it said, standard output and error."""
        environment = dict(os.environ)
        environment.update({"FIREBASE_AUTH_EMULATOR_HOST": self.emulator, "FIREBASE_PROJECT_ID": self.project,
                            "LANG": "en_US.UTF-8"})
        command = [self.cli, *arguments, "--backend", "firebase", "--data-dir", self.data_dir]
        done = subprocess.run(command, env=environment, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              timeout=120)
        expect(done.returncode == 1, f"`signin-demo {' '.join(arguments)}` exited {done.returncode}, expected 1: "
                                     f"{done.stdout.strip()} {done.stderr.strip()}")
        return done.stdout + done.stderr

    def manage_users(self, known_uid):
        """The Admin SDK's account calls, each checked against what the CLI then sees."""
        email, password = "managed@example.com", "managed password 1"
        photo = "https://example.com/managed.png"
        uid = auth.create_user(email=email, password=password, display_name="Managed User", photo_url=photo).uid
        user = auth.get_user(uid)
        self.check("create_user, get_user", user.email == email and user.display_name == "Managed User"
                   and user.photo_url == photo
                   and not user.disabled and [p.provider_id for p in user.provider_data] == ["password"],
                   f"got {user.email!r} {user.display_name!r} {user.photo_url!r} disabled={user.disabled}")
        self.check("get_user_by_email", auth.get_user_by_email(email).uid == uid, "another uid")
        found = auth.get_users([auth.UidIdentifier(uid), auth.EmailIdentifier(email),
                                auth.UidIdentifier("nobody-has-this-uid")])
        self.check("get_users by uid and email: one user, the unknown uid not found",
                   [u.uid for u in found.users] == [uid] and len(found.not_found) == 1,
                   f"users {[u.uid for u in found.users]}, not found {found.not_found}")
        try:
            auth.get_user_by_phone_number("+15555550100")
            by_phone = "found"
        except auth.UserNotFoundError:
            by_phone = "not found"
        self.check("get_user_by_phone_number: no account has a phone number here", by_phone == "not found", by_phone)
        listed = [u.uid for u in auth.list_users(max_results=2).iterate_all()]
        self.check("list_users (pages of 2)", uid in listed and len(listed) == len(set(listed)) >= 4,
                   f"listed {listed}")
        session, decoded = self.sign_in_and_verify("the created user signs in with the CLI",
                                                   ["sign-in", "email", "--email", email, "--password", password],
                                                   "password", ["email"])
        self.check("... its ID token's picture is the photo_url", decoded.get("picture") == photo,
                   f"picture {decoded.get('picture')!r}")
        self.run_cli("update-profile", "--photo-url", "https://example.com/chosen.png")
        self.check("the CLI's update-profile --photo-url: get_user has it",
                   auth.get_user(uid).photo_url == "https://example.com/chosen.png", f"{auth.get_user(uid).photo_url!r}")
        auth.update_user(uid, photo_url=auth.DELETE_ATTRIBUTE)
        self.check("update_user(photo_url=DELETE_ATTRIBUTE) removes it", auth.get_user(uid).photo_url is None,
                   f"{auth.get_user(uid).photo_url!r}")
        self.check("verify_id_token(check_revoked=True)",
                   auth.verify_id_token(session["tokens"]["idToken"], check_revoked=True)["uid"] == uid, "refused")

        auth.update_user(uid, disabled=True)
        self.check("update_user(disabled=True)", auth.get_user(uid).disabled, "still enabled")
        said = self.run_cli_failing("me")
        self.check("a disabled account's next call fails, and the CLI says so", "disabled" in said, said.strip())
        said = self.run_cli_failing("status")
        self.check("... and the CLI signed out", "Not signed in." in said, said.strip())
        said = self.run_cli_failing("sign-in", "email", "--email", email, "--password", password)
        self.check("a disabled account cannot sign in", "disabled" in said, said.strip())
        auth.update_user(uid, disabled=False, display_name="Renamed", email="renamed@example.com")
        user = auth.get_user(uid)
        self.check("update_user(disabled=False, display_name, email)",
                   not user.disabled and user.display_name == "Renamed" and user.email == "renamed@example.com",
                   f"got {user.display_name!r} {user.email!r} disabled={user.disabled}")
        self.run_cli("sign-in", "email", "--email", "renamed@example.com", "--password", password)

        link = auth.generate_password_reset_link("renamed@example.com")
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)
        self.check("generate_password_reset_link is a Firebase action link (mode, oobCode, apiKey, lang)",
                   urllib.parse.urlsplit(link).path == "/emulator/action" and query.get("mode") == ["resetPassword"]
                   and len(query.get("oobCode", [""])[0]) > 16 and "apiKey" in query and "lang" in query, link)
        self.run_cli("open-link", link, "--password", "managed password 2")
        said = self.run_cli_failing("sign-in", "email", "--email", "renamed@example.com", "--password", password)
        self.check("generate_password_reset_link: after the CLI opens it, the old password is refused",
                   "wrong" in said.lower() or "incorrect" in said.lower(), said.strip())
        password = "managed password 2"
        session, _ = self.sign_in_and_verify("... and the new one signs in",
                                             ["sign-in", "email", "--email", "renamed@example.com", "--password",
                                              password], "password", ["email"])
        self.check("... as the same user", session["uid"] == uid, f"uid {session['uid']}")

        self.check("an account the Admin SDK created is not verified", not auth.get_user(uid).email_verified,
                   "verified already")
        link = auth.generate_email_verification_link("renamed@example.com")
        said = self.run_cli("open-link", link)
        self.check("generate_email_verification_link: the CLI opens it", "is verified" in said, said.strip())
        self.check("... and get_user says the email is verified", auth.get_user(uid).email_verified, "not verified")
        self.run_cli("verify-email")
        self.check("the CLI's verify-email mails a link the emulator lists",
                   any(code.get("requestType") == "VERIFY_EMAIL" and code.get("email") == "renamed@example.com"
                       for code in requests.get(f"http://{self.emulator}/emulator/v1/projects/{self.project}/oobCodes",
                                                timeout=30).json().get("oobCodes", [])), "not listed")

        settings = auth.ActionCodeSettings(url="https://peer.example/welcome", handle_code_in_app=True)
        link = auth.generate_sign_in_with_email_link("link-peer@example.com", settings)
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)
        self.check("generate_sign_in_with_email_link: mode signIn, with the continueUrl",
                   query.get("mode") == ["signIn"] and query.get("continueUrl") == ["https://peer.example/welcome"],
                   link)
        signed_in = requests.post(
            f"http://{self.emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink?key=peer",
            json={"email": "link-peer@example.com", "oobCode": query["oobCode"][0]}, timeout=30).json()
        self.check("... and its oobCode signs the email in over REST, a new account",
                   signed_in.get("email") == "link-peer@example.com" and signed_in.get("isNewUser") is True
                   and auth.get_user(signed_in.get("localId", "?")).email_verified, f"{signed_in}")

        auth.set_custom_user_claims(uid, {"role": "admin", "level": 3, "groups": ["a", "b"]})
        session, decoded = self.sign_in_and_verify(
            "set_custom_user_claims: the CLI's next sign-in", ["sign-in", "email", "--email", "renamed@example.com",
                                                             "--password", password], "password", ["email"])
        self.check("... carries the custom claims, and email_verified",
                   decoded.get("role") == "admin" and decoded.get("level") == 3 and decoded.get("groups") == ["a", "b"]
                   and decoded.get("email_verified") is True, f"claims {decoded}")
        self.check("... and get_user lists them", auth.get_user(uid).custom_claims == {"role": "admin", "level": 3,
                                                                                        "groups": ["a", "b"]},
                   f"{auth.get_user(uid).custom_claims}")
        auth.set_custom_user_claims(uid, None)
        session, decoded = self.sign_in_and_verify(
            "set_custom_user_claims(None): the next sign-in", ["sign-in", "email", "--email", "renamed@example.com",
                                                              "--password", password], "password", ["email"])
        self.check("... has none", "role" not in decoded and auth.get_user(uid).custom_claims is None, f"{decoded}")

        # revoke_refresh_tokens revokes what was issued before this second; the last token may carry the next whole
        # second (it was issued right after a password change), so wait two.
        time.sleep(2.1)
        auth.revoke_refresh_tokens(uid)
        stored = self.stored_session()["tokens"]["idToken"]
        try:
            auth.verify_id_token(stored, check_revoked=True)
            revoked = False
        except auth.RevokedIdTokenError:
            revoked = True
        self.check("revoke_refresh_tokens: verify_id_token(check_revoked=True) refuses the earlier token", revoked,
                   "accepted")
        said = self.run_cli_failing("me")
        self.check("... and the CLI's next call fails on the refresh", "sign in again" in said.lower(), said.strip())
        said = self.run_cli_failing("status")
        self.check("... and the CLI signed out", "Not signed in." in said, said.strip())

        auth.delete_user(uid)
        try:
            auth.get_user(uid)
            gone = False
        except auth.UserNotFoundError:
            gone = True
        self.check("delete_user", gone, "the user is still there")
        try:
            auth.create_user(uid=known_uid)
            duplicate = False
        except auth.UidAlreadyExistsError:
            duplicate = True
        self.check("create_user with a uid in use is refused (UidAlreadyExistsError)", duplicate, "accepted")

        # A team's server mints a custom token; the CLI turns it into a session the SDK verifies.
        token = auth.create_custom_token("peer-custom-user", {"premium": True, "tier": 2})
        path = os.path.join(self.data_dir, "custom-token.jwt")
        with open(path, "wb") as handle:
            handle.write(token)
        session, decoded = self.sign_in_and_verify(
            "create_custom_token: signin-demo sign-in custom-token", ["sign-in", "custom-token", "--id-token-file",
                                                                     path], "custom")
        self.check("... for the uid and with the developer claims the server put in",
                   session["uid"] == "peer-custom-user" and decoded.get("premium") is True and decoded.get("tier") == 2,
                   f"uid {session['uid']}, claims {decoded}")
        self.check("... and the account exists for the Admin SDK", auth.get_user("peer-custom-user").uid ==
                   "peer-custom-user", "not found")

        # The Admin API is the owner's: without the owner credential, or with a user's ID token, it is refused.
        lookup = f"http://{self.emulator}/identitytoolkit.googleapis.com/v1/projects/{self.project}/accounts:lookup"
        anonymous = requests.post(lookup, json={"localId": [known_uid]}, timeout=30)
        self.check("the Admin API without a credential: 401", anonymous.status_code == 401,
                   f"HTTP {anonymous.status_code}")
        self.run_cli("sign-in", "guest", "--yes")
        user_token = self.stored_session()["tokens"]["idToken"]
        as_user = requests.post(lookup, json={"localId": [known_uid]}, timeout=30,
                                headers={"Authorization": f"Bearer {user_token}"})
        self.check("the Admin API with a user's ID token: 403", as_user.status_code == 403,
                   f"HTTP {as_user.status_code}")


    def beyond_the_basics(self, google_uid):
        """Calls a team's server makes beside account management: phone numbers, lookup by a linked identity,
        unlinking, session cookies and deletion in bulk."""
        uid = auth.create_user(email="bulk1@example.com", password="bulk password 1").uid
        number = "+15555550199"
        auth.update_user(uid, phone_number=number)
        self.check("update_user(phone_number=...), then get_user_by_phone_number finds it",
                   auth.get_user_by_phone_number(number).uid == uid and auth.get_user(uid).phone_number == number,
                   "not found, or another number")
        google_id = next(p.uid for p in auth.get_user(google_uid).provider_data if p.provider_id == "google.com")
        found = auth.get_users([auth.ProviderIdentifier("google.com", google_id)])
        self.check("get_users by ProviderIdentifier (federatedUserId) finds the Google account",
                   [u.uid for u in found.users] == [google_uid], f"found {[u.uid for u in found.users]}")
        auth.update_user(uid, providers_to_delete=["phone"])
        user = auth.get_user(uid)
        self.check("update_user(providers_to_delete=['phone']) unlinks the number",
                   user.phone_number is None and "phone" not in [p.provider_id for p in user.provider_data],
                   f"phone {user.phone_number!r}")

        self.run_cli("sign-in", "guest", "--yes")
        session = self.stored_session()
        cookie = auth.create_session_cookie(session["tokens"]["idToken"], expires_in=datetime.timedelta(minutes=10))
        claims = auth.verify_session_cookie(cookie)
        self.check("create_session_cookie, then verify_session_cookie: the guest's uid, under the cookie issuer",
                   claims["uid"] == session["uid"]
                   and claims["iss"] == f"https://session.firebase.google.com/{self.project}"
                   and claims["exp"] - claims["iat"] == 600, f"claims {claims}")

        second = auth.create_user(email="bulk2@example.com").uid
        result = auth.delete_users([uid, second, "nobody-has-this-uid"])
        self.check("delete_users: every account named goes; an unknown uid is no failure",
                   result.success_count == 3 and result.failure_count == 0, f"{result.success_count} deleted, "
                   f"{[e.reason for e in result.errors]}")
        try:
            auth.get_user(second)
            gone = "still there"
        except auth.UserNotFoundError:
            gone = "gone"
        self.check("... and get_user no longer finds them", gone == "gone", gone)

        imported = auth.import_users([
            auth.ImportUserRecord("imported-1", email="Imported@Example.com", email_verified=True,
                                  phone_number="+15555550142", custom_claims={"plan": "pro"}),
            auth.ImportUserRecord("imported-2", provider_data=[
                auth.UserProvider("g-imported", provider_id="google.com", email="imported@gmail.com")]),
            auth.ImportUserRecord("imported-3", email="peer@example.com"),
        ])
        again = auth.import_users([auth.ImportUserRecord("imported-1")])
        self.check("import_users: the good entries go in; one whose email or uid is taken is reported by index",
                   imported.success_count == 2 and [e.index for e in imported.errors] == [2]
                   and again.success_count == 0 and [e.index for e in again.errors] == [0],
                   f"{imported.success_count} imported, errors {[(e.index, e.reason) for e in imported.errors]}, "
                   f"then {[(e.index, e.reason) for e in again.errors]}")
        first = auth.get_user("imported-1")
        self.check("... each with what it had: lower-case email, number, claims, a Google identity",
                   first.email == "imported@example.com" and first.phone_number == "+15555550142"
                   and first.custom_claims == {"plan": "pro"}
                   and auth.get_user_by_phone_number("+15555550142").uid == "imported-1"
                   and [p.uid for p in auth.get_user("imported-2").provider_data] == ["g-imported"],
                   f"{first.email}, {first.phone_number}, {first.custom_claims}")

    def tenants(self, project_token):
        """Multi-tenancy: a tenant keeps its own accounts, its tokens name it, and it goes with them. The pinned
        SDK's tenant management (`tenant_mgt`) always calls production, so the tenant is made and deleted over the
        Admin API v2 with the owner credential, as Google's emulator's own tools do; the tenant's accounts and tokens
        go through the SDK's `auth.Client(tenant_id=...)`, which speaks to an emulator."""
        tenants = f"http://{self.emulator}/identitytoolkit.googleapis.com/v2/projects/{self.project}/tenants"
        owner = {"Authorization": "Bearer owner"}
        made = requests.post(tenants, json={"displayName": "peer-tenant", "allowPasswordSignup": True},
                             headers=owner, timeout=30)
        tenant_id = made.json().get("tenantId", "")
        read = requests.get(f"{tenants}/{tenant_id}", headers=owner, timeout=30).json()
        self.check("a tenant made over the Admin API v2 reads back with its settings",
                   made.status_code == 200 and read.get("displayName") == "peer-tenant"
                   and read.get("allowPasswordSignup") is True and read.get("enableAnonymousUser") is False,
                   f"HTTP {made.status_code} {made.text}; read {read}")
        client = auth.Client(firebase_admin.get_app(), tenant_id=tenant_id)
        user = client.create_user(email="tenant-user@example.com", password="tenant password 1")
        try:
            auth.get_user(user.uid)
            in_project = True
        except auth.UserNotFoundError:
            in_project = False
        self.check("a tenant's create_user: the tenant has the account, the project does not",
                   client.get_user(user.uid).tenant_id == tenant_id and not in_project,
                   f"tenant {client.get_user(user.uid).tenant_id!r}, in the project: {in_project}")
        signed_in = requests.post(
            f"http://{self.emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=peer",
            json={"email": "tenant-user@example.com", "password": "tenant password 1", "tenantId": tenant_id,
                  "returnSecureToken": True}, timeout=30)
        decoded = client.verify_id_token(signed_in.json().get("idToken", ""))
        self.check("a sign-in for the tenant over REST: the tenant's verify_id_token accepts it, naming the tenant",
                   decoded["uid"] == user.uid and decoded["firebase"].get("tenant") == tenant_id, f"{decoded}")
        try:
            client.verify_id_token(project_token)
            mismatch = "accepted"
        except tenant_mgt.TenantIdMismatchError:
            mismatch = "refused"
        self.check("... and refuses the project's own ID token (TenantIdMismatchError)", mismatch == "refused",
                   mismatch)
        deleted = requests.delete(f"{tenants}/{tenant_id}", headers=owner, timeout=30)
        try:
            client.get_user(user.uid)
            gone = "the account is still there"
        except tenant_mgt.TenantNotFoundError:
            gone = "gone"
        self.check("deleting the tenant deletes its accounts: get_user says TenantNotFoundError",
                   deleted.status_code == 200 and gone == "gone", f"HTTP {deleted.status_code}, {gone}")

    def imported_hashes(self):
        """`import_users` with each password hash the SDK offers, each made here with Python's own hashlib, hmac,
        bcrypt and cryptography from a fresh password and salt: a wrong password is refused, the original signs in
        over REST, and signs in again (once `serve` has hashed it its own way)."""
        key = secrets.token_bytes(32)

        def firebase_scrypt(password, salt, signer_key, separator, rounds, memory_cost):
            derived = hashlib.scrypt(password, salt=salt + separator, n=2 ** memory_cost, r=rounds, p=1, dklen=32)
            encryptor = Cipher(algorithms.AES(derived), modes.CTR(bytes(16))).encryptor()
            return encryptor.update(signer_key) + encryptor.finalize()

        signer_key = secrets.token_bytes(64)
        cases = [
            ("HMAC_SHA512", auth.UserImportHash.hmac_sha512(key), lambda p, s: hmac.new(key, p + s, "sha512").digest()),
            ("HMAC_SHA256", auth.UserImportHash.hmac_sha256(key), lambda p, s: hmac.new(key, p + s, "sha256").digest()),
            ("HMAC_SHA1", auth.UserImportHash.hmac_sha1(key), lambda p, s: hmac.new(key, p + s, "sha1").digest()),
            ("HMAC_MD5", auth.UserImportHash.hmac_md5(key), lambda p, s: hmac.new(key, p + s, "md5").digest()),
            ("MD5", auth.UserImportHash.md5(0), lambda p, s: hashlib.md5(s + p).digest()),
            ("MD5 as hexadecimal text", auth.UserImportHash.md5(0),
             lambda p, s: hashlib.md5(s + p).hexdigest().encode()),
            ("SHA1", auth.UserImportHash.sha1(1), lambda p, s: hashlib.sha1(s + p).digest()),
            ("SHA256", auth.UserImportHash.sha256(1), lambda p, s: hashlib.sha256(s + p).digest()),
            ("SHA512", auth.UserImportHash.sha512(1), lambda p, s: hashlib.sha512(s + p).digest()),
            ("PBKDF_SHA1", auth.UserImportHash.pbkdf_sha1(10000),
             lambda p, s: hashlib.pbkdf2_hmac("sha1", p, s, 10000, 32)),
            ("PBKDF2_SHA256", auth.UserImportHash.pbkdf2_sha256(100000),
             lambda p, s: hashlib.pbkdf2_hmac("sha256", p, s, 100000, 64)),
            ("SCRYPT (Firebase's)", auth.UserImportHash.scrypt(signer_key, rounds=8, memory_cost=14,
                                                               salt_separator=b"\x07"),
             lambda p, s: firebase_scrypt(p, s, signer_key, b"\x07", 8, 14)),
            ("STANDARD_SCRYPT", auth.UserImportHash.standard_scrypt(memory_cost=1024, parallelization=16,
                                                                    block_size=8, derived_key_length=64),
             lambda p, s: hashlib.scrypt(p, salt=s, n=1024, r=8, p=16, dklen=64)),
            ("BCRYPT", auth.UserImportHash.bcrypt(), lambda p, s: bcrypt.hashpw(p, bcrypt.gensalt(8))),
        ]
        url = f"http://{self.emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=peer"

        def sign_in(email, password):
            answer = requests.post(url, json={"email": email, "password": password, "returnSecureToken": True},
                                   timeout=60)
            return answer.status_code, answer.json()

        for index, (name, hash_alg, make) in enumerate(cases):
            uid = f"hashed-{index}"
            email = f"hashed-{index}@example.com"
            password = f"imported {secrets.token_hex(6)}"
            salt = secrets.token_bytes(16)
            record = auth.ImportUserRecord(uid, email=email, password_hash=make(password.encode(), salt),
                                           password_salt=None if name == "BCRYPT" else salt)
            result = auth.import_users([record], hash_alg=hash_alg)
            wrong_status, wrong = sign_in(email, password + "x")
            status, answer = sign_in(email, password)
            again_status, again = sign_in(email, password)
            self.check(f"import_users with {name}: a wrong password is refused, the original signs in, twice",
                       result.success_count == 1 and wrong_status == 400
                       and wrong.get("error", {}).get("message", "").split(" : ")[0] == "INVALID_LOGIN_CREDENTIALS"
                       and status == 200 and answer.get("localId") == uid
                       and again_status == 200 and again.get("localId") == uid,
                       f"imported {result.success_count} ({[e.reason for e in result.errors]}); wrong password "
                       f"HTTP {wrong_status} {wrong}; right one HTTP {status} {answer}; again HTTP {again_status}")
        auth.delete_users([f"hashed-{index}" for index in range(len(cases))])

def main():
    parser = argparse.ArgumentParser(description="Firebase's Admin SDK checks signin-demo serve.")
    parser.add_argument("--cli", required=True, help="the signin-demo executable")
    parser.add_argument("--emulator", required=True, help="where serve listens, HOST:PORT")
    parser.add_argument("--project", required=True, help="the project id serve was started with")
    parser.add_argument("--data-dir", required=True, help="a data folder of the peer's own")
    options = parser.parse_args()
    os.environ["FIREBASE_AUTH_EMULATOR_HOST"] = options.emulator
    firebase_admin.initialize_app(options={"projectId": options.project})
    peer = Peer(options.cli, options.emulator, options.project, options.data_dir)
    try:
        peer.run()
    except CheckFailed as failure:
        print(f"FAIL: {failure}", file=sys.stderr)
        return 1
    print(f"firebase-admin {firebase_admin.__version__}: {peer.checks} checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
