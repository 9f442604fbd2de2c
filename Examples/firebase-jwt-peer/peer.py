"""PyJWT verifies `signin-demo serve`'s ID tokens as a backend verifies Firebase's in production.

A backend that trusts Firebase fetches Google's public keys and checks each ID token: RS256, a `kid` among the keys,
`aud` the project id, `iss` https://securetoken.google.com/<project>, not expired. `serve` publishes its keys where
Google publishes Firebase's, under the host-as-path prefix an emulator host gives: the JWK Set at
/www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com, and the same keys as X.509
certificates at /www.googleapis.com/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com. This peer signs up
over REST, verifies the token both ways, trades it for a session cookie and verifies that against the cookies' key
URLs under the cookie issuer, rotates the key and verifies again, and checks that `serve` refuses a token signed by
another key under its `kid`. Nothing here is the package's code.

Usage: run --emulator HOST:PORT --project ID
Exits 0 when every check passes, 1 on the first failure (with what was expected and what came), 2 on bad usage.
"""

import argparse
import base64
import json
import sys
import urllib.error
import urllib.request
import uuid

import jwt
from cryptography import x509
from cryptography.hazmat.primitives.asymmetric import rsa

JWKS_PATH = "/www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com"
X509_PATH = "/www.googleapis.com/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com"
# Where Google publishes the keys of session cookies: a JWK Set, and X.509 certificates where the Admin SDKs read them.
COOKIE_JWKS_PATH = "/identitytoolkit.googleapis.com/v1/sessionCookiePublicKeys"
COOKIE_X509_PATH = "/www.googleapis.com/identitytoolkit/v3/relyingparty/publicKeys"


class CheckFailed(Exception):
    pass


class Peer:
    def __init__(self, emulator, project):
        self.base = f"http://{emulator}"
        self.project = project
        self.checks = 0

    def check(self, label, condition, detail):
        if not condition:
            raise CheckFailed(f"{label}: {detail}")
        self.checks += 1
        print(f"ok  {label}")

    def call(self, method, path, body=None, headers=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json", **(headers or {})})
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, dict(answer.headers), json.loads(answer.read() or b"{}")
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), json.loads(error.read() or b"{}")

    def sign_up(self, email):
        status, _, body = self.call("POST", "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=peer",
                                    {"email": email, "password": "jwt peer password 1", "returnSecureToken": True})
        if status != 200:
            raise CheckFailed(f"signUp answered {status}: {body}")
        return body

    def verify(self, token, key, issuer=None):
        return jwt.decode(token, key, algorithms=["RS256"], audience=self.project,
                          issuer=issuer or f"https://securetoken.google.com/{self.project}",
                          options={"require": ["exp", "iat", "sub", "aud", "iss"]})

    def session_cookie(self, id_token):
        status, _, body = self.call("POST", f"/identitytoolkit.googleapis.com/v1/projects/{self.project}"
                                    ":createSessionCookie", {"idToken": id_token, "validDuration": "3600"},
                                    headers={"Authorization": "Bearer owner"})
        if status != 200 or "sessionCookie" not in body:
            raise CheckFailed(f"createSessionCookie answered {status}: {body}")
        return body["sessionCookie"]

    def check_session_cookie(self, account):
        cookie = self.session_cookie(account["idToken"])
        issuer = f"https://session.firebase.google.com/{self.project}"
        cookie_client = jwt.PyJWKClient(self.base + COOKIE_JWKS_PATH, cache_keys=False, cache_jwk_set=False)
        claims = self.verify(cookie, cookie_client.get_signing_key_from_jwt(cookie).key, issuer=issuer)
        self.check("a session cookie verifies against the cookies' JWK Set, under the cookie issuer, for its account",
                   claims["sub"] == account["localId"] and claims["exp"] - claims["iat"] == 3600, f"claims {claims}")
        status, headers, certificates = self.call("GET", COOKIE_X509_PATH)
        kid = jwt.get_unverified_header(cookie).get("kid")
        self.check("... and against the certificate the Admin SDKs read for cookies", status == 200 and kid in
                   certificates and self.verify(cookie, x509.load_pem_x509_certificate(
                       certificates[kid].encode()).public_key(), issuer=issuer)["sub"] == account["localId"],
                   f"HTTP {status}, kids {list(certificates)}")
        try:
            self.verify(cookie, cookie_client.get_signing_key_from_jwt(cookie).key)
            refused = False
        except jwt.InvalidIssuerError:
            refused = True
        self.check("... and a cookie is no ID token: the ID tokens' issuer refuses it", refused, "accepted")

    def run(self):
        first = self.sign_up(f"jwt-peer-{uuid.uuid4().hex[:12]}@example.com")
        header = jwt.get_unverified_header(first["idToken"])
        self.check("the ID token is RS256 and names its key", header.get("alg") == "RS256" and header.get("kid"),
                   f"header {header}")

        # No cache: a rotation signs with its new key at once, so the set is read again for each token.
        client = jwt.PyJWKClient(self.base + JWKS_PATH, cache_keys=False, cache_jwk_set=False)
        key = client.get_signing_key_from_jwt(first["idToken"])
        claims = self.verify(first["idToken"], key.key)
        self.check("PyJWKClient at the JWK Set's URL: the token verifies (RS256, aud, iss, exp), for its account",
                   claims["sub"] == first["localId"] and claims["user_id"] == first["localId"], f"claims {claims}")

        status, headers, certificates = self.call("GET", X509_PATH)
        cache = {k.lower(): v for k, v in headers.items()}.get("cache-control", "")
        self.check("the certificates are there, with Cache-Control max-age, one per key",
                   status == 200 and "max-age=" in cache and header["kid"] in certificates,
                   f"HTTP {status}, Cache-Control {cache!r}, kids {list(certificates)}")
        certificate = x509.load_pem_x509_certificate(certificates[header["kid"]].encode())
        claims = self.verify(first["idToken"], certificate.public_key())
        self.check("the X.509 certificate's public key verifies the token too", claims["sub"] == first["localId"],
                   f"claims {claims}")

        self.check_session_cookie(first)

        status, _, rotated = self.call("POST", f"/emulator/v1/projects/{self.project}/sessionKeys:rotate", {})
        second = self.sign_up(f"jwt-peer-{uuid.uuid4().hex[:12]}@example.com")
        new_kid = jwt.get_unverified_header(second["idToken"]).get("kid")
        self.check("after a rotation, new tokens name the new key", status == 200 and new_kid == rotated.get("kid")
                   and new_kid != header["kid"], f"HTTP {status} {rotated}, new kid {new_kid}")
        for label, token in (("the new token", second["idToken"]), ("the token signed before", first["idToken"])):
            signing = client.get_signing_key_from_jwt(token)
            self.check(f"... and {label} still verifies against the published keys",
                       self.verify(token, signing.key)["sub"] in (first["localId"], second["localId"]), "refused")

        forged_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        forged_claims = jwt.decode(first["idToken"], options={"verify_signature": False})
        forged = jwt.encode(forged_claims, forged_key, algorithm="RS256", headers={"kid": header["kid"]})
        status, _, body = self.call("POST", "/identitytoolkit.googleapis.com/v1/accounts:lookup?key=peer",
                                    {"idToken": forged})
        self.check("serve refuses a token signed by another key under its kid", status == 400,
                   f"HTTP {status} {body}")
        unsigned = (base64.urlsafe_b64encode(b'{"alg":"none","typ":"JWT"}').rstrip(b"=").decode() + "." +
                    first["idToken"].split(".")[1] + ".")
        status, _, body = self.call("POST", "/identitytoolkit.googleapis.com/v1/accounts:lookup?key=peer",
                                    {"idToken": unsigned})
        self.check("... and the same claims unsigned", status == 400, f"HTTP {status} {body}")


def main():
    parser = argparse.ArgumentParser(description="PyJWT verifies signin-demo serve's ID tokens.")
    parser.add_argument("--emulator", required=True, help="where serve listens, HOST:PORT")
    parser.add_argument("--project", required=True, help="the project id serve was started with")
    options = parser.parse_args()
    peer = Peer(options.emulator, options.project)
    try:
        peer.run()
    except (CheckFailed, jwt.PyJWTError) as failure:
        print(f"FAIL: {failure}", file=sys.stderr)
        return 1
    print(f"PyJWT {jwt.__version__}: {peer.checks} checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
