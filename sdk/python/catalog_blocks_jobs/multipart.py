"""The multipart/form-data frame of an upload: one part named ``file``, written as head + file bytes + tail so the
file itself is streamed from disk in chunks and never held in memory."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Optional


def disposition_value(s: str) -> str:
    """Quoted-string value for Content-Disposition as browsers write it (HTML spec: ``"``, CR, LF percent-encoded);
    the rest is sent as UTF-8, which the API decodes."""
    return s.replace('"', "%22").replace("\r", "%0D").replace("\n", "%0A")


@dataclass(frozen=True)
class MultipartFrame:
    boundary: str
    head: bytes
    tail: bytes
    content_type: str
    #: The Content-Length: head + file size + tail.
    total: int


def multipart_frame(filename: str, media_type: str, size: int, boundary: Optional[str] = None) -> MultipartFrame:
    """Head and tail around ``size`` file bytes."""
    boundary = boundary or f"----catalog-blocks-{uuid.uuid4().hex}"
    media_type = "".join(c for c in (media_type or "application/octet-stream") if c not in '\r\n"')
    head = (
        f"--{boundary}\r\n"
        f'Content-Disposition: form-data; name="file"; filename="{disposition_value(filename)}"\r\n'
        f"Content-Type: {media_type}\r\n\r\n"
    ).encode("utf-8")
    tail = f"\r\n--{boundary}--\r\n".encode("ascii")
    return MultipartFrame(boundary, head, tail, f"multipart/form-data; boundary={boundary}", len(head) + size + len(tail))
