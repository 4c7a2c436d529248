"""Where fivefold's bytecode cache puts a module's entry and when it uses it
(shared/fivefold/runtime/bytecode_cache.py): beside the source in __pycache__, else in
the user's cache folder; under PYTHONPYCACHEPREFIX as python does; nothing written
under PYTHONDONTWRITEBYTECODE (what exists is still read); concurrent writers; an entry
of another stage or change set never used.

The runs go through runtime_support, which drops PYTHONDONTWRITEBYTECODE (the test
machine may set it) unless a test passes it, and gives each test its own
XDG_CACHE_HOME."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from runtime_support import clean_env, commands, run

FRONT = commands()["fivefold run"]
STATS_LINE = "bytecode cache:"


def _program(tmp_path: Path) -> Path:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("X = 5\n")
    (tmp_path / "pkg" / "mod.py").write_text("def f():\n    return 'mod'\n")
    (tmp_path / "prog.py").write_text("import pkg, pkg.mod\nprint(pkg.X, pkg.mod.f())\n")
    return tmp_path


def _stats(result) -> str:
    assert result.stdout == "5 mod\n", result.stderr
    [line] = [ln for ln in result.stderr.splitlines() if STATS_LINE in ln]
    return line


def _entries(root: Path) -> list[Path]:
    return sorted(root.rglob("*.fivefold.pyc")) if root.exists() else []


def _fivefold(tmp_path: Path, cache: Path, **env):
    return run(FRONT, ["--stats", "prog.py"], tmp_path, cache, **env)


def test_entries_beside_the_source_and_read_back(tmp_path):
    _program(tmp_path)
    cache = tmp_path / "xdg"
    assert "2 modules compiled, 2 written" in _stats(_fivefold(tmp_path, cache))
    assert len(_entries(tmp_path / "pkg" / "__pycache__")) == 2
    assert "from 2 modules; 0 modules compiled" in _stats(_fivefold(tmp_path, cache))
    assert not _entries(cache / "fivefold" / "modules")


def test_read_only_package_directory_uses_the_user_cache(tmp_path):
    _program(tmp_path)
    pkg = tmp_path / "pkg"
    pkg.chmod(0o555)
    try:
        if os.access(pkg, os.W_OK):
            pytest.skip("running as root: a read-only directory is still writable")
        cache = tmp_path / "xdg"
        assert "2 modules compiled, 2 written" in _stats(_fivefold(tmp_path, cache))
        assert not (pkg / "__pycache__").exists()
        entries = _entries(cache / "fivefold" / "modules")
        assert len(entries) == 2
        # The user cache mirrors the source directory's absolute path.
        assert all(str(pkg.resolve()).lstrip(os.sep) in str(e) for e in entries)
        assert "from 2 modules; 0 modules compiled" in _stats(_fivefold(tmp_path, cache))
    finally:
        pkg.chmod(0o755)


def test_unmakeable_pycache_uses_the_user_cache(tmp_path):
    """A file where __pycache__ would go: not writable even for root."""
    _program(tmp_path)
    (tmp_path / "pkg" / "__pycache__").write_text("not a directory")
    cache = tmp_path / "xdg"
    assert "2 modules compiled, 2 written" in _stats(_fivefold(tmp_path, cache))
    assert len(_entries(cache / "fivefold" / "modules")) == 2
    assert "from 2 modules; 0 modules compiled, 0 written" in _stats(_fivefold(tmp_path, cache))
    # The source changes: the user cache's entry is stale, compiled and replaced.
    (tmp_path / "pkg" / "mod.py").write_text("def f():\n    return 'mod'  # edited\n")
    assert "from 1 modules; 1 modules compiled, 1 written" in _stats(_fivefold(tmp_path, cache))
    assert len(_entries(cache / "fivefold" / "modules")) == 2


def test_pycache_prefix_is_honoured(tmp_path):
    _program(tmp_path)
    prefix = tmp_path / "prefix"
    cache = tmp_path / "xdg"
    line = _stats(_fivefold(tmp_path, cache, PYTHONPYCACHEPREFIX=str(prefix)))
    assert "2 modules compiled, 2 written" in line
    assert not (tmp_path / "pkg" / "__pycache__").exists()
    assert not _entries(cache / "fivefold" / "modules")
    # As python: <prefix>/<the source directory's absolute path>/name.<tag>...
    pkg_dir = prefix / str((tmp_path / "pkg").resolve()).lstrip(os.sep)
    assert len(list(pkg_dir.glob("*.fivefold.pyc"))) == 2
    again = _stats(_fivefold(tmp_path, cache, PYTHONPYCACHEPREFIX=str(prefix)))
    assert "from 2 modules; 0 modules compiled" in again


@pytest.mark.parametrize("how", [{"PYTHONDONTWRITEBYTECODE": "1"}, {}],
                         ids=["dont_write_bytecode", "writing"])
def test_dont_write_bytecode(tmp_path, how):
    """With PYTHONDONTWRITEBYTECODE python writes no pyc anywhere but reads those that
    exist; fivefold's cache does the same, the user cache folder included."""
    _program(tmp_path)
    (tmp_path / "pkg" / "__pycache__").write_text("not a directory")  # the fallback too
    cache = tmp_path / "xdg"
    line = _stats(_fivefold(tmp_path, cache, **how))
    if how:
        assert "2 modules compiled, 0 written" in line
        assert not _entries(cache) and not _entries(tmp_path / "pkg")
        # Entries written by a run without it are read.
        _fivefold(tmp_path, cache)
        line = _stats(_fivefold(tmp_path, cache, **how))
        assert "from 2 modules; 0 modules compiled, 0 written" in line
    else:
        assert "2 modules compiled, 2 written" in line
        assert len(_entries(cache / "fivefold" / "modules")) == 2


def test_another_stage_never_reuses_an_entry(tmp_path):
    """Each stage (and change set) has its own entry; an entry written under another
    engine, even at this engine's file name, is stale."""
    _program(tmp_path)
    cache = tmp_path / "xdg"
    pycache = tmp_path / "pkg" / "__pycache__"
    assert "2 written" in _stats(_fivefold(tmp_path, cache, FIVEFOLD_STAGE="1"))
    stage1 = _entries(pycache)
    assert "2 modules compiled, 2 written" in _stats(_fivefold(tmp_path, cache))
    both = _entries(pycache)
    assert len(both) == 4
    assert "from 2 modules; 0 modules compiled" in _stats(
        _fivefold(tmp_path, cache, FIVEFOLD_STAGE="1"))
    # Without one change: entries of their own.
    from fivefold import _fivefold as engine

    if "s2.str_concat" not in engine.enabled_changes():
        return
    assert "2 modules compiled, 2 written" in _stats(
        _fivefold(tmp_path, cache, FIVEFOLD_WITHOUT="s2.str_concat"))
    assert len(_entries(pycache)) == 6
    # A stage-1 entry copied over the default engine's: its header says stage 1.
    default = [p for p in both if p not in stage1]
    for old, new in zip(stage1, default):
        assert old.name.split(".")[0] == new.name.split(".")[0]
        new.write_bytes(old.read_bytes())
    assert "0 modules loaded" not in (line := _stats(_fivefold(tmp_path, cache)))
    assert "2 modules compiled, 2 written" in line


WRITER = """
import sys
from fivefold import compiler
from fivefold.runtime import bytecode_cache
path, source_file, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
source = open(source_file, "rb").read()
code = compiler.compile_source(source, source_file)
for _ in range(rounds):
    assert bytecode_cache.write(path, source, code, [])
"""

READER = """
import os, sys
from fivefold.runtime import bytecode_cache
path, source_file = sys.argv[1], sys.argv[2]
source = open(source_file, "rb").read()
seen = torn = 0
while not os.path.exists(sys.argv[3]):
    if os.path.exists(path):
        seen += 1
        entry = bytecode_cache.read(path, source)
        if entry is None:
            torn += 1
        elif entry[0].co_filename != source_file:
            torn += 1
print(seen, torn)
"""


def test_concurrent_writers_of_one_entry(tmp_path):
    """Two processes write the same entry over and over while a third reads it: the
    reader never sees a partial file and no temporary file is left behind."""
    source_file = tmp_path / "big.py"
    source_file.write_text("".join(f"def f{i}(x):\n    return [x * {i} for _ in range(3)]\n"
                                   for i in range(300)))
    entry = tmp_path / "__pycache__" / "big.entry.fivefold.pyc"
    done = tmp_path / "done"
    env = clean_env(tmp_path / "xdg")
    reader = subprocess.Popen([sys.executable, "-c", READER, str(entry), str(source_file),
                               str(done)], env=env, stdout=subprocess.PIPE, text=True)
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(entry), str(source_file),
                                 "40"], env=env) for _ in range(2)]
    try:
        assert [w.wait(timeout=120) for w in writers] == [0, 0]
    finally:
        done.write_text("")
    out, _ = reader.communicate(timeout=60)
    seen, torn = map(int, out.split())
    assert torn == 0, f"{torn} of {seen} reads saw a partial or foreign entry"
    assert [p.name for p in entry.parent.iterdir()] == [entry.name]
    check = subprocess.run([sys.executable, "-c", textwrap.dedent(f"""
        from fivefold.runtime import bytecode_cache
        source = open({str(source_file)!r}, "rb").read()
        code, _ = bytecode_cache.read({str(entry)!r}, source)
        ns = {{}}
        exec(code, ns)
        print(ns["f7"](2))
    """)], env=env, capture_output=True, text=True, timeout=60)
    assert check.stdout == "[14, 14, 14]\n", check.stderr


def test_cache_names_and_key():
    """The file name carries the cache tag, -O level and engine; the key also holds
    fivefold's and CPython's versions."""
    from fivefold.runtime import bytecode_cache as bc

    name = bc.cache_file_name("/x/mod.py", optimize=1)
    assert name == f"mod.{sys.implementation.cache_tag}.opt-1.{bc.engine_tag()}.fivefold.pyc"
    assert bc.engine_tag().startswith(f"s{bc.engine()[0]}-")
    assert bc.cache_path("/x/mod.py") == os.path.join("/x", "__pycache__", bc.cache_file_name(
        "/x/mod.py"))
    assert bc.user_cache_path("/x/mod.py").endswith(
        os.path.join("fivefold", "modules", "x", bc.cache_file_name("/x/mod.py")))
