# tools/bench_worker.sh: sourced by tools/icb and tools/cgprof (one place for how a
# benchmark is run as the harness runs it). Needs ENGINE, BENCH, PY and the program
# name in TOOL; sets FILE, EXTRA, cmd and defines:
#   bench_worker LOOPS [WRAPPER...]  run the benchmark in pyperf worker mode (LOOPS
#                                    loops, one value, no warm-up) under WRAPPER
#   bench_warm                       one uncounted run: fivefold's compilation is
#                                    cached before anything is counted (a cold,
#                                    writable cache would charge it to the first
#                                    counted run only: harness/metrics.py, _warm)
export PYTHONHASHSEED=${PYTHONHASHSEED:-0}
command -v valgrind >/dev/null || { echo "$TOOL: valgrind is not installed" >&2; exit 2; }
read -r FILE EXTRA ACC < <($PY - "$BENCH" <<'PYEOF'
import os, sys
from fivefold.harness import suites
name = sys.argv[1]
try:
    b = suites.pyperformance_benchmark(name)
    print(suites.pyperformance_script(b), ",".join(b.extra_args) or "-", ",".join(b.accelerate) or "-")
except Exception:
    import fivefold
    print(os.path.join(os.path.dirname(fivefold.__file__), "benchmarks", name + ".py"), "-", "-")
PYEOF
)
[ -f "$FILE" ] || { echo "$TOOL: no benchmark $BENCH ($FILE)" >&2; exit 2; }
[ "$EXTRA" = - ] && EXTRA="" || EXTRA="${EXTRA//,/ }"
EXTRA="$EXTRA ${ARGS:-}"
[ "$ACC" = - ] && ACC=""
if [ "$ENGINE" = cpy ]; then
  cmd=($PY "$FILE")
else
  export FIVEFOLD_STAGE=$ENGINE
  # The benchmark's stdlib modules compiled too, unless FIVEFOLD_ACCELERATE names what to
  # compile instead ('*': the whole program, as `--accelerate-all` alone).
  [ -n "$ACC" ] && [ -z "${FIVEFOLD_ACCELERATE:-}" ] && export FIVEFOLD_ACCELERATE=$ACC
  cmd=($PY -m fivefold run "$FILE")
fi

bench_worker() {
  local loops=$1; shift
  # shellcheck disable=SC2086  # EXTRA is a list of arguments
  "$@" "${cmd[@]}" $EXTRA --worker --loops "$loops" --values 1 --warmups 0 -p 1 \
    --inherit-environ FIVEFOLD_WITHOUT,FIVEFOLD_WITH,FIVEFOLD_STAGE,FIVEFOLD_ACCELERATE
}

bench_warm() {
  bench_worker 1 >/dev/null 2>&1 || true
}
