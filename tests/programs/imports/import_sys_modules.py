import sys
import _helper_module
print("_helper_module" in sys.modules, sys.modules["_helper_module"].VALUE)
import importlib
mod = importlib.import_module("ffpkg.util")
print(mod.double(21), mod.__name__)
print(__name__, __spec__ is None, __package__)
