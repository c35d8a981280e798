# Shared set-up steps of scripts/run and scripts/test. Sourced, not executed.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
VENV="$ROOT/.venv"
STAMPS="$ROOT/var/.stamps"
mkdir -p "$STAMPS"

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

# The first Python 3.12+ found on PATH, or in pyenv's versions when pyenv is installed.
find_python() {
  local candidate
  for candidate in python3.13 python3.12 python3 python; do
    if command -v "$candidate" >/dev/null 2>&1 &&
      "$candidate" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' >/dev/null 2>&1; then
      command -v "$candidate"
      return 0
    fi
  done
  if command -v pyenv >/dev/null 2>&1; then
    local root version
    root="$(pyenv root)"
    for version in $(pyenv versions --bare 2>/dev/null | grep -E '^3\.(1[2-9]|[2-9][0-9])(\.|$)' | sort -rV); do
      if [ -x "$root/versions/$version/bin/python3" ]; then
        echo "$root/versions/$version/bin/python3"
        return 0
      fi
    done
  fi
  return 1
}

# Install steps run again only when the lock file they install from has changed.
# Installs Debian's package $2 unless the command (or executable path) $1 is there; $3 says
# what it is for.
ensure_debian_package() {
  if command -v "$1" >/dev/null 2>&1 || [ -x "$1" ]; then return; fi
  say "Installing Debian's $2 $3"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$2" >/dev/null
}
digest_of() { sha256sum "$1" | cut -d' ' -f1; }
is_current() { [ -f "$STAMPS/$1" ] && [ "$(cat "$STAMPS/$1")" = "$2" ]; }
record() { echo "$2" > "$STAMPS/$1"; }

ensure_python_env() {
  local lock="requirements/$1.lock"
  if [ ! -x "$VENV/bin/python" ] ||
    ! "$VENV/bin/python" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)'; then
    local python
    python="$(find_python)" || {
      echo "Platforma needs Python 3.12 or newer; none was found." >&2
      exit 1
    }
    say "Creating the virtual environment with $python"
    rm -rf "$VENV"
    "$python" -m venv "$VENV"
    rm -f "$STAMPS"/python-*
  fi
  local digest
  digest="$(digest_of "$lock")"
  if ! is_current "python-$1" "$digest"; then
    say "Installing Python packages ($lock)"
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -r "$lock"
    record "python-$1" "$digest"
  fi
  export PATH="$VENV/bin:$PATH"
}

ensure_node_env() {
  if ! command -v node >/dev/null 2>&1 ||
    ! node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)'; then
    echo "Platforma needs Node.js 20.19 or newer (with npm)." >&2
    exit 1
  fi
  local digest
  digest="$(digest_of package-lock.json)"
  if [ ! -d node_modules ] || ! is_current node "$digest"; then
    say "Installing JavaScript packages (npm ci)"
    npm ci --no-audit --no-fund --loglevel=error
    record node "$digest"
  fi
}

build_frontend() {
  say "Building the frontend"
  npx --no-install vite build --logLevel warn
  # The same pages for the Node SSR process (frontend/ssr.tsx); build/ is not committed.
  npx --no-install vite build --ssr frontend/ssr.tsx --outDir build/ssr --emptyOutDir --logLevel warn
}

# The Inertia SSR process next to Django (app/core/ssr_process.py restarts it when it dies).
# It stops by itself once the process with id $1 (default: this shell, i.e. what it execs
# into) has exited; stop_ssr stops it at once. SSR_PORT (default 13714) is where it listens;
# Django asks it at INERTIA_SSR_URL.
SSR_PID_FILE="$ROOT/var/ssr.pid"
start_ssr() {
  local port="${SSR_PORT:-13714}"
  say "Starting the server-side rendering process on port $port"
  python -m app.core.ssr_process --port "$port" --parent "${1:-$$}" &
  echo $! > "$SSR_PID_FILE"
  local i
  for i in $(seq 1 300); do
    if python -c "import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=1)" \
      "http://127.0.0.1:$port/health" >/dev/null 2>&1; then
      export INERTIA_SSR_ENABLED="${INERTIA_SSR_ENABLED:-1}"
      export INERTIA_SSR_URL="${INERTIA_SSR_URL:-http://127.0.0.1:$port}"
      return 0
    fi
    sleep 0.1
  done
  echo "The SSR process did not start; pages are rendered in the browser." >&2
}

stop_ssr() {
  if [ -f "$SSR_PID_FILE" ]; then
    kill "$(cat "$SSR_PID_FILE")" 2>/dev/null || true
    rm -f "$SSR_PID_FILE"
  fi
}

prepare_django() {
  say "Compiling translations and migrating the database"
  python manage.py compile_translations >/dev/null
  python manage.py migrate --noinput >/dev/null
}
