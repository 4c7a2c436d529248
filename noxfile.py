"""nox sessions: how the project is tested, benchmarked and checked.

`nox -s tests` is the test command README.md gives and CI runs.
"""

from __future__ import annotations

import os
from pathlib import Path

import nox

nox.options.sessions = ["tests"]
nox.options.reuse_existing_virtualenvs = True

PYTHON = "3.11"


@nox.session(python=PYTHON)
def tests(session: nox.Session) -> None:
    """Build and install fivefold, then run the whole test suite."""
    session.install(".[test]")
    workers = os.environ.get("FIVEFOLD_TEST_WORKERS", "2")
    session.run("pytest", "-n", workers, *session.posargs)


@nox.session(python=PYTHON)
def baseline(session: nox.Session) -> None:
    """pyperformance on CPython and on fivefold tier 0 with pyperf, side by side (the
    per-stage measurement at stage 0); writes docs/baseline.md and the table in
    stage1/README.md. A benchmark, not a test: it takes a while (pass e.g.
    `-- --only nbody,richards --processes 1` for a quick look)."""
    session.install(".[all]")
    session.run("python", "-m", "fivefold.harness.stage_measure", "--stage", "0", "--write-docs",
                "--out", "results/baseline", *session.posargs)


# Every test that runs the extension in a process that inherits the sanitizer
# runtimes. Left out, because the preload cannot reach them or they run no C of
# ours: pyperf worker processes (pyperf drops LD_PRELOAD from their environment,
# so the instrumented extension refuses to load: "ASan runtime does not come first"),
# valgrind runs (valgrind and ASan exclude each other), and the harness, model and
# report tests (pure Python; Chromium spins under the preloaded runtime).
ASAN_TESTS = ["tests/vm", "tests/codegen", "tests/compiler", "tests/realprograms", "tests/stage2",
              "tests/test_differential.py", "tests/test_random_programs.py",
              "tests/test_package.py", "-k", "not through_pyperf"]


@nox.session(python=PYTHON)
def asan(session: nox.Session) -> None:
    """Build the extension with AddressSanitizer and UBSan, run the tests under them.

    The interpreter itself is not instrumented, so gcc's runtimes are preloaded;
    PYTHONMALLOC=malloc lets ASan see Python object memory. Leak detection is off
    because CPython leaks at exit. Any report fails the run (halt_on_error)."""
    import subprocess

    def runtime(name: str) -> str:
        path = subprocess.run(["gcc", f"-print-file-name={name}"], capture_output=True, text=True,
                              check=True).stdout.strip()
        if not os.path.isabs(path):
            session.error(f"gcc does not know where {name} is; install gcc's sanitizer runtimes")
        return path

    session.install(".[test]", "--config-settings=setup-args=-Db_sanitize=address,undefined",
                    "--config-settings=setup-args=-Db_lundef=false",
                    "--config-settings=setup-args=-Dbuildtype=debugoptimized")
    env = {
        "LD_PRELOAD": f"{runtime('libasan.so')} {runtime('libubsan.so')}",
        "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=1",
        "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1",
        "PYTHONMALLOC": "malloc",
    }
    workers = os.environ.get("FIVEFOLD_TEST_WORKERS", "2")
    session.run("pytest", "-n", workers, "-p", "no:cacheprovider",
                *(session.posargs or ASAN_TESTS), env=env)


@nox.session(python=PYTHON)
def fuzz(session: nox.Session) -> None:
    """The bytecode mutation fuzzer (tests/vm/bytecode_fuzz.py): mutations of the
    corpus's compiled units through make_code, then of cache files, and no crash.
    FIVEFOLD_FUZZ_MUTATIONS sets how many (20000 here; the test suite runs 1500).
    Under ASan: `FIVEFOLD_FUZZ_MUTATIONS=5000 nox -s asan -- tests/vm/test_bytecode_fuzz.py`."""
    session.install(".[test]")
    count = os.environ.get("FIVEFOLD_FUZZ_MUTATIONS", "20000")
    session.run("pytest", "-q", "tests/vm/test_bytecode_fuzz.py", env={"FIVEFOLD_FUZZ_MUTATIONS": count})


@nox.session(python=PYTHON)
def conformance(session: nox.Session) -> None:
    """CPython 3.11's own Lib/test modules (tests/conformance/modules.toml) under
    fivefold at every stage, against CPython and the list of expected failures.
    Run before a stage is declared done; CI runs a part (tests/test_conformance.py).
    Arguments after `--` go to tests/conformance/conformance.py (--stages, --modules, --jobs)."""
    session.install(".[test]")
    session.run("python", "tests/conformance/conformance.py", *session.posargs)


@nox.session(python=PYTHON)
def bench(session: nox.Session) -> None:
    """A quick benchmark run: our micro-benchmarks on this CPython, pyperf --fast.
    Anything after `--` replaces the arguments of `fivefold bench`."""
    session.install(".[all]")
    args = session.posargs or ["--engines", "cpython", "--suite", "fivefold", "--fast"]
    session.run("fivefold", "bench", *args)


@nox.session(python=PYTHON)
def publish(session: nox.Session) -> None:
    """Copy one measured run into the results store kept in the repository
    (results/published/, docs/results-store.md), which `fivefold report` and
    `fivefold contract evaluate` read when no other store is given. Run after a
    stage's measurement: `nox -s publish -- results/ic` (the latest run of that
    store; `--machine`, `--commit`, `--metric`, `--engines` choose), then commit
    results/published/."""
    session.install(".[all]")
    session.run("python", "-m", "fivefold.harness.publish", *(session.posargs or ["results"]))


# The tests of each stage. Stage 0 (the tier-0 engine) is tested by the VM,
# generator, compiler and real-program tests and the differential corpus; a later
# stage has code once tests/stageN/ exists.
STAGE_TESTS = {0: ["tests/vm", "tests/codegen", "tests/compiler", "tests/realprograms",
                   "tests/test_differential.py"],
               # Stage 1: its own tests, and the corpus at stages 0 and 1 and with one
               # change off (each change for a tenth of it; `-- --every-change-off`
               # runs every program with every change off, ten times the corpus).
               1: ["tests/stage1", "tests/test_differential.py"]}


def _stage_session(session: nox.Session, stage: int) -> None:
    """Build the engine, run the stage's tests and its quick benchmarks (the
    stage against the one before it, on our micro-benchmarks). A stage without
    code yet says so and exits 0."""
    tests = STAGE_TESTS.get(stage, [str(Path("tests") / f"stage{stage}")])
    if not all(Path(t).exists() for t in tests):
        session.log(f"stage {stage} has no code yet ({', '.join(tests)} missing): nothing to do")
        return
    session.install(".[test]")
    workers = os.environ.get("FIVEFOLD_TEST_WORKERS", "2")
    posargs = list(session.posargs)
    env = {}
    if "--every-change-off" in posargs:
        posargs.remove("--every-change-off")
        env["FIVEFOLD_DIFF_EVERY_CHANGE_OFF"] = "1"
    session.run("pytest", "-n", workers, *tests, env=env)
    baseline = "cpython" if stage == 0 else f"fivefold:stage={stage - 1}"
    session.run("fivefold", "bench", "--engines", f"{baseline},fivefold:stage={stage}",
                "--suite", "fivefold", "--fast", *posargs)


for _stage in range(5):
    def _make(stage: int):
        def stage_session(session: nox.Session) -> None:
            _stage_session(session, stage)
        stage_session.__doc__ = f"Stage {stage}: build, run tests/stage{stage}/ and its quick benchmarks."
        return stage_session

    nox.session(python=PYTHON, name=f"stage{_stage}")(_make(_stage))


# --- AArch64: cross-build, then test under qemu-user (docs/aarch64.md) -------

# Tests that stay on the host: the harness, the model and the reports drive
# other interpreters (pyperf workers, valgrind, qemu itself) or only read
# stored results, so they say nothing about the engine on arm64. Everything
# else in tests/ (the differential corpus, the engine tests) runs under
# emulation, so a new engine test is picked up with no change here. A test
# that cannot run under qemu-user is marked @pytest.mark.host_only, with why.
AARCH64_HOST_ONLY = [
    "tests/test_harness*.py", "tests/harness",
    "tests/test_model*.py", "tests/model",
    "tests/test_report*.py", "tests/reports",
]
# Two passes: qemu's default CPU (every extension up to ARMv9) runs the whole
# selection; the ARMv8.0 baseline (cortex-a72: no LSE atomics, so an
# instruction it lacks dies with SIGILL, as on that hardware) runs every test
# but only 1 in 4 cases of each parametrized one (tools/aarch64/pytest_sample.py).
# Why: the C code is compiled for ARMv8.0 either way (gcc's default
# -march=armv8-a); only code chosen at run time by CPU feature differs between
# the two models (gcc's outline atomics, later the JIT's emitter), and a sample
# of the corpus reaches it at a quarter of the cost. FIVEFOLD_AARCH64_SAMPLE=N
# samples both passes N times more thinly (for CI, when the corpus outgrows
# its budget; docs/aarch64.md has the numbers).
AARCH64_PASSES = [("max", 1), ("cortex-a72", 4)]
# Known differences of the emulated interpreter, each with its reason.
# Debian 12's arm64 CPython is 3.11.2: its BINARY_SUBSCR_GETITEM specialization
# calls a Python __getitem__ without asking the PEP 523 evaluator (CPython
# gh-104405, fixed in 3.11.4), so CPython's own loop runs the shadow code of a
# fivefold __getitem__ called from stdlib code and its safety net raises. Whether
# CPython's own loop has specialized that site yet depends on how often the
# stdlib code ran before, so every stage setting of the program is affected:
# pytest's --deselect matches node-id prefixes, and these cover every case of
# the program in both differential tests.
AARCH64_DESELECT = [
    "tests/test_differential.py::test_program_matches_cpython[interop/classes_used_by_stdlib.py-",
    "tests/test_differential.py::test_program_matches_cpython_with_one_change_off[interop/classes_used_by_stdlib.py-",
    # Debian 12's 3.11.2 predates gh-103590 (fixed in 3.11.4): an exception raised
    # in an except* clause is wrapped in a new group there, and its compiler emits
    # other code for except*. fivefold's except* (restated from 3.11.7's) follows
    # the fix, so the emulated CPython is not the reference for these.
    "tests/test_differential.py::test_program_matches_cpython[except_star/split_and_reraise.py-",
    "tests/test_differential.py::test_program_matches_cpython_with_one_change_off[except_star/split_and_reraise.py-",
    "tests/compiler/test_oracle.py::test_same_instructions_and_positions_as_cpython[except_star",
]
AARCH64_TOOLS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tools", "aarch64")


@nox.session(python=PYTHON)
def aarch64(session: nox.Session) -> None:
    """Cross-build fivefold for AArch64 and run the engine tests under qemu-user."""
    root = os.environ.get("FIVEFOLD_ARM64_ROOT", "/opt/fivefold-arm64")
    # The cross build runs meson-python on the host; the host-side tests of
    # the instruction-count metric import fivefold natively.
    session.install("meson-python>=0.15", "meson>=1.2", "ninja")
    session.install(".[test]")
    session.run("bash", "tools/aarch64/setup.sh", external=True)
    session.run("bash", "tools/aarch64/build.sh", external=True)
    session.run("pytest", "tests/test_harness_aarch64.py", env={"FIVEFOLD_REQUIRE_ARM64": "1"})
    ignore = [f"--ignore-glob={pattern}" for pattern in AARCH64_HOST_ONLY]
    ignore += [f"--deselect={test_id}" for test_id in AARCH64_DESELECT]
    # An xdist worker is one more emulated interpreter to start (~5 s here):
    # worth it for the corpus, not for a handful of tests (FIVEFOLD_AARCH64_WORKERS=0).
    workers = os.environ.get("FIVEFOLD_AARCH64_WORKERS", "2")
    thinning = int(os.environ.get("FIVEFOLD_AARCH64_SAMPLE", "1"))
    for cpu, every in AARCH64_PASSES:
        session.log(f"engine tests under qemu-aarch64, QEMU_CPU={cpu}, "
                    f"1 in {every * thinning} cases of each parametrized test")
        session.run(f"{root}/bin/python-aarch64", "-m", "pytest", "-p", "no:cacheprovider",
                    "-p", "pytest_sample", f"--sample-cases={every * thinning}",
                    "-n", workers, "-m", "not host_only", *ignore, *(session.posargs or ["tests"]),
                    env={"QEMU_CPU": cpu, "PYTHONPATH": AARCH64_TOOLS}, external=True)
