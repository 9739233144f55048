"""The browser side: DOM adapters, the only package that imports `pyscript`/`js`; the logic they drive is
ui/ (pure) and the rules minesweeper/."""
