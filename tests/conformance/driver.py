"""Run one of CPython's Lib/test modules and record each test's outcome.

    python driver.py test.test_grammar OUT.json          (CPython)
    fivefold run --accelerate test.test_grammar,... driver.py test.test_grammar OUT.json

Loads the module's tests as unittest does (its `load_tests` too), runs them with
a result object that records every test id's outcome (pass, fail, error, skip,
xfail, xpass; a failed subtest fails its test), and writes {id: outcome} and the
module's import error, if any, to OUT.json. What a test prints goes where it
goes; only OUT.json is read back (conformance.py).
"""

import json
import sys
import traceback
import unittest


class Recorder(unittest.TestResult):
    def __init__(self):
        super().__init__()
        self.outcomes: dict[str, str] = {}
        self.details: dict[str, str] = {}

    def _set(self, test, outcome, err=None):
        test_id = test.id()
        # A test's worst outcome wins (a failed subtest, then the test's own success).
        if self.outcomes.get(test_id) in ("fail", "error") and outcome == "pass":
            return
        self.outcomes[test_id] = outcome
        if err is not None:
            self.details[test_id] = "".join(traceback.format_exception(*err))[-2000:]

    def addSuccess(self, test):
        self._set(test, "pass")

    def addFailure(self, test, err):
        self._set(test, "fail", err)

    def addError(self, test, err):
        # setUpClass/tearDownModule errors come as _ErrorHolder with an id of their own.
        self._set(test, "error", err)

    def addSkip(self, test, reason):
        self._set(test, "skip")

    def addExpectedFailure(self, test, err):
        self._set(test, "xfail")

    def addUnexpectedSuccess(self, test):
        self._set(test, "xpass")

    def addSubTest(self, test, subtest, err):
        if err is not None:
            outcome = "fail" if issubclass(err[0], test.failureException) else "error"
            self._set(test, outcome, err)


def main() -> int:
    name, out_path = sys.argv[1], sys.argv[2]
    report = {"module": name, "import_error": None, "outcomes": {}, "details": {}}
    try:
        __import__(name)
        module = sys.modules[name]
        suite = unittest.defaultTestLoader.loadTestsFromModule(module)
    except BaseException:  # noqa: BLE001 - a module that cannot load is one outcome
        report["import_error"] = traceback.format_exc()[-3000:]
    else:
        result = Recorder()
        try:
            suite.run(result)
        finally:
            report["outcomes"] = result.outcomes
            report["details"] = result.details
    with open(out_path, "w") as f:
        json.dump(report, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
