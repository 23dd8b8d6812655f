#!/usr/bin/env bash
# Re-measures the figures of issue #4 with `bin/tern ycsb --json` and prints them as ratio tables:
#   (a) YCSB-A (50% reads, 50% blind writes), theta 0.6/0.8/0.99, 1M and 1K records: silo+sse vs silo,
#       mvto+sse vs mvto, mvto-async+sse vs mvto-async (mvto acknowledges one commit per epoch per worker in a
#       closed loop, so the async pair is the throughput comparison; see txn/.../mvto/package-info.java);
#   (b) YCSB-B (95% reads, blind writes), theta 0.2: the extension's overhead;
#   (c) read-modify-write only (--rmw: nothing can be omitted), theta 0.8: the overhead;
#   (d) GC: throughput and versions alive over GC_SECONDS, with and without one long transaction (worker 0 waits
#       LONG_US at the end of each read phase), for si, ermia, mvto and mvto-async.
# Run it on a quiet machine. Usage: bench/sse-figures.sh [--quick] [OUT_DIR]
# Environment: TERN (bin/tern), SECONDS_PER_RUN (10), WARMUP (2), THREADS (2), GC_SECONDS (30),
# LONG_US (1000000), EXTRA (more `tern ycsb` options for every run).
# --quick: one short cell of each kind (checks the script, not the figures).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v jq >/dev/null || { echo "sse-figures.sh needs jq" >&2; exit 1; }

QUICK=false
if [[ "${1:-}" == "--quick" ]]; then QUICK=true; shift; fi
OUT=${1:-sse-figures-$(date -u +%Y%m%dT%H%M%SZ)}
S=${SECONDS_PER_RUN:-10} W=${WARMUP:-2} T=${THREADS:-2} GC_S=${GC_SECONDS:-30} LONG_US=${LONG_US:-1000000}
THETAS="0.6 0.8 0.99" RECORDS="1000000 1000"
if $QUICK; then
  S=1 W=0.5 GC_S=3 LONG_US=${LONG_US_QUICK:-200000} THETAS="0.99" RECORDS="1000"
fi
TERN=${TERN:-bin/tern}
PAIRS="silo,silo+sse,mvto,mvto+sse,mvto-async,mvto-async+sse"
mkdir -p "$OUT"

ycsb() { # CELL ARGS...: one invocation, its JSON line kept in $OUT/CELL.json
  local cell=$1; shift
  echo "== $cell: $TERN ycsb $* --threads $T ${EXTRA:-}" >&2
  # shellcheck disable=SC2086
  $TERN ycsb "$@" --threads "$T" --warmup "$W" ${EXTRA:-} --json | tail -n 1 > "$OUT/$cell.json"
}

# One row per cell: tps of base and extension, their ratio, and the extension's share of omitted writes.
RATIOS='(.runs | map({key: .protocol, value: .}) | from_entries) as $r
  | def tps(p): if $r[p] then ($r[p].tps | round) else "-" end;
    def ratio(a; b): if $r[a] and $r[b] and $r[a].tps > 0 then ($r[b].tps / $r[a].tps * 100 | round / 100) else "-" end;
    def omitted(p): if $r[p] and ($r[p].omitted_writes + $r[p].installed_writes) > 0
      then ($r[p].omitted_writes * 100 / ($r[p].omitted_writes + $r[p].installed_writes) | round | tostring) + "%"
      else "-" end;
  [$cell, tps("silo"), tps("silo+sse"), ratio("silo"; "silo+sse"), omitted("silo+sse"),
   tps("mvto"), tps("mvto+sse"), ratio("mvto"; "mvto+sse"),
   tps("mvto-async"), tps("mvto-async+sse"), ratio("mvto-async"; "mvto-async+sse"), omitted("mvto-async+sse")]
  | @tsv'
ratio_table() { # CELLS...
  { printf 'cell\tsilo\tsilo+sse\tratio\tomitted\tmvto\tmvto+sse\tratio\tmvto-async\tmvto-async+sse\tratio\tomitted\n'
    for cell in "$@"; do jq -r --arg cell "$cell" "$RATIOS" "$OUT/$cell.json"; done; } | column -t -s $'\t'
}

cells=()
for records in $RECORDS; do
  for theta in $THETAS; do
    ycsb "a-$records-$theta" --workload A --records "$records" --skew "$theta" --protocol "$PAIRS" --seconds "$S"
    cells+=("a-$records-$theta")
  done
done
ycsb b-0.2 --workload B --skew 0.2 --protocol "$PAIRS" --seconds "$S" --records "${RECORDS%% *}"
ycsb c-rmw-0.8 --workload A --rmw --skew 0.8 --protocol "$PAIRS" --seconds "$S" --records "${RECORDS%% *}"
for long in 0 "$LONG_US"; do
  ycsb "d-long-$long" --workload A --skew 0.8 --protocol si,ermia,mvto,mvto-async --seconds "$GC_S" \
    --long-txn-delay-us "$long" --records "${RECORDS%% *}"
done

echo
echo "(a) YCSB-A, blind writes: tps and extension/base ratio ($T threads, $S s per run; omitted = share of writes)"
ratio_table "${cells[@]}"
echo
echo "(b) YCSB-B theta 0.2 and (c) read-modify-write only, theta 0.8: overhead of the extension"
ratio_table b-0.2 c-rmw-0.8
echo
echo "(d) GC over $GC_S s: tps, versions alive (max, end) and per second, without and with a long transaction"
for long in 0 "$LONG_US"; do
  jq -r --arg long "$long" '.runs[] | [("long=" + $long + "us"), .protocol, (.tps | round), .versions_alive_max,
      .versions_alive_end, (.long_txn_commits // "-"), (.tps_per_second | map(tostring) | join(" ")),
      (.versions_alive | map(tostring) | join(" "))] | @tsv' "$OUT/d-long-$long.json"
done | { printf 'run\tprotocol\ttps\tversions max\tversions end\tlong txns\ttps per second\tversions alive per second\n'
         cat; } | column -t -s $'\t'
echo
echo "JSON of every run: $OUT/"
