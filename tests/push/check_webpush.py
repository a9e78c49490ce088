#!/usr/bin/env python3
"""Checks Web Push messages made by the Swift WebPush target with independent implementations.

Usage: .venv-push/bin/python tests/push/check_webpush.py CASES.json

CASES.json (written by Tests/WebPushTests/PythonCrossCheckTests.swift) holds a list of cases, each:
  subscriberPrivateKey  the user agent's P-256 private scalar (base64url)
  auth                  the subscription's auth secret (base64url)
  body                  the encrypted request body (base64url)
  plaintext             the payload the body must decrypt to (base64url)
  authorization         the VAPID Authorization header's value ("vapid t=<JWT>, k=<key>")
  audience, subject, expiry   the claims the JWT must carry
  vapidPrivateKey       the VAPID key's raw private scalar as the database keeps it (base64url)

For each case: http_ece decrypts the body (aes128gcm, RFC 8291) to the plaintext; the body's
header says rs = 4096 and carries a 65-byte key; py_vapid verifies the JWT's ES256 signature with
the k= public key and reads its claims; the header is {"typ":"JWT","alg":"ES256"}; py_vapid loads
the stored private key and finds the same public key. Prints one line per case and exits 1 on
any failure.
"""

import base64
import json
import sys

import http_ece
import py_vapid
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import jwt as vapid_jwt


def b64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def uncompressed(public_key):
    return public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)


def check_encryption(case):
    body = b64url(case["body"])
    if int.from_bytes(body[16:20], "big") != 4096 or body[20] != 65:
        return "the header's record size is not 4096 or its key id not 65 bytes"
    private_key = ec.derive_private_key(int.from_bytes(b64url(case["subscriberPrivateKey"]), "big"), ec.SECP256R1())
    plaintext = http_ece.decrypt(
        body, private_key=private_key, auth_secret=b64url(case["auth"]), version="aes128gcm"
    )
    if plaintext != b64url(case["plaintext"]):
        return "http_ece decrypted %d bytes that are not the payload" % len(plaintext)
    return None


def check_vapid(case):
    header = case["authorization"]
    scheme, _, parameters = header.partition(" ")
    if scheme != "vapid":
        return "the scheme is %r, not vapid" % scheme
    values = dict(part.strip().split("=", 1) for part in parameters.split(","))
    if set(values) != {"t", "k"}:
        return "the parameters are %s, not t and k" % sorted(values)
    token, key = values["t"], values["k"]
    claims = vapid_jwt.decode(token, key)  # raises InvalidSignature unless ES256 verifies with k
    jose_header = json.loads(b64url(token.split(".")[0]))
    if jose_header != {"typ": "JWT", "alg": "ES256"}:
        return "the JWT header is %r" % jose_header
    expected = {"aud": case["audience"], "sub": case["subject"], "exp": case["expiry"]}
    if claims != expected:
        return "the claims are %r, not %r" % (claims, expected)
    if not isinstance(claims["exp"], int):
        return "exp is not an integer"
    if not py_vapid._check_sub(claims["sub"]):
        return "py_vapid does not accept the subject %r" % claims["sub"]
    stored = py_vapid.Vapid02.from_raw(case["vapidPrivateKey"].encode())
    if uncompressed(stored.public_key) != b64url(key):
        return "the stored private key's public key is not k"
    return None


def main():
    with open(sys.argv[1]) as file:
        cases = json.load(file)
    failures = 0
    for index, case in enumerate(cases):
        for name, check in (("aes128gcm", check_encryption), ("VAPID", check_vapid)):
            try:
                problem = check(case)
            except Exception as error:  # a decryption or signature failure is a failed check
                problem = "%s: %s" % (type(error).__name__, error)
            if problem:
                failures += 1
                print("case %d %s: FAILED: %s" % (index, name, problem))
            else:
                print("case %d %s: ok" % (index, name))
    if not cases:
        print("no cases")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
