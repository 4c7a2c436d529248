"""A small package for the relative-import programs."""
print("init ffpkg")
from .core import add, Base
from . import util
PKG_NAME = __name__
