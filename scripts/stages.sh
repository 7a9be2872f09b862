# Stage timing for `npm test` (scripts/test.sh) and `.ci/run` (issue 29): each stage prints its
# wall time as it ends, and the whole run's table (with the machine's speed factor) is printed on
# exit, passed or failed, so a slow run is visible in its own log. Sourced, not run.
#
#   source scripts/stages.sh
#   stage typecheck npm run typecheck
#
# AQUADESK_STAGE_LOG: the file the table is kept in; the outermost caller creates it, nested
# callers (npm test inside .ci/run) add to it and leave the printing to the outermost.
if [ -z "${AQUADESK_STAGE_LOG:-}" ]; then
  AQUADESK_STAGE_LOG=$(mktemp -t aquadesk-stages.XXXXXX)
  export AQUADESK_STAGE_LOG
  AQUADESK_STAGE_T0=$(date +%s)
  export AQUADESK_STAGE_T0
  _stages_print() {
    local rc=$?
    echo
    echo "== stage times (speed factor ${AQUADESK_SPEED_FACTOR:-unmeasured}) =="
    cat "$AQUADESK_STAGE_LOG"
    printf '%-24s %6d s\n' "total" "$(($(date +%s) - AQUADESK_STAGE_T0))"
    rm -f "$AQUADESK_STAGE_LOG"
    return $rc
  }
  trap _stages_print EXIT
fi

stage() {
  local name=$1
  shift
  local t0 rc=0
  t0=$(date +%s)
  echo "== stage $name: started $(date -u +%H:%M:%S)"
  "$@" || rc=$?
  local line
  line=$(printf '%-24s %6d s%s' "$name" "$(($(date +%s) - t0))" "$([ $rc -ne 0 ] && echo "  FAILED (exit $rc)")")
  echo "== stage $line"
  echo "$line" >>"$AQUADESK_STAGE_LOG"
  return $rc
}

# The machine's speed factor (scripts/machine-speed.ts), measured once per run unless given.
measure_speed() {
  if [ -z "${AQUADESK_SPEED_FACTOR:-}" ]; then
    local line
    line=$(npx tsx scripts/machine-speed.ts)
    echo "$line"
    AQUADESK_SPEED_FACTOR=${line##* }
    export AQUADESK_SPEED_FACTOR
  fi
  echo "speed factor: $AQUADESK_SPEED_FACTOR"
}
