"""The browser side: the only package that imports `pyscript`/`js` (settings, links, gestures stay pure)."""
