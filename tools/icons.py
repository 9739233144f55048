"""The app icons, drawn once here as geometry and written both as SVG and, through Pillow, as PNGs.

A classic mine (a round body, eight spikes, a highlight) on a tile. Coordinates are in a unit square,
(0, 0) top left. `python tools/icons.py` writes icons/; tools/generate.py does the same on every `make`.

Glossary:
    shape     a filled circle, polygon or rounded rectangle in unit coordinates
    any       the plain icon: the tile with rounded corners on a transparent ground
    maskable  a full-bleed square whose content stays inside the safe zone (the circle of radius 0.4
              around the centre), because launchers cut it to a circle, a squircle or a rounded square
"""

from __future__ import annotations

import io
import math
import sys
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "icons"

# The page's colours (css/theme.css): the tile is the red cell of the mine that was hit (--boom), raised
# like the board's cells (light top left, shadow bottom right).
TILE = "#ff3b30"
TILE_HIGHLIGHT = "#ff9a92"
TILE_SHADOW = "#b3261e"
MINE = "#15181d"
SHINE = "#ffffff"
SAFE_ZONE_RADIUS = 0.4
SUPERSAMPLE = 4  # PNGs are drawn this many times larger and scaled down: smooth edges without an SVG renderer

Point = tuple[float, float]


@dataclass(frozen=True)
class Circle:
    centre: Point
    radius: float
    fill: str


@dataclass(frozen=True)
class Polygon:
    points: tuple[Point, ...]
    fill: str


@dataclass(frozen=True)
class RoundedRect:
    corner: Point
    size: float
    radius: float
    fill: str


Shape = Circle | Polygon | RoundedRect


def spike(angle: float, length: float, width: float, centre: Point) -> Polygon:
    """A bar from the centre outwards: a spike of the mine."""
    (cx, cy), dx, dy = centre, math.cos(angle), math.sin(angle)
    nx, ny = -dy * width / 2, dx * width / 2
    tip = (cx + dx * length, cy + dy * length)
    points = ((cx + nx, cy + ny), (tip[0] + nx, tip[1] + ny), (tip[0] - nx, tip[1] - ny), (cx - nx, cy - ny))
    return Polygon(points, MINE)


def mine(scale: float) -> list[Shape]:
    """The mine centred in the unit square; its farthest point is at 0.34 * scale from the centre."""
    centre = (0.5, 0.5)
    spikes = [
        spike(math.pi / 4 * i, (0.34 if i % 2 == 0 else 0.29) * scale, 0.075 * scale, centre)
        for i in range(8)
    ]
    shine = Circle((0.5 - 0.075 * scale, 0.5 - 0.075 * scale), 0.055 * scale, SHINE)
    return [*spikes, Circle(centre, 0.21 * scale, MINE), shine]


def any_icon() -> list[Shape]:
    """A raised tile with the mine on it."""
    return [
        RoundedRect((0.02, 0.02), 0.96, 0.18, TILE_SHADOW),
        RoundedRect((0.02, 0.02), 0.93, 0.18, TILE_HIGHLIGHT),
        RoundedRect((0.06, 0.06), 0.88, 0.15, TILE),
        *mine(1.0),
    ]


def maskable_icon() -> list[Shape]:
    """Full bleed: the launcher cuts the corners, so the tile is the whole square and the mine is smaller."""
    return [RoundedRect((0, 0), 1, 0, TILE), *mine(0.9)]


def farthest_point(shapes: list[Shape], centre: Point = (0.5, 0.5)) -> float:
    """How far the drawing reaches from the centre, background excluded (the safe-zone check)."""
    reach = 0.0
    for shape in shapes:
        if isinstance(shape, Circle):
            reach = max(reach, math.dist(shape.centre, centre) + shape.radius)
        elif isinstance(shape, Polygon):
            reach = max(reach, *(math.dist(p, centre) for p in shape.points))
    return reach


def svg(shapes: list[Shape]) -> str:
    """The drawing as an SVG document, 1 unit = 100 user units."""
    lines = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">']
    lines += [f"  {svg_element(shape)}" for shape in shapes]
    return "\n".join([*lines, "</svg>"]) + "\n"


def svg_element(shape: Shape) -> str:
    def u(value: float) -> str:
        return f"{100 * value:.2f}"

    if isinstance(shape, Circle):
        (x, y), r = shape.centre, shape.radius
        return f'<circle cx="{u(x)}" cy="{u(y)}" r="{u(r)}" fill="{shape.fill}"/>'
    if isinstance(shape, Polygon):
        points = " ".join(f"{u(x)},{u(y)}" for x, y in shape.points)
        return f'<polygon points="{points}" fill="{shape.fill}"/>'
    (x, y), size, r = shape.corner, u(shape.size), u(shape.radius)
    return f'<rect x="{u(x)}" y="{u(y)}" width="{size}" height="{size}" rx="{r}" fill="{shape.fill}"/>'


def png(shapes: list[Shape], size: int, opaque: bool = False) -> bytes:
    """The drawing as a size x size PNG (RGBA, or RGB when `opaque` as iOS wants)."""
    big = size * SUPERSAMPLE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    for shape in shapes:
        if isinstance(shape, Circle):
            (x, y), r = shape.centre, shape.radius
            draw.ellipse([(x - r) * big, (y - r) * big, (x + r) * big, (y + r) * big], fill=shape.fill)
        elif isinstance(shape, Polygon):
            draw.polygon([(x * big, y * big) for x, y in shape.points], fill=shape.fill)
        else:
            (x, y), s = shape.corner, shape.size
            box = [x * big, y * big, (x + s) * big - 1, (y + s) * big - 1]
            draw.rounded_rectangle(box, radius=shape.radius * big, fill=shape.fill)
    small = image.resize((size, size), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    (small.convert("RGB") if opaque else small).save(out, format="PNG", optimize=True)
    return out.getvalue()


def icons() -> dict[str, bytes]:
    """Every icon file, by its path under icons/ (the names manifest.webmanifest and index.html use)."""
    return {
        "icon.svg": svg(any_icon()).encode(),
        "icon-192.png": png(any_icon(), 192),
        "icon-512.png": png(any_icon(), 512),
        "maskable-512.png": png(maskable_icon(), 512),
        "apple-touch-icon.png": png(maskable_icon(), 180, opaque=True),
    }


def write(folder: Path = ICONS) -> list[str]:
    """Write the icons into `folder`; returns the names of the files that changed."""
    folder.mkdir(parents=True, exist_ok=True)
    changed = []
    for name, data in icons().items():
        path = folder / name
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)
            changed.append(name)
    return changed


def main() -> int:
    changed = write()
    print(f"icons: {', '.join(changed) or 'unchanged'} -> {ICONS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
