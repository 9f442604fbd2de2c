# Sourced by the Python peers' start scripts (Examples/*/run): makes a virtualenv with a requirements file's pinned
# packages from PyPI, once, and again only when the file changes.
#
#   ensure_venv <name> <venv folder> <requirements file>
#
# Exits 2 when python3 (3.11 or newer) or its venv module is missing, 3 when pip cannot install the packages; each
# with one line on standard error that says what to do. Concurrent starts wait for each other (flock).

ensure_venv() {
  local name=$1 venv=$2 requirements=$3
  if ! command -v python3 >/dev/null 2>&1; then
    echo "$name: python3 not found; install Python 3.11 or newer (Debian/Ubuntu: apt-get install python3 python3-venv)" >&2
    exit 2
  fi
  if ! python3 -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)'; then
    echo "$name: Python 3.11 or newer is needed, found $(python3 --version 2>&1)" >&2
    exit 2
  fi
  mkdir -p "$venv"
  # Serialise concurrent starts while the virtualenv is created or updated.
  exec 9>"$venv/.venv-lock"
  if command -v flock >/dev/null 2>&1; then flock 9; fi

  local stamp="$venv/.requirements.sha256" want ready=no
  want="$(sha256sum "$requirements" | cut -d' ' -f1)"
  if [ -x "$venv/bin/python" ] && [ "$(cat "$stamp" 2>/dev/null || true)" = "$want" ]; then ready=yes; fi

  if [ "$ready" = no ] && { [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -m pip --version >/dev/null 2>&1; }; then
    if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
      echo "$name: python3 cannot create a virtualenv (module venv/ensurepip missing); install it, e.g. Debian/Ubuntu: apt-get install python3-venv" >&2
      exit 2
    fi
    rm -f "$stamp"
    if ! python3 -m venv "$venv" >&2; then
      echo "$name: 'python3 -m venv $venv' failed; install the venv module, e.g. Debian/Ubuntu: apt-get install python3-venv" >&2
      exit 2
    fi
  fi

  if [ "$ready" = no ]; then
    local log reason
    log="$(mktemp)"
    if ! "$venv/bin/python" -m pip install --disable-pip-version-check -q -r "$requirements" >"$log" 2>&1; then
      reason="$(grep -E 'ERROR|error' "$log" | tail -n 3 | tr '\n' ' ')"
      [ -n "$reason" ] || reason="$(tail -n 3 "$log" | tr '\n' ' ')"
      rm -f "$log"
      echo "$name: could not install the packages of $requirements from PyPI: ${reason:-pip failed}" >&2
      exit 3
    fi
    rm -f "$log"
    echo "$want" >"$stamp"
  fi
  exec 9>&- # release the lock: what runs next must not hold it
}
