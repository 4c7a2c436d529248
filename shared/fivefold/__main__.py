"""`python -m fivefold` is the same as the `fivefold` command."""

import sys

from fivefold.cli import main

sys.exit(main())
