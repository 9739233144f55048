"""The page's logic, pure: input state machines, commands, settings, links, statistics, stored formats,
texts and layout. No browser import (no js, no pyscript): CPython tests every module (tests/unit/ui); web/ is
the DOM side that drives it."""
