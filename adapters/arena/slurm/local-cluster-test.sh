#!/usr/bin/env bash
# Runs a sharded guerrilla-arena match on a real Slurm cluster and checks it against the same
# match played in one process:
#
#   1. installs Debian's slurm-wlm and munge when they are missing (as root);
#   2. starts munged, slurmctld and slurmd on localhost, as root, from a temporary folder: a
#      single-node cluster whose node has this machine's CPUs and memory (slurmd -C);
#   3. submits match.sbatch (beside this script) as a job array of SHARDS tasks, and the merge
#      as a job that depends on it (afterok), and waits for both;
#   4. plays the same match in one process (match.sbatch run directly as shard 1/1) and checks
#      that the merged records hold the same games (moves, results, tags; the times and dates
#      differ) and that the merged summary (JSON) is the same;
#   5. stops the daemons and removes the folder, whatever happened.
#
# Usage: local-cluster-test.sh [ARENA [ENGINE]] (default: target/release/guerrilla-arena and
# target/release/guerrilla from the repository root). SHARDS (4) and GAMES (16) may be set.
# The last line is "slurm: 1 passed, 0 failed" or "slurm: 0 passed, 1 failed".
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
arena=$(realpath "${1:-$root/target/release/guerrilla-arena}")
engine=$(realpath "${2:-$root/target/release/guerrilla}")
shards=${SHARDS:-4}
games=${GAMES:-16}
started=$(date +%s)

fail() {
  echo "slurm: $*" >&2
  echo "slurm: 0 passed, 1 failed"
  exit 1
}

if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null; then
  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y slurm-wlm munge
fi

work=$(mktemp -d /tmp/arena-slurm.XXXXXX)
chmod 755 "$work"
cleanup() {
  for pidfile in "$work/slurmd.pid" "$work/slurmctld.pid" "$work/munge/munged.pid"; do
    if [ -s "$pidfile" ]; then
      pid=$(cat "$pidfile")
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    fi
  done
  rm -rf "$work"
}
trap cleanup EXIT

# munge: its own key, socket and files in the folder (munged refuses world-writable parents
# such as /tmp itself, hence the 755 folder).
mkdir -p "$work/munge"
chmod 700 "$work/munge"
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge/munge.key"
socket="$work/munge/munge.socket"
munged --force --key-file="$work/munge/munge.key" --socket="$socket" \
  --pid-file="$work/munge/munged.pid" --log-file="$work/munge/munged.log" \
  --seed-file="$work/munge/munged.seed" ||
  fail "munged did not start: $(cat "$work/munge/munged.log" 2>/dev/null)"

# Free ports for the two daemons.
ports=$(python3 -c 'import socket
s=[socket.socket() for _ in range(2)]
[x.bind(("127.0.0.1", 0)) for x in s]
print(" ".join(str(x.getsockname()[1]) for x in s))')
read -r ctld_port d_port <<<"$ports"

# The node as slurmd sees this machine: CPUs=… Boards=… RealMemory=… .
node=$(slurmd -C | head -1 | sed -e 's/^NodeName=[^ ]* //' -e 's/ UpTime=.*//')
mkdir -p "$work/state" "$work/spool" "$work/out" "$work/one"
cat >"$work/slurm.conf" <<CONF
ClusterName=arena
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$d_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$socket
CryptoType=crypto/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
MinJobAge=600
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=arena-node NodeAddr=127.0.0.1 NodeHostname=localhost $node State=UNKNOWN
PartitionName=arena Nodes=arena-node Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$work/slurm.conf"

slurmctld -c -f "$SLURM_CONF" || fail "slurmctld did not start: $(cat "$work/slurmctld.log" 2>/dev/null)"
slurmd -N arena-node -f "$SLURM_CONF" || fail "slurmd did not start: $(cat "$work/slurmd.log" 2>/dev/null)"
for _ in $(seq 100); do
  state=$(sinfo -h -n arena-node -o %T 2>/dev/null || true)
  [ "$state" = idle ] && break
  sleep 0.2
done
[ "$state" = idle ] || fail "the node is '$state', not idle: $(tail -5 "$work/slurmd.log" "$work/slurmctld.log")"
echo "slurm: cluster started in $work ($(sinfo -h -o '%P %D %c CPUs %m MB %T'))"

export ARENA="$arena" ENGINE_NEW="$engine" ENGINE_OLD="$engine" GAMES="$games" TC=nodes=100
array=$(sbatch --parsable --array=1-"$shards" --chdir="$work/out" "$here/match.sbatch")
merge=$(sbatch --parsable --dependency=afterok:"$array" --chdir="$work/out" --output=merge.log \
  --wrap "$arena merge $(for k in $(seq "$shards"); do printf 'shard-%s.pgn ' "$k"; done) --records merged.pgn --json merged.json")
echo "slurm: submitted array job $array (tasks 1-$shards) and merge job $merge (afterok:$array)"

job_state() { scontrol show job "$1" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | sort -u | tr '\n' ' '; }
for _ in $(seq 600); do
  s=$(job_state "$merge")
  case "$s" in
    *COMPLETED*|*FAILED*|*CANCELLED*|*TIMEOUT*) break ;;
  esac
  sleep 0.5
done
echo "slurm: array job: $(job_state "$array")"
echo "slurm: merge job: $(job_state "$merge")"
[ "$(job_state "$merge")" = "JobState=COMPLETED " ] ||
  fail "the merge did not complete: $(cat "$work"/out/*.log 2>/dev/null; tail -20 "$work/slurmctld.log")"
for k in $(seq "$shards"); do
  echo "slurm: shard $k/$shards: $(grep -c '^\[Round ' "$work/out/shard-$k.pgn") games, $(grep '^Games: .* played of' "$work/out/shard-$k.log")"
done
summary_of() { grep -E '^(Score of|Games: .* played of)' "$1" | tail -2 | tr '\n' ' '; }
echo "slurm: merged: $(summary_of "$work/out/merge.log")"

# The same match in one process: match.sbatch as shard 1 of 1.
(cd "$work/one" && SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_COUNT=1 SLURM_CPUS_PER_TASK=2 \
  bash "$here/match.sbatch" >one.log 2>&1) || fail "the one-process run failed: $(cat "$work/one/one.log")"
echo "slurm: one process: $(summary_of "$work/one/one.log")"

# Same games: the records without the clock (move times, dates) and the match header.
normalize() {
  python3 - "$1" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
text = "\n".join(l for l in text.splitlines() if not l.startswith(("% match ", "[Date ")))
words = [re.sub(r"^(\{?)\d+\.\d{3}s\}$", r"\1}", w) for w in text.split()]
print(" ".join(words))
PY
}
[ "$(normalize "$work/out/merged.pgn")" = "$(normalize "$work/one/shard-1.pgn")" ] ||
  fail "the merged records differ from the one-process run's"
cmp -s "$work/out/merged.json" "$work/one/shard-1.json" ||
  fail "the merged summary differs: $(diff "$work/out/merged.json" "$work/one/shard-1.json" | head -20)"
games_played=$(grep -c '^\[Round ' "$work/out/merged.pgn")
[ "$games_played" = "$games" ] || fail "$games_played games merged, $games expected"
echo "slurm: merged records and summary equal the one-process run ($games games) in $(($(date +%s) - started)) s"
echo "slurm: 1 passed, 0 failed"
