#!/usr/bin/env bash
# Installs the tools tablero's build and tests need, skipping whatever is already present.
# Silent when there is nothing to do.
#
#   scripts/setup.sh             Rust wasm target, wasm-bindgen-cli, wasm-opt, npm packages
#   scripts/setup.sh --browser   ... plus Debian's chromium for the browser tests
#
# Everything comes from package registries (rustup, crates.io, npm, apt); nothing downloads
# browsers or prebuilt binaries from elsewhere.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

browser=0
for arg in "$@"; do
  case "$arg" in
    --browser) browser=1 ;;
    -h | --help)
      sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "setup.sh: unknown argument: $arg" >&2
      exit 2
      ;;
  esac
done

say() { echo "setup: $*" >&2; }

need() {
  command -v "$1" >/dev/null 2>&1 || {
    say "'$1' is required but not on PATH${2:+ ($2)}"
    exit 1
  }
}

need cargo "install Rust with rustup: https://rustup.rs"
need rustup "install Rust with rustup: https://rustup.rs"
need node "install Node.js 20 or later"
need npm "install Node.js 20 or later"

# --- Rust target for WebAssembly -------------------------------------------------------------
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding Rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

# --- wasm-bindgen-cli, at exactly the version Cargo.lock pins --------------------------------
# The CLI and the `wasm-bindgen` crate must agree to the patch version, so the version is read
# from Cargo.lock rather than written down a second time.
wb_version=$(awk '
  /^\[\[package\]\]/ { name = "" }
  /^name = / { gsub(/"/, "", $3); name = $3 }
  /^version = / && name == "wasm-bindgen" { gsub(/"/, "", $3); print $3; exit }
' Cargo.lock)
if [[ -z "$wb_version" ]]; then
  say "could not find the wasm-bindgen version in Cargo.lock"
  exit 1
fi

installed=""
if command -v wasm-bindgen >/dev/null 2>&1; then
  installed=$(wasm-bindgen --version | awk '{ print $2 }')
fi
if [[ "$installed" != "$wb_version" ]]; then
  say "installing wasm-bindgen-cli $wb_version (found: ${installed:-none})"
  if ! cargo install wasm-bindgen-cli --version "$wb_version" --locked; then
    # The CLI's own lockfile can name a dependency version that the registry no longer serves
    # (wasm-bindgen-cli 0.2.130 locks webpki-roots 1.0.11). Resolve afresh rather than give up.
    say "'cargo install --locked' failed; retrying without --locked"
    cargo install wasm-bindgen-cli --version "$wb_version"
  fi
fi

# --- npm packages ----------------------------------------------------------------------------
if [[ -f package-lock.json ]]; then
  stamp=node_modules/.tablero-lock.sha256
  want=$(sha256sum package-lock.json | awk '{ print $1 }')
  have=$(cat "$stamp" 2>/dev/null || true)
  if [[ ! -d node_modules || "$want" != "$have" ]]; then
    say "npm ci"
    npm ci --no-audit --no-fund --loglevel=error
    echo "$want" >"$stamp"
  fi
fi

# --- Debian packages: binaryen (wasm-opt, always), chromium (browser tests, when asked) --------
apt_install() { # apt_install <package> <why>
  local sudo=()
  if [[ $(id -u) -ne 0 ]]; then
    need sudo "needed to apt-get install $1 ($2) as a non-root user"
    sudo=(sudo)
  fi
  say "installing Debian $1 ($2)"
  export DEBIAN_FRONTEND=noninteractive
  if ! "${sudo[@]}" apt-get install -y -q "$1"; then
    "${sudo[@]}" apt-get update -q
    "${sudo[@]}" apt-get install -y -q "$1"
  fi
}

# `make pkg` shrinks the release wasm with binaryen's wasm-opt.
if ! command -v wasm-opt >/dev/null 2>&1; then
  apt_install binaryen "wasm-opt for make pkg"
fi

if ((browser)) && ! command -v chromium >/dev/null 2>&1; then
  apt_install chromium "browser tests"
fi
