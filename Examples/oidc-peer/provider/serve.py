"""Starts the peer's OpenID Connect provider on 127.0.0.1: migrates a fresh SQLite database, creates the user and the
two public clients, and serves Django over a small threaded WSGI server on a free port.

Usage (peer.py starts it): OIDC_PEER_STATE=DIR python serve.py
Prints one line `oidc provider: listening on http://127.0.0.1:PORT` when it accepts connections; stops on SIGTERM.
"""

import os
import signal
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "provider.settings")

import django  # noqa: E402

USERNAME = "ada"
PASSWORD = "correct horse battery staple"
EMAIL = "ada.oidc@example.com"
CLIENTS = ("signin-demo-peer", "other-app")
REDIRECT_URI = "http://127.0.0.1/callback"


def seed():
    from django.contrib.auth import get_user_model
    from oauth2_provider.models import get_application_model

    user = get_user_model().objects.create_user(
        USERNAME, email=EMAIL, password=PASSWORD, first_name="Ada", last_name="Lovelace"
    )
    Application = get_application_model()
    for client_id in CLIENTS:
        Application.objects.create(
            name=client_id,
            client_id=client_id,
            user=user,
            client_type=Application.CLIENT_PUBLIC,
            authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
            redirect_uris=REDIRECT_URI,
            algorithm=Application.RS256_ALGORITHM,
            skip_authorization=False,
        )


def main():
    if not os.environ.get("OIDC_PEER_STATE"):
        print("serve.py: set OIDC_PEER_STATE to an empty folder for the database", file=sys.stderr)
        return 2
    django.setup()
    from django.core.management import call_command
    from django.core.servers.basehttp import ThreadedWSGIServer, WSGIRequestHandler
    from django.core.wsgi import get_wsgi_application

    call_command("migrate", verbosity=0, interactive=False)
    seed()
    server = ThreadedWSGIServer(("127.0.0.1", 0), WSGIRequestHandler)
    server.set_app(get_wsgi_application())
    stopping = threading.Event()

    def stop(*_):
        if not stopping.is_set():
            stopping.set()
            threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    print(f"oidc provider: listening on http://127.0.0.1:{server.server_address[1]}", flush=True)
    server.serve_forever(poll_interval=0.2)
    server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
