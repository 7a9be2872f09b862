#!/usr/bin/env bash
# Run a command on half of this machine, on purpose (issue 29): a CPU cgroup whose quota is half
# of the machine's cores (2 cores: one core's worth of time shared by everything the command
# starts, the browsers, servers and databases it spawns included). This is the "slow day" CI must
# survive: about half the argon2 verifies/s of scripts/machine-speed.ts.
#
#   bash scripts/half-speed.sh bash .ci/run
#   HALF_SPEED_SHARE=33 bash scripts/half-speed.sh npx playwright test   (a third of the machine)
#
# Needs root and the cgroup v1 cpu controller at /sys/fs/cgroup/cpu (as on these machines) or
# cgroup v2 at /sys/fs/cgroup. PostgreSQL, started outside, is not slowed.
set -euo pipefail
share=${HALF_SPEED_SHARE:-50}
cores=$(nproc)
period=100000
quota=$((cores * period * share / 100))
name="aquadesk-slow-$$"
if [ -d /sys/fs/cgroup/cpu ] && [ -w /sys/fs/cgroup/cpu ]; then
  dir=/sys/fs/cgroup/cpu/$name
  mkdir -p "$dir"
  echo "$period" >"$dir/cpu.cfs_period_us"
  echo "$quota" >"$dir/cpu.cfs_quota_us"
elif [ -f /sys/fs/cgroup/cgroup.controllers ]; then
  dir=/sys/fs/cgroup/$name
  mkdir -p "$dir"
  echo "$quota $period" >"$dir/cpu.max"
else
  echo "half-speed: no writable CPU cgroup here" >&2
  exit 2
fi
echo "half-speed: ${share}% of ${cores} cores (quota ${quota} us per ${period} us) for: $*" >&2
echo $$ >"$dir/cgroup.procs"
rc=0
"$@" || rc=$?
# Out of the group before removing it (a group with members cannot be removed).
echo $$ >"$(dirname "$dir")/cgroup.procs"
rmdir "$dir" 2>/dev/null || true
exit $rc
