"""Settings of the tests that run against a live dev store, from the environment.

CATALOG_API_URL              the store's {api_url}, e.g. http://localhost:8080/api (required for the store tests)
CATALOG_API_USER / _PASSWORD an account that may write the demo catalog (default demo / demo-password)
CATALOG_TEST_READONLY_USER / _PASSWORD  optional: an account that may write no context of it (403 by permission)
CATALOG_TEST_DISTRIBUTION    a distribution without a connected API (default: one of the demo catalog)
CATALOG_TEST_API_SOURCE      a distribution with a connected API distribution (default: the demo's SwedishPolls CSV)
CATALOG_TEST_DATASET         a dataset URI (wrong kind for uploads; default: the demo's SwedishPolls dataset)
CATALOG_TEST_MAX_UPLOAD_BYTES the store's upload limit (default 52428800, the store's default of 50 MB)
CATALOG_TEST_POLL_INTERVAL   seconds between polls in tests that do not test the default (default 0.1)
"""

from __future__ import annotations

import os
import struct
import sys
import tempfile
import unittest
import zlib
from typing import Optional

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

API_URL = os.environ.get("CATALOG_API_URL", "").strip()
USER = os.environ.get("CATALOG_API_USER") or "demo"
PASSWORD = os.environ.get("CATALOG_API_PASSWORD") or "demo-password"
READONLY_USER = os.environ.get("CATALOG_TEST_READONLY_USER") or None
READONLY_PASSWORD = os.environ.get("CATALOG_TEST_READONLY_PASSWORD") or None
DISTRIBUTION = os.environ.get("CATALOG_TEST_DISTRIBUTION") or \
    "https://github.com/civictechsweden/oppna-luftfartygsregistret/blob/master/register.csv"
API_SOURCE = os.environ.get("CATALOG_TEST_API_SOURCE") or "https://github.com/MansMeg/SwedishPolls/blob/master/Data/Polls.csv"
DATASET = os.environ.get("CATALOG_TEST_DATASET") or "https://github.com/MansMeg/SwedishPolls"
UNKNOWN_URI = "https://nowhere.example/no-such-entry"
MAX_UPLOAD_BYTES = int(os.environ.get("CATALOG_TEST_MAX_UPLOAD_BYTES") or 50 * 1024 * 1024)
POLL = float(os.environ.get("CATALOG_TEST_POLL_INTERVAL") or 0.1)

TWO_53 = 2 ** 53
#: The exact texts of a FAILED job (SPEC "Errors"; dev-store/jobs/content.ts).
CONTENT_MISMATCH = "File content does not match declared type"
MUST_BE_CSV = "File content must be CSV"


def require_store() -> None:
    """Store tests need CATALOG_API_URL; without it they say so (test/api/sdk-python.test.ts always sets it)."""
    if not API_URL:
        raise unittest.SkipTest("CATALOG_API_URL is not set: start a dev store (npm run store) and export "
                                "CATALOG_API_URL=http://localhost:8080/api")


def png_bytes() -> bytes:
    """A real 1x1 PNG: binary content that file-type recognises, so a .csv name on it is a content mismatch."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00\x00")) + chunk(b"IEND", b""))


class TempFiles:
    """Files in one temporary folder, removed by cleanup()."""

    def __init__(self) -> None:
        self._dir = tempfile.TemporaryDirectory(prefix="cb-sdk-python-")

    def write(self, name: str, content: bytes, size: Optional[int] = None) -> str:
        path = os.path.join(self._dir.name, name)
        with open(path, "wb") as f:
            if size is None:
                f.write(content)
            else:  # a large file written in pieces (never built in memory)
                piece = content * max(1, (1024 * 1024) // max(1, len(content)))
                left = size
                while left > 0:
                    part = piece[:left]
                    f.write(part)
                    left -= len(part)
        return path

    def cleanup(self) -> None:
        self._dir.cleanup()
