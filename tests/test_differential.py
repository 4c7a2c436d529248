"""The differential corpus: every program must behave the same under CPython and fivefold.

`pytest tests/test_differential.py -n 2` runs each program of tests/programs/
under CPython (once per test process) and under `fivefold run` at every stage in
differential.STAGES, and compares stdout, stderr and exit code exactly.
"""

from __future__ import annotations

import os

import pytest

from differential import (PROGRAMS_DIR, STAGES, collect_programs, collect_syntax_errors,
                          compare, program_id, read_spec, run_cpython_cached, run_fivefold,
                          stage_environment)

MIN_PROGRAMS = 400


def _cases(programs):
    cases = []
    for path in programs:
        spec = read_spec(path)
        for stage in STAGES:
            reason = spec.xfail_reason(stage)
            marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
            cases.append(pytest.param(path, stage, marks=marks,
                                      id=f"{program_id(path)}-stage{stage}"))
    return cases


def _changes(stage: int):
    from fivefold import changes as registry

    registry.load_stages()
    return [c for c in registry.all_changes() if c.stage == stage]


def _change_off_cases(programs):
    """Each stage with one of its own changes switched off (or, for a change that is
    off by default, on). Each program runs, at each stage that has changes, with one
    change switched, the change rotating through the corpus (every change for a
    share of it); FIVEFOLD_DIFF_EVERY_CHANGE_OFF=1 runs every program with every
    change switched in turn (`nox -s stage1 -- --every-change-off`)."""
    every = os.environ.get("FIVEFOLD_DIFF_EVERY_CHANGE_OFF") == "1"
    cases = []
    for stage in STAGES[1:]:
        changes = _changes(stage)
        if not any(c.on_by_default for c in changes) and len(changes) < 2:
            # The stage runs with its one change on (stage_environment); off, it is
            # the stage before, which the corpus runs already.
            continue
        for i, path in enumerate(programs):
            spec = read_spec(path)
            reason = spec.xfail_reason(stage)
            marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
            for change in (changes if every else [changes[i % len(changes)]]):
                how = "without" if change.on_by_default else "with"
                cases.append(pytest.param(path, stage, f"{how}:{change.id}", marks=marks,
                                          id=f"{program_id(path)}-stage{stage}-{how}-{change.id}"))
    return cases


def _check_against_cpython(path, stage, env=None):
    spec = read_spec(path)
    expected = run_cpython_cached(path, tuple(spec.args))
    # The corpus itself is checked too: a program that stopped doing what it was
    # written for (crashes, prints nothing) would make the comparison meaningless.
    assert expected.exit_code == spec.exit_code, (
        f"{program_id(path)} exits {expected.exit_code} under CPython, header says "
        f"{spec.exit_code}\n{expected.stderr}")
    assert expected.stdout or expected.stderr, f"{program_id(path)} prints nothing"
    actual = run_fivefold(path, spec.args, stage=stage, env=env)
    diff = compare(expected, actual)
    if diff:
        setting = f"stage {stage}" + (f" with {env}" if env else "")
        pytest.fail(f"{program_id(path)} at {setting} differs from CPython:\n{diff}", pytrace=False)


@pytest.mark.parametrize("path,stage", _cases(collect_programs()))
def test_program_matches_cpython(path, stage):
    _check_against_cpython(path, stage)


@pytest.mark.parametrize("path,stage,change", _change_off_cases(collect_programs()))
def test_program_matches_cpython_with_one_change_off(path, stage, change):
    from fivefold import changes as registry

    how, change_id = change.split(":")
    own = stage_environment(stage).get("FIVEFOLD_WITH")
    if own:
        # A stage whose changes are all off by default runs with them all on: one less.
        env = {"FIVEFOLD_WITH": ",".join(i for i in own.split(",") if i != change_id)}
    elif how == "without":
        # With whatever needs it, or it would stay on (s2.call_exact_args needs s2.inline_calls).
        env = {"FIVEFOLD_WITHOUT": ",".join(sorted(registry.with_dependents({change_id})))}
    else:
        env = {"FIVEFOLD_WITH": change_id}
    _check_against_cpython(path, stage, env=env)


@pytest.mark.parametrize("path,stage", _cases(collect_syntax_errors()))
def test_syntax_error_matches_cpython(path, stage):
    expected = run_cpython_cached(path, ())
    assert expected.exit_code == 1 and "Error" in expected.stderr, expected.stderr
    actual = run_fivefold(path, [], stage=stage)
    diff = compare(expected, actual)
    if diff:
        pytest.fail(f"{program_id(path)} at stage {stage} differs from CPython:\n{diff}", pytrace=False)


def test_corpus_is_large_and_every_topic_has_programs():
    programs = collect_programs()
    assert len(programs) >= MIN_PROGRAMS, f"only {len(programs)} programs"
    topics = [d for d in PROGRAMS_DIR.iterdir() if d.is_dir() and d.name != "__pycache__"]
    for topic in topics:
        assert any(p.suffix == ".py" and not p.name.startswith("_") for p in topic.iterdir()), (
            f"{topic.name}/ holds no program")
    assert len(collect_syntax_errors()) >= 15
