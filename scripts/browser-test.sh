#!/usr/bin/env bash
# A real-browser test of `umpire serve`: headless Chromium (Debian's package) opens the page
# and plays a short game through it (scripts/browser-test.mjs, driven by playwright-core
# from the npm registry). The screenshot is the artifact: $1, default target/serve.png.
# Needs chromium and node. By hand, a machine without them skips the test (exit 0); with
# BROWSER_TEST_REQUIRED=1 (as .ci/run sets it) their absence fails it.
set -euo pipefail
cd "$(dirname "$0")/.."
shot="$(realpath -m "${1:-target/serve.png}")"
missing() {
  echo "browser-test: $1"
  if [ "${BROWSER_TEST_REQUIRED:-0}" = 1 ]; then exit 1; fi
  exit 0
}
command -v chromium >/dev/null || missing "no chromium (apt-get install chromium)"
command -v node >/dev/null || missing "no node"
command -v npm >/dev/null || missing "no npm"
# UMPIRE names a binary already built (.ci/run passes the one `cargo test` built, which
# saves CI a release build); by default the release build is made and used.
umpire="${UMPIRE:-target/release/umpire}"
if [ -z "${UMPIRE:-}" ]; then cargo build --release --locked -q; fi
work="$(mktemp -d)"
trap 'kill "$server" "$lan" 2>/dev/null || true; rm -rf "$work"' EXIT
( cd "$work" && npm init -y >/dev/null && npm install --silent playwright-core@1 >/dev/null )
cp scripts/browser-test.mjs scripts/browser-phone.mjs "$work/"
"$umpire" serve --port 0 --game "$work/game.json" > "$work/serve.log" &
server=$!
for _ in $(seq 50); do grep -q "http://" "$work/serve.log" 2>/dev/null && break; sleep 0.1; done
address="$(grep -o 'http://[^ ]*' "$work/serve.log")"
mkdir -p "$(dirname "$shot")"
node "$work/browser-test.mjs" "$address" "$shot"
# The page at a real table: phone-sized, joined by the QR code's address (--lan), the
# statement written with the symbol palette, a second phone refused at another's seat.
lan=""
"$umpire" serve --lan --port 0 --game "$work/lan.json" > "$work/lan.log" &
lan=$!
for _ in $(seq 50); do grep -q "http://" "$work/lan.log" 2>/dev/null && break; sleep 0.1; done
node "$work/browser-phone.mjs" "$(grep -o 'http://[^ ]*' "$work/lan.log" | head -1)" "${shot%.png}-phone.png"
