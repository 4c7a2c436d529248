from ..util import double
from . import triple
def both(x):
    return double(x), triple(x)
