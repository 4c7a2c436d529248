"""fivefold's bytecode cache: compiled modules on disk, like CPython's `__pycache__`.

A shadow code object (docs/engine.md section 1) holds a `fivefold._fivefold.Code`,
which `marshal` cannot write. What `make_code` was given can be recovered from
the shadow, though: the template is the shadow with `co_consts == (doc,)`, and
`_fivefold.code_of(shadow)` gives the bytecode, constants, names and exception
table. So a unit is stored as the marshal-able tuple

    (template, bytecode, consts, names, exceptiontable, unit_indexes)

where the constants at `unit_indexes` are nested units stored the same way
(recursively) and every other constant, CPython fallback code objects included,
is stored as itself. Loading calls `make_code` again, which re-checks the code
(a cache file can never smuggle unchecked bytecode into the VM).

The file, `__pycache__/NAME.<cache_tag>.fivefold.pyc`, starts with a header:
a magic number, the format's version tag (a hash of the opcode table, the
compiler's sources and this file's FORMAT, so a changed instruction set or
compiler invalidates every entry), a hash of the source (like CPython's
hash-based pycs: an edit within the same second, or one that keeps the size,
is still seen) and a hash of the payload (a flipped bit or a truncated file
is seen before anything is decoded). It is written to a temporary file and
renamed into place, so readers never see half a file; a file that cannot be
read or decoded, whatever is wrong with it, is ignored and rewritten.
"""

import marshal
import os
import sys

# hashlib is imported where a hash is taken (a module compiled or read from the cache),
# not here: this module is on the path of every program's start, which needs none.

MAGIC = b"FFPC"
FORMAT = 2
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


def version_tag() -> bytes:
    """Changes whenever the opcode table, the compiler or this format changes."""
    if _VERSION_TAG:
        return _VERSION_TAG[0]
    import hashlib

    import fivefold

    # The files are found by path, not imported: a module read from the cache needs
    # neither the compiler nor the opcode table in memory.
    package = os.path.dirname(fivefold.__file__)
    digest = hashlib.blake2b(digest_size=_HASH_SIZE)
    digest.update(f"{FORMAT}:{sys.implementation.cache_tag}".encode())
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


def cache_path(source_path: str, optimize: int | None = None) -> str:
    """`dir/__pycache__/name.cpython-311.fivefold.pyc` for `dir/name.py` (with `.opt-N`
    before `.fivefold` under -O/-OO, whose code has no asserts, or no docstrings)."""
    head, tail = os.path.split(source_path)
    base = tail.rpartition(".")[0] or tail
    tag = sys.implementation.cache_tag + optimization_tag(optimize)
    return os.path.join(head, "__pycache__", f"{base}.{tag}.fivefold.pyc")


# --- encoding ---------------------------------------------------------------------
def is_shadow(code: object) -> bool:
    return isinstance(code, CodeType) and bool(code.co_flags & CO_FIVEFOLD)


def encode_unit(shadow) -> tuple:
    from fivefold import _fivefold

    ff = _fivefold.code_of(shadow)
    template = shadow.replace(co_consts=shadow.co_consts[:1])
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


def write(path: str, source: bytes, code, fallbacks: list[tuple]) -> bool:
    """Store atomically (temporary file, then rename); False if the directory is not writable."""
    if sys.dont_write_bytecode:
        return False
    payload = encode(code, fallbacks)
    data = MAGIC + version_tag() + source_hash(source) + payload_hash(payload) + payload
    directory = os.path.dirname(path)
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(directory, exist_ok=True)
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError:
        STATS.write_errors += 1
        try:
            os.unlink(tmp)
        except OSError:
            pass
        return False
    STATS.writes += 1
    return True


def load_or_compile(source: bytes, filename: str, cached: str | None):
    """The module's code from the cache at `cached`, or compiled (and then cached)."""
    from fivefold import compiler

    if cached is not None:
        hit = read(cached, source)
        # A module moved with its __pycache__ keeps its hash but not its file name.
        if hit is not None and hit[0].co_filename == filename:
            code, fallbacks = hit
            STATS.hits += 1
            for record in fallbacks:
                compiler.STATS.fallbacks.append(type_of_fallback()(*record))
            return code
    STATS.misses += 1
    before = len(compiler.STATS.fallbacks)
    code = compiler.compile_source(source, filename)
    if cached is not None:
        fallbacks = [(r.filename, r.qualname, r.lineno, r.reason)
                     for r in compiler.STATS.fallbacks[before:]]
        write(cached, source, code, fallbacks)
    return code


def type_of_fallback():
    from fivefold.compiler.fallback import FallbackRecord

    return FallbackRecord
