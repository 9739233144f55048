"""The page's colours: the theme setting (css/theme.css draws each) and the browser's own bar.

Glossary:
    theme        `data-theme` on <html>: system, light, dark or classic; "system" follows the device's light
                 or dark mode, which CSS reads itself
    browser bar  the theme-color metas, given the page's top colour as the theme draws it (css/theme.css's
                 --browser-bar) whenever the theme, or the device's mode under "system", changes
"""

from __future__ import annotations

from .dom import Element, listen

DARK_DEVICE = "(prefers-color-scheme: dark)"


class Theme:
    def __init__(self, document: Element, window: Element) -> None:
        self.document, self.window = document, window
        self.root = document.documentElement
        listen(window.matchMedia(DARK_DEVICE), "change", lambda event: self.on_device_scheme())
        self.show_browser_bar()  # index.html's colour is the default theme's, before CSS could be read

    def show(self, theme: str) -> None:
        if theme != self.root.getAttribute("data-theme"):
            self.root.setAttribute("data-theme", theme)
            self.show_browser_bar()  # only then: reading a computed style restyles a huge board at once

    def on_device_scheme(self) -> None:
        if self.root.getAttribute("data-theme") == "system":
            self.show_browser_bar()

    def show_browser_bar(self) -> None:
        colour = self.window.getComputedStyle(self.root).getPropertyValue("--browser-bar").strip()
        for meta in self.document.querySelectorAll('meta[name="theme-color"]'):
            if colour and meta.getAttribute("content") != colour:
                meta.setAttribute("content", colour)
