"""The generator is a build tool in tools/cases_generator, not part of the
installed package: its tests import it from the source tree."""

import sys
from pathlib import Path

TOOLS = Path(__file__).resolve().parents[2] / "tools"
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))
