"""The current API's filename rule, checked before sending (the server answers 400 by the same rule).

Mirrors ``src/api/filename.ts``: the first problem in this order is reported -- ``empty``; ``separator`` (``/`` or
``\\``, also where only the NFKC form has one, e.g. fullwidth U+FF0F); ``tooLong`` (more than 200 code points);
``control`` (C0, DEL, C1, U+2028, U+2029); ``bidi`` (bidirectional formatting characters); ``dotSegment`` (``.`` or
``..``, also after NFKC); ``edge`` (the NFKC form begins or ends with white space, or ends with a dot).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Optional

MAX_FILENAME_CHARS = 200

_SEPARATOR = re.compile(r"[/\\]")
_CONTROL = re.compile("[\u0000-\u001f\u007f-\u009f\u2028\u2029]")
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")
_EDGE = re.compile(r"^\s|\s$|\.$")


def filename_problem(name: Optional[str]) -> Optional[str]:
    """The name of the first rule ``name`` breaks, or None when the API accepts it."""
    if not name:
        return "empty"
    nfkc = unicodedata.normalize("NFKC", name)
    if _SEPARATOR.search(name) or _SEPARATOR.search(nfkc):
        return "separator"
    if len(name) > MAX_FILENAME_CHARS:  # a Python str counts code points, as the rule does
        return "tooLong"
    if _CONTROL.search(name) or _CONTROL.search(nfkc):
        return "control"
    if _BIDI.search(name) or _BIDI.search(nfkc):
        return "bidi"
    if nfkc in (".", ".."):
        return "dotSegment"
    if _EDGE.search(nfkc):
        return "edge"
    return None
