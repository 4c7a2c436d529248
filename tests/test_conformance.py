"""A CI-sized part of the conformance suite (tests/conformance/): a few of CPython's
Lib/test modules about the language, at the highest built stage, against CPython
and modules.toml's expected failures. `nox -s conformance` runs every listed
module at every stage."""

import sys

import pytest

sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent / "conformance"))
import conformance  # noqa: E402

CI_MODULES = ["test_grammar", "test_scope", "test_super", "test_generators", "test_patma",
              "test_with", "test_unpack_ex", "test_listcomps", "test_keywordonlyarg",
              "test_exception_group", "test_sys_settrace"]


# host_only: each module is a fivefold run of a few seconds natively, ten times that
# under qemu; the corpus covers the emulated engine.
@pytest.mark.host_only
def test_language_modules_pass_as_on_cpython(tmp_path, capsys):
    from fivefold import changes

    changes.load_stages()
    stage = max(changes.stages_with_changes())
    status = conformance.main(["--stages", str(stage), "--modules", ",".join(CI_MODULES),
                               "--out", str(tmp_path)])
    report = capsys.readouterr().out
    assert status == 0, report


def test_every_expected_failure_names_a_listed_module_and_a_reason():
    config = conformance.load_config()
    assert set(CI_MODULES) <= set(config["modules"])
    assert not set(config["skip"]) & set(config["modules"])
    for module, tests in config["expected"].items():
        assert module in config["modules"]
        assert all(isinstance(r, str) and r.strip() for r in tests.values())
