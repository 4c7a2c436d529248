from _helper_module import VALUE, greet as hi, Thing
print(VALUE, hi("y"), Thing())
try:
    from _helper_module import missing_name
except ImportError as e:
    print("ImportError:", e)
try:
    import no_such_module_anywhere
except ModuleNotFoundError as e:
    print("ModuleNotFoundError:", e, e.name)
