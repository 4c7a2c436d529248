"""Engine specs, identity, fivefold wrappers and build-variant keys."""

import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from fivefold.harness import change_selection, engines, variants
from fivefold.harness.engine_specs import EngineError, EngineNotRunnable, parse_spec, parse_specs


def test_spec_parsing():
    spec = parse_spec("fivefold:stage=2,without=s2.a,s2.b,with=s3.c,build=stats")
    assert spec.kind == "fivefold"
    assert spec.one("stage") == "2"
    assert spec.get("without") == ("s2.a", "s2.b") and spec.get("with") == ("s3.c",)
    assert spec.dirname == "fivefold@stage=2,without=s2.a,s2.b,with=s3.c,build=stats"
    assert [s.text for s in parse_specs("cpython,fivefold:stage=1,without=a,b,pypy")] == \
        ["cpython", "fivefold:stage=1,without=a,b", "pypy"]


@pytest.mark.parametrize("text, message", [
    ("jython", "unknown engine kind"),
    ("cpython:stage=1", "unknown key"),
    ("fivefold:stage=1,stage=2", "given twice"),
    ("fivefold:stage=1,oops", "not key=value"),
])
def test_bad_specs_are_clear_errors(text, message):
    with pytest.raises(EngineError, match=message):
        parse_spec(text)


def test_cpython_identity():
    engine = engines.resolve("cpython")
    assert Path(engine.python) == Path(sys.executable)
    meta = engine.metadata()
    assert meta["fivefold_engine"] == "cpython" and meta["fivefold_engine_kind"] == "cpython"
    assert meta["fivefold_python_version"] == platform.python_version()
    assert meta["fivefold_implementation"] == "cpython"
    assert meta["fivefold_stage"] == "" and meta["fivefold_changes"] == ""
    assert engine.facts["arch"] == platform.machine()


def test_cpython_by_path_must_be_an_executable(tmp_path):
    with pytest.raises(EngineError, match="not an executable"):
        engines.resolve(f"cpython:path={tmp_path / 'nope'}")


@pytest.mark.skipif(shutil.which("pypy3") is None, reason="pypy3 not installed (apt-get install pypy3)")
def test_pypy_identity(monkeypatch):
    # The PyPy venv takes ~20 s to make: share one across test runs.
    monkeypatch.setenv("FIVEFOLD_CACHE", os.environ.get("FIVEFOLD_TEST_CACHE",
                                                        str(Path.home() / ".cache" / "fivefold")))
    engine = engines.resolve("pypy")
    meta = engine.metadata()
    assert meta["fivefold_implementation"] == "pypy"
    assert meta["fivefold_python_version"].startswith("3.")
    assert engine.facts["pyperf"]


def test_missing_launcher_is_a_clear_error(monkeypatch):
    monkeypatch.setattr(engines, "find_launcher", lambda bin_dir=None: None)
    with pytest.raises(EngineNotRunnable, match="not runnable yet: no fivefold-python launcher"):
        engines.resolve("fivefold:stage=1")


def test_unknown_change_id_is_a_clear_error():
    with pytest.raises(EngineError, match="unknown change id"):
        engines.resolve("fivefold:stage=1,without=s9.nosuch")
    with pytest.raises(EngineError, match="FIVEFOLD_STAGE"):
        engines.resolve("fivefold:stage=7")


def fake_launcher(folder: Path) -> Path:
    """Stands in for fivefold-python: runs this interpreter, and says which
    FIVEFOLD_* variables it got when asked."""
    launcher = folder / "fivefold-python"
    launcher.write_text(f'#!/bin/sh\nexec {sys.executable} "$@"\n')
    launcher.chmod(0o755)
    return launcher


def test_wrapper_sets_the_selection_for_any_environment(tmp_path):
    spec = parse_spec("fivefold:stage=1,without=s1.a,s1.b")
    _, env = change_selection.fivefold_selection(spec)
    wrapper = change_selection.write_wrapper(spec, fake_launcher(tmp_path), env)
    assert wrapper.parent.parent == Path(os.environ["FIVEFOLD_CACHE"]) / "engines"
    assert os.access(wrapper, os.X_OK)
    # pyperf gives workers a filtered environment: the wrapper must not depend on it.
    out = subprocess.run([str(wrapper), "-c", "import os; print(os.environ['FIVEFOLD_STAGE'], "
                          "os.environ['FIVEFOLD_WITHOUT'], repr(os.environ['FIVEFOLD_WITH']))"],
                         env={"PATH": "/usr/bin:/bin"}, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["1", "s1.a,s1.b", "''"]
    # Same spec and launcher: the same file, not a new one.
    assert change_selection.write_wrapper(spec, fake_launcher(tmp_path), env) == wrapper
    # Beside it, the `fivefold` command with the same selection.
    command = (wrapper.parent / "fivefold").read_text()
    assert "export FIVEFOLD_STAGE=1" in command
    assert command.endswith(f'exec {tmp_path / "fivefold"} "$@"\n')


def test_fivefold_engine_with_a_launcher_is_identified(tmp_path, monkeypatch):
    launcher = fake_launcher(tmp_path)
    monkeypatch.setattr(engines, "find_launcher", lambda bin_dir=None: launcher)
    engine = engines.resolve("fivefold:stage=0")
    meta = engine.metadata()
    assert meta["fivefold_engine_kind"] == "fivefold" and meta["fivefold_stage"] == "0"
    assert meta["fivefold_changes"] == ""  # stage 0 enables no change
    assert engine.env["FIVEFOLD_STAGE"] == "0"
    assert Path(engine.python).read_text().endswith(f'exec {launcher} "$@"\n')


def test_variant_key_depends_on_options_and_sources(tmp_path):
    (tmp_path / "shared").mkdir()
    (tmp_path / "meson.build").write_text("project('x')\n")
    (tmp_path / "shared" / "a.c").write_text("int a;\n")
    h1 = variants.source_hash(tmp_path)
    assert variants.variant_key({"stats": "true", "z": "1"}, h1) == variants.variant_key({"z": "1", "stats": "true"}, h1)
    assert variants.variant_key({"stats": "true"}, h1) != variants.variant_key({"stats": "false"}, h1)
    assert variants.variant_key({}, h1) != variants.variant_key({"stats": "true"}, h1)
    (tmp_path / "shared" / "a.c").write_text("int a = 1;\n")
    h2 = variants.source_hash(tmp_path)
    assert h2 != h1 and variants.variant_key({"stats": "true"}, h1) != variants.variant_key({"stats": "true"}, h2)
    (tmp_path / "shared" / "__pycache__").mkdir()
    (tmp_path / "shared" / "__pycache__" / "x.py").write_text("junk")
    assert variants.source_hash(tmp_path) == h2  # caches do not count
    assert variants.setup_args({"stats": "true", "a": "1"}) == ["-Csetup-args=-Da=1", "-Csetup-args=-Dstats=true"]


def test_build_options_come_from_build_switch_changes():
    from fivefold.changes import Change

    changes = [Change("s2.x", 2, "", (), "", switch="build", build_option="stats"),
               Change("s1.y", 1, "", (), "")]
    assert change_selection.build_options(parse_spec("fivefold"), changes) == {"stats": "true"}
    assert change_selection.build_options(parse_spec("fivefold:build=other=2"), changes[1:]) == {"other": "2"}


@pytest.mark.slow
def test_a_real_variant_build(tmp_path):
    python = variants.ensure_variant({"stats": "true"})
    out = subprocess.run([str(python), "-c", "import fivefold._fivefold as m, pyperf; print(m.__file__)"],
                         capture_output=True, text=True, check=True)
    assert str(python.parent.parent) in out.stdout  # its own build, not ours
    assert variants.ensure_variant({"stats": "true"}) == python  # cached


def test_accelerate_compiles_more_modules_and_is_another_engine(tmp_path, monkeypatch):
    # fivefold:stage=2,accelerate=* is `fivefold run --accelerate-all`: its wrapper
    # sets FIVEFOLD_ACCELERATE for every process, and it is recorded as such.
    spec = parse_spec("fivefold:stage=0,accelerate=*")
    assert spec.get("accelerate") == ("*",)
    assert parse_spec("fivefold:stage=0,accelerate=pickle,copy").get("accelerate") == ("pickle", "copy")
    launcher = fake_launcher(tmp_path)
    monkeypatch.setattr(engines, "find_launcher", lambda bin_dir=None: launcher)
    engine = engines.resolve(spec)
    assert engine.accelerate == ("*",)
    assert engine.metadata()["fivefold_accelerate"] == "*"
    assert "export FIVEFOLD_ACCELERATE='*'" in Path(engine.python).read_text()
    out = subprocess.run([str(engine.python), "-c", "import os; print(os.environ['FIVEFOLD_ACCELERATE'])"],
                         env={"PATH": "/usr/bin:/bin"}, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["*"]
    plain = engines.resolve("fivefold:stage=0")
    assert plain.accelerate == () and plain.metadata()["fivefold_accelerate"] == ""
    assert "FIVEFOLD_ACCELERATE" not in Path(plain.python).read_text()
    with pytest.raises(EngineError, match="unknown key"):
        parse_spec("cpython:accelerate=*")


def test_variant_key_depends_on_the_interpreter(monkeypatch):
    # A variant is a venv made by one interpreter: the host's must never be
    # handed to another (an emulated AArch64 python ran the host's x86 variant).
    host = variants.variant_key({"stats": "true"}, "h")
    monkeypatch.setattr(sys, "executable", "/opt/fivefold-arm64/venv/bin/python")
    assert variants.variant_key({"stats": "true"}, "h") != host
