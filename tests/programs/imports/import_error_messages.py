for stmt in ("import nonexistent_mod_xyz", "from math import nothing_here",
             "from ffpkg import missing_attr", "import ffpkg.nope", "from . import x"):
    try:
        exec(stmt)
    except ImportError as e:
        print(type(e).__name__, "|", e, "|", e.name)
