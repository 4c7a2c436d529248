"""Which configurations of the store answer which question about a stage.

A stage's experiment (docs/results-store.md, integrator's convention):
- baseline: the engine at stage N-1 (every change of earlier stages on, none of stage N);
- isolated: baseline plus one change of stage N  (``fivefold:stage=N-1,with=ID``);
- all on: ``fivefold:stage=N``;
- leave-one-out: all on minus one change (``fivefold:stage=N,without=ID``);
- any other subset (merge-order prefixes, for sequential attribution) when measured.

Configurations are named by `store_reader.config_key`, so a design is a map
from a subset of the stage's changes to a configuration name. A pair of plain
engines (CPython against PyPy) is a one-change stage whose change is the switch
from one engine to the other.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd
from fivefold.model.store_reader import config_key


@dataclass(frozen=True)
class ChangeInfo:
    """What the model needs of a registered change (fivefold.changes.Change)."""

    id: str
    stage: int
    merge_order: int = 0
    requires: tuple[str, ...] = ()   # changes it cannot run without
    on_by_default: bool = True       # False: built and tested but not in the stage's engine


@dataclass(frozen=True)
class StageDesign:
    stage: int
    changes: tuple[str, ...]                 # the stage's changes, in merge order
    kind: str = "fivefold"                   # engine kind of the fivefold configurations
    base_changes: frozenset[str] = frozenset()
    explicit: dict = field(default_factory=dict)  # subset -> config, for engine pairs
    label: str = ""
    requires: dict = field(default_factory=dict)  # change -> what it cannot run without (closed)
    note: str = ""                           # what a verdict on it must say (contract._as_measured)

    def closure(self, subset) -> frozenset[str]:
        """`subset` with its requirements: what runs when `subset` is switched on."""
        subset = frozenset(subset)
        return subset.union(*(self.requires.get(c, frozenset()) for c in subset))

    def key_for(self, subset) -> str:
        subset = frozenset(subset)
        if self.explicit:
            return self.explicit.get(subset, "")
        return config_key(self.kind, "", self.base_changes | self.closure(subset))

    @property
    def baseline(self) -> str:
        return self.key_for(frozenset())

    @property
    def candidate(self) -> str:
        return self.key_for(frozenset(self.changes))

    def isolated(self, change: str) -> str:
        return self.key_for({change})

    def isolated_base(self, change: str) -> str:
        """What a change's isolated gain is measured against: the baseline plus
        the changes it requires, so a shared requirement (s1.quickening's
        adaptive loop) is counted once, as its own gain, not in every change."""
        return self.key_for(self.closure({change}) - {change})

    def leave_one_out(self, change: str) -> str:
        return self.key_for(frozenset(self.changes) - {change})

    @property
    def name(self) -> str:
        return self.label or f"stage {self.stage}"

    def _engine_name(self, key: str, stage: int, count: int) -> str:
        if self.explicit:
            return key
        return f"fivefold stage {stage} ({count} change{'s' if count != 1 else ''})"

    @property
    def baseline_name(self) -> str:
        """The baseline as a reader names it (the configuration key lists every change)."""
        return self._engine_name(self.baseline, self.stage - 1, len(self.base_changes))

    @property
    def candidate_name(self) -> str:
        return self._engine_name(self.candidate, self.stage, len(self.base_changes) + len(self.changes))


def changes_from_registry() -> list[ChangeInfo]:
    """The project's registered changes. The stage packages register theirs when
    imported, which nothing on the model's path did (a fresh `fivefold contract
    evaluate` saw no change at all): load them first (no C is imported)."""
    from fivefold import changes as registry

    registry.load_stages()
    return [ChangeInfo(c.id, c.stage, c.merge_order, tuple(sorted(registry.with_requirements([c.id])
                                                                  - {c.id})),
                       c.on_by_default)
            for c in registry.all_changes()]


def stage_design(stage: int, changes: list[ChangeInfo], kind: str = "fivefold") -> StageDesign:
    """The stage convention: baseline is stage N-1, candidate is stage N, each
    as `fivefold:stage=N` runs it: a change off by default (kept, switched off
    because its gain did not hold) is in neither."""
    changes = [c for c in changes if c.on_by_default]
    base = frozenset(c.id for c in changes if c.stage < stage)
    own = tuple(c.id for c in sorted((c for c in changes if c.stage == stage),
                                     key=lambda c: (c.merge_order, c.id)))
    if not own:
        raise ValueError(f"stage {stage} has no registered changes; "
                         "name the engines to compare (--baseline/--candidate)")
    requires = {c.id: frozenset(c.requires) for c in changes if c.stage == stage and c.requires}
    return StageDesign(stage=stage, changes=own, kind=kind, base_changes=base, requires=requires)


def resolve_engine(table: pd.DataFrame, spec: str) -> str:
    """The configuration a typed engine spec (or a configuration name) ran as."""
    for column in ("engine", "config", "engine_kind"):
        hits = table.loc[table[column] == spec, "config"].unique()
        if len(hits) == 1:
            return str(hits[0])
        if len(hits) > 1:
            raise ValueError(f"engine {spec!r} matches several configurations: {', '.join(map(str, hits))}")
    known = ", ".join(sorted(table["engine"].unique()))
    raise ValueError(f"engine {spec!r} is not in the store (it holds: {known})")


def engine_pair_design(table: pd.DataFrame, baseline: str, candidate: str, stage: int = 1) -> StageDesign:
    """One delivered 'stage' that is the switch from engine `baseline` to `candidate`."""
    base_key = resolve_engine(table, baseline)
    cand_key = resolve_engine(table, candidate)
    change = candidate
    return StageDesign(stage=stage, changes=(change,), kind="",
                       explicit={frozenset(): base_key, frozenset({change}): cand_key},
                       label=f"{candidate} against {baseline}")
