"""coverage.py measures a module run under fivefold (compiled by fivefold: an
accelerated module) with the same lines and arcs as under CPython."""
import os
import sys

import coverage

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "covpkg"))
cov = coverage.Coverage(data_file=None, branch=True)
cov.start()
import covmod  # noqa: E402

covmod.classify(5)
covmod.classify(3)
covmod.classify(0)
covmod.K().m()
cov.stop()
if os.environ.get("TRACING_EXPECT_FIVEFOLD") == "1":
    from fivefold import _fivefold

    try:
        _fivefold.code_of(covmod.classify.__code__)
    except ValueError:
        sys.exit("covmod is not fivefold code")
data = cov.get_data()
path = os.path.abspath(covmod.__file__)
print(sorted(data.lines(path)))
print(sorted(data.arcs(path)))
