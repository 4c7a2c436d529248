"""Building strings piece by piece: `s += t` and `s = s + t` in loops, into
short lines and into one long text."""

import pyperf


def build_line(words):
    line = ""
    for word in words:
        line += word
        line = line + " "
    return line


def strings(n=200):
    words = [str(i) for i in range(20)]
    text = ""
    for i in range(n):
        for j in range(10):
            text += build_line(words)
            text += "\n"
    return len(text)


if __name__ == "__main__":
    pyperf.Runner().bench_func("strings", strings)
