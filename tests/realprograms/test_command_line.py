"""`fivefold run` behaves like `python` for scripts, -m, -c and stdin: sys.argv,
sys.path[0], __main__, __file__, exit statuses and SystemExit; bad command lines
get one line and status 2."""

from __future__ import annotations

import json

from realprograms_support import cpython, fivefold, write_tree

REPORT = """
    import json, os, sys
    main = sys.modules["__main__"]
    print(json.dumps({
        "argv": sys.argv, "path0": sys.path[0], "name": __name__,
        "file": globals().get("__file__"), "package": __package__,
        "spec": getattr(__spec__, "name", None), "is_main": main.__dict__ is globals(),
    }))
"""


def _same_report(ours, theirs):
    assert ours.returncode == theirs.returncode == 0, ours.stderr + theirs.stderr
    return json.loads(ours.stdout), json.loads(theirs.stdout)


def test_script_argv_path_name_file(tmp_path):
    write_tree(tmp_path, {"prog.py": REPORT})
    ours, theirs = _same_report(fivefold("prog.py", "a", "-b", "--c", cwd=tmp_path),
                                cpython("prog.py", "a", "-b", "--c", cwd=tmp_path))
    assert ours == theirs
    assert ours["argv"] == ["prog.py", "a", "-b", "--c"]
    assert ours["file"] == str(tmp_path / "prog.py")


def test_module_mode_like_python_m(tmp_path):
    write_tree(tmp_path, {"pkg/__init__.py": "", "pkg/tool.py": REPORT,
                          "pkg/__main__.py": REPORT})
    for module in ("pkg.tool", "pkg"):
        ours, theirs = _same_report(fivefold("-m", module, "x", "-y", cwd=tmp_path),
                                    cpython("-m", module, "x", "-y", cwd=tmp_path))
        assert ours == theirs
        assert ours["name"] == "__main__" and ours["package"] == "pkg"


def test_command_mode_like_python_c(tmp_path):
    code = "import sys; print(sys.argv, repr(sys.path[0]), __name__)"
    ours = fivefold("-c", code, "1", "-2", cwd=tmp_path)
    theirs = cpython("-c", code, "1", "-2", cwd=tmp_path)
    assert ours.returncode == theirs.returncode == 0
    assert ours.stdout == theirs.stdout
    assert ours.stdout == "['-c', '1', '-2'] '' __main__\n"


def test_stdin_program(tmp_path):
    code = "import sys\nprint(sys.argv, __name__)\n"
    ours = fivefold("-", "q", cwd=tmp_path, stdin=code)
    theirs = cpython("-", "q", cwd=tmp_path, stdin=code)
    assert ours.stdout == theirs.stdout == "['-', 'q'] __main__\n"


def test_runs_on_fivefold(tmp_path):
    write_tree(tmp_path, {"prog.py": "def f(): pass\n"
                                     "print(hex(f.__code__.co_flags & 0x20000000))\n"})
    assert fivefold("prog.py", cwd=tmp_path).stdout == "0x20000000\n"
    assert fivefold("-c", "def f(): pass\nprint(f.__code__.co_flags >> 29 & 1)",
                    cwd=tmp_path).stdout == "1\n"


def test_exit_statuses_and_system_exit(tmp_path):
    cases = {"exit3.py": "import sys; sys.exit(3)",
             "exitmsg.py": "raise SystemExit('bye')",
             "boom.py": "def f():\n    1/0\nf()\n",
             "syntax.py": "def (:\n"}
    write_tree(tmp_path, cases)
    for name in cases:
        ours, theirs = fivefold(name, cwd=tmp_path), cpython(name, cwd=tmp_path)
        assert ours.returncode == theirs.returncode, name
        assert ours.stderr == theirs.stderr, name
    ours = fivefold("-c", "raise SystemExit(4)", cwd=tmp_path)
    assert ours.returncode == 4
    ours = fivefold("-m", "no_such_module_here", cwd=tmp_path)
    assert ours.returncode == 1 and "No module named no_such_module_here" in ours.stderr


def test_bad_command_lines_get_one_line_and_status_2(tmp_path):
    # (No program at all reads it from standard input, as python does: not an error.)
    for args in (["-m"], ["-c"], ["--no-such-option", "x.py"]):
        result = fivefold(*args, cwd=tmp_path)
        assert result.returncode == 2, args
        errors = [line for line in result.stderr.splitlines() if "error" in line]
        assert len(errors) == 1, result.stderr
    missing = fivefold("missing.py", cwd=tmp_path)
    assert missing.returncode == 2 and "can't open file" in missing.stderr


def test_stats_counts_compiled_and_fallbacks(tmp_path):
    write_tree(tmp_path, {"prog.py": "async def a(): pass\ndef f(): pass\nimport helper\n",
                          "helper.py": "def g(): pass\n"})
    result = fivefold("--stats", "prog.py", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    # Every unit compiles (async def too): prog, a, f, helper, g.
    assert "5 code units compiled, 0 fell back to CPython" in result.stderr
    assert "fallback:" not in result.stderr
    # Nothing falls back by default any more: declare async def unsupported, as
    # the compiler tests do, to see a fallback counted through the command line.
    from realprograms_support import run
    import sys

    forced = run([sys.executable, "-c",
                  "import ast, sys\n"
                  "from fivefold.compiler import fallback\n"
                  "fallback.UNSUPPORTED[ast.AsyncFunctionDef] = 'async def'\n"
                  "from fivefold.cli import main\n"
                  "sys.exit(main(['run', '--stats', 'prog.py']))\n"], tmp_path)
    assert forced.returncode == 0, forced.stderr
    # (helper's units may come from the bytecode cache the first run wrote)
    assert "code units compiled, 1 fell back to CPython" in forced.stderr
    assert "fallback: async def: 1" in forced.stderr
    assert "prog.py:1 a (async def)" in forced.stderr


def test_dis_file_and_module(tmp_path):
    write_tree(tmp_path, {"mod.py": "x = 1\n"})
    from realprograms_support import run
    import sys

    by_file = run([sys.executable, "-m", "fivefold", "dis", "mod.py"], tmp_path)
    by_name = run([sys.executable, "-m", "fivefold", "dis", "mod"], tmp_path)
    assert by_file.returncode == by_name.returncode == 0
    # The same disassembly, apart from the header's code object address and file name.
    assert "STORE_NAME" in by_file.stdout
    assert by_file.stdout.splitlines()[1:] == by_name.stdout.splitlines()[1:]
    missing = run([sys.executable, "-m", "fivefold", "dis", "no_such_mod"], tmp_path)
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1
