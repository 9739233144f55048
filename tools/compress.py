"""Gzip siblings of the site's big files: `X.gz` beside `X`, for any host, compressing or not.

A host that compresses nothing (S3, many self-hosted servers) would send the runtime's 9.6 MB of WebAssembly
as it is, and none compresses a .zip: the site fetches these files as `X.gz` and the browser decompresses
them (DecompressionStream, in every engine): the service worker once, keeping the plain bytes under `X`, or
js/boot.mjs when no worker serves the page. `X` stays beside its `.gz`, for a browser without
DecompressionStream. tools/precache.py says which files (`COMPRESSED`); tools/vendor.py writes the
runtime's, tools/generate.py the generated ones', tools/dist.py checks them all.

Zopfli (a pyproject dev dependency) makes gzip that any gunzip reads, 3 to 5% smaller than zlib's best
(the WebAssembly: 3,415,020 bytes against 3,528,803; the first visit 4.97 MB against 5.16), at about 15 s
of CPU for the runtime: worth it for files every first visit downloads and the build writes rarely.

Glossary:
    sibling   `X.gz` for a file `X`: its bytes gzipped, with no name or date in the header
"""

from __future__ import annotations

import gzip
import zlib
from pathlib import Path

SUFFIX = ".gz"
ITERATIONS = 1  # zopfli's passes: 15 (its default) takes ten times as long for 0.2% less


def sibling(path: Path) -> Path:
    return path.with_name(path.name + SUFFIX)


def gzipped(data: bytes) -> bytes:
    """`data` gzipped as small as zopfli makes it, the same bytes each time."""
    import zopfli.gzip  # only a build that writes a sibling needs it

    return bytes(zopfli.gzip.compress(data, numiterations=ITERATIONS))


def is_current(path: Path) -> bool:
    """The sibling exists and holds exactly `path`'s bytes."""
    try:
        return gzip.decompress(sibling(path).read_bytes()) == path.read_bytes()
    except (OSError, EOFError, zlib.error):
        return False


def write(path: Path) -> bool:
    """Write `path`'s sibling unless it is current; whether it was written."""
    if is_current(path):
        return False
    sibling(path).write_bytes(gzipped(path.read_bytes()))
    return True
