from ..core import Base
from .. import util as parent_util
class Derived(Base):
    def who(self):
        return "Derived>" + super().who()
def triple(x):
    return parent_util.double(x) + x
