"""The registry of changes: every increment of every stage, with its switch.

A change is the reviewable unit of the plan (docs/architecture.md 4.3): an id such as
``s1.binary_op``, a one-paragraph description, the benchmarks it targets, a test
and a switch. A *runtime* switch is read from the environment when the engine
starts; a *build* switch is a meson option (the harness builds and caches a
variant of the extension for each option set).

Which changes run is chosen by the environment, so that pyperf worker processes
and re-executed interpreters inherit it:

    FIVEFOLD_STAGE=N            enable the changes of stages 1..N (default: highest stage;
                                N is 0 or a stage package that exists: see STAGES)
    FIVEFOLD_WITHOUT=id,id      then disable these
    FIVEFOLD_WITH=id,id         then enable these (even from a later stage)

Stage modules register their changes with ``register()`` at import time;
``fivefold.changes()`` lists them with their state.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field


def _stage_numbers() -> tuple[int, ...]:
    """0 (tier 0) and 1..N for the stage packages fivefold.stage1 .. stageN that
    exist (stages are numbered without gaps): a new stage folder is a new stage
    with no edit here. find_spec asks whatever finder installed fivefold (a
    wheel, an editable install, a checkout) without importing the packages."""
    from importlib.util import find_spec

    numbers = [0]
    while find_spec(f"fivefold.stage{len(numbers)}") is not None:
        numbers.append(len(numbers))
    return tuple(numbers)


STAGES = _stage_numbers()


@dataclass(frozen=True)
class Change:
    id: str                      # "s1.binary_op": stage prefix, then a name
    stage: int                   # 1..4
    description: str             # one paragraph
    targets: tuple[str, ...]     # benchmarks it is meant to speed up
    test: str                    # the test that proves it (pytest node id)
    switch: str = "runtime"      # "runtime" or "build"
    build_option: str = ""       # meson option name for build switches
    # Switched in the C engine: its id is declared, with the instructions it
    # switches, by a change(...) in stageN/vm/*.def (False: a change of the
    # compiler or of the Python runtime only).
    engine: bool = True
    merge_order: int = 0         # position in the stage's merge order, for attribution
    requires: tuple[str, ...] = ()   # changes it cannot run without (switched on with it)
    # False for a change whose measured gain did not hold: it stays built and tested,
    # and runs only when named in FIVEFOLD_WITH (its README row has the numbers).
    on_by_default: bool = True


@dataclass
class Selection:
    """The stage and change overrides an engine runs with."""

    stage: int = max(STAGES)
    without: frozenset[str] = field(default_factory=frozenset)
    with_: frozenset[str] = field(default_factory=frozenset)

    @classmethod
    def from_environ(cls, environ=os.environ) -> "Selection":
        stage_text = environ.get("FIVEFOLD_STAGE", "").strip()
        stage = max(STAGES)
        if stage_text:
            try:
                stage = int(stage_text)
            except ValueError:
                raise ValueError(f"FIVEFOLD_STAGE must be one of {STAGES}, not {stage_text!r}") from None
            if stage not in STAGES:
                raise ValueError(f"FIVEFOLD_STAGE must be one of {STAGES}, not {stage}")
        return cls(stage, _ids(environ.get("FIVEFOLD_WITHOUT", "")), _ids(environ.get("FIVEFOLD_WITH", "")))


def _ids(text: str) -> frozenset[str]:
    return frozenset(part.strip() for part in text.split(",") if part.strip())


_REGISTRY: dict[str, Change] = {}


def register(change: Change) -> Change:
    if change.id in _REGISTRY and _REGISTRY[change.id] != change:
        raise ValueError(f"change {change.id!r} registered twice with different definitions")
    if change.switch not in ("runtime", "build"):
        raise ValueError(f"change {change.id!r}: switch must be 'runtime' or 'build'")
    _REGISTRY[change.id] = change
    return change


def all_changes() -> list[Change]:
    return sorted(_REGISTRY.values(), key=lambda c: (c.stage, c.merge_order, c.id))


def enabled(selection: Selection | None = None) -> list[Change]:
    """The changes that run under `selection` (default: the environment's)."""
    sel = selection or Selection.from_environ()
    unknown = (sel.without | sel.with_) - _REGISTRY.keys()
    if unknown:
        raise ValueError(f"unknown change id(s): {', '.join(sorted(unknown))}")
    on = {c.id for c in all_changes()
          if (c.stage <= sel.stage and c.on_by_default and c.id not in sel.without) or c.id in sel.with_}
    return [c for c in all_changes() if c.id in with_requirements(on)]


def with_requirements(ids) -> set[str]:
    """`ids` and, transitively, every change they require: a change switched on
    brings what it cannot run without (s1.quickening, the adaptive loop, for
    every stage-1 family), so a requirement can be switched off only together
    with everything that needs it."""
    closed = set(ids)
    pending = list(closed)
    while pending:
        change = _REGISTRY.get(pending.pop())
        for need in change.requires if change else ():
            if need not in closed:
                closed.add(need)
                pending.append(need)
    return closed


def with_dependents(ids) -> set[str]:
    """`ids` and, transitively, every change that requires one of them: what
    FIVEFOLD_WITHOUT must name to really switch `ids` off (naming a change alone
    leaves it on while a change that needs it is on)."""
    closed = set(ids)
    grew = True
    while grew:
        grew = False
        for change in _REGISTRY.values():
            if change.id not in closed and closed.intersection(change.requires):
                closed.add(change.id)
                grew = True
    return closed


def describe(selection: Selection | None = None) -> list[dict]:
    """What `fivefold.changes()` returns: every change with an `enabled` flag."""
    on = {c.id for c in enabled(selection)}
    return [dict(asdict(c), enabled=c.id in on) for c in all_changes()]


# The stage packages that hold changes; importing one registers its changes.
STAGE_PACKAGES = tuple(f"fivefold.stage{n}" for n in STAGES if n)


def load_stages() -> None:
    """Import every stage package so that all changes are registered, then check
    them against the changes the engine's definitions declare."""
    import importlib

    for name in STAGE_PACKAGES:
        importlib.import_module(name)
    check_declarations()


def check_declarations(declared: dict | None = None) -> None:
    """Every change(...) of a stage's .def files is registered by its stage
    package, and every registered engine change is declared there: the id is
    the one thing both sides name, and this keeps them from drifting apart.
    ``declared`` defaults to the generated table (id -> (stage, instructions))."""
    if declared is None:
        from fivefold.generated.opcodes import CHANGES as declared
    problems = []
    for change_id, (stage, _) in sorted(declared.items()):
        change = _REGISTRY.get(change_id)
        if change is None:
            problems.append(f"stage{stage}/vm/*.def declares {change_id}, which fivefold.stage{stage} "
                            "does not register")
        elif not change.engine:
            problems.append(f"{change_id} is registered with engine=False but stage{stage}/vm/*.def "
                            "declares it")
    for change in all_changes():
        if change.engine and change.id not in declared:
            problems.append(f"{change.id} is an engine change but no change({change.id}) = {{...}}; "
                            f"is declared in stage{change.stage}/vm/*.def")
    if problems:
        raise ValueError("the change registry and the engine's definitions disagree: " + "; ".join(problems))


def stages_with_changes() -> list[int]:
    """The stages that register at least one change (after load_stages)."""
    return sorted({c.stage for c in all_changes()})


def engine_selection(environ=os.environ) -> tuple[int, list[str]]:
    """(stage, enabled change ids) for the engine, read from the environment.

    fivefold._fivefold calls this at import and switches on what it names;
    ValueError (bad FIVEFOLD_STAGE, unknown id) becomes its ImportError."""
    load_stages()
    selection = Selection.from_environ(environ)
    return selection.stage, [c.id for c in enabled(selection)]
