"""The store reader: the documented layout and metadata, and clear errors."""

import pyperf
import pytest
from fivefold.model.store_reader import StoreError, read_store
from fivefold.model.synthetic_store import safe_engine, write_result


def test_reads_metadata_and_values(tmp_path):
    path = write_result(tmp_path, engine="fivefold:stage=1,without=s1.b", kind="fivefold", stage=1,
                        changes={"s1.c", "s1.a"}, benchmark="nbody", suite="pyperformance",
                        values=[0.5, 0.25], weight=2.0)
    assert path.relative_to(tmp_path).parts == (
        "testhost-x86_64-00000000", "0123456789ab", "fivefold@stage=1,without=s1.b", "pyperformance",
        "nbody.time.json")
    (row,) = read_store(tmp_path).itertuples()
    assert row.changes == frozenset({"s1.a", "s1.c"})
    assert row.config == "fivefold[s1.a,s1.c]"
    assert row.values == (0.5, 0.25) and row.weight == 2.0 and row.stage == 1
    assert row.engine == "fivefold:stage=1,without=s1.b" and row.suite == "pyperformance"


def test_plain_engines_are_named_by_their_spec(tmp_path):
    write_result(tmp_path, engine="pypy", benchmark="b", values=[1.0])
    (row,) = read_store(tmp_path).itertuples()
    assert row.config == "pypy" and row.stage is None and row.changes == frozenset()


def test_safe_engine_names():
    assert safe_engine("fivefold:stage=1,with=a") == "fivefold@stage=1,with=a"
    assert safe_engine("odd name/x") == "odd%20name%2Fx"


def test_latest_run_is_chosen_and_filters_work(tmp_path):
    write_result(tmp_path, engine="cpython", benchmark="b", values=[1.0], commit="aaaaaaaaaaaa",
                 timestamp="2026-01-01T00:00:00+00:00")
    write_result(tmp_path, engine="cpython", benchmark="b", values=[2.0], commit="bbbbbbbbbbbb",
                 timestamp="2026-02-01T00:00:00+00:00")
    assert list(read_store(tmp_path)["commit"]) == ["bbbbbbbbbbbb"]
    assert list(read_store(tmp_path, commit="aaaaaaaaaaaa")["values"]) == [(1.0,)]
    with pytest.raises(StoreError, match="holds nothing for machine=None commit=cccc"):
        read_store(tmp_path, commit="cccc")


def test_several_commits_are_read_together_when_named(tmp_path):
    write_result(tmp_path, engine="cpython", benchmark="a", values=[1.0], commit="aaaaaaaaaaaa",
                 timestamp="2026-01-01T00:00:00+00:00")
    write_result(tmp_path, engine="cpython", benchmark="b", values=[2.0], commit="aaaaaaaaaaaa-dirty",
                 timestamp="2026-01-02T00:00:00+00:00")
    write_result(tmp_path, engine="cpython", benchmark="c", values=[3.0], commit="bbbbbbbbbbbb",
                 timestamp="2026-02-01T00:00:00+00:00")
    table = read_store(tmp_path, commit="aaaaaaaaaaaa, aaaaaaaaaaaa-dirty")
    assert sorted(zip(table["benchmark"], table["commit"])) == [("a", "aaaaaaaaaaaa"),
                                                                 ("b", "aaaaaaaaaaaa-dirty")]
    assert list(read_store(tmp_path)["benchmark"]) == ["c"]


def test_files_moved_aside_are_not_results(tmp_path):
    path = write_result(tmp_path, engine="cpython", benchmark="b", values=[1.0])
    path.with_name("b.time.20260101T000000.json.old").write_text(path.read_text())
    (tmp_path / "index.csv").write_text("derived\n")
    assert len(read_store(tmp_path)) == 1


def test_missing_and_empty_stores(tmp_path):
    with pytest.raises(StoreError, match="does not exist"):
        read_store(tmp_path / "nope")
    with pytest.raises(StoreError, match="holds no result files"):
        read_store(tmp_path)


def test_bad_files_are_named(tmp_path):
    path = write_result(tmp_path, engine="cpython", benchmark="b", values=[1.0])
    path.write_text("{not json")
    with pytest.raises(StoreError, match="not a pyperf JSON file"):
        read_store(tmp_path)
    # A sound pyperf file that lacks the store's metadata.
    run = pyperf.Run([1.0], metadata={"name": "b", "fivefold_engine": "cpython"}, collect_metadata=False)
    path.unlink()
    pyperf.BenchmarkSuite([pyperf.Benchmark([run])]).dump(str(path))
    with pytest.raises(StoreError, match="lacks fivefold_metric, fivefold_benchmark"):
        read_store(tmp_path)


def test_an_accelerated_run_is_another_configuration(tmp_path):
    from fivefold.model.versus import engine_label
    write_result(tmp_path, engine="fivefold:stage=2", kind="fivefold", stage=2, changes={"s2.a"},
                 benchmark="b", values=[1.0])
    write_result(tmp_path, engine="fivefold:stage=2,accelerate=*", kind="fivefold", stage=2,
                 changes={"s2.a"}, benchmark="b", values=[0.9],
                 extra_metadata={"fivefold_accelerate": "*"})
    configs = sorted(read_store(tmp_path)["config"])
    assert configs == ["fivefold[s2.a]", "fivefold[s2.a]+accelerate=*"]
    assert engine_label("fivefold:stage=2,accelerate=*") == "fivefold stage 2 (whole program)"
    assert engine_label("fivefold:stage=2,without=s2.a,accelerate=pickle,copy") == \
        "fivefold stage 2 (without s2.a; also compiled: pickle,copy)"
