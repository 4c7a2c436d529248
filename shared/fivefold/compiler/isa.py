"""The instruction set the compiler emits, as the assembler needs it.

An `Isa` answers: the number of an opcode, how many CACHE units follow it, its
stack effect (taken and not taken, for jumps), which opcodes are jumps and
which the shadow code mirrors. Two instances exist:

- `fivefold_isa()`: fivefold's own numbering from the generated
  `fivefold.generated.opcodes` (shared/fivefold/generated/opcodes.py, written by
  tools/cases_generator from shared/vm/instructions.def);
- `cpython_isa()`: CPython 3.11's numbering, caches and PRECALL, so the same
  instruction stream can also be assembled into a real CPython code object.
  The tests use that to check the compiler's output on CPython's own
  interpreter, independently of the VM.

Pseudo-instructions (SETUP_*, POP_BLOCK, the direction-less jumps) never reach
an Isa: the assembler resolves them first.
"""

from __future__ import annotations

# opcode (CPython's numbering) is imported by cpython_isa and _cpython_effect only: the
# tests' oracle, never the run path.

# Pseudo jumps and the real forward/backward pair each resolves to (3.11).
DIRECTIONAL_JUMPS: dict[str, tuple[str, str | None]] = {
    "JUMP": ("JUMP_FORWARD", "JUMP_BACKWARD"),
    "JUMP_NO_INTERRUPT": ("JUMP_FORWARD", "JUMP_BACKWARD_NO_INTERRUPT"),
    "POP_JUMP_IF_FALSE": ("POP_JUMP_FORWARD_IF_FALSE", "POP_JUMP_BACKWARD_IF_FALSE"),
    "POP_JUMP_IF_TRUE": ("POP_JUMP_FORWARD_IF_TRUE", "POP_JUMP_BACKWARD_IF_TRUE"),
    "POP_JUMP_IF_NONE": ("POP_JUMP_FORWARD_IF_NONE", "POP_JUMP_BACKWARD_IF_NONE"),
    "POP_JUMP_IF_NOT_NONE": ("POP_JUMP_FORWARD_IF_NOT_NONE", "POP_JUMP_BACKWARD_IF_NOT_NONE"),
}
# Jumps that exist with one direction only; the compiler only ever targets forward.
FORWARD_ONLY_JUMPS = {"FOR_ITER", "SEND", "JUMP_IF_FALSE_OR_POP", "JUMP_IF_TRUE_OR_POP",
                      "JUMP_FORWARD"}
BACKWARD_JUMPS = {"JUMP_BACKWARD", "JUMP_BACKWARD_NO_INTERRUPT", "POP_JUMP_BACKWARD_IF_FALSE",
                  "POP_JUMP_BACKWARD_IF_TRUE", "POP_JUMP_BACKWARD_IF_NONE",
                  "POP_JUMP_BACKWARD_IF_NOT_NONE"}

# Block pseudo-instructions: (stack effect when the handler is entered, lasti pushed).
SETUP_OPS = {"SETUP_FINALLY": (1, False), "SETUP_CLEANUP": (2, True), "SETUP_WITH": (1, True)}
PSEUDO_OPS = set(DIRECTIONAL_JUMPS) | set(SETUP_OPS) | {"POP_BLOCK"}

# Instructions after which control never falls through.
NO_FALLTHROUGH = {"RETURN_VALUE", "RAISE_VARARGS", "RERAISE", "JUMP", "JUMP_NO_INTERRUPT",
                  "JUMP_FORWARD", "JUMP_BACKWARD", "JUMP_BACKWARD_NO_INTERRUPT"}

# CPython inspects these in a frame's code (genobject.c, super(), frame setup),
# so the shadow code carries them with fivefold's oparg (docs/engine.md section 1).
DEFAULT_MIRRORED = ("RESUME", "SEND", "YIELD_VALUE", "MAKE_CELL", "COPY_FREE_VARS",
                    "RETURN_GENERATOR")


def pseudo_stack_effect(name: str, arg: int, jump: bool) -> int:
    """Stack effect of a pseudo-instruction (CPython 3.11 compile.c stack_effect)."""
    if name in SETUP_OPS:
        return SETUP_OPS[name][0] if jump else 0
    if name == "POP_BLOCK":
        return 0
    if name in ("JUMP", "JUMP_NO_INTERRUPT"):
        return 0
    if name in DIRECTIONAL_JUMPS:
        return -1
    raise KeyError(name)


class Isa:
    """Numbering, caches and stack effects of one instruction set. (Written out, not a
    dataclass: dataclasses would bring inspect, copy and re into every compiling run.)"""

    def __init__(self, name: str, opmap: dict[str, int], caches: dict[str, int] | None = None,
                 mirrored: tuple[str, ...] = DEFAULT_MIRRORED, has_precall: bool = False,
                 _stack_effect=None, has_arg=None):
        self.name = name
        self.opmap = opmap
        self.caches = {} if caches is None else caches
        self.mirrored = mirrored
        self.has_precall = has_precall  # CPython 3.11: CALL n is preceded by PRECALL n
        self._stack_effect = _stack_effect  # callable(name, arg, jump) -> int
        self.has_arg = has_arg  # callable(name) -> bool: False when the oparg is ignored
        self._effects: dict = {}  # (name, arg, jump) -> effect
        self.encoded: dict = {}  # (name, arg) -> code units

    def __repr__(self) -> str:
        return f"<Isa {self.name}>"

    def opcode(self, name: str) -> int:
        try:
            return self.opmap[name]
        except KeyError:
            raise KeyError(f"instruction {name} is not in the {self.name} instruction set") from None

    def cache_count(self, name: str) -> int:
        return self.caches.get(name, 0)

    def stack_effect(self, name: str, arg: int, jump: bool) -> int:
        # A pure function of its arguments, asked for the same few again and again.
        key = (name, arg, jump)
        effect = self._effects.get(key)
        if effect is None:
            if name in PSEUDO_OPS:
                effect = pseudo_stack_effect(name, arg, jump)
            else:
                effect = self._stack_effect(name, arg, jump)
            self._effects[key] = effect
        return effect


def _cpython_effect(name: str, arg: int, jump: bool) -> int:
    import opcode as _cpython_opcode  # dis.stack_effect is opcode's, without dis

    op = _cpython_opcode.opmap[name]
    if op < _cpython_opcode.HAVE_ARGUMENT:
        return _cpython_opcode.stack_effect(op, jump=jump)
    if name == "CALL":
        # fivefold's CALL includes 3.11's PRECALL (-argc) and CALL (-1).
        return -arg - 1
    return _cpython_opcode.stack_effect(op, arg, jump=jump)


def cpython_isa() -> Isa:
    """CPython 3.11's own numbering: for assembling test code objects CPython runs."""
    import opcode as _cpython_opcode

    caches = {name: _cpython_opcode._inline_cache_entries[op]
              for name, op in _cpython_opcode.opmap.items()}
    return Isa("cpython", dict(_cpython_opcode.opmap), caches, DEFAULT_MIRRORED,
               has_precall=True, _stack_effect=_cpython_effect,
               has_arg=lambda name: _cpython_opcode.opmap[name] >= _cpython_opcode.HAVE_ARGUMENT)


_FIVEFOLD: Isa | None = None


def fivefold_isa() -> Isa:
    """fivefold's numbering from the generated module `fivefold.generated.opcodes`."""
    global _FIVEFOLD
    if _FIVEFOLD is None:
        _FIVEFOLD = _load_generated()
    return _FIVEFOLD


def _load_generated() -> Isa:
    from fivefold.generated import opcodes  # generated: shared/fivefold/generated/opcodes.py

    opmap = dict(opcodes.opmap)
    caches = {name: opcodes.CACHE_SIZE.get(number, 0) for name, number in opmap.items()}
    mirrored = tuple(opcodes.opname[number] for number in opcodes.SHADOW_OPCODES)

    def stack_effect(name: str, arg: int, jump: bool) -> int:
        number = opmap[name]
        if number >= opcodes.HAVE_ARGUMENT:
            return opcodes.stack_effect(number, arg, jump=jump)
        return opcodes.stack_effect(number, jump=jump)

    return Isa("fivefold", opmap, caches, mirrored, has_precall=False, _stack_effect=stack_effect,
               has_arg=lambda name: opmap[name] >= opcodes.HAVE_ARGUMENT)
