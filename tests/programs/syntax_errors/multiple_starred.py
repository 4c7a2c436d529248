a, *b, *c = range(5)
