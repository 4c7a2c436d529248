import ffpkg
print(ffpkg.PKG_NAME, ffpkg.add(3, 4), ffpkg.Base().who(), ffpkg.util.double(5))
from ffpkg.inner import Derived, triple
print(Derived().who(), triple(7))
from ffpkg.inner.deep import both
print(both(2))
import ffpkg.inner.deep as deep_mod
print(deep_mod.__name__, deep_mod.__package__)
