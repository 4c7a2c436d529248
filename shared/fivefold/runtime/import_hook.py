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
reloaded through it (recompile_imported). fivefold's own modules and
importlib's never match: the engine is not compiled by itself.
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
# Top-level packages never recompiled: the engine and the import system it relies on.
_NEVER = {"fivefold", "importlib", "_frozen_importlib", "_frozen_importlib_external",
          "_fivefold_editable_loader", "encodings", "codecs", "zipimport"}


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


def patterns_from_environ(environ=os.environ) -> list[str]:
    return [p.strip() for p in environ.get(ACCELERATE_ENV, "").split(",") if p.strip()]


class Policy:
    """Decides which modules fivefold compiles: those under `roots` (program
    directories) except under `excluded` (library directories inside a root), and
    those named by `patterns` (--accelerate)."""

    def __init__(self, roots: list[str] | None = None, patterns: list[str] | None = None,
                 excluded: list[str] | None = None):
        self.roots = list(roots or [])
        self.patterns = list(patterns or [])
        self.excluded = list(excluded or [])
        if self.patterns:
            # fnmatch (and re under it) only with --accelerate patterns, and imported
            # here, before the finder is installed: imported inside find_spec, its
            # own import would come back to find_spec and recurse without end.
            import fnmatch

            self._fnmatchcase = fnmatch.fnmatchcase

    @classmethod
    def for_program(cls, program_dir: str | None, patterns: list[str]) -> "Policy":
        roots = [_norm(program_dir)] if program_dir is not None else []
        libs = library_dirs()
        # A library directory is excluded only when it lies strictly inside a program
        # directory: a benchmark that lives in site-packages still counts as the program.
        excluded = [lib for lib in libs for root in roots if lib != root and _under(lib, root)]
        return cls(roots, list(patterns), excluded)

    def name_matches(self, fullname: str) -> bool:
        if not self.patterns or fullname.split(".")[0] in _NEVER:
            return False
        for pattern in self.patterns:
            if self._fnmatchcase(fullname, pattern) or fullname.startswith(pattern + "."):
                return True
        return False

    def accelerates(self, fullname: str, origin: str) -> bool:
        if self.name_matches(fullname):
            return True
        path = _norm(origin)
        if any(_under(path, lib) for lib in self.excluded):
            return False
        return any(_under(path, root) for root in self.roots)


class FivefoldLoader(SourceFileLoader):
    """A source file loader whose code is fivefold's (cached like __pycache__)."""

    def get_code(self, fullname):
        path = self.get_filename(fullname)
        source = self.get_data(path)
        return bytecode_cache.load_or_compile(source, path, bytecode_cache.cache_path(path))

    def source_to_code(self, data, path, *, _optimize=-1):
        from fivefold import compiler

        return compiler.compile_source(data, path)


class FivefoldFinder:
    """Finds modules as PathFinder does; gives fivefold's loader to the chosen ones."""

    def __init__(self, policy: Policy):
        self.policy = policy

    def find_spec(self, fullname, path=None, target=None):
        spec = PathFinder.find_spec(fullname, path, target)
        if spec is None or type(spec.loader) is not SourceFileLoader:
            return spec
        if not spec.origin or not self.policy.accelerates(fullname, spec.origin):
            return spec
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


def install_for_program(program_dir: str | None, extra_patterns: list[str] = ()) -> FivefoldFinder:
    """The hook for a program in `program_dir`, with --accelerate patterns added to
    FIVEFOLD_ACCELERATE so that child processes on fivefold accelerate the same."""
    patterns = patterns_from_environ()
    for pattern in extra_patterns:
        if pattern not in patterns:
            patterns.append(pattern)
    if patterns:
        os.environ[ACCELERATE_ENV] = ",".join(patterns)
        # The compiler is imported before the hook is in place when library modules are
        # to be compiled: importing it through the hook (first compilation) would make
        # the modules it imports load through a compiler not yet there. What it imports
        # that a pattern names is then reloaded below, like the rest.
        from fivefold import compiler  # noqa: F401
    finder = install(Policy.for_program(program_dir, patterns))
    recompile_imported(finder.policy)
    return finder


def recompile_imported(policy: Policy) -> list[str]:
    """`importlib.reload` the already-imported source modules an --accelerate pattern names,
    so that they run on fivefold too.

    fivefold itself imports part of the standard library (copy, json, re, ...) before the
    program starts; without this, `--accelerate copy` would change nothing. Reloading
    re-executes the module in its own namespace, as importlib.reload always does: code
    that kept a reference to an old function or class keeps the CPython one. Submodules
    are reloaded before their packages, so a package's `from .sub import name` sees the
    new objects."""
    if not policy.patterns:
        return []
    import importlib

    names = [name for name, module in list(sys.modules.items())
             if module is not None and policy.name_matches(name)
             and type(getattr(getattr(module, "__spec__", None), "loader", None))
             is SourceFileLoader]
    names.sort(key=lambda name: (-name.count("."), name))
    done = []
    for name in names:
        try:
            importlib.reload(sys.modules[name])
        except Exception as e:  # noqa: BLE001 - the program can still run on CPython's copy
            print(f"fivefold: --accelerate {name}: could not recompile it, it stays on "
                  f"CPython ({type(e).__name__}: {e})", file=sys.stderr)
        else:
            done.append(name)
    return done
