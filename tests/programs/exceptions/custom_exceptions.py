class AppError(Exception):
    """Base of the app's errors."""
class NotFound(AppError):
    def __init__(self, what, where):
        super().__init__(f"{what} not found in {where}")
        self.what = what
        self.where = where
class Invalid(AppError, ValueError):
    pass
class WithStr(Exception):
    def __str__(self):
        return "custom __str__"
for exc in (NotFound("key", "db"), Invalid("bad"), AppError(), AppError(1, 2), WithStr("ignored")):
    try:
        raise exc
    except ValueError as e:
        print("ValueError branch:", type(e).__name__, e)
    except AppError as e:
        print("AppError branch:", type(e).__name__, str(e), e.args, getattr(e, "what", "-"))
    except Exception as e:
        print("Exception branch:", type(e).__name__, e, repr(e))
print([c.__name__ for c in Invalid.__mro__])
