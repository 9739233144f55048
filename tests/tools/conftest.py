"""The tools under test (tools/*.py) are scripts, not a package: put their folder on the import path."""

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))


def node_json(script: str) -> Any:
    """Run an ES module script under Node; its last line of output, read as JSON."""
    node = ["node", "--input-type=module", "-e", script]
    done = subprocess.run(node, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])
