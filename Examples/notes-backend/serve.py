"""Launcher: binds 127.0.0.1:$PORT itself (PORT=0 picks a free port), prints
`notes-backend listening on http://127.0.0.1:PORT` on stdout, then serves with
uvicorn on that socket. SIGTERM/SIGINT stop it gracefully with exit status 0."""

from __future__ import annotations

import os
import signal
import socket
import sys

HOST = "127.0.0.1"  # never anything else


def main() -> int:
    raw_port = os.environ.get("PORT") or "0"
    try:
        port = int(raw_port)
        if not 0 <= port <= 65535:
            raise ValueError
    except ValueError:
        print(f"notes-backend: PORT must be a number from 0 to 65535, not {raw_port!r}", file=sys.stderr)
        return 2

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import uvicorn
    from uvicorn.config import LOGGING_CONFIG

    from app import app, mail_dir

    config = uvicorn.Config(
        app,
        log_level="info",
        access_log=False,  # stdout carries only the listening line; errors go to stderr
        log_config=LOGGING_CONFIG,
        timeout_graceful_shutdown=5,
    )
    server = uvicorn.Server(config)

    # Until uvicorn installs its own handlers (and after it restores these), a
    # signal just asks the server to stop; exit status stays 0.
    def request_stop(signum, frame):
        server.should_exit = True

    signal.signal(signal.SIGTERM, request_stop)
    signal.signal(signal.SIGINT, request_stop)

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((HOST, port))
    except OSError as e:
        print(f"notes-backend: cannot listen on {HOST}:{port}: {e}", file=sys.stderr)
        return 1
    sock.listen(128)
    sock.set_inheritable(True)
    actual_port = sock.getsockname()[1]

    print(f"notes-backend: mail dir {os.path.abspath(mail_dir())}", file=sys.stderr, flush=True)
    print(f"notes-backend listening on http://{HOST}:{actual_port}", flush=True)

    server.run(sockets=[sock])
    return 0


if __name__ == "__main__":
    sys.exit(main())
