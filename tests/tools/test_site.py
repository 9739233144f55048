"""The site's generated and built files, without a browser: the icons (sizes, safe zone, one geometry),
the counters' font, the web app manifest and the page's <head> that point at them, the precache list and
dist/."""

from __future__ import annotations

import base64
import functools
import hashlib
import io
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from PIL import Image

import compress
import dist
import icons
import ledfont
import precache
import serve

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "index.html").read_text()
MANIFEST = json.loads((ROOT / "manifest.webmanifest").read_text())


@functools.cache
def rendered() -> dict[str, bytes]:
    return icons.icons()


def head_links(rel: str) -> list[str]:
    return re.findall(rf'<link rel="{rel}" href="([^"]+)"', PAGE)


def meta(name: str) -> str:
    found = re.search(rf'<meta name="{name}" content="([^"]+)"', PAGE)
    assert found, f"index.html has no <meta name={name!r}>"
    return found.group(1)


def listed(root: Path) -> dict[str, str]:
    """The precache list a generated precache-manifest.js holds."""
    text = (root / precache.MANIFEST).read_text()
    return dict(json.loads(text[text.index("{") : text.rindex("}") + 1])["files"])


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    dist.build(out)
    return out


def test_png_icons_have_their_declared_sizes_and_the_apple_icon_is_opaque() -> None:
    files = rendered()
    for icon in MANIFEST["icons"]:
        name = icon["src"].removeprefix("icons/")
        assert name in files, f"manifest icon {icon['src']!r} is not generated"
        if icon["type"] == "image/png":
            width, height = (int(n) for n in icon["sizes"].split("x"))
            assert Image.open(io.BytesIO(files[name])).size == (width, height)
    apple = Image.open(io.BytesIO(files["apple-touch-icon.png"]))
    assert apple.size == (180, 180) and apple.mode == "RGB"  # iOS paints transparency black


def test_the_manifest_offers_any_and_maskable_icons_of_512_and_192() -> None:
    purposes = {(icon["sizes"], icon["purpose"]) for icon in MANIFEST["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable"), ("any", "any")} <= purposes


def test_the_maskable_icon_keeps_the_mine_in_the_safe_zone_and_fills_the_square() -> None:
    assert icons.farthest_point(icons.maskable_icon()) <= icons.SAFE_ZONE_RADIUS
    image = Image.open(io.BytesIO(rendered()["maskable-512.png"])).convert("RGBA")
    corners = [image.getpixel(p) for p in ((0, 0), (511, 0), (0, 511), (511, 511))]
    assert all(pixel[3] == 255 for pixel in corners)  # full bleed: a launcher's mask never shows a hole


def test_svg_and_png_are_drawn_from_the_same_shapes() -> None:
    root = ET.fromstring(rendered()["icon.svg"])
    assert root.get("viewBox") == "0 0 100 100"
    assert len(root) == len(icons.any_icon())
    # The mine's centre is dark and its shine white in the PNG as well.
    image = Image.open(io.BytesIO(rendered()["icon-512.png"])).convert("RGB")
    assert max(image.getpixel((256, 256))) < 60
    assert min(image.getpixel((round(512 * 0.425), round(512 * 0.425)))) > 200


def test_manifest_works_under_any_sub_path_and_matches_the_page() -> None:
    assert MANIFEST["start_url"] == MANIFEST["scope"] == "."
    assert MANIFEST["display"] == "standalone"
    assert MANIFEST["theme_color"] == MANIFEST["background_color"] == meta("theme-color")
    assert MANIFEST["name"] and MANIFEST["short_name"] and MANIFEST["description"]
    assert all(not src.startswith("/") for src in [icon["src"] for icon in MANIFEST["icons"]])


def test_the_page_links_the_manifest_and_icons_it_ships() -> None:
    files = set(precache.site_files())
    linked = head_links("manifest") + head_links("icon") + head_links("apple-touch-icon")
    assert len(linked) == 3
    assert all(link in files for link in linked), linked
    assert meta("apple-mobile-web-app-capable") == meta("mobile-web-app-capable") == "yes"


def test_the_content_security_policy_allows_only_this_site() -> None:
    found = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)"', PAGE)
    assert found
    policy = dict(d.strip().split(" ", 1) for d in found.group(1).split(";"))
    assert policy["default-src"] == "'self'"
    assert "http" not in found.group(1) and "*" not in found.group(1)
    # The browser applies a <meta> policy only to what comes after it: it must come first in <head>.
    assert PAGE.index("Content-Security-Policy") < PAGE.index("<link") < PAGE.index("<script")


def test_the_precache_list_is_every_site_file_with_its_hash() -> None:
    listing = precache.precache_list()
    files = listing["files"]
    assert isinstance(files, dict)
    site = ("index.html", "manifest.webmanifest", "pyscript.json", "py.zip", "py/main.py", "js/boot.mjs")
    assert [name for name in site if name not in files] == []
    assert not [name for name in files if name.startswith(("py/web/", "py/minesweeper/"))]  # in py.zip
    assert "vendor/pyodide/pyodide.asm.wasm" in files and "icons/maskable-512.png" in files
    assert not [name for name in files if name.endswith((".map", ".pyc")) or "__pycache__" in name]
    digest = base64.b64encode(hashlib.sha256((ROOT / "index.html").read_bytes()).digest()).decode()
    assert files["index.html"] == f"sha256-{digest}"


def test_a_changed_file_changes_the_worker_s_imported_list(tmp_path: Path) -> None:
    for name in ("index.html", "manifest.webmanifest", "pyscript.json", "py.zip"):
        (tmp_path / name).write_text(name)
    folders = ("i18n", "js", "css", "icons", "fonts", "py", "vendor/pyscript", "vendor/pyodide")
    for folder in (*folders, "vendor/fzstd"):
        (tmp_path / folder).mkdir(parents=True)
    (tmp_path / "py" / "main.py").write_text("print('one')\n")
    before = precache.manifest_js(tmp_path)
    (tmp_path / "py" / "main.py").write_text("print('two')\n")
    assert precache.manifest_js(tmp_path) != before
    assert precache.write(tmp_path) is True
    assert precache.write(tmp_path) is False  # unchanged files, unchanged list: no new worker


def test_the_list_says_which_files_travel_compressed_and_which_are_kept_once_used() -> None:
    listing = precache.precache_list()
    compressed, lazy = listing["compressed"], listing["lazy"]
    assert isinstance(compressed, list) and isinstance(lazy, list)
    runtime = ["vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/python_stdlib.zip", "py.zip"]
    assert set(runtime) <= set(compressed)
    assert not [name for name in compressed if name.startswith(("index.html", "css/", "js/", "icons/"))]
    assert "i18n/fr.mo" in lazy and "i18n/fr.json" in lazy and "icons/icon-512.png" in lazy
    assert not [name for name in lazy if not name.startswith(("i18n/", "icons/"))]
    assert "icons/icon.svg" not in lazy  # the page's own icon


def test_dist_holds_exactly_the_site_its_worker_and_a_list_that_matches(built: Path) -> None:
    on_disk = {p.relative_to(built).as_posix() for p in built.rglob("*") if p.is_file()}
    files = listed(built)
    text = (built / precache.MANIFEST).read_text()
    compressed = json.loads(text[text.index("{") : text.rindex("}") + 1])["compressed"]
    siblings = {name + compress.codec(name) for name in compressed}
    assert on_disk == {*files, *siblings, "service-worker.js", precache.MANIFEST}
    for name in compressed:  # each sibling is its file compressed, by the codec its suffix says
        sibling = (built / (name + compress.codec(name))).read_bytes()
        assert compress.unpacked(sibling, compress.codec(name)) == (built / name).read_bytes(), name
    # The runtime and the page's modules as Zstandard (its magic number), the rest as gzip (its own).
    magic = {name: (built / (name + compress.codec(name))).read_bytes()[:4] for name in compressed}
    zstd = sorted(name for name, first in magic.items() if first == b"\x28\xb5\x2f\xfd")
    assert zstd == sorted(name for name in compressed if name.endswith((".wasm", ".zip", ".mjs")))
    assert {"vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/python_stdlib.zip", "py.zip"} <= set(zstd)
    assert all(first[:2] == b"\x1f\x8b" for name, first in magic.items() if name not in zstd)
    for name, integrity in files.items():
        digest = base64.b64encode(hashlib.sha256((built / name).read_bytes()).digest()).decode()
        assert integrity == f"sha256-{digest}", name
    assert not [n for n in on_disk if n.startswith(("node_modules/", "tests/", "tools/", "bench/"))]
    assert not [n for n in on_disk if n.endswith(".map")]


def test_the_led_font_draws_each_counter_character_with_its_segments() -> None:
    data = ledfont.font_bytes()
    assert data == ledfont.font_bytes()  # the same bytes each time: no new version at every `make`
    font = TTFont(io.BytesIO(data))
    assert font.flavor == "woff"
    cmap, glyf = font.getBestCmap(), font["glyf"]
    lit = dict(zip("0123456789-\u2212", (6, 2, 5, 5, 4, 5, 6, 3, 7, 6, 1, 1), strict=True))  # segments lit
    assert {char: glyf[cmap[ord(char)]].numberOfContours for char in lit} == lit
    widths = {font["hmtx"][name][0] for name in font.getGlyphOrder()}
    assert widths == {ledfont.ADVANCE}  # one width: a counter never jitters as it counts
    ghost = ET.fromstring(ledfont.ghost_svg())  # the unlit segments: an 8, a character wide, a line high
    cell = f"0 0 {ledfont.ADVANCE + ledfont.SPACING} {ledfont.LINE}"
    assert len(ghost) == 7 and ghost.get("viewBox") == cell
    listed = precache.precache_list()["files"]
    assert "fonts/led.woff" in listed and "fonts/led-ghost.svg" in listed
    assert serve.MIME_TYPES[".woff"] == "font/woff"
    assert 'href="fonts/led.woff" as="font"' in PAGE


def test_the_page_and_the_build_agree_on_which_siblings_are_zstandard() -> None:
    script = (ROOT / "js" / "siblings.js").read_text()
    found = re.search(r"const ZSTD_KINDS = new Set\(\[([^\]]*)\]\)", script)
    assert found, "js/siblings.js: no ZSTD_KINDS"
    assert set(re.findall(r'"(\.[a-z]+)"', found[1])) == compress.ZSTD_KINDS
