"""run_as_main: a program runs below no Python frame and from recursion depth
zero, as under `python prog.py`, whatever frames its runner has."""

import sys
import traceback

import pytest
from ff_translate import translate

from fivefold import _fivefold

PROGRAM = """\
import sys
names = []
frame = sys._getframe()
while frame is not None:
    names.append(frame.f_code.co_name)
    frame = frame.f_back

def down(n):
    return down(n + 1)

try:
    down(0)
except RecursionError as e:
    depth = len(traceback.extract_tb(e.__traceback__))
"""


def _cpython_depth():
    namespace = {"traceback": traceback}
    exec(compile(PROGRAM, "p.py", "exec"), namespace)
    return namespace["depth"]


def test_frames_and_recursion_depth_like_a_fresh_program():
    def nested_runner(levels):
        if levels:
            return nested_runner(levels - 1)
        namespace = {"__name__": "__main__", "traceback": traceback}
        _fivefold.run_as_main(translate(compile(PROGRAM, "p.py", "exec")), namespace)
        return namespace

    namespace = nested_runner(20)
    assert namespace["names"] == ["<module>"]
    # Under exec() from this test the depth is reduced by the test's own frames;
    # run_as_main starts from zero: the whole recursion limit is available.
    assert namespace["depth"] > _cpython_depth()
    assert namespace["depth"] >= sys.getrecursionlimit() - 5
    # The caller's frames and depth are back afterwards.
    assert sys._getframe().f_code.co_name == "test_frames_and_recursion_depth_like_a_fresh_program"


def test_errors_propagate_and_arguments_are_checked():
    with pytest.raises(ZeroDivisionError):
        _fivefold.run_as_main(translate(compile("1/0", "p.py", "exec")), {})
    assert sys._getframe().f_back is not None
    with pytest.raises(TypeError, match="a code object and a dict"):
        _fivefold.run_as_main("1/0", {})
