import sys


def show(label, exc):
    if isinstance(exc, BaseExceptionGroup):
        print(label, type(exc).__name__, repr(exc.message), [show_leaf(e) for e in exc.exceptions],
              "notes:", getattr(exc, "__notes__", None))
    else:
        print(label, repr(exc))


def show_leaf(e):
    if isinstance(e, BaseExceptionGroup):
        return (type(e).__name__, [show_leaf(x) for x in e.exceptions])
    return repr(e)


def run(excs, *, reraise_values=True, raise_new_for_types=False, notes=None):
    eg = ExceptionGroup("batch", excs)
    for note in notes or ():
        eg.add_note(note)
    log = []
    try:
        try:
            raise eg
        except* ValueError as group:
            log.append(("values", [str(e) for e in group.exceptions], sys.exc_info()[1] is group))
            if reraise_values:
                raise
        except* TypeError as group:
            log.append(("types", len(group.exceptions)))
            if raise_new_for_types:
                raise RuntimeError("from the handler") from None
        except* (KeyError, IndexError) as group:
            log.append(("lookup", type(group).__name__))
        else:
            log.append("else (nothing raised)")
    except BaseException as outer:
        for entry in log:
            print("  ", entry)
        show("  propagated:", outer)
        print("   same object as the original:", outer is eg, "| context:", repr(outer.__context__))
        return
    for entry in log:
        print("  ", entry)
    print("   nothing propagated")


run([ValueError("v1"), TypeError("t1"), KeyError("k"), ValueError("v2")])
run([ValueError("v1"), OSError("o")])
run([ValueError("v1")], reraise_values=False)
run([TypeError("t"), ValueError("v")], raise_new_for_types=True)
run([TypeError("t")], raise_new_for_types=True)
run([ExceptionGroup("inner", [ValueError("deep"), OSError("deep os")]), IndexError("i")],
    notes=["first note", "second note"])
run([ValueError("v")], notes=["a note"])
run([OSError("only unmatched")])

try:
    try:
        raise ValueError("naked")
    except* ValueError as eg:
        show("naked wrapped:", eg)
        print("exc_info is the wrapper:", sys.exc_info()[1] is eg)
        raise
except BaseException as e:
    show("naked re-raised:", e)

try:
    try:
        raise TypeError("naked, unmatched")
    except* ValueError:
        print("unreachable")
except BaseException as e:
    show("naked unmatched passes through unchanged:", e)

try:
    try:
        raise KeyError("naked")
    except* KeyError:
        raise ValueError("replacement")
except BaseException as e:
    show("replaced:", e)
    show("  its context:", e.__context__)


class Unhashable(Exception):
    __hash__ = None

    def __eq__(self, other):
        return self is other


try:
    try:
        raise ExceptionGroup("eg", [Unhashable("u"), ValueError("v")])
    except* Unhashable:
        raise
except ExceptionGroup as e:
    show("unhashable leaves re-raised:", e)

try:
    try:
        raise BaseExceptionGroup("base", [KeyboardInterrupt(), ValueError("v")])
    except* ValueError:
        print("handled the ValueError part")
except BaseException as e:
    show("base group rest:", e)

Group = ExceptionGroup
try:
    try:
        raise ExceptionGroup("eg", [ValueError()])
    except* Group:
        print("unreachable")
except TypeError as e:
    print("TypeError:", e)

NotAnException = int
try:
    try:
        raise ExceptionGroup("eg", [ValueError()])
    except* NotAnException:
        print("unreachable")
except TypeError as e:
    print("TypeError:", e)
