"""Suite discovery and weights."""

import pytest

from fivefold.harness import suites

from harness_helpers import write_tiny_suite

MICRO = {"attribute_access", "global_lookup", "calls", "int_arithmetic", "float_arithmetic", "loops",
         "generators", "exceptions", "strings"}


def test_pyperformance_default_list_is_found_with_its_arguments():
    suite = suites.load_suite("pyperformance")
    names = [e.name for e in suite.entries]
    assert names == list(suites.PYPERFORMANCE_DEFAULT)
    for entry in suite.entries:
        assert entry.script.name == "run_benchmark.py" and entry.script.is_file()
    pickle = suite.select(["pickle_pure_python"]).entries[0]
    assert pickle.args == ("--pure-python", "pickle")
    # Everything in pyperformance's MANIFEST is selectable, not only the default.
    assert suite.select(["regex_v8"]).entries[0].script.parent.name == "bm_regex_v8"


def test_unknown_benchmark_is_a_clear_error():
    with pytest.raises(suites.SuiteError, match="no benchmark nosuch"):
        suites.load_suite("pyperformance").select(["nosuch"])


def test_our_micro_benchmarks_are_a_suite():
    suite = suites.load_suite("fivefold")
    assert suite.name == "fivefold"
    assert {e.name for e in suite.entries} == MICRO


def test_folder_suite_with_weights(tmp_path):
    folder = write_tiny_suite(tmp_path / "acme", names=("a", "b", "c"), weights={"b": 2.5, "c": 1})
    (folder / "_helper.py").write_text("X = 1\n")  # private modules are not benchmarks
    suite = suites.load_suite(str(folder))
    assert suite.name == "tiny"
    assert [(e.name, e.weight) for e in suite.entries] == [("a", 1.0), ("b", 2.5), ("c", 1.0)]
    assert suite.weight("b") == 2.5


@pytest.mark.parametrize("toml, message", [
    ('[weights]\nnosuch = 2\n', "not a benchmark"),
    ('[weights]\na = -1\n', "positive number"),
    ('[weights]\na = "x"\n', "positive number"),
    ('[weights\n', "suite.toml"),
])
def test_bad_weights_file_is_a_clear_error(tmp_path, toml, message):
    folder = write_tiny_suite(tmp_path / "bad", names=("a",))
    (folder / "suite.toml").write_text(toml)
    with pytest.raises(suites.SuiteError, match=message):
        suites.load_suite(str(folder))


def test_empty_folder_and_unknown_suite(tmp_path):
    with pytest.raises(suites.SuiteError, match="no benchmark scripts"):
        suites.load_suite(str(tmp_path))
    with pytest.raises(suites.SuiteError, match="unknown suite"):
        suites.load_suite("no-such-suite")
