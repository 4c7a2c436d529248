"""`nox -s publish`: one measured run copied into the published store."""

from pathlib import Path

import pytest
from fivefold.harness import publish
from fivefold.harness.store import Store
from fivefold.model.synthetic_store import write_result


def _run(root, commit, stamp, engines=("cpython", "fivefold:stage=1"), metric="instructions"):
    for engine in engines:
        kind = engine.split(":")[0]
        for bench in ("richards", "go"):
            write_result(root, engine=engine, kind=kind, benchmark=bench, values=[100.0], metric=metric,
                         commit=commit, timestamp=stamp, suite="pyperformance")


def test_publish_copies_the_latest_run_and_keeps_older_ones(tmp_path):
    measured, published = tmp_path / "measured", tmp_path / "published"
    _run(measured, "aaaaaaaaaaaa", "2026-01-01T00:00:00+00:00")
    _run(measured, "bbbbbbbbbbbb", "2026-01-02T00:00:00+00:00")
    old = next(measured.rglob("*.json"))
    old.with_name(old.name + ".20260101T000000Z.json.old").write_text("{}")
    copied, _, commit = publish.publish(measured, published)
    assert commit == "bbbbbbbbbbbb" and len(copied) == 4
    assert not list(published.rglob("*.old"))
    assert (published / "index.csv").is_file()
    # Another commit later: both are published (a timeline), the index has both.
    copied, _, _ = publish.publish(measured, published, commit="aaaaaaaaaaaa", engines={"cpython"})
    assert len(copied) == 2
    assert set(Store(published).index().fivefold_commit) == {"aaaaaaaaaaaa", "bbbbbbbbbbbb"}
    # Re-publishing a commit replaces its files (an engine no longer measured goes).
    publish.publish(measured, published, commit="bbbbbbbbbbbb", engines={"cpython"})
    frame = Store(published).index()
    assert set(frame[frame.fivefold_commit == "bbbbbbbbbbbb"].fivefold_engine) == {"cpython"}


def test_publish_refuses_an_empty_store_and_an_empty_selection(tmp_path, capsys):
    assert publish.main([str(tmp_path / "none"), "--to", str(tmp_path / "p")]) == 1
    assert "nothing to publish" in capsys.readouterr().err
    _run(tmp_path / "m", "aaaaaaaaaaaa", "2026-01-01T00:00:00+00:00")
    with pytest.raises(publish.PublishError, match="nothing of metric"):
        publish.publish(tmp_path / "m", tmp_path / "p", metrics={"time"})
    assert publish.main([str(tmp_path / "m"), "--to", str(tmp_path / "p")]) == 0
    assert "published 4 result file(s)" in capsys.readouterr().out
