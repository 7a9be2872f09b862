#!/usr/bin/env bash
# The start smoke on one Node.js line (ADR 032): the BUILT server (`npm run serve`'s
# dist/server/main.js, so `npm run build` first) starts on a fresh embedded database with the demo
# data, answers ready, signs a demo user in, lists the requests that user sees, and stops on
# SIGTERM with exit 0. With --unit it first runs the unit tests on that Node.
#
#   bash scripts/node-smoke.sh 22 [--unit]   Node 22 from the npm registry (scripts/node-lts.sh)
#   bash scripts/node-smoke.sh machine       the machine's own `node` (Node 20 here: end of life,
#                                            not supported, but README's `npm start` must still start)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node-lts.sh
line=$1
shift || true
if [ "$line" = machine ]; then
  # Not the Node this run put first on PATH: the system's own.
  node_bin=$(PATH=$(printf '%s' "$PATH" | tr ':' '\n' | grep -v aquadesk-node | paste -sd:) command -v node)
else
  node_bin="$(node_lts_bin "$line")/node"
fi
echo "smoke on $("$node_bin" --version) ($node_bin)"

if [ "${1:-}" = --unit ]; then
  PATH="$(dirname "$node_bin"):$PATH" npx vitest run --project unit
fi

port=${SMOKE_PORT:-4195}
data=$(mktemp -d -t aquadesk-smoke.XXXXXX)
log="$data.log"
cleanup() {
  [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null || true
  rm -rf "$data" "$log"
}
trap cleanup EXIT
PORT=$port HOST=127.0.0.1 DATA_DIR=$data DATABASE_URL='' DEMO=on SERVE_WEB=on LOG_LEVEL=warn \
  MAINTENANCE_SCHEDULER=off "$node_bin" dist/server/main.js >"$log" 2>&1 &
pid=$!
base="http://127.0.0.1:$port"
# Ready once migrated and seeded; a slow machine gets its speed factor's share of 120 s.
limit=$(awk -v f="${AQUADESK_SPEED_FACTOR:-1}" 'BEGIN { printf "%d", 120 * f }')
for ((i = 0; i < limit * 2; i++)); do
  if curl -fsS "$base/api/ready" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then
    cat "$log"
    echo "smoke: the server exited before it was ready" >&2
    exit 1
  fi
  sleep 0.5
done
curl -fsS "$base/api/ready" >/dev/null || { cat "$log"; echo "smoke: not ready after ${limit} s" >&2; exit 1; }
token=$(curl -fsS -H 'content-type: application/json' \
  -d '{"email":"service.manager@demo.test","password":"demo1234"}' "$base/api/auth/login" |
  "$node_bin" -e 'let s="";process.stdin.on("data",c=>s+=c).on("end",()=>{const b=JSON.parse(s);if(!b.accessToken)process.exit(1);console.log(b.accessToken)})')
total=$(curl -fsS -H "authorization: Bearer $token" "$base/api/service-requests?pageSize=5" |
  "$node_bin" -e 'let s="";process.stdin.on("data",c=>s+=c).on("end",()=>{const b=JSON.parse(s);console.log(Array.isArray(b) ? b.length : -1)})')
[ "$total" -gt 0 ] || { echo "smoke: the demo manager sees no requests ($total)" >&2; exit 1; }
curl -fsSL "$base/" | grep -q '<div id="root">' || { echo "smoke: the web app is not served" >&2; exit 1; }
kill -TERM "$pid"
rc=0
wait "$pid" || rc=$?
pid=
[ "$rc" -eq 0 ] || { cat "$log"; echo "smoke: exit $rc after SIGTERM" >&2; exit 1; }
echo "smoke passed on $("$node_bin" --version): ready, signed in, $total requests listed, stopped cleanly"
