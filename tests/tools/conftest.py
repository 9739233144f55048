"""The tools under test (tools/*.py) are scripts, not a package: put their folder on the import path."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
