"""Typed failures of the job API client.

The API refused (an HTTP status outside 2xx) -> ``ApiError`` or the subclass for its status; the server could not
be reached -> ``NetworkError``; the server answered something unreadable -> ``BadPayloadError``; ``wait_for_job``
ran out of time -> ``JobWaitTimeoutError``. All of them derive from ``CatalogJobsError`` so a script can catch
everything of this package in one place, and still tell "the server said no" from "no server".
"""

from __future__ import annotations

import email.utils
import time
from typing import Any, Dict, Optional, Type


class CatalogJobsError(Exception):
    """Base of every exception this package raises."""


class NetworkError(CatalogJobsError):
    """The API could not be reached (connection refused, DNS, TLS, timeout, connection dropped)."""


class BadPayloadError(CatalogJobsError):
    """The API answered 2xx with a body this client cannot read (not JSON, no integer jobId, unknown status)."""


class ApiError(CatalogJobsError):
    """The API answered a non-2xx status.

    ``status`` is the HTTP status, ``message`` (also ``str(e)``) the server's ``error`` text when the body has one,
    ``body`` the parsed JSON body (or the raw text when it is not JSON) and ``url`` the request's URL.
    """

    def __init__(self, status: int, message: str, *, body: Any = None, url: str = "",
                 retry_after: Optional[int] = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.body = body
        self.url = url
        #: Seconds from the ``Retry-After`` header, when the answer had one (429).
        self.retry_after = retry_after


class BadRequestError(ApiError):
    """400: a missing resourceURI, a body that is not multipart, a filename the API refuses, a malformed login."""


class AuthError(ApiError):
    """401: wrong user name or password."""


class ForbiddenError(ApiError):
    """403: no, expired or logged-out token, or the user may not write the entry's context."""


class NotFoundError(ApiError):
    """404: the resourceURI resolves to nothing, or the job is unknown, another user's or past retention."""


class WrongKindError(ApiError):
    """422: the resourceURI names an entry of the wrong kind (a file to add_file, a distribution to replace_file)."""

    @property
    def kind(self) -> Optional[str]:
        """The kind of entry found (``file``, ``distribution``, ``dataset`` ...), from the body."""
        k = self.body.get("kind") if isinstance(self.body, dict) else None
        return k if isinstance(k, str) else None


class TooLargeError(ApiError):
    """413: the file is larger than the server's limit."""

    @property
    def limit_bytes(self) -> Optional[int]:
        """The server's size limit in bytes, from the body."""
        v = self.body.get("limitBytes") if isinstance(self.body, dict) else None
        return v if isinstance(v, int) and not isinstance(v, bool) else None


class RateLimitError(ApiError):
    """429: too many failed logins; ``retry_after`` says how many seconds to wait (even the right password is
    refused until then)."""


class ServerError(ApiError):
    """5xx: the server failed. ``wait_for_job`` retries 502, 503 and 504 a few times before raising it."""


class JobWaitTimeoutError(CatalogJobsError):
    """``wait_for_job(timeout=...)``: the job had not ended in time. It may still end later."""

    def __init__(self, job_id: int, last_job: Any, timeout: float) -> None:
        last = f" (last status {last_job.status})" if last_job is not None else ""
        super().__init__(f"Job {job_id} did not end within {timeout:g} s{last}")
        self.job_id = job_id
        self.last_job = last_job
        self.timeout = timeout


_BY_STATUS: Dict[int, Type[ApiError]] = {
    400: BadRequestError,
    401: AuthError,
    403: ForbiddenError,
    404: NotFoundError,
    413: TooLargeError,
    422: WrongKindError,
    429: RateLimitError,
}


def error_class(status: int) -> Type[ApiError]:
    """The exception class for an HTTP status (``ApiError`` itself for statuses without a class of their own)."""
    if status >= 500:
        return ServerError
    return _BY_STATUS.get(status, ApiError)


def parse_retry_after(value: Optional[str], now: Optional[float] = None) -> Optional[int]:
    """``Retry-After`` as whole seconds: delta-seconds or an HTTP date; None when absent or unreadable."""
    if not value:
        return None
    v = value.strip()
    if v.isdigit():
        return int(v)
    try:
        when = email.utils.parsedate_to_datetime(v)
    except (TypeError, ValueError):
        return None
    if when is None:
        return None
    delta = when.timestamp() - (time.time() if now is None else now)
    return max(0, int(-(-delta // 1)))
