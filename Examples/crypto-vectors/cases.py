"""Side-by-side cases for signin-crypto-vectors: RSA-2048 and P-256 keys, messages and signatures made with Python's
`cryptography` from a fixed seed, each carrying the verdict `cryptography` itself gives (its `verify()` returns, or
raises `InvalidSignature`, or the public key cannot be made). The Swift tool must give the same verdict on every case.

Everything is derived from the seed: the RSA primes (found here by a Miller-Rabin search driven by the seeded
generator), the P-256 private scalars, the messages and which bit is changed; ECDSA signatures use RFC 6979's
deterministic nonces. The same seed therefore gives the same file, so a failing case can be made again.
"""

import random

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa, utils

P256_ORDER = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
P256_PRIME = 0xFFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF
SMALL_PRIMES = [n for n in range(3, 3000, 2) if all(n % d for d in range(3, int(n**0.5) + 1, 2))]


def is_probable_prime(candidate, rng, rounds=40):
    """Miller-Rabin with `rounds` witnesses from `rng`."""
    if any(candidate % p == 0 for p in SMALL_PRIMES):
        return candidate in SMALL_PRIMES
    odd, twos = candidate - 1, 0
    while odd % 2 == 0:
        odd //= 2
        twos += 1
    for _ in range(rounds):
        x = pow(rng.randrange(2, candidate - 1), odd, candidate)
        if x in (1, candidate - 1):
            continue
        for _ in range(twos - 1):
            x = pow(x, 2, candidate)
            if x == candidate - 1:
                break
        else:
            return False
    return True


def prime(bits, exponent, rng):
    """A prime of exactly `bits` bits, its two top bits set (so that two of them make a modulus of twice the
    bits), with p - 1 prime to `exponent`."""
    while True:
        candidate = rng.getrandbits(bits) | (3 << (bits - 2)) | 1
        if (candidate - 1) % exponent != 0 and is_probable_prime(candidate, rng):
            return candidate


def rsa_key(exponent, rng):
    """An RSA-2048 private key with public exponent `exponent`, from primes the seeded generator finds."""
    p = prime(1024, exponent, rng)
    q = prime(1024, exponent, rng)
    while q == p:
        q = prime(1024, exponent, rng)
    n = p * q
    lam = (p - 1) * (q - 1) // _gcd(p - 1, q - 1)
    d = pow(exponent, -1, lam)
    numbers = rsa.RSAPrivateNumbers(
        p, q, d, d % (p - 1), d % (q - 1), pow(q, -1, p), rsa.RSAPublicNumbers(exponent, n)
    )
    return numbers.private_key()


def _gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def flip_bit(data, rng):
    """`data` with one bit, chosen by `rng`, flipped (a byte appended to empty data)."""
    if not data:
        return b"\x00"
    changed = bytearray(data)
    changed[rng.randrange(len(changed))] ^= 1 << rng.randrange(8)
    return bytes(changed)


def rsa_verdict(public_key, signature, message):
    try:
        public_key.verify(signature, message, padding.PKCS1v15(), hashes.SHA256())
        return True
    except InvalidSignature:
        return False


def ec_verdict(x, y, der, message):
    try:
        public_key = ec.EllipticCurvePublicNumbers(x, y, ec.SECP256R1()).public_key()
    except ValueError:
        return False  # cryptography refuses the key: nothing verifies under it
    try:
        public_key.verify(der, message, ec.ECDSA(hashes.SHA256()))
        return True
    except InvalidSignature:
        return False


def rsa_cases(count, rng):
    keys = [rsa_key(65537, rng) for _ in range(3)] + [rsa_key(3, rng)]
    cases = []
    for index in range(count):
        key = keys[index % len(keys)]
        public = key.public_key()
        numbers = public.public_numbers()
        size = (numbers.n.bit_length() + 7) // 8
        message = rng.randbytes(rng.randrange(0, 160))
        signature = key.sign(message, padding.PKCS1v15(), hashes.SHA256())
        checked_key, checked_message, checked_signature = public, message, signature
        variant = index % 10
        if variant <= 2:
            label = "valid"
        elif variant == 3:
            label, checked_message = "message changed", flip_bit(message, rng)
        elif variant == 4:
            label, checked_signature = "signature changed", flip_bit(signature, rng)
        elif variant == 5:
            label, checked_key = "another key", keys[(index + 1) % len(keys)].public_key()
        elif variant == 6:
            label, checked_signature = "a zero byte in front", b"\x00" + signature
        elif variant == 7:
            label, checked_signature = "last byte cut", signature[:-1]
        elif variant == 8:
            label, checked_signature = "random bytes", rng.randbytes(size)
        else:
            edge = [numbers.n, numbers.n - 1, 0, 1][rng.randrange(4)]
            label, checked_signature = "signature 0, 1, n - 1 or n", edge.to_bytes(size, "big")
        checked = checked_key.public_numbers()
        cases.append(
            {
                "alg": "RS256",
                "label": label,
                "n": format(checked.n, "x").rjust(size * 2, "0"),
                "e": format(checked.e, "x").rjust(2 * ((checked.e.bit_length() + 7) // 8), "0"),
                "msg": checked_message.hex(),
                "sig": checked_signature.hex(),
                "valid": rsa_verdict(checked_key, checked_signature, checked_message),
            }
        )
    return cases


def ec_cases(count, rng):
    keys = [ec.derive_private_key(rng.randrange(1, P256_ORDER), ec.SECP256R1()) for _ in range(8)]
    cases = []
    for index in range(count):
        key = keys[index % len(keys)]
        point = key.public_key().public_numbers()
        x, y = point.x, point.y
        message = rng.randbytes(rng.randrange(0, 160))
        r, s = utils.decode_dss_signature(
            key.sign(message, ec.ECDSA(hashes.SHA256(), deterministic_signing=True))
        )
        checked_message = message
        variant = index % 10
        if variant <= 1:
            label = "valid"
        elif variant == 2:
            label, s = "s and n - s swapped (high or low s)", P256_ORDER - s
        elif variant == 3:
            label, checked_message = "message changed", flip_bit(message, rng)
        elif variant == 4:
            label, r = "r changed", r ^ (1 << rng.randrange(256))
        elif variant == 5:
            label, s = "s changed", s ^ (1 << rng.randrange(256))
        elif variant == 6:
            other = keys[(index + 1) % len(keys)].public_key().public_numbers()
            label, x, y = "another key", other.x, other.y
        elif variant == 7:
            label, r, s = "r or s zero", *((0, s) if rng.randrange(2) else (r, 0))
        elif variant == 8:
            label, r, s = "r or s equal to n", *((P256_ORDER, s) if rng.randrange(2) else (r, P256_ORDER))
        else:
            label, y = "a point off the curve", (y + 1) % P256_PRIME
        der = utils.encode_dss_signature(r, s)
        cases.append(
            {
                "alg": "ES256",
                "label": label,
                "x": x.to_bytes(32, "big").hex(),
                "y": y.to_bytes(32, "big").hex(),
                "msg": checked_message.hex(),
                "sig": (r.to_bytes(32, "big") + s.to_bytes(32, "big")).hex(),
                "der": der.hex(),
                "valid": ec_verdict(x, y, der, checked_message),
            }
        )
    return cases


def make(seed, count, generator):
    """The cases file's content: `count` RS256 and `count` ES256 cases from `seed`."""
    rng = random.Random(seed)
    return {"generator": generator, "seed": seed, "cases": rsa_cases(count, rng) + ec_cases(count, rng)}
