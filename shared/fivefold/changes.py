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

import os

# This module is imported by the engine itself (fivefold._fivefold's init asks
# engine_selection), so it is on the path of every `fivefold run`: it imports
# nothing but os, and its two classes are written out instead of made by
# dataclasses (which would bring inspect, re and more into every program).


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


def __getattr__(name: str):
    """STAGES and STAGE_PACKAGES are found on first use (importlib.util is not needed
    to run a program: the engine imports the stage packages directly)."""
    if name == "STAGES":
        value = _stage_numbers()
    elif name == "STAGE_PACKAGES":
        value = tuple(f"fivefold.stage{n}" for n in __getattr__("STAGES") if n)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


_CHANGE_FIELDS = ("id", "stage", "description", "targets", "test", "switch", "build_option",
                  "engine", "merge_order", "requires", "on_by_default")


class Change:
    """One change (frozen: compared, hashed and printed by its fields).

    id: "s1.binary_op": stage prefix, then a name; stage: 1..4; description: one
    paragraph; targets: benchmarks it is meant to speed up; test: the test that
    proves it (pytest node id); switch: "runtime" or "build"; build_option: the
    meson option of a build switch; engine: switched in the C engine, its id
    declared with the instructions it switches by a change(...) in
    stageN/vm/*.def (False: a change of the compiler or of the Python runtime
    only); merge_order: position in the stage's merge order, for attribution;
    requires: changes it cannot run without (switched on with it);
    on_by_default: False for a change whose measured gain did not hold: it stays
    built and tested, and runs only when named in FIVEFOLD_WITH (its README row
    has the numbers).
    """

    __slots__ = _CHANGE_FIELDS

    def __init__(self, id: str, stage: int, description: str, targets: tuple[str, ...],
                 test: str, switch: str = "runtime", build_option: str = "",
                 engine: bool = True, merge_order: int = 0, requires: tuple[str, ...] = (),
                 on_by_default: bool = True):
        values = (id, stage, description, targets, test, switch, build_option, engine,
                  merge_order, requires, on_by_default)
        for name, value in zip(_CHANGE_FIELDS, values):
            object.__setattr__(self, name, value)

    def __setattr__(self, name, value):
        raise AttributeError(f"cannot assign to field {name!r}: a Change is frozen")

    __delattr__ = __setattr__

    def _fields(self) -> tuple:
        return tuple(getattr(self, name) for name in _CHANGE_FIELDS)

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self):
        return hash(self._fields())

    def __repr__(self):
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in _CHANGE_FIELDS)
        return f"Change({inner})"

    def as_dict(self) -> dict:
        return {name: getattr(self, name) for name in _CHANGE_FIELDS}


class Selection:
    """The stage and change overrides an engine runs with (stage None: the highest)."""

    __slots__ = ("stage", "without", "with_")

    def __init__(self, stage: int | None = None, without: frozenset[str] = frozenset(),
                 with_: frozenset[str] = frozenset()):
        self.stage = max(__getattr__("STAGES")) if stage is None else stage
        self.without = without
        self.with_ = with_

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return (self.stage, self.without, self.with_) == (other.stage, other.without, other.with_)

    def __repr__(self):
        return f"Selection(stage={self.stage!r}, without={self.without!r}, with_={self.with_!r})"

    @classmethod
    def from_environ(cls, environ=os.environ, stages: tuple[int, ...] | None = None,
                     what: str = "") -> "Selection":
        """The selection FIVEFOLD_STAGE/WITHOUT/WITH name; `stages` are the valid
        stage numbers (default STAGES: the stage packages), the highest the default;
        `what` says where they come from, in the error."""
        if stages is None:
            stages = __getattr__("STAGES")
        stage_text = environ.get("FIVEFOLD_STAGE", "").strip()
        stage = max(stages)
        if stage_text:
            try:
                stage = int(stage_text)
            except ValueError:
                raise ValueError(f"FIVEFOLD_STAGE must be one of {stages}{what}, "
                                 f"not {stage_text!r}") from None
            if stage not in stages:
                raise ValueError(f"FIVEFOLD_STAGE must be one of {stages}{what}, not {stage}")
        return cls(stage, _ids(environ.get("FIVEFOLD_WITHOUT", "")),
                   _ids(environ.get("FIVEFOLD_WITH", "")))


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
    return [dict(c.as_dict(), enabled=c.id in on) for c in all_changes()]


def load_stages() -> None:
    """Import every stage package so that all changes are registered, then check
    them against the changes the engine's definitions declare."""
    import_stage_packages()
    check_declarations()


def import_stage_packages() -> None:
    """Import fivefold.stage1, stage2, ... until one does not exist (stages are
    numbered without gaps): what STAGES finds, without importlib.util."""
    n = 1
    while True:
        name = f"fivefold.stage{n}"
        try:
            __import__(name)
        except ModuleNotFoundError as e:
            if e.name != name:
                raise
            return
        n += 1


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


def engine_selection(built: tuple[int, ...] | None = None, declared: dict | None = None,
                     environ=os.environ) -> tuple[int, list[str]]:
    """(stage, enabled change ids) for the engine, read from the environment.

    fivefold._fivefold calls this at import with the stages built into it and the
    changes its definitions declare, and switches on what it names; a stage above
    the highest built one is refused (it would run as the highest silently).
    ValueError (bad FIVEFOLD_STAGE, unknown id) becomes its ImportError."""
    import_stage_packages()
    check_declarations(declared)
    stages = None if built is None else (0, *sorted(built))
    what = "" if built is None else " (the stages built into this engine)"
    selection = Selection.from_environ(environ, stages, what)
    return selection.stage, [c.id for c in enabled(selection)]
