"""Compressed siblings of the big files: `X.zst` or `X.gz` beside `X`, for any host, compressing or not.

A host that compresses nothing (S3, many self-hosted servers) would send the runtime's 9.6 MB of WebAssembly
as it is, and none compresses a .zip: the site fetches these files as their sibling and the browser
decompresses them: the service worker once, keeping the plain bytes under `X`, or js/boot.mjs when no worker
serves the page. `X` stays beside its sibling. tools/precache.py says which files (`COMPRESSED`);
tools/vendor.py writes the runtime's, tools/generate.py the generated ones', tools/dist.py checks them all.

Two codecs, by the file's kind (`codec`), the same rule as js/siblings.js's:
- the runtime and the page's modules (.wasm, .zip, .mjs: 4.8 of a first visit's 5.2 MB as gzip) as
  Zstandard, decoded by fzstd (npm, vendored; in every engine): 15 to 20% smaller than gzip's best (the
  WebAssembly: 2,897,742 bytes against zopfli's 3,415,020), at some 100 ms of a desktop's CPU to decode them
  all, as they arrive;
- the rest (the languages' texts, py/main.py, PyScript's module) as gzip, which the browser decompresses
  natively (DecompressionStream): js/frame.js reads the page's language's texts before the first paint,
  where a decoder to download first would cost more than Zstandard saves on a few kilobytes.

Zopfli (a pyproject dev dependency) makes gzip that any gunzip reads, 3 to 5% smaller than zlib's best.
Zstandard at level 19 with a 4 MiB window (the decoder keeps a window that size; 8 MiB saves 0.1% and decodes
a third slower).

Glossary:
    sibling   `X.zst` or `X.gz` for a file `X`: its bytes compressed, with no name or date in the header
    codec     a sibling's suffix, which says how it is compressed: ".zst" or ".gz"
"""

from __future__ import annotations

import gzip
import zlib
from pathlib import Path

GZIP, ZSTD = ".gz", ".zst"
SUFFIXES = (GZIP, ZSTD)
ZSTD_KINDS = {".wasm", ".zip", ".mjs"}  # js/siblings.js has the same rule
ITERATIONS = 1  # zopfli's passes: 15 (its default) takes ten times as long for 0.2% less
ZSTD_LEVEL, ZSTD_WINDOW_LOG = 19, 22


def codec(path: Path | str) -> str:
    """How `path`'s sibling is compressed: its suffix."""
    return ZSTD if Path(path).suffix in ZSTD_KINDS else GZIP


def sibling(path: Path) -> Path:
    return path.with_name(path.name + codec(path))


def packed(data: bytes, suffix: str) -> bytes:
    """`data` compressed as `suffix` says, as small as this codec makes it, the same bytes each time."""
    if suffix == ZSTD:
        import zstandard  # only a build that writes a sibling needs it

        parameters = zstandard.ZstdCompressionParameters.from_level(
            ZSTD_LEVEL, window_log=ZSTD_WINDOW_LOG, write_content_size=True, write_checksum=True
        )
        return zstandard.ZstdCompressor(compression_params=parameters).compress(data)
    import zopfli.gzip

    return bytes(zopfli.gzip.compress(data, numiterations=ITERATIONS))


def unpacked(data: bytes, suffix: str) -> bytes:
    """A sibling's bytes decompressed."""
    if suffix == ZSTD:
        import zstandard

        try:
            return zstandard.ZstdDecompressor().decompress(data)
        except zstandard.ZstdError as error:
            raise ValueError(f"not Zstandard: {error}") from error
    return gzip.decompress(data)


def is_current(path: Path) -> bool:
    """The sibling exists and holds exactly `path`'s bytes."""
    try:
        return unpacked(sibling(path).read_bytes(), codec(path)) == path.read_bytes()
    except (OSError, EOFError, zlib.error, ValueError):
        return False


def write(path: Path) -> bool:
    """Write `path`'s sibling unless it is current, and drop a sibling of the other codec (an older build's);
    whether it was written."""
    for suffix in SUFFIXES:
        if suffix != codec(path):
            path.with_name(path.name + suffix).unlink(missing_ok=True)
    if is_current(path):
        return False
    sibling(path).write_bytes(packed(path.read_bytes(), codec(path)))
    return True
