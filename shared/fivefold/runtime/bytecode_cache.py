"""fivefold's bytecode cache: compiled modules on disk, like CPython's `__pycache__`.

A shadow code object (docs/engine.md section 1) holds a `fivefold._fivefold.Code`
in its co_extra, which `marshal` does not write. What `make_code` was given can be
recovered from the shadow, though: the template is the shadow with
`co_consts == (None,)` (a function's docstring is its first constant), and
`_fivefold.code_of(shadow)` gives the bytecode, constants, names and exception
table. So a unit is stored as the marshal-able tuple

    (template, bytecode, consts, names, exceptiontable, unit_indexes)

where the constants at `unit_indexes` are nested units stored the same way
(recursively) and every other constant, CPython fallback code objects included,
is stored as itself. Loading calls `make_code` again, which re-checks the code
(a cache file can never smuggle unchecked bytecode into the VM).

Where an entry goes (cache_path, user_cache_path), as python places its pycs:

- `DIR/__pycache__/NAME.<cache_tag>[.opt-N].<engine>.fivefold.pyc` beside the
  source, or under `sys.pycache_prefix` (PYTHONPYCACHEPREFIX, -X pycache_prefix)
  at the source directory's absolute path when that is set, as python does;
- when the entry cannot be written there (a read-only package directory, a file
  where `__pycache__` would be) and no prefix is set, in the user's cache folder
  instead: `$XDG_CACHE_HOME/fivefold/modules/` (`~/.cache/...` by default), again
  at the source directory's absolute path. Reading looks beside the source first,
  then in that folder;
- nothing is written under -B or PYTHONDONTWRITEBYTECODE (sys.dont_write_bytecode),
  like python, which still reads the pycs that exist: so does fivefold.

`<engine>` (engine_tag) names the stage and the set of engine changes switched on,
so runs with different stages or FIVEFOLD_WITHOUT/WITH keep their own entries
instead of overwriting each other's.

The file starts with a header: a magic number, the format's version tag (a hash
of this FORMAT, fivefold's version, the full CPython version, the stage and
changes, the opcode table and the compiler's sources, so that a changed
instruction set, compiler, fivefold or CPython, or another engine, invalidates
every entry), a hash of the source (like CPython's hash-based pycs: an edit
within the same second, or one that keeps the size, is still seen) and a hash of
the payload (a flipped bit or a truncated file is seen before anything is
decoded). It is written to a temporary file of the writing process and thread
and renamed into place, so concurrent writers and readers never see half a file;
a file that cannot be read or decoded, whatever is wrong with it, is ignored and
rewritten.
"""

import marshal
import os
import sys

# hashlib is imported where a hash is taken (a module compiled or read from the cache),
# not here: this module is on the path of every program's start, which needs none.

MAGIC = b"FFPC"
FORMAT = 3
CO_FIVEFOLD = 0x20000000
_HASH_SIZE = 16
_HEADER_SIZE = len(MAGIC) + 3 * _HASH_SIZE


class CacheStats:
    """What the cache did in this process (reported by `--stats`)."""

    def __init__(self):
        self.hits = 0
        self.misses = 0
        self.writes = 0
        self.write_errors = 0
        self.units_loaded = 0


STATS = CacheStats()
_VERSION_TAG: list[bytes] = []
_ENGINE: list = []


def engine() -> tuple:
    """(stage, engine changes switched on): what FIVEFOLD_STAGE, FIVEFOLD_WITHOUT and
    FIVEFOLD_WITH selected for this process."""
    if not _ENGINE:
        from fivefold import _fivefold

        _ENGINE.append((_fivefold.stage(), tuple(_fivefold.enabled_changes())))
    return _ENGINE[0]


def engine_tag() -> str:
    """`s<stage>-<8 hex digits>`: the engine in a file name. The number is only a
    name (int.from_bytes, not hashlib, which the start of a program need not
    import); the header's version tag holds the engine itself."""
    stage, changes = engine()
    number = int.from_bytes(repr(changes).encode(), "little") % 4294967291
    return f"s{stage}-{number:08x}"


def version_tag() -> bytes:
    """Changes whenever the opcode table, the compiler, this format, fivefold's
    version, the CPython version or the engine (stage and changes) changes."""
    if _VERSION_TAG:
        return _VERSION_TAG[0]
    import hashlib

    import fivefold

    # The files are found by path, not imported: a module read from the cache needs
    # neither the compiler nor the opcode table in memory.
    package = os.path.dirname(fivefold.__file__)
    digest = hashlib.blake2b(digest_size=_HASH_SIZE)
    digest.update(f"{FORMAT}:{sys.implementation.cache_tag}:{sys.version}:"
                  f"{getattr(fivefold, '__version__', '')}:{engine()!r}".encode())
    files = [os.path.join(package, "generated", "opcodes.py")]
    compiler_dir = os.path.join(package, "compiler")
    files += sorted(os.path.join(compiler_dir, name) for name in os.listdir(compiler_dir)
                    if name.endswith(".py"))
    for path in files:
        with open(path, "rb") as f:
            digest.update(os.path.basename(path).encode() + b"\0" + f.read())
    _VERSION_TAG.append(digest.digest())
    return _VERSION_TAG[0]


CodeType = type(version_tag.__code__)  # types.CodeType, without importing types


def source_hash(source: bytes) -> bytes:
    import hashlib

    return hashlib.blake2b(source, digest_size=_HASH_SIZE).digest()


def payload_hash(payload: bytes) -> bytes:
    import hashlib

    return hashlib.blake2b(payload, digest_size=_HASH_SIZE, person=b"ff-payload").digest()


def optimization_tag(optimize: int | None = None) -> str:
    """"", ".opt-1" or ".opt-2": CPython's pyc names tell -O and -OO code apart the same way."""
    level = sys.flags.optimize if optimize is None else optimize
    return f".opt-{level}" if level > 0 else ""


def cache_file_name(source_path: str, optimize: int | None = None) -> str:
    """`name.cpython-311.s4-XXXXXXXX.fivefold.pyc` for `dir/name.py` (with `.opt-N`
    after the cache tag under -O/-OO, whose code has no asserts, or no docstrings)."""
    tail = os.path.basename(source_path)
    base = tail.rpartition(".")[0] or tail
    tag = sys.implementation.cache_tag + optimization_tag(optimize)
    return f"{base}.{tag}.{engine_tag()}.fivefold.pyc"


def _absolute_dir(source_path: str) -> str:
    """The source's directory as a relative path (absolute, leading separators
    dropped), for a cache tree that mirrors the file system (importlib's
    cache_from_source does the same under sys.pycache_prefix)."""
    head = os.path.dirname(source_path)
    if not os.path.isabs(head):
        head = os.path.join(os.getcwd(), head)
    return head.lstrip(os.sep)


def cache_path(source_path: str, optimize: int | None = None) -> str:
    """Where python would put the source's pyc, with fivefold's file name:
    `dir/__pycache__/NAME`, or `<sys.pycache_prefix>/<dir>/NAME` when python's
    PYTHONPYCACHEPREFIX (-X pycache_prefix) is set."""
    name = cache_file_name(source_path, optimize)
    prefix = sys.pycache_prefix
    if prefix is not None:
        return os.path.join(prefix, _absolute_dir(source_path), name)
    head = os.path.dirname(source_path)
    return os.path.join(head, "__pycache__", name)


def user_cache_dir() -> str:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "fivefold", "modules")


def user_cache_path(source_path: str, optimize: int | None = None) -> str | None:
    """The entry's place in the user's cache folder, used when the one beside the
    source cannot be written; None under a pycache prefix (python writes its pycs
    there or nowhere, and so does fivefold)."""
    if sys.pycache_prefix is not None:
        return None
    return os.path.join(user_cache_dir(), _absolute_dir(source_path),
                        cache_file_name(source_path, optimize))


# --- encoding ---------------------------------------------------------------------
def is_shadow(code: object) -> bool:
    return isinstance(code, CodeType) and bool(code.co_flags & CO_FIVEFOLD)


def encode_unit(shadow) -> tuple:
    from fivefold import _fivefold

    ff = _fivefold.code_of(shadow)
    # The constants are stored once, below (the shadow's co_consts are the same).
    template = shadow.replace(co_consts=(None,))
    consts = list(ff.co_consts)
    nested = []
    for i, const in enumerate(consts):
        if is_shadow(const):
            consts[i] = encode_unit(const)
            nested.append(i)
    return (template, ff.co_code, tuple(consts), tuple(ff.co_names),
            tuple(ff.co_exceptiontable), tuple(nested))


class MalformedEntry(ValueError):
    """A cache entry whose structure is not what encode() writes."""


def decode_unit(data: tuple):
    from fivefold import _fivefold

    if not (isinstance(data, tuple) and len(data) == 6):
        raise MalformedEntry("a unit is not a 6-tuple")
    template, bytecode, consts, names, table, nested = data
    if not (isinstance(template, CodeType) and isinstance(bytecode, bytes)
            and isinstance(consts, tuple) and isinstance(names, tuple)
            and isinstance(table, tuple) and isinstance(nested, tuple)):
        raise MalformedEntry("a unit's fields have the wrong types")
    consts = list(consts)
    for i in nested:
        if not (type(i) is int and 0 <= i < len(consts)):
            raise MalformedEntry("a nested unit's index is out of range")
        consts[i] = decode_unit(consts[i])
    STATS.units_loaded += 1
    return _fivefold.make_code(template, bytecode, tuple(consts), names, table)


def encode(code, fallbacks: list[tuple]) -> bytes:
    """A module's code (shadow, or CPython code for a module that fell back whole)."""
    body = ("fivefold", encode_unit(code)) if is_shadow(code) else ("cpython", code)
    return marshal.dumps((body, tuple(fallbacks)))


def decode(payload: bytes) -> tuple:
    entry = marshal.loads(payload)
    if not (isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[0], tuple)
            and len(entry[0]) == 2 and isinstance(entry[1], tuple)):
        raise MalformedEntry("not a (kind, body), fallbacks pair")
    (kind, body), fallbacks = entry
    for record in fallbacks:
        if not (isinstance(record, tuple) and len(record) == 4
                and [type(f) for f in record] == [str, str, int, str]):
            raise MalformedEntry("a fallback record is not (filename, qualname, lineno, reason)")
    if kind == "fivefold":
        return decode_unit(body), fallbacks
    if kind == "cpython" and isinstance(body, CodeType):
        return body, fallbacks
    raise MalformedEntry(f"unknown cache entry kind {kind!r}")


# --- files -------------------------------------------------------------------------
def read(path: str, source: bytes) -> tuple | None:
    """The cached code for this exact source, or None (missing, stale or corrupt)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    if len(data) < _HEADER_SIZE or not data.startswith(MAGIC):
        return None
    tag = data[len(MAGIC):len(MAGIC) + _HASH_SIZE]
    key = data[len(MAGIC) + _HASH_SIZE:len(MAGIC) + 2 * _HASH_SIZE]
    check = data[len(MAGIC) + 2 * _HASH_SIZE:_HEADER_SIZE]
    payload = data[_HEADER_SIZE:]
    if tag != version_tag() or key != source_hash(source) or check != payload_hash(payload):
        return None
    try:
        return decode(payload)
    except Exception:
        # Hand-edited (the hashes match): marshal, the structure checks or
        # make_code's refused it, whatever the error. Recompile.
        return None


def write(path: str, source: bytes, code, fallbacks: list[tuple], *,
          count_error: bool = True) -> bool:
    """Store atomically (temporary file, then rename); False if the directory is not
    writable (counted as a write error unless `count_error` is False: a place
    tried before another)."""
    if sys.dont_write_bytecode:
        return False
    return write_data(path, entry_data(source, code, fallbacks), count_error=count_error)


def entry_data(source: bytes, code, fallbacks: list[tuple]) -> bytes:
    """A cache file's bytes: the header, then the encoded code."""
    payload = encode(code, fallbacks)
    return MAGIC + version_tag() + source_hash(source) + payload_hash(payload) + payload


def write_data(path: str, data: bytes, *, count_error: bool = True) -> bool:
    import _thread

    directory = os.path.dirname(path)
    # Per process and thread: two writers of one entry never share a temporary file,
    # and the rename replaces the entry whole (the last writer wins; both wrote the same).
    tmp = f"{path}.{os.getpid()}-{_thread.get_ident()}.tmp"
    try:
        os.makedirs(directory, exist_ok=True)
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError:
        if count_error:
            STATS.write_errors += 1
        try:
            os.unlink(tmp)
        except OSError:
            pass
        return False
    STATS.writes += 1
    return True


def _hit(path: str, source: bytes, filename: str):
    hit = read(path, source)
    # A module moved with its __pycache__ keeps its hash but not its file name.
    if hit is not None and hit[0].co_filename == filename:
        return hit
    return None


def load_or_compile(source: bytes, filename: str, cached: str | None):
    """The module's code from the cache at `cached` (or, failing that, from the user's
    cache folder), or compiled and then cached at `cached`, or in the user's cache
    folder when `cached` cannot be written."""
    from fivefold import compiler

    fallback_path = user_cache_path(filename) if cached is not None else None
    if cached is not None:
        hit = _hit(cached, source, filename)
        if hit is None and fallback_path is not None:
            hit = _hit(fallback_path, source, filename)
        if hit is not None:
            code, fallbacks = hit
            STATS.hits += 1
            for record in fallbacks:
                compiler.STATS.fallbacks.append(type_of_fallback()(*record))
            return code
    STATS.misses += 1
    before = len(compiler.STATS.fallbacks)
    code = compiler.compile_source(source, filename)
    if cached is not None and not sys.dont_write_bytecode:
        fallbacks = [(r.filename, r.qualname, r.lineno, r.reason)
                     for r in compiler.STATS.fallbacks[before:]]
        data = entry_data(source, code, fallbacks)
        if not write_data(cached, data, count_error=fallback_path is None) \
                and fallback_path is not None:
            write_data(fallback_path, data)
    return code


def type_of_fallback():
    from fivefold.compiler.fallback import FallbackRecord

    return FallbackRecord
