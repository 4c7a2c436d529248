"""Room on the Python stack for compiling deeply nested (long flat) code.

CPython 3.11 compiles an AST nested up to about three times the recursion limit
(`1+1+...` with 2,900 terms, an elif chain of 2,000 branches, 1,000 chained
calls); its compiler is C. fivefold's code generator is recursive Python that
spends a few frames per level of nesting, so the recursion limit is raised
for the time of one compilation, by what the tree's depth needs. That is safe:
the VM's C stack guard (shared/vm/stackguard.c) turns a nearly exhausted C
stack into RecursionError, and a RecursionError while compiling a unit makes
that unit (or the module) fall back to CPython, never stops the program.
"""

from __future__ import annotations

import _thread
import ast
import sys
from contextlib import contextmanager

from fivefold.compiler.nodes import node_fields

# Python frames the code generator spends per level of AST nesting, at most
# (measured: an elif chain takes 3, a chain of calls or attributes 4-5 with
# the `located` context manager).
FRAMES_PER_LEVEL = 6
# Below this depth the default limit is enough and nothing is changed.
SHALLOW = 60

_lock = _thread.allocate_lock()  # threading.Lock itself, without importing threading
_raised = 0          # compilations currently running with a raised limit
_saved_limit = 0     # the limit before the first of them


def nesting_depth(tree: ast.AST) -> int:
    """The depth of the deepest node under `tree` (iterative)."""
    deepest = 0
    stack = [(tree, 1)]
    AST = ast.AST
    while stack:
        node, depth = stack.pop()
        if depth > deepest:
            deepest = depth
        depth += 1
        for name in node_fields(type(node)):
            value = getattr(node, name, None)
            if isinstance(value, AST):
                stack.append((value, depth))
            elif isinstance(value, list):
                for item in value:
                    if isinstance(item, AST):
                        stack.append((item, depth))
    return deepest


def stack_depth() -> int:
    """Python frames on the current thread's stack."""
    depth = 0
    frame = sys._getframe(1)
    while frame is not None:
        depth += 1
        frame = frame.f_back
    return depth


@contextmanager
def room_for(tree: ast.AST, depth: int | None = None):
    """Raise the recursion limit enough to compile `tree`, for the block's time.
    `depth`: the tree's nesting depth or more, when it is known already."""
    if depth is None:
        depth = nesting_depth(tree)
    if depth < SHALLOW:
        yield
        return
    # The current depth is below the old limit, so old + need leaves `need`.
    with limit_raised_by(FRAMES_PER_LEVEL * depth):
        yield


@contextmanager
def limit_raised_by(frames: int):
    """The recursion limit `frames` above what it was, for the block's time.
    Concurrent compilations share one raise: the first saves the old limit and
    the last restores it, so they never leave it raised."""
    global _raised, _saved_limit
    with _lock:
        current = sys.getrecursionlimit()
        if _raised == 0:
            _saved_limit = current
        _raised += 1
        sys.setrecursionlimit(max(current, _saved_limit + frames))
    try:
        yield
    finally:
        with _lock:
            _raised -= 1
            if _raised == 0:
                sys.setrecursionlimit(_saved_limit)
