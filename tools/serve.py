"""A static file server with the MIME types the site needs.

`python tools/serve.py [--port N] [--root DIR] [--prefix /sub/path/]` serves DIR (the repository by
default) at http://127.0.0.1:N/prefix. Tests import `start()` to serve on a free port in a thread.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import io
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parent.parent

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".css": "text/css",
    ".html": "text/html",
    ".py": "text/x-python",
    ".zip": "application/zip",
    ".woff": "font/woff",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Serves files under `directory`, only below `prefix`; never caches (the service worker does)."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }
    prefix = "/"
    # `make serve` only: regenerate the site's generated files when the service worker checks for an update
    # (it fetches precache-manifest.js at every navigation), so an edited file shows up as a new version.
    regenerate: Callable[[], object] | None = None

    def do_GET(self) -> None:
        if self.regenerate and self.path.split("?")[0].endswith("/precache-manifest.js"):
            with REGENERATING:
                self.regenerate()
        super().do_GET()

    def translate_path(self, path: str) -> str:
        if not path.startswith(self.prefix):
            return str(Path(self.directory) / "\0missing")  # type: ignore[arg-type]
        return super().translate_path("/" + path[len(self.prefix) :])

    def end_headers(self) -> None:
        # Hosts' usual default: the browser may keep a copy and revalidates it (a 304 carries no body).
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        super().copyfile(source, outputfile)
        self.server.sent.append((self.path, source.tell()))  # type: ignore[attr-defined]

    def log_message(self, format: str, *args: object) -> None:
        if self.server.verbose:  # type: ignore[attr-defined]
            super().log_message(format, *args)


REGENERATING = threading.Lock()


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    verbose = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sent: list[tuple[str, int]] = []  # each body served, (path, bytes): what a visit downloads

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return  # the browser went away mid-body (its page closed or moved on): nothing went wrong here
        super().handle_error(request, client_address)


def make_server(root: Path = ROOT, port: int = 0, prefix: str = "/", verbose: bool = False) -> Server:
    """A server bound to 127.0.0.1:port (0 picks a free port), not yet serving."""
    if not prefix.startswith("/") or not prefix.endswith("/"):
        raise ValueError(f"prefix {prefix!r}: must start and end with '/'")
    handler = type("PrefixedHandler", (Handler,), {"prefix": prefix})
    server = Server(("127.0.0.1", port), functools.partial(handler, directory=str(root)))
    server.verbose = verbose
    return server


def start(root: Path = ROOT, port: int = 0, prefix: str = "/") -> Server:
    """Serve in a daemon thread; returns the server (its port is `server.server_address[1]`)."""
    server = make_server(root, port, prefix)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def regenerate_quietly() -> None:
    import generate  # only the dev server needs it (and Pillow with it)

    with contextlib.redirect_stdout(io.StringIO()):
        generate.main()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--prefix", default="/")
    args = parser.parse_args(argv)
    if args.root == ROOT:
        Handler.regenerate = staticmethod(regenerate_quietly)
    server = make_server(args.root, args.port, args.prefix, verbose=True)
    print(f"Serving {args.root} at http://127.0.0.1:{server.server_address[1]}{args.prefix}", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
