#!/usr/bin/env bash
# Requests per second of `umpire serve` on this machine, with wrk (Debian's package): the
# parse-as-you-type request, and a small board's verdict through the check pad. Not in CI.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { echo "serve-load: no wrk (apt-get install wrk)"; exit 1; }
cargo build --release --locked -q
work="$(mktemp -d)"
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
target/release/umpire serve --port 0 --game "$work/game.json" > "$work/serve.log" &
server=$!
for _ in $(seq 50); do grep -q "http://" "$work/serve.log" 2>/dev/null && break; sleep 0.1; done
address="$(grep -o 'http://[^ ]*' "$work/serve.log")"
post() { # $1 path, $2 JSON body
  cat > "$work/post.lua" <<LUA
wrk.method = "POST"
wrk.body = [[$2]]
wrk.headers["Content-Type"] = "application/json"
LUA
  echo "== POST $1 $2"
  wrk -t2 -c${CONNECTIONS:-8} -d${SECONDS_EACH:-10}s -s "$work/post.lua" "${address%/}$1" | grep -E "Requests/sec|Latency|requests in|Non-2xx"
}
post /api/parse '{"text": "∀x ∃y smarter(y, x) ∧ ¬smarter(x, x)"}'
post /api/check '{"text": "∀x ∃y smarter(y, x)\n∀x ¬smarter(x, x)"}'
post /api/check '{"text": "∀x blonde(x)\nblonde(a)", "follows": 2}'
