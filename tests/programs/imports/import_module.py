import _helper_module
import _helper_module as again
print(_helper_module.VALUE, _helper_module.greet("x"), again is _helper_module)
print(_helper_module.Thing(), _helper_module.__name__)
try:
    _helper_module.raises()
except ValueError as e:
    print("ValueError:", e)
