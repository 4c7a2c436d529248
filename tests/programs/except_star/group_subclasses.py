CALLS = []


class TaggedGroup(ExceptionGroup):
    def __new__(cls, message, excs, tag="untagged"):
        self = super().__new__(cls, message, excs)
        self.tag = tag
        return self

    def __init__(self, message, excs, tag="untagged"):
        super().__init__(message, excs)

    def derive(self, excs):
        CALLS.append(("derive", self.tag, len(excs)))
        return TaggedGroup(self.message, excs, tag=f"{self.tag}'")

    def split(self, condition):
        CALLS.append(("split", self.tag, getattr(condition, "__name__", condition)))
        return super().split(condition)

    def subgroup(self, condition):
        CALLS.append(("subgroup (must not be called by except*)", self.tag))
        return super().subgroup(condition)


def describe(e):
    if isinstance(e, BaseExceptionGroup):
        return f"{type(e).__name__}[{getattr(e, 'tag', '-')}]({', '.join(describe(x) for x in e.exceptions)})"
    return repr(e)


def attempt(group):
    CALLS.clear()
    try:
        try:
            raise group
        except* ValueError as g:
            print("  handler got", describe(g))
            raise
        except* OSError as g:
            print("  handler got", describe(g))
    except BaseException as e:
        print("  propagated", describe(e), "| traceback kept:", e.__traceback__ is not None)
    for call in CALLS:
        print("   ", call)


attempt(TaggedGroup("t", [ValueError(1), OSError(2), KeyError(3)], tag="A"))
attempt(TaggedGroup("t", [TaggedGroup("in", [ValueError(1), OSError(2)], tag="B"), KeyError(3)],
                    tag="A"))
attempt(TaggedGroup("t", [OSError(1)], tag="C"))


class BadDerive(ExceptionGroup):
    def derive(self, excs):
        return "not a group"


try:
    try:
        raise BadDerive("bad", [ValueError(1), KeyError(2)])
    except* ValueError:
        print("unreachable")
except TypeError as e:
    print("TypeError:", e)


class BadSplit(ExceptionGroup):
    def split(self, condition):
        raise RuntimeError("split refused")


try:
    try:
        raise BadSplit("bad", [ValueError(1), KeyError(2)])
    except* ValueError:
        print("unreachable")
except RuntimeError as e:
    print("RuntimeError:", e)


class NoteCopy(ExceptionGroup):
    pass


eg = NoteCopy("n", [ValueError(1), TypeError(2)])
eg.add_note("shared note")
try:
    try:
        raise eg
    except* ValueError as g:
        g.add_note("added in handler")
        raise
except BaseException as e:
    print("notes on result:", e.__notes__, "| original:", eg.__notes__)
    print("result leaves:", [describe(x) for x in e.exceptions])
