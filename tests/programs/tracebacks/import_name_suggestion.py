# fivefold: exit=1
from collections import OrderedDic
