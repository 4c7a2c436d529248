"""`-m MODULE`, `-c CODE` and `-` (stdin): the other ways `python` runs a program.

Each sets up `sys.argv`, `sys.path[0]` and a fresh `__main__` as CPython does
for that mode, installs the import hook (import_hook.py) and runs the main code on
fivefold through program.execute (same exit statuses and traceback printing as
a script). The main module of `-m` is compiled by fivefold wherever it lives;
what it imports follows the import hook's rule.
"""

from __future__ import annotations

import os
import sys
import types

from fivefold.runtime import program


def _main_module(name_attrs: dict) -> types.ModuleType:
    import builtins

    main = types.ModuleType("__main__")
    main.__builtins__ = builtins
    for key, value in name_attrs.items():
        setattr(main, key, value)
    sys.modules["__main__"] = main
    return main


def _compile(source, filename: str):
    """fivefold code, or None after printing a SyntaxError as CPython does."""
    from fivefold import compiler

    try:
        compiler.check_syntax(source, filename)
    except SyntaxError as e:
        e.__traceback__ = None
        sys.excepthook(type(e), e, None)
        return None
    return compiler.compile_source(source, filename, checked=True)


def run_module(module: str, args: list[str], stats: bool = False,
               accelerate: list[str] = ()) -> int:
    """`python -m MODULE ARGS`: sys.path[0] is the current directory, sys.argv[0] the
    module's file; a package runs its __main__ submodule."""
    import runpy

    # Until the module is found, sys.argv[0] is "-m", as in CPython.
    sys.argv[:] = ["-m", *args]
    cwd = os.getcwd()
    program.set_path0(cwd)
    program.prepare_process(cwd, list(accelerate))
    try:
        # runpy's own search (packages' __main__, "cannot be directly executed" ...):
        # CPython's -m calls the same function. It returns CPython's code, unused
        # unless the import hook already gave fivefold's.
        mod_name, spec, code = runpy._get_module_details(module, runpy._Error)
    except runpy._Error as e:
        print(f"{sys.executable}: {e}", file=sys.stderr)
        return 1
    except SyntaxError as e:
        e.__traceback__ = None
        sys.excepthook(type(e), e, None)
        return 1
    from fivefold.runtime.bytecode_cache import is_shadow

    if not is_shadow(code):
        source = spec.loader.get_source(mod_name)
        if source is None:  # no source (a .pyc-only module): CPython's code it is
            pass
        else:
            code = _compile(source, spec.origin)
            if code is None:
                return 1
    sys.argv[0] = spec.origin
    main = _main_module({
        "__name__": "__main__", "__file__": spec.origin, "__cached__": spec.cached,
        "__doc__": None, "__loader__": spec.loader, "__package__": spec.parent,
        "__spec__": spec})
    return program.execute(code, main, stats)


def run_command(command: str, args: list[str], stats: bool = False,
                accelerate: list[str] = ()) -> int:
    """`python -c CODE ARGS`: sys.argv[0] is "-c", sys.path[0] is ""."""
    from importlib.machinery import BuiltinImporter

    sys.argv[:] = ["-c", *args]
    program.set_path0("")
    program.prepare_process(os.getcwd(), list(accelerate))
    main = _main_module({"__name__": "__main__", "__doc__": None, "__package__": None,
                         "__spec__": None, "__loader__": BuiltinImporter,
                         "__annotations__": {}})
    code = _compile(command, "<string>")
    if code is None:
        return 1
    return program.execute(code, main, stats)


def run_stdin(args: list[str], stats: bool = False, accelerate: list[str] = ()) -> int:
    """`python - ARGS`: the program is read from standard input."""
    from importlib.machinery import BuiltinImporter

    sys.argv[:] = ["-", *args]
    program.set_path0("")
    program.prepare_process(os.getcwd(), list(accelerate))
    main = _main_module({"__name__": "__main__", "__doc__": None, "__package__": None,
                         "__spec__": None, "__loader__": BuiltinImporter,
                         "__annotations__": {}})
    code = _compile(sys.stdin.buffer.read(), "<stdin>")
    if code is None:
        return 1
    return program.execute(code, main, stats)
