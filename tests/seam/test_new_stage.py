"""A new stage plugs into the base VM with no edit outside its own folder.

In a copy of the source tree, a stage that has no code yet gets one empty
change: a .def that declares it, a C registration with a loop of its own, and
its Python registration. Then, with nothing else edited, the generator
registers it, the engine builds with it, FIVEFOLD_STAGE accepts it and runs
programs on its loop, the registry checks it, the differential corpus runs it
and rotates its change off, and the stage measurement lists it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
IGNORE = shutil.ignore_patterns(".git", ".nox", "build", "results", "__pycache__", "*.so", ".pytest_cache")

# host_only: it builds the engine with meson for the host; under qemu-user that build
# would take most of the emulated run and says nothing more about arm64.
pytestmark = [pytest.mark.host_only, pytest.mark.slow]


def _free_stage() -> int:
    """The first stage folder whose package registers no change yet."""
    from fivefold import changes as registry

    registry.load_stages()
    busy = set(registry.stages_with_changes())
    return next(n for n in registry.STAGES if n and n not in busy)


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip())


def _add_stage(tree: Path, n: int) -> list[Path]:
    """The files of stage n's empty change, all under stage{n}/."""
    vm = tree / f"stage{n}" / "vm"
    words = [f"stage{k}.h" for k in range(1, n) if (tree / f"stage{k}" / "vm" / f"stage{k}.h").exists()]
    includes = "".join(f'#include "{w}"\n' for w in words)
    files = {
        vm / "empty.def": f"""
            // s{n}.empty: a change that switches nothing: the seam's test.
            change(s{n}.empty) = {{}};
        """,
        vm / "meson.build": """
            engine_sources += files('stage.c', 'loop.c')
            engine_incdirs += include_directories('.')
        """,
        vm / f"stage{n}.h": f"""
            #ifndef FIVEFOLD_STAGE{n}_H
            #define FIVEFOLD_STAGE{n}_H
            #include "vm_internal.h"
            #endif
        """,
        vm / "stage.c": f"""
            #include "stage{n}.h"
            #include "tiers.h"
            static int on_ = 0;
            static int configure(const unsigned char *on) {{ on_ = on[FF_CHANGE_s{n}_empty]; return 0; }}
            static int active(void) {{ return on_; }}
            PyObject *ff_run_stage{n}_frame(PyThreadState *, struct _PyInterpreterFrame *, int);
            const ff_stage ff_stage{n} = {{.number = {n}, .configure = configure, .active = active,
                                          .loop = ff_run_stage{n}_frame}};
        """,
        vm / "loop.c": f"""
            #include "eval_macros.h"
            {includes}#include "stage{n}.h"
            #define FF_LOOP_STAGE {n}
            #define FF_RUN_FRAME ff_run_stage{n}_frame
            PyObject *FF_RUN_FRAME(PyThreadState *tstate, _PyInterpreterFrame *frame, int throwflag);
            #include "eval_loop.c.h"
        """,
    }
    for path, text in files.items():
        _write(path, text)
    init = tree / f"stage{n}" / "__init__.py"
    init.write_text(init.read_text() + textwrap.dedent(f"""

        from fivefold.changes import Change, register

        register(Change(id="s{n}.empty", stage={n}, description="Switches nothing.", targets=(),
                        test="tests/seam/test_new_stage.py"))
    """))
    return [*files, init]


def _run(cmd, tree: Path, **env) -> subprocess.CompletedProcess:
    environ = {**os.environ, "PYTHONPATH": f"{tree / 'shared'}{os.pathsep}{tree / 'tests'}", **env}
    environ.pop("FIVEFOLD_WITHOUT", None)
    proc = subprocess.run(cmd, cwd=tree, env=environ, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, f"{cmd}:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return proc


def test_a_new_stage_registers_with_no_edit_outside_its_folder(tmp_path):
    if shutil.which("meson") is None or shutil.which("ninja") is None:
        pytest.skip("meson and ninja build the engine for this test")
    import fivefold
    if Path(fivefold.__file__).resolve().is_relative_to(ROOT / "shared"):
        # An editable install's finder serves this checkout before PYTHONPATH
        # would serve the copy: the probes would not see the new stage.
        pytest.skip("fivefold is an editable install of this checkout (nox -s tests installs a wheel)")
    n = _free_stage()
    tree = tmp_path / "tree"
    shutil.copytree(ROOT, tree, symlinks=True, ignore=IGNORE)
    added = _add_stage(tree, n)
    assert all(f"stage{n}" == p.relative_to(tree).parts[0] for p in added)

    # The generator declares the change and registers the stage.
    _run([sys.executable, "tools/cases_generator"], tree)
    generated = tree / "shared" / "vm" / "generated"
    assert f'{{"s{n}.empty", {n}, 0, {{0}}}}' in (generated / "changes.h").read_text()
    assert f"&ff_stage{n}," in (generated / "stages.h").read_text()
    assert f"'s{n}.empty': ({n}, ())" in (tree / "shared/fivefold/generated/opcodes.py").read_text()

    # The engine builds with it (unoptimized: this checks the seam, not speed).
    build = tmp_path / "build"
    _run(["meson", "setup", str(build), str(tree), "-Dbuildtype=debug"], tree)
    _run(["ninja", "-C", str(build)], tree)
    extension = next(build.glob("_fivefold*.so"))
    shutil.copy(extension, tree / "shared" / "fivefold" / extension.name)

    probe = textwrap.dedent(f"""
        import fivefold._fivefold as engine
        from fivefold import changes as registry
        registry.load_stages()
        print(engine.built_stages(), sorted(engine.enabled_changes()) == sorted(
            c.id for c in registry.enabled()), "s{n}.empty" in engine.enabled_changes(),
            registry.stages_with_changes()[-1])
    """)
    on = _run([sys.executable, "-c", probe], tree, FIVEFOLD_STAGE=str(n)).stdout.split()
    assert on[-3:] == ["True", "True", str(n)] and str(n) in "".join(on[:-3])
    below = _run([sys.executable, "-c", probe], tree, FIVEFOLD_STAGE=str(n - 1)).stdout.split()
    assert below[-2] == "False"

    # Programs run on its loop, and with its change off.
    # (Beside the tree, not above it: the program's folder is accelerated.)
    program = tmp_path / "program" / "program.py"
    program.parent.mkdir()
    program.write_text("def f(n):\n    return sum(i * i for i in range(n))\nprint(f(10), [f(i) for i in range(4)])\n")
    for env in ({}, {"FIVEFOLD_WITHOUT": f"s{n}.empty"}):
        out = _run([sys.executable, "-m", "fivefold", "run", str(program)], tree,
                   FIVEFOLD_STAGE=str(n), **env)
        assert out.stdout == "285 [0, 0, 1, 5]\n"

    # The differential corpus runs it and rotates its change off; the stage
    # measurement knows what to measure.
    corpus = textwrap.dedent(f"""
        import differential, test_differential
        from fivefold.harness import stage_gains, stage_measure
        cases = test_differential._change_off_cases(differential.collect_programs()[:3])
        print({n} in differential.STAGES, any("-stage{n}-without-s{n}.empty" in c.id for c in cases),
              "with=s{n}.empty" in stage_gains.bench_command({n}, "r", "instructions", "b"),
              "stage {n} table" in stage_measure.timing_markers({n})[0])
    """)
    assert _run([sys.executable, "-c", corpus], tree).stdout.split() == ["True"] * 4
