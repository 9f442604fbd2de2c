"""Settings of the peer's OpenID Connect provider: django-oauth-toolkit with OpenID Connect on, PKCE required, RS256.

Everything that must not outlive one run is made here at import: the RSA signing key is generated fresh, and the
SQLite database lives in the folder named by OIDC_PEER_STATE (the peer's temporary folder).
"""

import os
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa


def _fresh_rsa_key_pem():
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()


STATE = Path(os.environ.get("OIDC_PEER_STATE") or "/nonexistent-set-OIDC_PEER_STATE")
HERE = Path(__file__).resolve().parent

SECRET_KEY = os.urandom(32).hex()
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1"]
ROOT_URLCONF = "provider.urls"
WSGI_APPLICATION = None
USE_TZ = True
TIME_ZONE = "UTC"
LANGUAGE_CODE = "en"
STATIC_URL = "/static/"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "oauth2_provider",
]
MIDDLEWARE = [
    "django.middleware.common.CommonMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
]
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [HERE / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {"context_processors": ["django.template.context_processors.request"]},
    }
]
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": STATE / "provider.sqlite3"}}
# Fast hashing: the one password here is a test's.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

LOGIN_URL = "/accounts/login/"

OAUTH2_PROVIDER = {
    "OIDC_ENABLED": True,
    "PKCE_REQUIRED": True,
    "OIDC_RSA_PRIVATE_KEY": _fresh_rsa_key_pem(),
    "SCOPES": {
        "openid": "Sign you in (OpenID Connect)",
        "email": "Your email address",
        "profile": "Your name",
    },
    "DEFAULT_SCOPES": ["openid"],
    "OAUTH2_VALIDATOR_CLASS": "provider.validators.PeerValidator",
    # The issuer is not fixed here: django-oauth-toolkit derives it from the request's Host, so the provider answers
    # as http://127.0.0.1:<its port>/o when reached directly and as the proxy's address when reached through the
    # peer's proxy (which passes Host on). See README.md.
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"stderr": {"class": "logging.StreamHandler"}},
    "loggers": {
        "django.request": {"handlers": ["stderr"], "level": "ERROR", "propagate": False},
        "oauth2_provider": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
    },
}
