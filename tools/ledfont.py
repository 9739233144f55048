"""The counters' font: seven-segment digits, as on the LED counters of the classic game, drawn here as
geometry and written as a WOFF font (fontTools), so the counters keep plain text ("010", "-03") for tests
and screen readers while they look like an LED display.

`python tools/ledfont.py` writes fonts/led.woff, and fonts/led-ghost.svg: an 8 with every segment, as
wide as a character and as high as the counters' line, which css/page.css repeats under the digits as
the unlit segments. tools/generate.py does the same on every `make`. The bytes depend on the geometry
alone (fixed timestamps): unchanged files are not rewritten, and the service worker sees no new version.

Glossary:
    segment   one bar of a digit, a hexagon with pointed ends: a (top), b (top right), c (bottom right),
              d (bottom), e (bottom left), f (top left), g (middle)
    unit      font units, 1000 to the em; a digit stands on the baseline, HEIGHT high
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

ROOT = Path(__file__).resolve().parent.parent
FONT = ROOT / "fonts" / "led.woff"
GHOST = ROOT / "fonts" / "led-ghost.svg"
FAMILY = "Minesweeper LED"

UNITS = 1000
ADVANCE = 640  # every glyph is as wide: the counters never jitter
LEFT, RIGHT, HEIGHT = 70, 570, 900  # the digit's box
THICK, GAP = 118, 14  # a segment's thickness, and the gap at each of its ends
ASCENT, DESCENT = 950, 250
# The counters' CSS (css/page.css .led): letter-spacing 0.04em and line-height 1.3, in units.
SPACING, LINE = 40, 1300

Point = tuple[float, float]

# Each segment as its centre line: from (x, y) to (x, y), in units.
_L, _R = LEFT + THICK / 2, RIGHT - THICK / 2
_TOP, _MID, _BOTTOM = HEIGHT - THICK / 2, HEIGHT / 2, THICK / 2
SEGMENTS: dict[str, tuple[Point, Point]] = {
    "a": ((_L, _TOP), (_R, _TOP)),
    "b": ((_R, _MID), (_R, _TOP)),
    "c": ((_R, _BOTTOM), (_R, _MID)),
    "d": ((_L, _BOTTOM), (_R, _BOTTOM)),
    "e": ((_L, _BOTTOM), (_L, _MID)),
    "f": ((_L, _MID), (_L, _TOP)),
    "g": ((_L, _MID), (_R, _MID)),
}
# The lit segments of each character, by glyph name and code points.
GLYPHS: dict[str, tuple[str, tuple[int, ...]]] = {
    "zero": ("abcdef", (0x30,)),
    "one": ("bc", (0x31,)),
    "two": ("abdeg", (0x32,)),
    "three": ("abcdg", (0x33,)),
    "four": ("bcfg", (0x34,)),
    "five": ("acdfg", (0x35,)),
    "six": ("acdefg", (0x36,)),
    "seven": ("abc", (0x37,)),
    "eight": ("abcdefg", (0x38,)),
    "nine": ("abcdfg", (0x39,)),
    "hyphen": ("g", (0x2D, 0x2212)),  # a negative count: more flags than mines
    "space": ("", (0x20,)),
}


def hexagon(start: Point, end: Point) -> list[Point]:
    """The segment along `start`-`end` (horizontal or vertical), pointed at both ends, clockwise."""
    (x0, y0), (x1, y1) = start, end
    half = THICK / 2
    if y0 == y1:  # horizontal, left to right
        a, b = x0 + GAP, x1 - GAP
        return [
            (a, y0),
            (a + half, y0 + half),
            (b - half, y0 + half),
            (b, y0),
            (b - half, y0 - half),
            (a + half, y0 - half),
        ]
    a, b = y0 + GAP, y1 - GAP  # vertical, bottom to top
    return [
        (x0, a),
        (x0 - half, a + half),
        (x0 - half, b - half),
        (x0, b),
        (x0 + half, b - half),
        (x0 + half, a + half),
    ]


def outline(lit: str) -> list[list[Point]]:
    return [hexagon(*SEGMENTS[name]) for name in lit]


def font_bytes() -> bytes:
    """The whole font, as WOFF."""
    order = [".notdef", *GLYPHS]
    builder = FontBuilder(UNITS, isTTF=True)
    builder.setupGlyphOrder(order)
    builder.setupCharacterMap({code: name for name, (_, codes) in GLYPHS.items() for code in codes})
    shapes = {".notdef": [], **{name: outline(lit) for name, (lit, _) in GLYPHS.items()}}
    glyphs, metrics = {}, {}
    for name, contours in shapes.items():
        pen = TTGlyphPen(None)
        for contour in contours:
            pen.moveTo((round(contour[0][0]), round(contour[0][1])))
            for x, y in contour[1:]:
                pen.lineTo((round(x), round(y)))
            pen.closePath()
        glyphs[name] = pen.glyph()
        left = min((round(x) for contour in contours for x, _ in contour), default=0)
        metrics[name] = (ADVANCE, left)
    builder.setupGlyf(glyphs)
    builder.setupHorizontalMetrics(metrics)
    builder.setupHorizontalHeader(ascent=ASCENT, descent=-DESCENT)
    builder.setupNameTable({"familyName": FAMILY, "styleName": "Regular"})
    builder.setupOS2(
        sTypoAscender=ASCENT,
        sTypoDescender=-DESCENT,
        usWinAscent=ASCENT,
        usWinDescent=DESCENT,
        sxHeight=HEIGHT,
        sCapHeight=HEIGHT,
    )
    builder.setupPost()
    font = builder.font
    font["head"].created = font["head"].modified = 0  # the same bytes from the same geometry
    font.recalcTimestamp = False
    font.flavor = "woff"
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def ghost_svg() -> str:
    """Every segment of one character cell, in the line box the counters give it: a line LINE high whose
    baseline sits half the leading plus the ascent from its top, and a cell ADVANCE + SPACING wide."""
    baseline = (LINE - ASCENT - DESCENT) / 2 + ASCENT
    shapes = "".join(
        '<polygon points="{}"/>'.format(" ".join(f"{x:g},{baseline - y:g}" for x, y in contour))
        for contour in outline("abcdefg")
    )
    width = ADVANCE + SPACING
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {LINE}">{shapes}</svg>\n'


def files() -> dict[Path, bytes]:
    return {FONT: font_bytes(), GHOST: ghost_svg().encode()}


def write() -> list[str]:
    """Write the font and the ghost where they changed; the names of those written."""
    changed = []
    for path, data in files().items():
        if not (path.exists() and path.read_bytes() == data):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            changed.append(path.name)
    return changed


def main() -> int:
    print(f"ledfont: {', '.join(write()) or 'unchanged'} -> {FONT.parent}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
