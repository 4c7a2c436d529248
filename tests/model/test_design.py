"""The stage designs come from the change registry, which the stages fill when
imported: the model must load them itself (issue 17: a fresh `fivefold contract
evaluate` said "stage 1 has no registered changes")."""

import subprocess
import sys


def test_a_fresh_process_sees_every_stage_change():
    # A process of its own: in this one, other tests may have imported the stages.
    code = ("from fivefold.model.design import changes_from_registry, stage_design\n"
            "changes = changes_from_registry()\n"
            "print(sorted({c.stage for c in changes}))\n"
            "print(len(stage_design(1, changes).changes), len(stage_design(2, changes).changes))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    stages, counts = proc.stdout.splitlines()
    assert stages.startswith("[1, 2")
    n1, n2 = map(int, counts.split())
    assert n1 > 5 and n2 > 5


def test_a_change_off_by_default_is_not_in_the_stage_engine():
    from fivefold.model.design import ChangeInfo, stage_design

    changes = [ChangeInfo("s1.a", 1), ChangeInfo("s2.b", 2), ChangeInfo("s2.off", 2, on_by_default=False)]
    design = stage_design(2, changes)
    assert design.changes == ("s2.b",)
    assert design.candidate == "fivefold[s1.a,s2.b]" and design.baseline == "fivefold[s1.a]"
