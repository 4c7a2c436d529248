"""The import hook: the program's own modules are compiled by fivefold.

A meta path finder placed just before `importlib.machinery.PathFinder` asks
PathFinder for the spec (so the search is exactly CPython's: sys.path, package
`__path__`, namespace packages, path hooks). When the spec is a Python source
file that fivefold should run, its loader is replaced with `FivefoldLoader`, a
`SourceFileLoader` whose `get_code` compiles with fivefold (through the bytecode
cache, bytecode_cache.py); everything else about the module (`__spec__`,
`__loader__`, `__file__`, `__cached__`, `__path__`, relative and circular
imports, `importlib.reload`, `get_source`, resources) is importlib's own.

Which modules: those under the program's directory (and packages under it),
except anything in the standard library or a site-packages directory that
lies inside that directory (a venv next to a script); plus any module whose
name matches an `--accelerate` pattern (also read from FIVEFOLD_ACCELERATE, a
comma-separated list, so child processes inherit it). A pattern is an fnmatch
pattern on the full module name; a plain name also covers its submodules
(`json` means `json` and `json.*`). Modules that match a pattern but were
imported before the hook was installed (by fivefold itself or at startup) are
accelerated in place (recompile_imported, in_place.py: their functions get
fivefold's code; nothing is imported or executed twice, so no module, class or
constant ever exists twice). fivefold's own modules and importlib's never match:
the engine is not compiled by itself.

`--accelerate '*'` (`--accelerate-all`) compiles every source module the program
imports, standard library and site-packages included, except those that must
stay on CPython: fivefold itself, the import system, codecs and encodings, the
modules fivefold's compiler and runtime use (in_place.compiler_dependencies; a
pattern naming one explicitly still accelerates it), and modules imported by the
compiler while it compiles another (importing them through the hook would
recurse). `--no-accelerate PATTERN` (FIVEFOLD_NO_ACCELERATE) opts modules out.
Every decision and its reason is kept in REPORT for `--stats` (run_stats.py).
"""

import os
import sys

# The loader and finder classes come from the frozen importlib that every
# interpreter has loaded: importlib.abc and importlib.machinery would bring
# importlib.resources, inspect and more into every program's start (the finder
# needs no ABC: the import system only calls find_spec).
from _frozen_importlib_external import PathFinder, SourceFileLoader

from fivefold.runtime import bytecode_cache

ACCELERATE_ENV = "FIVEFOLD_ACCELERATE"
NO_ACCELERATE_ENV = "FIVEFOLD_NO_ACCELERATE"
ALL = "*"  # the pattern of --accelerate-all

_SELF = "fivefold itself (the engine is not compiled by itself)"
_IMPORT_SYSTEM = "the import system (it runs while modules are being compiled)"
_CODECS = "codecs and encodings (they decode source while a module is being compiled)"
# Top-level packages never recompiled, and why: the engine and what it relies on.
_NEVER = {"fivefold": _SELF, "_fivefold_editable_loader": _SELF,
          "importlib": _IMPORT_SYSTEM, "_frozen_importlib": _IMPORT_SYSTEM,
          "_frozen_importlib_external": _IMPORT_SYSTEM, "zipimport": _IMPORT_SYSTEM,
          "encodings": _CODECS, "codecs": _CODECS}
OPTED_OUT = "opted out (--no-accelerate / FIVEFOLD_NO_ACCELERATE)"
NOT_NAMED = "not the program's own (standard library or site-packages not named by --accelerate)"
COMPILER_DEPENDENCY = ("used by fivefold's compiler or runtime (name it with --accelerate to "
                       "accelerate it anyway)")
RECURSIVE = ("imported by fivefold's compiler while it compiled another module (compiling "
             "it then would recurse)")

# Module name -> (runs on fivefold, how or why not): every decision the hook made
# (run_stats.py prints it; modules that never reach the hook are classified there).
REPORT: dict[str, tuple[bool, str]] = {}
# Nonzero while fivefold compiles a module: imports made then stay on CPython.
_COMPILING = [0]


def _norm(path: str) -> str:
    return os.path.normcase(os.path.realpath(path))


def _under(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def library_dirs() -> list[str]:
    """The standard library and site-packages directories of this interpreter.

    The standard library is where os.py is (sysconfig's "stdlib" and "platstdlib"
    on a POSIX build), site-packages what site lists (sysconfig's "purelib" and
    "platlib" under sys.prefix and sys.exec_prefix); sysconfig itself is not
    imported, it is not needed to start a program, and neither is site under -S."""
    dirs = {os.path.dirname(os.__file__)}
    site = sys.modules.get("site")
    if site is not None and hasattr(site, "getsitepackages"):
        dirs.update(site.getsitepackages())
        dirs.add(site.getusersitepackages())
    else:  # -S: where site would have looked
        version = f"python{sys.version_info[0]}.{sys.version_info[1]}"
        dirs.update(os.path.join(prefix, "lib", version, "site-packages")
                    for prefix in (sys.prefix, sys.exec_prefix))
    return sorted(_norm(d) for d in dirs if d)


def patterns_from_environ(environ=os.environ, name: str = ACCELERATE_ENV) -> list[str]:
    return [p.strip() for p in environ.get(name, "").split(",") if p.strip()]


class Policy:
    """Decides which modules fivefold compiles: those under `roots` (program
    directories) except under `excluded` (library directories inside a root), and
    those named by `patterns` (--accelerate; "*" is every module), minus those
    named by `opt_out` (--no-accelerate) and those that must stay on CPython."""

    def __init__(self, roots: list[str] | None = None, patterns: list[str] | None = None,
                 excluded: list[str] | None = None, opt_out: list[str] | None = None):
        self.roots = list(roots or [])
        self.patterns = list(patterns or [])
        self.excluded = list(excluded or [])
        self.opt_out = list(opt_out or [])
        self.all = ALL in self.patterns
        self.named_patterns = [p for p in self.patterns if p != ALL]
        # Module name -> why it stays on CPython under "*" (compiler_dependencies).
        self.cpython_only: dict[str, str] = {}
        if self.patterns or self.opt_out:
            # fnmatch (and re under it) only with --accelerate patterns, and imported
            # here, before the finder is installed: imported inside find_spec, its
            # own import would come back to find_spec and recurse without end.
            import fnmatch

            self._fnmatchcase = fnmatch.fnmatchcase

    @classmethod
    def for_program(cls, program_dir: str | None, patterns: list[str],
                    opt_out: list[str] = ()) -> "Policy":
        roots = [_norm(program_dir)] if program_dir is not None else []
        libs = library_dirs()
        # A library directory is excluded only when it lies strictly inside a program
        # directory: a benchmark that lives in site-packages still counts as the program.
        excluded = [lib for lib in libs for root in roots if lib != root and _under(lib, root)]
        return cls(roots, list(patterns), excluded, list(opt_out))

    def _matches(self, fullname: str, patterns: list[str]) -> bool:
        for pattern in patterns:
            if self._fnmatchcase(fullname, pattern) or fullname.startswith(pattern + "."):
                return True
        return False

    def name_matches(self, fullname: str) -> bool:
        """An --accelerate pattern names the module (and nothing keeps it on CPython)."""
        return bool(self.patterns) and self.why_not(fullname, None) is None

    def why_not(self, fullname: str, origin: str | None) -> str | None:
        """None when fivefold compiles the module (source file `origin`), else why not."""
        never = _NEVER.get(fullname.partition(".")[0])
        if never is not None:
            return never
        if self.opt_out and self._matches(fullname, self.opt_out):
            return OPTED_OUT
        if self.named_patterns and self._matches(fullname, self.named_patterns):
            return None
        if self.all:
            return self.cpython_only.get(fullname)
        if origin is not None:
            path = _norm(origin)
            if not any(_under(path, lib) for lib in self.excluded) \
                    and any(_under(path, root) for root in self.roots):
                return None
        return NOT_NAMED

    def accelerates(self, fullname: str, origin: str) -> bool:
        return self.why_not(fullname, origin) is None


class _GetCodeAsCPython:
    """FivefoldLoader.get_code as the import system calls it (`loader.get_code(name)`
    in exec_module): `compile_module(name)` reached through importlib's
    `_call_with_frames_removed` and a C call that drops a SyntaxError's
    traceback, with no Python frame of fivefold's in between. CPython's loader
    compiles through `_call_with_frames_removed` too, and the import system
    trims importlib's frames down to such a call: so a SyntaxError in an
    imported module shows the importing line and the error, as python shows
    it, instead of fivefold's importer, cache and compiler frames. Bound
    methods, not functools.partial: functools is not imported at start-up."""

    def __get__(self, loader, owner=None):
        if loader is None:
            return owner.compile_module
        from fivefold import _fivefold
        from _frozen_importlib import _call_with_frames_removed
        method = type(loader.compile_module)
        # _call_with_frames_removed(call_trimming_syntax_error, compile_module, name)
        return method(method(_call_with_frames_removed, _fivefold.call_trimming_syntax_error),
                      loader.compile_module)


class FivefoldLoader(SourceFileLoader):
    """A source file loader whose code is fivefold's (cached like __pycache__)."""

    get_code = _GetCodeAsCPython()

    def compile_module(self, fullname):
        path = self.get_filename(fullname)
        source = self.get_data(path)
        _COMPILING[0] += 1
        try:
            return bytecode_cache.load_or_compile(source, path, bytecode_cache.cache_path(path))
        finally:
            _COMPILING[0] -= 1

    def source_to_code(self, data, path, *, _optimize=-1):
        from fivefold import compiler

        return compiler.compile_source(data, path)


class FivefoldFinder:
    """Finds modules as PathFinder does; gives fivefold's loader to the chosen ones."""

    def __init__(self, policy: Policy):
        self.policy = policy

    def find_spec(self, fullname, path=None, target=None):
        spec = PathFinder.find_spec(fullname, path, target)
        if spec is None or type(spec.loader) is not SourceFileLoader or not spec.origin:
            return spec  # no source: run_stats.py says what it is
        if _COMPILING[0]:
            REPORT[fullname] = (False, RECURSIVE)
            return spec
        reason = self.policy.why_not(fullname, spec.origin)
        if reason is not None:
            REPORT[fullname] = (False, reason)
            return spec
        REPORT[fullname] = (True, "compiled on import")
        spec.loader = FivefoldLoader(fullname, spec.origin)
        spec.cached = bytecode_cache.cache_path(spec.origin)
        return spec

    def invalidate_caches(self):
        PathFinder.invalidate_caches()


def install(policy: Policy) -> FivefoldFinder:
    """Put the finder before PathFinder in sys.meta_path (replacing an earlier one)."""
    uninstall()
    finder = FivefoldFinder(policy)
    index = len(sys.meta_path)
    for i, entry in enumerate(sys.meta_path):
        if entry is PathFinder:
            index = i
            break
    sys.meta_path.insert(index, finder)
    return finder


def uninstall() -> None:
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, FivefoldFinder)]


def install_for_program(program_dir: str | None, extra_patterns: list[str] = (),
                        extra_opt_out: list[str] = ()) -> FivefoldFinder:
    """The hook for a program in `program_dir`, with --accelerate patterns added to
    FIVEFOLD_ACCELERATE (and --no-accelerate ones to FIVEFOLD_NO_ACCELERATE) so that
    child processes on fivefold accelerate the same."""
    patterns = _merged(ACCELERATE_ENV, extra_patterns)
    opt_out = _merged(NO_ACCELERATE_ENV, extra_opt_out)
    if patterns:
        # The compiler is imported before the hook is in place when library modules are
        # to be compiled: importing it through the hook (first compilation) would make
        # the modules it imports load through a compiler not yet there. What it imports
        # that a pattern names is then accelerated in place below, like the rest.
        from fivefold import compiler  # noqa: F401
    policy = Policy.for_program(program_dir, patterns, opt_out)
    if policy.all:
        import hashlib  # noqa: F401 - the cache's first use would import it mid-compilation

        from fivefold.runtime import in_place

        policy.cpython_only = dict.fromkeys(in_place.compiler_dependencies(),
                                            COMPILER_DEPENDENCY)
    finder = install(policy)
    recompile_imported(finder.policy)
    return finder


def _merged(env_name: str, extra: list[str]) -> list[str]:
    patterns = patterns_from_environ(name=env_name)
    for pattern in extra:
        if pattern not in patterns:
            patterns.append(pattern)
    if patterns:
        os.environ[env_name] = ",".join(patterns)
    return patterns


def recompile_imported(policy: Policy) -> list[str]:
    """Accelerate in place (in_place.py) the already-imported source modules the
    patterns name, so that they run on fivefold too; return their names.

    fivefold itself imports part of the standard library (copy, json, re, ...) before
    the program starts; without this, `--accelerate copy` would change nothing. The
    modules are not re-executed (that would make a second copy of their classes and
    constants): their functions get fivefold's code. Each decision goes to REPORT."""
    if not policy.patterns:
        return []
    from fivefold.runtime import in_place

    done = []
    for name, module in list(sys.modules.items()):
        if module is None or name == "__main__":
            continue
        path = in_place.source_file(module)
        if path is None:
            continue  # built-in, extension, namespace package: run_stats.py says so
        reason = policy.why_not(name, path)
        if reason is not None:
            if policy.all or (policy.named_patterns
                              and policy._matches(name, policy.named_patterns)):
                REPORT[name] = (False, reason)
            continue
        _COMPILING[0] += 1
        try:
            result = in_place.recode(module, path)
        except Exception as e:  # noqa: BLE001 - the program can still run on CPython's code
            why = (f"imported before the program started; compiling it in place failed "
                   f"({type(e).__name__}: {e})")
            REPORT[name] = (False, why)
            continue
        finally:
            _COMPILING[0] -= 1
        how = (f"imported before the program started: {result.swapped} functions given "
               f"fivefold's code in place")
        if result.kept:
            how += f", {result.kept} kept CPython's (fell back or not matched)"
        REPORT[name] = (True, how + "; its module body ran on CPython")
        done.append(name)
    return done
