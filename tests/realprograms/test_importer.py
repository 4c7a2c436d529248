"""The import hook: the program's own modules and packages are compiled by fivefold
(cached in __pycache__, invalidated when the source changes); the standard library
and site-packages stay on CPython unless --accelerate names them; module attributes,
relative and circular imports, reload and `if __name__ == "__main__"` as in CPython."""

from __future__ import annotations

import json
import os
import re

import fivefold as fivefold_package

from realprograms_support import cpython, fivefold, write_tree

ON_FIVEFOLD = "lambda f: bool(f.__code__.co_flags & 0x20000000)"

PACKAGE = {
    "pkg/__init__.py": """
        from . import circ_a
        from .sub import helper
        VALUE = helper.twice(21)
    """,
    "pkg/circ_a.py": """
        from . import circ_b          # circ_b imports circ_a back while it runs
        A = "a"
        def get_b():
            return circ_b.B
    """,
    "pkg/circ_b.py": """
        from . import circ_a
        B = "b"
        def get_a():
            return circ_a.A
    """,
    "pkg/sub/__init__.py": "",
    "pkg/sub/helper.py": """
        from .. import circ_b
        from ..circ_a import get_b
        def twice(x):
            return 2 * x
        if __name__ == "__main__":
            print("helper as main")
    """,
    "prog.py": f"""
        import importlib, json, sys
        import pkg, pkg.sub.helper as helper
        on = {ON_FIVEFOLD}
        report = {{
            "value": pkg.VALUE, "circ": [pkg.circ_a.get_b(), pkg.circ_b.get_a()],
            "helper_name": helper.__name__, "package": helper.__package__,
            "spec_name": helper.__spec__.name,
            "spec_origin_ok": helper.__spec__.origin == helper.__file__,
            "loader_is_spec_loader": helper.__loader__ is helper.__spec__.loader,
            "cached": helper.__cached__, "pkg_path": [p.split("/")[-1] for p in pkg.__path__],
            "helper_on": on(helper.twice), "circ_on": on(pkg.circ_a.get_b),
            "json_on": on(json.dumps),
        }}
        print(json.dumps(report))
    """,
}


def test_package_modules_compiled_with_cpython_semantics(tmp_path):
    write_tree(tmp_path, PACKAGE)
    ours = fivefold("prog.py", cwd=tmp_path)
    assert ours.returncode == 0, ours.stderr
    report = json.loads(ours.stdout)
    theirs = json.loads(cpython("prog.py", cwd=tmp_path).stdout)
    assert report["helper_on"] and report["circ_on"], "the program's modules must run on fivefold"
    assert not report["json_on"], "the standard library stays on CPython"
    assert not theirs["helper_on"]
    for key in ("value", "circ", "helper_name", "package", "spec_name", "spec_origin_ok",
                "loader_is_spec_loader", "pkg_path"):
        assert report[key] == theirs[key], key
    assert report["cached"].endswith(".fivefold.pyc")
    assert os.path.isfile(report["cached"])


def test_main_block_of_imported_module_does_not_run_and_runs_with_m(tmp_path):
    write_tree(tmp_path, PACKAGE)
    assert "helper as main" not in fivefold("prog.py", cwd=tmp_path).stdout
    result = fivefold("-m", "pkg.sub.helper", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "helper as main" in result.stdout


def test_accelerate_names_stdlib_modules(tmp_path):
    write_tree(tmp_path, {"prog.py": f"""
        import json, copy, textwrap
        on = {ON_FIVEFOLD}
        print(on(json.dumps), on(copy.deepcopy), on(textwrap.dedent))
    """})
    result = fivefold("--accelerate", "json", "--accelerate", "cop*", "prog.py", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    # copy is imported by fivefold itself before the program starts: it is reloaded.
    assert result.stdout.split() == ["True", "True", "False"]
    via_env = fivefold("prog.py", cwd=tmp_path, FIVEFOLD_ACCELERATE="textwrap")
    assert via_env.stdout.split() == ["False", "False", "True"]


def test_cache_is_used_and_invalidated_when_the_source_changes(tmp_path):
    write_tree(tmp_path, {"mod.py": "X = 1\n", "prog.py": "import mod; print(mod.X)\n"})
    first = fivefold("--stats", "prog.py", cwd=tmp_path)
    assert first.stdout == "1\n", first.stderr
    assert "from 0 modules; 1 modules compiled, 1 written" in first.stderr
    second = fivefold("--stats", "prog.py", cwd=tmp_path)
    assert second.stdout == "1\n"
    assert "from 1 modules; 0 modules compiled, 0 written" in second.stderr
    # Same size, same second: the source hash still sees the change.
    (tmp_path / "mod.py").write_text("X = 2\n")
    third = fivefold("--stats", "prog.py", cwd=tmp_path)
    assert third.stdout == "2\n" and "1 modules compiled, 1 written" in third.stderr


def test_corrupt_cache_is_ignored_and_rewritten(tmp_path):
    write_tree(tmp_path, {"mod.py": "def f():\n    return 41 + 1\n",
                          "prog.py": "import mod; print(mod.f())\n"})
    assert fivefold("prog.py", cwd=tmp_path).stdout == "42\n"
    [cache] = (tmp_path / "__pycache__").glob("mod.*.fivefold.pyc")
    data = cache.read_bytes()
    for broken in (b"", data[:10], data[:len(data) // 2], data[:-7] + b"\xff" * 7,
                   data.replace(b"FFPC", b"XXXX", 1)):
        cache.write_bytes(broken)
        result = fivefold("--stats", "prog.py", cwd=tmp_path)
        assert result.stdout == "42\n", result.stderr
        assert "1 written" in result.stderr
    assert cache.read_bytes() == data


def test_reload_recompiles_the_changed_module(tmp_path):
    write_tree(tmp_path, {"mod.py": "def f():\n    return 'old'\n", "prog.py": f"""
        import importlib, pathlib, mod
        on = {ON_FIVEFOLD}
        before = mod.f()
        pathlib.Path(mod.__file__).write_text("def f():\\n    return 'new version'\\n")
        same = importlib.reload(mod) is mod
        print(before, mod.f(), same, on(mod.f), type(mod.__loader__).__name__)
    """})
    result = fivefold("prog.py", cwd=tmp_path)
    expected = ["old", "new", "version", "True", "True", "FivefoldLoader"]
    assert result.stdout.split() == expected, result.stderr


def test_cache_round_trip_keeps_code_identical(tmp_path):
    """Encoding a compiled module and decoding it gives the same code, unit by unit."""
    from fivefold import _fivefold, compiler
    from fivefold.runtime import bytecode_cache

    source = b"""
class C:
    def m(self, *a, k=1, **kw):
        try:
            return [x for x in a if x], (lambda: k)()
        except (TypeError, ValueError) as e:
            raise RuntimeError from e
        finally:
            pass
def falls_back():  # a CPython code object among the module's constants
    async def inner():
        return 1
    return inner
def gen():
    yield from range(3)
"""
    code = compiler.compile_source(source, "roundtrip.py")
    copy, fallbacks = bytecode_cache.decode(bytecode_cache.encode(code, [("f", "q", 1, "r")]))
    assert fallbacks == (("f", "q", 1, "r"),)

    def compare(a, b):
        assert a.replace(co_consts=()) == b.replace(co_consts=())
        fa, fb = _fivefold.code_of(a), _fivefold.code_of(b)
        assert (fa.co_code, fa.co_names, fa.co_exceptiontable) == \
            (fb.co_code, fb.co_names, fb.co_exceptiontable)
        assert len(fa.co_consts) == len(fb.co_consts)
        for ca, cb in zip(fa.co_consts, fb.co_consts):
            if bytecode_cache.is_shadow(ca):
                compare(ca, cb)
            else:
                assert type(ca) is type(cb) and ca == cb

    compare(code, copy)
    namespace = {}
    exec(copy, namespace)
    assert list(namespace["gen"]()) == [0, 1, 2]
    assert namespace["C"]().m(0, 2, k=5) == ([2], 5)


def test_cache_not_writable_or_not_wanted_still_runs(tmp_path):
    """A __pycache__ that cannot be made: the entry goes to the user's cache folder
    (tests/runtime/test_module_cache.py has the rest of the rules)."""
    write_tree(tmp_path, {"pkg/__init__.py": "X = 5\n", "prog.py": "import pkg; print(pkg.X)\n"})
    (tmp_path / "pkg" / "__pycache__").write_text("a file where the cache directory would go")
    xdg = tmp_path / "xdg"
    result = fivefold("--stats", "prog.py", cwd=tmp_path, XDG_CACHE_HOME=str(xdg))
    assert result.stdout == "5\n" and "1 written" in result.stderr, result.stderr
    assert list((xdg / "fivefold" / "modules").rglob("__init__.*.fivefold.pyc"))
    result = fivefold("--stats", "prog.py", cwd=tmp_path, XDG_CACHE_HOME=str(xdg))
    assert result.stdout == "5\n" and "from 1 modules" in result.stderr, result.stderr
    (tmp_path / "pkg" / "__pycache__").unlink()
    result = fivefold("--stats", "prog.py", cwd=tmp_path, PYTHONDONTWRITEBYTECODE="1",
                      XDG_CACHE_HOME=str(tmp_path / "xdg2"))
    assert result.stdout == "5\n" and "0 written" in result.stderr
    assert not (tmp_path / "pkg" / "__pycache__").exists()
    assert not (tmp_path / "xdg2").exists()


def test_a_syntax_error_in_an_imported_module_reads_as_cpythons(tmp_path):
    # CPython compiles in C and the import system trims its own frames, so the
    # traceback is the importing line and the error; fivefold's importer, cache
    # and compiler frames must not show either, whether the program dies of it,
    # prints it itself, or the module is a package's __init__ or a reload.
    write_tree(tmp_path, {
        "bad_mod.py": "x = 1\ndef f(:\n    pass\n",
        "badpkg/__init__.py": "if True:\npass\n",
        "ok_mod.py": "X = 1\n",
        "dies.py": "print('start')\nimport bad_mod\n",
        "prints.py": """
            import traceback, importlib
            for name in ("bad_mod", "badpkg"):
                try:
                    importlib.import_module(name)
                except SyntaxError:
                    traceback.print_exc()
            import ok_mod
            open("ok_mod.py", "w").write("X = (\\n")
            try:
                importlib.reload(ok_mod)
            except SyntaxError as e:
                traceback.print_exc()
                print(type(e).__name__, e.lineno, e.filename.endswith("ok_mod.py"))
        """,
    })
    for prog in ("dies.py", "prints.py"):
        theirs = cpython(prog, cwd=tmp_path, PYTHONDONTWRITEBYTECODE="1")
        write_tree(tmp_path, {"ok_mod.py": "X = 1\n"})
        ours = fivefold(prog, cwd=tmp_path)
        write_tree(tmp_path, {"ok_mod.py": "X = 1\n"})
        # None of fivefold's own frames (its package's files: importer, cache, compiler).
        assert os.path.dirname(fivefold_package.__file__) not in ours.stderr, ours.stderr
        expected = theirs.stderr
        if prog == "prints.py":
            # importlib.import_module and reload are not the import statement:
            # CPython trims nothing there, and its traceback goes on through its
            # own loader's get_code and source_to_code, which fivefold's loader
            # has not (its compile is reached from C); the rest is the same.
            expected = re.sub(r'  File "<frozen importlib._bootstrap_external>", line \d+, in '
                              r'(get_code|source_to_code)\n', "", expected)
            assert expected.count("\n") < theirs.stderr.count("\n")
        assert (ours.returncode, ours.stdout, ours.stderr) == (theirs.returncode, theirs.stdout, expected)
