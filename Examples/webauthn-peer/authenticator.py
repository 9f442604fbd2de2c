"""soft-webauthn's software authenticator, driven over standard input and output by peer.py.

soft-webauthn 0.1.4 needs fido2 1.x, and fido2 1.x needs cryptography < 45, while py_webauthn 3.0.1 (the relying
party in peer.py) needs cryptography >= 49: the two cannot share a virtualenv. So the authenticator runs here, in a
virtualenv of its own (authenticator-requirements.txt), and peer.py sends it one JSON object a line:

  {"op": "create", "device": NAME, "options": PUBLIC_KEY_OPTIONS, "origin": ORIGIN, "uv": BOOL}
  {"op": "get", "device": NAME, "options": PUBLIC_KEY_OPTIONS, "origin": ORIGIN, "uv": BOOL}

where the options are WebAuthn's publicKey options in their JSON form (binary fields base64url), and answers one
JSON object a line: {"credential": {...}} with every binary field base64url without padding, or {"error": TEXT}.
Each NAME is a SoftWebauthnDevice of its own (soft-webauthn's device holds one credential).

User verification: soft-webauthn sets the flags UP and AT at registration (0x41) and UP alone at authentication
(0x01); it never sets UV. With "uv": true this script sets the UV bit (0x04) as an authenticator that verified its
user does. In a `none` attestation nothing signs the authenticator data, so at registration the bit is set in the
attestation object's authData; at authentication the authenticator data is signed, so the same data with the bit set
is signed again with the device's own private key (soft-webauthn's clientDataJSON, counter and key are kept). With
"uv": false soft-webauthn's output is passed on untouched.
"""

import base64
import json
import sys

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from fido2 import cbor
from fido2.utils import sha256
from soft_webauthn import SoftWebauthnDevice

FLAG_UV = 0x04
FLAGS_OFFSET = 32  # after the 32-byte hash of the relying party id


def b64url(data):
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def from_b64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def with_uv(authenticator_data):
    data = bytearray(authenticator_data)
    data[FLAGS_OFFSET] |= FLAG_UV
    return bytes(data)


def create(device, options, origin, uv):
    public_key = dict(options)
    public_key["challenge"] = from_b64url(options["challenge"])
    public_key["user"] = dict(options["user"], id=from_b64url(options["user"]["id"]))
    made = device.create({"publicKey": public_key}, origin)
    attestation_object = made["response"]["attestationObject"]
    if uv:
        decoded = cbor.decode(attestation_object)
        decoded["authData"] = with_uv(decoded["authData"])
        attestation_object = cbor.encode(decoded)
    return {
        "id": b64url(made["rawId"]),
        "rawId": b64url(made["rawId"]),
        "type": made["type"],
        "response": {
            "clientDataJSON": b64url(made["response"]["clientDataJSON"]),
            "attestationObject": b64url(attestation_object),
        },
    }


def get(device, options, origin, uv):
    public_key = dict(options)
    public_key["challenge"] = from_b64url(options["challenge"])
    made = device.get({"publicKey": public_key}, origin)
    response = made["response"]
    authenticator_data, signature = response["authenticatorData"], response["signature"]
    if uv:
        authenticator_data = with_uv(authenticator_data)
        signed = authenticator_data + sha256(response["clientDataJSON"])
        signature = device.private_key.sign(signed, ec.ECDSA(hashes.SHA256()))
    return {
        "id": b64url(made["rawId"]),
        "rawId": b64url(made["rawId"]),
        "type": made["type"],
        "response": {
            "clientDataJSON": b64url(response["clientDataJSON"]),
            "authenticatorData": b64url(authenticator_data),
            "signature": b64url(signature),
            "userHandle": b64url(response["userHandle"]),
        },
    }


def main():
    devices = {}
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            device = devices.setdefault(request["device"], SoftWebauthnDevice())
            operation = {"create": create, "get": get}[request["op"]]
            answer = {"credential": operation(device, request["options"], request["origin"], request["uv"])}
        except Exception as failure:  # every failure goes back to peer.py, which reports it
            answer = {"error": f"{type(failure).__name__}: {failure}"}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
