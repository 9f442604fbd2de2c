"""An authenticator and a QR reader nobody here wrote judge the CLI's two-step sign-in.

pyotp (RFC 4226 and RFC 6238) plays the phone's authenticator app and zxing-cpp its camera. The CLI enrols a TOTP
factor on a terminal (a pseudo-terminal here): the QR code it draws is turned back into pixels and decoded, and must be
exactly the otpauth:// URI it prints; pyotp reads that URI and computes the codes the CLI must accept, at enrolment and
at the next sign-in, while a wrong code, a missing one and a replayed one are refused. Nothing here is the package's
code: the CLI is run as a program and only what it shows is read.

Usage: run --cli PATH --data-dir DIR [--backend NAME]
Exits 0 when every check passes, 1 on the first failure (with what was expected and what came), 2 on bad usage.
"""

import argparse
import os
import pty
import re
import select
import subprocess
import sys
import time

import pyotp
import zxingcpp

ESCAPE = re.compile(r"\x1b\[[0-9;]*m")
EMAIL = "ada.totp@example.com"
PASSWORD = "correct horse battery staple"
PROMPT = "Code from the authenticator app: "


class CheckFailed(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise CheckFailed(message)


def modules(lines):
    """The QR code's modules from the terminal's half blocks: two rows of modules to a line, escapes dropped."""
    rows = []
    for line in lines:
        line = ESCAPE.sub("", line)
        rows.append([c in "█▀" for c in line])
        rows.append([c in "█▄" for c in line])
    return rows


def decode_qr(lines, scale=4):
    """What a camera would read off the drawing: every module a square of `scale` pixels, dark on light."""
    rows = modules(lines)
    width = max(len(row) for row in rows)
    pixels = bytearray()
    for row in rows:
        line = bytearray()
        for x in range(width):
            dark = x < len(row) and row[x]
            line += bytes([0 if dark else 255]) * scale
        pixels += bytes(line) * scale
    image = memoryview(bytes(pixels)).cast("B", (len(rows) * scale, width * scale))
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    return [barcode.text for barcode in found]


class Terminal:
    """A CLI run on a pseudo-terminal: what it writes is read as a user's terminal shows it."""

    def __init__(self, command, environment):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execvpe(command[0], command, environment)
        self.received = b""

    @property
    def output(self):
        """All it wrote so far, decoded as a whole: a pseudo-terminal hands the bytes over in pieces of about 4 KiB,
        which may cut a character (a half block is three bytes) or a line's \\r\\n in two."""
        return self.received.decode("utf-8", "replace").replace("\r\n", "\n")

    def read_until(self, marker, seconds=60):
        deadline = time.monotonic() + seconds
        while marker not in self.output:
            left = deadline - time.monotonic()
            expect(left > 0, f"the CLI did not show {marker!r} within {seconds} s; it showed:\n{self.output}")
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                continue
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                chunk = b""
            expect(chunk, f"the CLI ended before showing {marker!r}; it showed:\n{self.output}")
            self.received += chunk
        return self.output

    def type(self, line):
        os.write(self.fd, (line + "\n").encode())

    def wait(self, seconds=60):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                ready, _, _ = select.select([self.fd], [], [], 0.2)
                if ready:
                    chunk = os.read(self.fd, 65536)
                    self.received += chunk
            except OSError:
                pass
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                return os.waitstatus_to_exitcode(status)
        os.kill(self.pid, 9)
        raise CheckFailed(f"the CLI did not end within {seconds} s; it showed:\n{self.output}")


class Peer:
    def __init__(self, cli, data_dir, backend):
        self.cli = cli
        self.data_dir = data_dir
        self.backend = backend
        self.environment = dict(os.environ, LANG="en_US.UTF-8", LC_ALL="en_US.UTF-8", TERM="xterm")
        self.environment.pop("NO_COLOR", None)
        self.checks = 0

    def command(self, *arguments):
        return [self.cli, *arguments, "--backend", self.backend, "--data-dir", self.data_dir]

    def run(self, *arguments):
        done = subprocess.run(self.command(*arguments), env=self.environment, stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=120)
        return done.returncode, done.stdout, done.stderr

    def passed(self, what):
        self.checks += 1
        print(f"  ok  {what}")

    def enrol(self):
        """Enrols on a terminal: the QR code and the URI agree, a wrong code is refused, pyotp's code is taken."""
        terminal = Terminal(self.command("mfa", "enroll", "--name", "Peer phone"), self.environment)
        shown = terminal.read_until(PROMPT)
        lines = shown.split("\n")
        uri_lines = [line for line in lines if line.startswith("Its address: ")]
        expect(len(uri_lines) == 1, f"one line with the otpauth:// address expected:\n{shown}")
        uri = uri_lines[0][len("Its address: "):].strip()
        start = next(i for i, line in enumerate(lines) if line.startswith("Scan this QR code"))
        end = next(i for i, line in enumerate(lines) if line.startswith("Or type this secret"))
        drawing = lines[start + 1:end]
        expect(any("\x1b[" in line for line in drawing), "on a terminal the QR code is drawn black on white")
        decoded = decode_qr(drawing)
        expect(decoded == [uri], f"zxing-cpp read {decoded!r} off the QR code, the CLI printed {uri!r}")
        self.passed("zxing-cpp reads the drawn QR code back to the exact otpauth:// URI")

        totp = pyotp.parse_uri(uri)
        expect(isinstance(totp, pyotp.TOTP), f"not a TOTP URI: {uri}")
        secret_line = next(line for line in lines if line.startswith("Or type this secret"))
        typed = secret_line.split(": ", 1)[1].replace(" ", "")
        expect(typed == totp.secret, f"the secret shown as text {typed!r} is not the URI's {totp.secret!r}")
        expect(totp.issuer == "signin-demo" and totp.name == f"{EMAIL} (Peer phone)",
               f"the URI names issuer {totp.issuer!r} and account {totp.name!r}")
        expect(totp.digits == 6 and totp.interval == 30 and totp.digest().name == "sha1",
               f"the URI's parameters: {totp.digits} digits, {totp.interval} s")
        self.passed("pyotp reads the URI: issuer, account, the text secret, SHA-1, 6 digits, 30 s")

        right = totp.now()
        wrong = f"{(int(right) + 1) % 1_000_000:06d}"
        terminal.type(wrong)
        terminal.read_until("That code is not right")
        terminal.read_until(PROMPT + "")
        self.passed("a wrong first code is refused and asked again")
        before = len(terminal.output)
        terminal.type(right)
        status = terminal.wait()
        after = ESCAPE.sub("", terminal.output[before:])
        expect(status == 0, f"mfa enroll exited {status}:\n{after}")
        expect("Two-step sign-in is on" in after, f"no confirmation of the enrolment:\n{after}")
        self.passed("pyotp's code confirms the enrolment")
        return totp

    def sign_in(self, *extra):
        return self.run("sign-in", "email", "--email", EMAIL, "--password", PASSWORD, *extra)

    def check(self):
        status, _, err = self.run("sign-up", "--email", EMAIL, "--password", PASSWORD)
        expect(status == 0, f"sign-up exited {status}: {err}")
        totp = self.enrol()

        status, out, _ = self.run("mfa", "list")
        expect(status == 0 and "Peer phone" in out, f"mfa list exited {status}: {out}")
        self.passed("mfa list shows the enrolled authenticator")

        status, _, err = self.sign_in()
        expect(status == 2 and "--code" in err, f"a sign-in without a code off a terminal: exit {status}: {err}")
        self.passed("without a terminal and without --code, the sign-in is refused and says to give --code")

        # The next step's code: the enrolment used this step's, and a code works once.
        code = totp.at(time.time() + 30)
        wrong = f"{(int(code) + 1) % 1_000_000:06d}"
        status, _, err = self.sign_in("--code", wrong)
        expect(status == 1 and "not right" in err, f"a wrong code: exit {status}: {err}")
        self.passed("a wrong code is refused")

        status, out, err = self.sign_in("--code", code)
        expect(status == 0 and EMAIL in out, f"pyotp's code: exit {status}: {err}{out}")
        self.passed("pyotp's code signs in")

        status, _, err = self.sign_in("--code", code)
        expect(status == 1 and "not right" in err, f"the same code replayed: exit {status}: {err}")
        self.passed("the same code is refused a second time")

        status, out, err = self.run("mfa", "remove")
        expect(status == 2 and "--yes" in err, f"removing the last factor without --yes: exit {status}: {err}")
        status, out, err = self.run("mfa", "remove", "--yes")
        expect(status == 0 and "two-step sign-in is off" in out, f"mfa remove --yes: exit {status}: {err}{out}")
        status, out, err = self.sign_in()
        expect(status == 0, f"after removal the password alone signs in: exit {status}: {err}")
        self.passed("the last factor is removed only with --yes; then the password alone signs in")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", required=True)
    parser.add_argument("--data-dir", required=True)
    parser.add_argument("--backend", default="embedded")
    arguments = parser.parse_args()
    peer = Peer(arguments.cli, arguments.data_dir, arguments.backend)
    print(f"totp peer: pyotp {pyotp.__version__ if hasattr(pyotp, '__version__') else '2.9.0'}, zxing-cpp, "
          f"--backend {arguments.backend}")
    try:
        peer.check()
    except CheckFailed as failure:
        print(f"FAIL: {failure}", file=sys.stderr)
        return 1
    print(f"totp peer: {peer.checks} checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
