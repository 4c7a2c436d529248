"""The guest-instruction metric of the fivefold-aarch64 engine (host side).

These run on the host and drive qemu-aarch64. Without the arm64 set-up
(tools/aarch64/setup.sh) they are skipped, unless FIVEFOLD_REQUIRE_ARM64=1,
which `nox -s aarch64` sets so that there a missing set-up fails.
"""

from __future__ import annotations

import os

import pytest
from fivefold.harness.aarch64_counter import (
    Arm64Setup,
    Arm64SetupMissing,
    GuestRunFailed,
    QemuPluginCounter,
    count_command,
    count_guest_instructions,
    run_counted,
)

LOOP = "def f(n):\n    for i in range(n):\n        pass\nf({n})"


@pytest.fixture(scope="module")
def setup() -> Arm64Setup:
    try:
        return Arm64Setup.find()
    except Arm64SetupMissing as exc:
        if os.environ.get("FIVEFOLD_REQUIRE_ARM64") == "1":
            raise
        pytest.skip(f"no arm64 set-up: {exc}")


def test_two_runs_agree_within_a_thousandth(setup):
    program = ["-c", "d = {str(i): i for i in range(2000)}; sorted(d, key=d.get)"]
    first = count_guest_instructions(program, setup=setup)
    second = count_guest_instructions(program, setup=setup)
    assert first > 100_000
    assert abs(first - second) <= first / 1000


def test_ten_times_the_loop_costs_more(setup):
    small = count_guest_instructions(["-c", LOOP.format(n=2_000)], setup=setup)
    large = count_guest_instructions(["-c", LOOP.format(n=20_000)], setup=setup)
    assert small > 0
    # Start-up is differenced away, so the count follows the work: ~10x, not ~1x.
    assert large > 5 * small


def test_baseline_removes_start_up(setup):
    run = run_counted(["-c", "pass"], setup=setup)
    # A bare interpreter start is millions of instructions; the difference of
    # two empty runs is nearly nothing.
    assert run.instructions > 1_000_000
    assert abs(count_guest_instructions(["-c", "pass"], setup=setup)) < run.instructions / 1000


def test_program_runs_as_aarch64_and_child_processes_are_counted(setup):
    code = ("import platform, subprocess, sys; print(platform.machine());"
            "subprocess.run([sys.executable, '-c', 'pass'], check=True)")
    run = run_counted(["-c", code], setup=setup)
    assert run.returncode == 0
    assert run.stdout.strip() == "aarch64"
    assert run.processes == 2


def test_failing_program_raises_with_its_stderr(setup):
    with pytest.raises(GuestRunFailed, match="ZeroDivisionError"):
        count_guest_instructions(["-c", "1 / 0"], setup=setup)


def test_missing_setup_says_how_to_make_it(tmp_path):
    with pytest.raises(Arm64SetupMissing, match="tools/aarch64/setup.sh"):
        Arm64Setup.find(tmp_path)
    assert "tools/aarch64/setup.sh" in QemuPluginCounter(root=str(tmp_path)).available()


def test_counter_counts_through_an_engine_wrapper(setup, tmp_path):
    # The harness runs an engine as a host script that execs the emulated
    # python; the counter must see through it.
    wrapper = tmp_path / "engine-python"
    wrapper.write_text(f'#!/bin/sh\nexec "{setup.python}" "$@"\n')
    wrapper.chmod(0o755)
    counter = QemuPluginCounter(root=str(setup.root))
    assert counter.available() is None
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    one = counter.count([str(wrapper), "-c", LOOP.format(n=1_000)], env)
    two = counter.count([str(wrapper), "-c", LOOP.format(n=2_000)], env)
    assert 1_000 * 20 < two - one < 1_000 * 2_000   # tens to hundreds of insns per iteration
    with pytest.raises(GuestRunFailed, match="NameError"):
        counter.count([str(wrapper), "-c", "undefined_name"], env)


def test_a_command_that_runs_no_emulated_code_is_an_error(setup):
    with pytest.raises(GuestRunFailed, match="does it run the emulated python"):
        count_command(["true"], setup=setup)


def test_command_line_prints_the_count(setup, capsys):
    from fivefold.harness.aarch64_counter import main

    assert main(["--", "-c", LOOP.format(n=1_000)]) == 0
    assert int(capsys.readouterr().out) > 0


def test_command_line_reports_a_failing_program(setup, capsys):
    from fivefold.harness.aarch64_counter import main

    assert main(["--", "-c", "import no_such_module"]) == 1
    assert "ModuleNotFoundError" in capsys.readouterr().err
