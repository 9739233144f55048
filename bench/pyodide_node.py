"""Run a bench script in the pinned Pyodide under Node, the interpreter the page uses, without a browser.

`run(script, argv)`: Node loads node_modules/pyodide (after `npm ci`), copies py/minesweeper and the
script into Pyodide's file system at the same places relative to each other (/bench/py/minesweeper,
/bench/bench/NAME.py, so the script's own `sys.path` line finds the engine), sets `sys.argv` and calls
the script's `main()`. The script's output is Node's; its exit code is returned.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = """
import { loadPyodide } from %(pyodide)s;
import fs from "node:fs";
const py = await loadPyodide();
py.FS.mkdirTree("/bench/py/minesweeper");
const engine = %(engine)s;
for (const name of fs.readdirSync(engine).filter((n) => n.endsWith(".py")))
  py.FS.writeFile("/bench/py/minesweeper/" + name, fs.readFileSync(engine + "/" + name));
py.FS.mkdirTree("/bench/bench");
py.FS.writeFile(%(target)s, fs.readFileSync(%(script)s));
py.globals.set("argv", py.toPy(%(argv)s));
py.globals.set("target", %(target)s);
const code = py.runPython(`import runpy, sys
sys.argv = list(argv)
runpy.run_path(target, run_name="bench")["main"]()`);
process.exitCode = Number(code) || 0;
"""


def run(script: Path, argv: list[str]) -> int:
    """Run `script`'s main() in Pyodide with `argv` as its arguments; its exit code."""
    target = f"/bench/bench/{script.name}"
    code = SCRIPT % {
        "pyodide": json.dumps((ROOT / "node_modules" / "pyodide" / "pyodide.mjs").as_posix()),
        "engine": json.dumps((ROOT / "py" / "minesweeper").as_posix()),
        "target": json.dumps(target),
        "script": json.dumps(script.resolve().as_posix()),
        "argv": json.dumps([script.name, *argv]),
    }
    return subprocess.run(["node", "--input-type=module", "-e", code], check=False).returncode
