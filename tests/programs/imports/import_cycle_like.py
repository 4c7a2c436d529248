import ffpkg
import ffpkg.core
import ffpkg.util as u
from ffpkg import core as c2
print(ffpkg.core is c2, u is ffpkg.util, c2.add(1, 1))
