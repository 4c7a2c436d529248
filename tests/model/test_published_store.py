"""The store the project publishes, read when no other store is given."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from fivefold.model import store_reader
from fivefold.model.synthetic_store import write_result

REPO = Path(__file__).resolve().parents[2]


def test_default_store_is_env_then_own_results_then_published(tmp_path, monkeypatch):
    published = tmp_path / "tree" / "results" / "published"
    write_result(published, engine="cpython", benchmark="b", values=[1.0])
    monkeypatch.setattr(store_reader, "published_root", lambda: published)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("FIVEFOLD_RESULTS", raising=False)
    # No results of one's own: the published store.
    assert store_reader.default_root() == published
    # An empty ./results is not "one's own results".
    (tmp_path / "results").mkdir()
    assert store_reader.default_root() == published
    write_result(tmp_path / "results", engine="cpython", benchmark="b", values=[1.0])
    assert store_reader.default_root() == Path("results")
    monkeypatch.setenv("FIVEFOLD_RESULTS", str(tmp_path / "elsewhere"))
    assert store_reader.default_root() == tmp_path / "elsewhere"


def test_published_root_is_found_from_the_source_tree(tmp_path, monkeypatch):
    import fivefold

    if not store_reader.holds_results(REPO / "results" / "published"):
        pytest.skip("this tree has no published results")
    # From anywhere, when fivefold runs from this tree (an editable install, a checkout).
    # (CI's nox venv lives inside the clone too, with a wheel's package in it.)
    if Path(fivefold.__file__).resolve().parent == REPO / "shared" / "fivefold":
        monkeypatch.chdir(tmp_path)
        assert store_reader.published_root() == REPO / "results" / "published"
    # From the root of a clone, whatever fivefold is installed from (CI installs a wheel).
    monkeypatch.chdir(REPO)
    assert store_reader.published_root().resolve() == (REPO / "results" / "published").resolve()


@pytest.mark.skipif(not store_reader.holds_results(REPO / "results" / "published"),
                    reason="this tree has no published results")
@pytest.mark.parametrize("command", [["contract", "evaluate"], ["contract", "evaluate", "--stage", "2"],
                                     ["report"]])
def test_commands_with_no_argument_read_the_published_store(command, tmp_path):
    """A fresh clone: no ./results, no FIVEFOLD_RESULTS; the command runs at the
    clone's root (a folder holding this tree's published store), so the test holds
    for an editable install and for a wheel (CI) alike."""
    env = {k: v for k, v in os.environ.items() if k != "FIVEFOLD_RESULTS"}
    (tmp_path / "results").mkdir()
    (tmp_path / "results" / "published").symlink_to(REPO / "results" / "published")
    extra = ["--out", str(tmp_path / "out"), "--draws", "2000"] if command == ["report"] else []
    proc = subprocess.run([sys.executable, "-m", "fivefold", *command, "--bootstrap", "200", *extra],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert "results/published" in proc.stderr
    assert "no registered changes" not in proc.stderr + proc.stdout
    if command[-1] == "2" and proc.returncode != 0:
        # Published before the newest stage-2 changes were registered: the stage's
        # current set of changes has no results until `nox -s publish` runs again,
        # and the command must say so in one line, naming the engines.
        assert "has no 'instructions' results on both" in proc.stderr, proc.stderr
        assert "fivefold stage 2" in proc.stderr and "Traceback" not in proc.stderr, proc.stderr
        return
    assert proc.returncode == 0, proc.stderr
    if command == ["report"]:
        assert "wrote" in proc.stdout
    else:
        assert "delivered speed-up" in proc.stdout
