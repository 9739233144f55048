"""Helpers for the tools' tests. The tools (tools/*.py) are scripts, not a package: pytest's `pythonpath`
(pyproject.toml) puts their folder on the import path."""

import json
import subprocess
from typing import Any


def node_json(script: str) -> Any:
    """Run an ES module script under Node; its last line of output, read as JSON."""
    node = ["node", "--input-type=module", "-e", script]
    done = subprocess.run(node, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])
