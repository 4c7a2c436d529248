"""tools/cgdiff.py: one loop's self instructions per function, two engines."""

import importlib.util
import shutil
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parents[1] / "tools"


def load_cgdiff():
    spec = importlib.util.spec_from_file_location("cgdiff", TOOLS / "cgdiff.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_usage_is_one_line(capsys):
    assert load_cgdiff().main([]) == 2
    assert "cgdiff.py A1 A2 B1 B2" in capsys.readouterr().err


@pytest.mark.skipif(shutil.which("callgrind_annotate") is None, reason="valgrind not installed")
def test_differences_of_two_loop_counts(tmp_path, monkeypatch, capsys):
    # Four minimal callgrind files: f costs 10 more per extra loop on A, 30 on B.
    def profile(name, f, g):
        path = tmp_path / name
        path.write_text("version: 1\ncreator: test\nevents: Ir\n\nfl=a.c\n"
                        f"fn=f\n1 {f}\nfn=g\n2 {g}\n")
        return str(path)
    cgdiff = load_cgdiff()
    assert cgdiff.main([profile("a1", 100, 5), profile("a2", 110, 5),
                        profile("b1", 100, 5), profile("b2", 130, 6)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "total A 0.000M  B 0.000M"
    assert out[1].split() == ["10", "30", "+20", "f"]
    assert out[2].split() == ["0", "1", "+1", "g"]
