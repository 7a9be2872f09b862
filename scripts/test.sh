#!/usr/bin/env bash
# `npm test`: every test, one stage at a time, each stage's time printed (scripts/stages.sh).
# The time limits of vitest and Playwright scale with the machine's speed factor (issue 29).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/stages.sh

# .ci/run measured it already; a developer's run measures it here.
if [ -z "${AQUADESK_SPEED_FACTOR:-}" ]; then stage speed measure_speed; fi
stage typecheck npm run typecheck
stage lint npm run lint
stage vitest:unit npx vitest run --project unit
stage vitest:components npx vitest run --project components
stage vitest:api-pglite npx vitest run --project api-pglite
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  stage vitest:api-postgres npx vitest run --project api-postgres
fi
stage build npm run build
stage check-bundle npx tsx scripts/check-bundle.ts
stage playwright npx playwright test
