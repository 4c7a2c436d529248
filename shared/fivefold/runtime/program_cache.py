"""The main program's compiled code, cached: `fivefold run` without the compiler.

`python PROGRAM.py` compiles the main program on every run, which costs CPython
little; fivefold's compiler is Python code, and importing it alone costs several
times `python -c pass`. So the code of the main program (a script, `-c CODE`,
standard input) is kept in the user's cache folder,

    $XDG_CACHE_HOME/fivefold/main/  (~/.cache/fivefold/main/ by default)

one file per script path (per code for -c and standard input), holding the key
it was compiled under, the source itself and the code in bytecode_cache.py's
encoding. It is used only when the key and the source are equal, so a change of
source, fivefold version, compiler or opcode table (their files' sizes and
times), stage or change set, CPython version or -O level never runs stale code.
Written to a temporary file and renamed into place (concurrent runs are safe);
not written under -B or PYTHONDONTWRITEBYTECODE, like python's caches.

A program whose compilation warns (SyntaxWarning, DeprecationWarning for an
invalid escape) is never cached: python prints those warnings on every run.
"""

import marshal
import os
import sys

FORMAT = 1
MAX_ENTRIES = 2000


def cache_dir() -> str:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "fivefold", "main")


def _file_name(source: bytes, filename: str, engine: tuple) -> str:
    """A script is cached by its path (an edit replaces its entry); -c and standard
    input by their code; both per stage and change set (`engine`), so that runs at
    different stages do not replace each other's entry. The number is only a file
    name (a collision is a miss, then an overwrite): int.from_bytes, not hashlib,
    which would be one more module to import."""
    named = filename.encode("utf-8", "surrogateescape") + repr(engine).encode()
    if filename.startswith("<"):
        named += b"\0" + source
    number = int.from_bytes(named, "little") % ((1 << 61) - 1)
    tag = sys.implementation.cache_tag + (f".opt-{sys.flags.optimize}" if sys.flags.optimize
                                          else "")
    return f"{number:016x}.{tag}.fivefold.pyc"


def _engine() -> tuple:
    from fivefold import _fivefold

    return (_fivefold.stage(), tuple(_fivefold.enabled_changes()))


def _stamp(path: str) -> tuple:
    try:
        st = os.stat(path)
    except OSError:
        return (path, None)
    return (os.path.basename(path), st.st_size, st.st_mtime_ns)


def _key(filename: str) -> tuple:
    """What the compiled code depends on besides its source."""
    import fivefold

    package = os.path.dirname(fivefold.__file__)
    compiler_dir = os.path.join(package, "compiler")
    try:
        names = sorted(n for n in os.listdir(compiler_dir) if n.endswith(".py"))
    except OSError:
        names = []
    files = [os.path.join(package, "generated", "opcodes.py"),
             os.path.join(package, "runtime", "bytecode_cache.py")]
    files += [os.path.join(compiler_dir, name) for name in names]
    return (FORMAT, fivefold.__version__, sys.version, sys.implementation.cache_tag,
            sys.flags.optimize, _engine(), tuple(_stamp(path) for path in files), filename)


def load(source: bytes, filename: str):
    """The cached code of this program, or None."""
    path = os.path.join(cache_dir(), _file_name(source, filename, _engine()))
    try:
        with open(path, "rb") as f:
            key, cached_source, payload = marshal.loads(f.read())
    except (OSError, EOFError, ValueError, TypeError):
        return None
    if cached_source != source or key != _key(filename):
        return None
    from fivefold.runtime import bytecode_cache

    try:
        code, _ = bytecode_cache.decode(payload)
    except Exception:
        return None  # malformed, or refused by make_code's checks: compile again
    return code if code.co_filename == filename else None


def store(source: bytes, filename: str, code) -> None:
    if sys.dont_write_bytecode:
        return
    from fivefold.runtime import bytecode_cache

    data = marshal.dumps((_key(filename), source, bytecode_cache.encode(code, [])))
    directory = cache_dir()
    path = os.path.join(directory, _file_name(source, filename, _engine()))
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(directory, exist_ok=True)
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        return
    _prune(directory)


def _prune(directory: str) -> None:
    """Keep the folder bounded (every distinct -c program is an entry): past
    MAX_ENTRIES, the least recently written quarter goes. Only after a write, which
    followed a compilation that cost far more than this."""
    try:
        names = [n for n in os.listdir(directory) if n.endswith(".fivefold.pyc")]
    except OSError:
        return
    if len(names) <= MAX_ENTRIES:
        return
    dated = []
    for name in names:
        try:
            dated.append((os.stat(os.path.join(directory, name)).st_mtime_ns, name))
        except OSError:
            pass
    dated.sort()
    for _, name in dated[:len(dated) // 4]:
        try:
            os.unlink(os.path.join(directory, name))
        except OSError:
            pass


# CPython before 3.11.4 (gh-96670) reads a file's lines with fgets and treats each
# as a C string: a NUL byte ends the line there, and the rest of it, its newline
# included, is never seen (the next line joins the cut one). 3.11.4 made a NUL a
# SyntaxError (compiler.check_syntax says it). A main program is read as the
# running CPython reads it.
NUL_ENDS_LINE = sys.version_info < (3, 11, 4)


def read_as_file(source: bytes) -> bytes:
    """The bytes CPython's file tokenizer sees when it runs `source` as a program:
    the same, except before 3.11.4, where each line is cut at its first NUL byte."""
    if NUL_ENDS_LINE and b"\0" in source:
        import re

        return re.sub(rb"\0[^\n]*\n?", b"", source)
    return source


def compile_main(source, filename: str, use_cache: bool = True):
    """The main program's fivefold code (from the cache, else compiled and cached), or
    None after printing its SyntaxError as CPython does. `source` is bytes or str."""
    if isinstance(source, bytes):
        source = read_as_file(source)
    data = source.encode("utf-8", "surrogateescape") if isinstance(source, str) else source
    if use_cache:
        code = load(data, filename)
        if code is not None:
            return code
    from fivefold import compiler

    try:
        compiler.check_syntax(source, filename, as_main=True)
    except (SyntaxError, RecursionError) as e:
        # RecursionError: CPython's compiler found the code nested too deeply.
        e.__traceback__ = None  # CPython reports it before running anything
        sys.excepthook(type(e), e, None)
        return None
    code = compiler.compile_source(source, filename, checked=True)
    if use_cache and not sys.dont_write_bytecode and not _warns(source, filename):
        store(data, filename, code)
    return code


def _warns(source, filename: str) -> bool:
    """Whether compiling the source warns (then it is compiled on every run, as python
    does, so that the warning is printed on every run)."""
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            compile(source, filename, "exec", dont_inherit=True)
        except SyntaxError:
            return True
    return bool(caught)
