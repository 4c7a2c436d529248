data = {"name": "Widget", "price": 9.5, "qty": 3}
print("{name}: {price:.2f} x {qty} = {total:>8.2f}".format(total=data["price"] * data["qty"], **data))
print("{0[name]} {0[qty]:03d}".format(data), "{.real}".format(3 + 4j), "{!r:^12}".format("x"))
print("%-10s|%5.1f|%03d|%x|%o|%e|%c|%%" % ("left", 2.25, 7, 255, 8, 12345.6789, 65))
print("%(a)s and %(b)r" % {"a": "A", "b": "B"}, "%5s|%-5s|" % ("ab", "cd"), "%.2s" % "abcdef")
print("{:,}".format(1234567), "{:_}".format(1234567), "{:+}".format(5), "{:=+8}".format(-5))
print("{:>{w}}".format("r", w=5) + "|", "{:{f}^{w}}".format("c", f="*", w=7))
from string import Formatter
print([t[1] for t in Formatter().parse("a {x} b {y!r:>3}")])
