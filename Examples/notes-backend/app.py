"""Reference backend of the REST identity contract (signup / login / me / password reset).

In-memory only: every restart starts with no users. Listens on 127.0.0.1 only
(see serve.py). Mail is not sent: each mail is written as files into
NOTES_MAIL_DIR (default ./mail, relative to the working directory).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import threading
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Optional

import jwt
from fastapi import Depends, FastAPI, HTTPException, Response, status
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, field_validator

TOKEN_TTL_SECONDS = 3600
RESET_TTL_SECONDS = 3600
MIN_PASSWORD_LENGTH = 8
PBKDF2_ITERATIONS = 200_000
SALT_BYTES = 16
JWT_ALGORITHM = "HS256"
DEEP_LINK = "signin-demo://reset-password?code={code}"

JWT_SECRET = os.environ.get("NOTES_JWT_SECRET") or secrets.token_urlsafe(48)


def mail_dir() -> str:
    return os.environ.get("NOTES_MAIL_DIR") or "./mail"


def utc_now() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


def iso(dt: datetime) -> str:
    """ISO-8601, always with microseconds, no time zone (the value is UTC)."""
    return dt.strftime("%Y-%m-%dT%H:%M:%S.%f")


# ---------------------------------------------------------------- passwords

def hash_password(password: str) -> bytes:
    salt = secrets.token_bytes(SALT_BYTES)
    digest = hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), salt, PBKDF2_ITERATIONS)
    return salt + digest


def verify_password(password: str, stored: bytes) -> bool:
    salt, digest = stored[:SALT_BYTES], stored[SALT_BYTES:]
    candidate = hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), salt, PBKDF2_ITERATIONS)
    return hmac.compare_digest(candidate, digest)


# Used to spend the same time on an unknown email as on a wrong password.
_DUMMY_HASH = hash_password(secrets.token_urlsafe(16))


# ---------------------------------------------------------------- storage

@dataclass
class User:
    id: int
    email: str
    password_hash: bytes
    created_at: datetime
    valid_since: int = 0  # tokens with iat < valid_since are refused


@dataclass
class ResetCode:
    user_id: int
    expires_at: float
    used: bool = False


class Store:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.users: dict[int, User] = {}
        self.by_email: dict[str, int] = {}
        self.reset_codes: dict[str, ResetCode] = {}  # sha256 hex of the code -> record
        self.next_id = 1


store = Store()


def email_key(email: str) -> str:
    return email.strip().lower()


# ---------------------------------------------------------------- schemas

def _check_password(value: str) -> str:
    if len(value) < MIN_PASSWORD_LENGTH:
        raise ValueError(f"Password must be at least {MIN_PASSWORD_LENGTH} characters")
    return value


def _check_email(value: str) -> str:
    value = value.strip()
    local, _, domain = value.partition("@")
    if not local or not domain or " " in value:
        raise ValueError("Not a valid email address")
    return value


class Credentials(BaseModel):
    email: str
    password: str

    _email = field_validator("email")(_check_email)
    _password = field_validator("password")(_check_password)


class LoginRequest(BaseModel):
    email: str
    password: str


class ForgotPasswordRequest(BaseModel):
    email: str


class ResetPasswordRequest(BaseModel):
    code: str
    new_password: str

    _password = field_validator("new_password")(_check_password)


class UserOut(BaseModel):
    id: int
    email: str
    created_at: str  # "2024-03-05T19:43:01.123456"


class TokenOut(BaseModel):
    access_token: str
    token_type: str = "bearer"
    expires_in: int = TOKEN_TTL_SECONDS


class DetailOut(BaseModel):
    detail: str


def user_out(user: User) -> UserOut:
    return UserOut(id=user.id, email=user.email, created_at=iso(user.created_at))


# ---------------------------------------------------------------- tokens

def issue_token(user: User) -> str:
    # Never earlier than the user's valid_since: a token issued right after a reset, in the same second, stays valid.
    iat = max(int(time.time()), user.valid_since)
    claims = {"sub": str(user.id), "email": user.email, "iat": iat, "exp": iat + TOKEN_TTL_SECONDS}
    return jwt.encode(claims, JWT_SECRET, algorithm=JWT_ALGORITHM)


bearer = HTTPBearer(auto_error=False)

CREDENTIALS_ERROR = HTTPException(
    status_code=status.HTTP_401_UNAUTHORIZED,
    detail="Could not validate credentials",
    headers={"WWW-Authenticate": "Bearer"},
)


def current_user(creds: Optional[HTTPAuthorizationCredentials] = Depends(bearer)) -> User:
    if creds is None or creds.scheme.lower() != "bearer":
        raise CREDENTIALS_ERROR
    try:
        claims = jwt.decode(
            creds.credentials,
            JWT_SECRET,
            algorithms=[JWT_ALGORITHM],
            options={"require": ["sub", "iat", "exp"]},
            # A token issued right after a reset carries the next whole second as its iat (see issue_token).
            leeway=2,
        )
        user_id = int(claims["sub"])
        iat = int(claims["iat"])
    except (jwt.PyJWTError, ValueError, TypeError):
        raise CREDENTIALS_ERROR
    with store.lock:
        user = store.users.get(user_id)
        if user is None or iat < user.valid_since:
            raise CREDENTIALS_ERROR
        return user


# ---------------------------------------------------------------- mail

def write_reset_mail(to: str, code: str) -> None:
    """One mail = <unix-ms>-<random>.eml plus its JSON twin <same>.json, each written atomically."""
    directory = mail_dir()
    os.makedirs(directory, exist_ok=True)
    now = utc_now()
    base = os.path.join(directory, f"{int(time.time() * 1000)}-{secrets.token_hex(4)}")
    link = DEEP_LINK.format(code=code)
    subject = "Reset your password"
    eml = (
        f"To: {to}\r\n"
        f"Subject: {subject}\r\n"
        "Content-Type: text/plain; charset=utf-8\r\n"
        "\r\n"
        "Someone asked to reset the password of your account.\r\n"
        "Open this link on your device to choose a new password (valid for 1 hour, once):\r\n"
        "\r\n"
        f"{link}\r\n"
        "\r\n"
        "If you did not ask for this, ignore this mail.\r\n"
    )
    twin = {"to": to, "subject": subject, "link": link, "sent_at": iso(now)}
    _atomic_write(base + ".eml", eml)
    _atomic_write(base + ".json", json.dumps(twin) + "\n")


def _atomic_write(path: str, text: str) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8", newline="") as f:
        f.write(text)
    os.replace(tmp, path)


def code_digest(code: str) -> str:
    return hashlib.sha256(code.encode("utf-8")).hexdigest()


# ---------------------------------------------------------------- routes

app = FastAPI(title="notes-backend (reference identity backend)", version="1.0.0")


@app.post("/auth/signup", status_code=status.HTTP_201_CREATED, response_model=UserOut,
          responses={409: {"model": DetailOut}})
def signup(body: Credentials) -> UserOut:
    password_hash = hash_password(body.password)  # slow: outside the lock
    with store.lock:
        key = email_key(body.email)
        if key in store.by_email:
            raise HTTPException(status_code=status.HTTP_409_CONFLICT, detail="Email already registered")
        user = User(id=store.next_id, email=body.email, password_hash=password_hash, created_at=utc_now())
        store.next_id += 1
        store.users[user.id] = user
        store.by_email[key] = user.id
    return user_out(user)


@app.post("/auth/login", response_model=TokenOut, responses={401: {"model": DetailOut}})
def login(body: LoginRequest) -> TokenOut:
    with store.lock:
        user_id = store.by_email.get(email_key(body.email))
        user = store.users.get(user_id) if user_id is not None else None
        stored = user.password_hash if user else _DUMMY_HASH
    if not verify_password(body.password, stored) or user is None:
        raise HTTPException(status_code=status.HTTP_401_UNAUTHORIZED, detail="Incorrect email or password")
    with store.lock:  # a reset may have happened meanwhile
        user = store.users.get(user.id)
        if user is None or user.password_hash is not stored:
            raise HTTPException(status_code=status.HTTP_401_UNAUTHORIZED, detail="Incorrect email or password")
        return TokenOut(access_token=issue_token(user))


@app.get("/auth/me", response_model=UserOut, responses={401: {"model": DetailOut}})
def me(user: User = Depends(current_user)) -> UserOut:
    return user_out(user)


@app.delete("/auth/me", status_code=status.HTTP_204_NO_CONTENT, response_class=Response,
            responses={401: {"model": DetailOut}})
def delete_me(user: User = Depends(current_user)) -> Response:
    with store.lock:
        if store.users.pop(user.id, None) is not None:
            store.by_email.pop(email_key(user.email), None)
        for record in store.reset_codes.values():
            if record.user_id == user.id:
                record.used = True
    return Response(status_code=status.HTTP_204_NO_CONTENT)


FORGOT_REPLY = {"detail": "If the email has an account, a reset link was sent"}


@app.post("/auth/forgot-password", status_code=status.HTTP_202_ACCEPTED, response_model=DetailOut)
def forgot_password(body: ForgotPasswordRequest) -> dict:
    with store.lock:
        user_id = store.by_email.get(email_key(body.email))
        user = store.users.get(user_id) if user_id is not None else None
        if user is None:
            return FORGOT_REPLY
        code = secrets.token_urlsafe(32)
        store.reset_codes[code_digest(code)] = ResetCode(user_id=user.id, expires_at=time.time() + RESET_TTL_SECONDS)
        to = user.email
    write_reset_mail(to, code)
    return FORGOT_REPLY


@app.post("/auth/reset-password", status_code=status.HTTP_204_NO_CONTENT, response_class=Response,
          responses={400: {"model": DetailOut}})
def reset_password(body: ResetPasswordRequest) -> Response:
    new_hash = hash_password(body.new_password)  # slow: outside the lock
    with store.lock:
        record = store.reset_codes.get(code_digest(body.code))
        user = store.users.get(record.user_id) if record else None
        if record is None or record.used or user is None:
            raise HTTPException(status_code=status.HTTP_400_BAD_REQUEST, detail="Invalid or used reset code")
        if time.time() >= record.expires_at:
            raise HTTPException(status_code=status.HTTP_400_BAD_REQUEST, detail="Reset code expired")
        record.used = True
        user.password_hash = new_hash
        # The next whole second: every token issued before the reset (its iat at most this second) is refused,
        # and tokens issued from now on start at valid_since.
        user.valid_since = int(time.time()) + 1
    return Response(status_code=status.HTTP_204_NO_CONTENT)
