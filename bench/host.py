"""Static hosts as the site meets them, for the benchmarks and the tests of compressed files: a server of a
folder (tools/serve.py's, with its MIME types) that compresses as a kind of host does, optionally over a slow
network, and counts the bytes of each body it sends (on the wire: compressed where it compressed).

Kinds of host (`KINDS`):
- plain: sends every file as it is (S3 alone, many self-hosted servers);
- gzip: gzips text, JavaScript, JSON, SVG and WebAssembly on the fly, as GitHub Pages does, not a .zip, a
  sibling (.gz, .zst), a font or an image (a sibling goes out as the compressed bytes it is);
- encoded: sends a sibling with its codec as `Content-Encoding` (`gzip` for a .gz, `zstd` for a .zst) and
  the type of the file inside, which the browser then decompresses itself (Apache's `AddEncoding gzip .gz`,
  an S3 object uploaded with that header): the page must not decompress those bytes a second time.

A network (`Network`): each response waits a round trip before its headers, and every body shares one
downlink's rate (a token bucket), as the phone profile of bench/page.py has it: 9 Mbps down, 60 ms.

Not part of the site: `make dist` builds the site, this serves it the ways hosts do.
"""

from __future__ import annotations

import functools
import gzip
import io
import threading
import time
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, BinaryIO

import serve


class Kind(StrEnum):
    PLAIN = "plain"
    GZIP = "gzip"
    ENCODED = "encoded"


KINDS = tuple(Kind)
# What GitHub Pages compresses, by the type it sends (tools/serve.py's types for the site's suffixes).
COMPRESSED_TYPES = {
    "text/html",
    "text/css",
    "text/javascript",
    "application/json",
    "application/manifest+json",
    "image/svg+xml",
    "application/wasm",
    "text/x-python",
}
CHUNK = 16 * 1024
ENCODINGS = {".gz": "gzip", ".zst": "zstd"}  # a sibling's suffix: its Content-Encoding on an encoded host


@dataclass(frozen=True)
class Network:
    """A downlink's rate and a round trip, as a throttled connection has them."""

    bits_per_second: float
    round_trip_s: float


PHONE_4G = Network(bits_per_second=9e6, round_trip_s=0.060)


class Downlink:
    """One link's rate, shared by every body the server sends (a token bucket, no burst)."""

    def __init__(self, network: Network) -> None:
        self.bytes_per_second = network.bits_per_second / 8
        self.lock = threading.Lock()
        self.free_at = time.monotonic()

    def send(self, data: bytes, out: BinaryIO) -> None:
        for start in range(0, len(data), CHUNK):
            chunk = data[start : start + CHUNK]
            with self.lock:
                now = time.monotonic()
                self.free_at = max(self.free_at, now) + len(chunk) / self.bytes_per_second
                wait = self.free_at - now
            time.sleep(wait)
            out.write(chunk)


class Handler(serve.Handler):
    """tools/serve.py's handler, compressing as `kind` says, sending through `downlink` if there is one."""

    kind: Kind = Kind.PLAIN
    network: Network | None = None
    downlink: Downlink | None = None

    def send_head(self) -> Any:
        if self.network:
            time.sleep(self.network.round_trip_s)
        path = Path(self.translate_path(self.path))
        inner = path.with_suffix("") if path.suffix in ENCODINGS else path
        encoded = self.kind is Kind.ENCODED and path.suffix in ENCODINGS
        gzips = self.kind is Kind.GZIP and self.guess_type(str(path)) in COMPRESSED_TYPES
        if not path.is_file() or not (encoded or gzips):
            return super().send_head()
        modified = int(path.stat().st_mtime)
        since = self.headers.get("If-Modified-Since")
        if since and since == self.date_time_string(modified):  # the browser's copy is current
            self.send_response(304)
            self.end_headers()
            return None
        body = path.read_bytes() if encoded else gzipped(path.read_bytes())
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(inner)))
        self.send_header("Content-Encoding", ENCODINGS[path.suffix] if encoded else "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.end_headers()
        return io.BytesIO(body)

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        if self.downlink:
            self.downlink.send(data, outputfile)
        else:
            outputfile.write(data)
        self.server.sent.append((self.path, len(data)))  # type: ignore[attr-defined]


def gzipped(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=6, mtime=0)


def start(root: Path, kind: Kind = Kind.PLAIN, network: Network | None = None) -> serve.Server:
    """Serve `root` as a host of this kind, over `network` if given, in a daemon thread; the server notes
    each body it sends (`server.sent`: path, bytes on the wire)."""
    downlink = Downlink(network) if network else None
    attributes = {"kind": kind, "network": network, "downlink": downlink}
    handler = type(f"{kind.capitalize()}Host", (Handler,), attributes)
    server = serve.Server(("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
    server.verbose = False
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
