"""Client of the current file-upload job API (``{api_url}``: auth/login, auth/whoami, auth/logout,
distribution/addFile, distribution/replaceFile, job/{jobId}), standard library only.

Behaves like the TypeScript ``JobApiClient`` (src/api/job-api-client.ts): the token goes in ``X-Auth-Token``; uploads
stream the file from disk as multipart (field ``file``); job ids are exact 64-bit integers (Python's ``json`` reads
integers exactly, and this client never turns an id into a float); ``wait_for_job`` polls every 2 s until SUCCESS or
FAILED (FAILED is a result, not an exception) and retries a few transient failures; every refusal is an ``ApiError``
subclass chosen by status, carrying the server's message.
"""

from __future__ import annotations

import http.client
import json
import mimetypes
import os
import ssl
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Mapping, Optional, Tuple, Union
from urllib.parse import quote, urlsplit

from .errors import (
    ApiError,
    BadPayloadError,
    JobWaitTimeoutError,
    NetworkError,
    error_class,
    parse_retry_after,
)
from .filename import filename_problem
from .multipart import multipart_frame

__all__ = [
    "AcceptedJob",
    "DEFAULT_POLL_INTERVAL",
    "Job",
    "JobApiClient",
    "LoginResult",
    "WhoAmI",
    "is_terminal",
]

#: The recommended polling interval of the API, in seconds.
DEFAULT_POLL_INTERVAL = 2.0
#: Transient failures (network, 502/503/504) tolerated in a row while waiting before giving up.
WAIT_RETRIES = 3
#: Bytes read from the file and sent at once (progress granularity).
CHUNK_BYTES = 64 * 1024
STATUSES = ("PENDING", "PROCESSING", "SUCCESS", "FAILED")
USER_AGENT = "catalog-blocks-jobs-python/1.0"

JobIdLike = Union[int, str]
PathLike = Union[str, "os.PathLike[str]"]


def is_terminal(status: str) -> bool:
    """SUCCESS and FAILED are final; PENDING and PROCESSING are not."""
    return status in ("SUCCESS", "FAILED")


def job_id_of(value: JobIdLike) -> int:
    """A job id as an exact int: an int, or a decimal string (as the TypeScript client and the CLI print them).
    Floats are refused: a double cannot hold most 64-bit ids."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise TypeError(f"A job id is an int or a decimal string, not {type(value).__name__} (a float loses digits)")
    if isinstance(value, str):
        if not value.isascii() or not value.isdigit():
            raise ValueError(f"A job id is a decimal integer, not {value!r}")
        value = int(value)
    if value < 1:
        raise ValueError(f"A job id is a positive integer, not {value}")
    return value


@dataclass(frozen=True)
class LoginResult:
    token: str
    user: str
    #: When the session ends (ISO 8601 UTC), when the server says.
    expires: Optional[str] = None
    #: For the X-CSRF-Token header of cookie sessions (browsers); scripts need nothing more than the token.
    csrf_token: Optional[str] = None


@dataclass(frozen=True)
class WhoAmI:
    user: str
    authenticated: bool


@dataclass(frozen=True)
class AcceptedJob:
    """The 202 answer of add_file / replace_file."""

    job_id: int
    status: str
    message: str


@dataclass(frozen=True)
class Job:
    """A job record. Fields the server leaves out in a state are None (queue_position only while PENDING, progress
    only while PROCESSING, terminated on SUCCESS and FAILED, result_url on SUCCESS, error on FAILED)."""

    job_id: int
    status: str
    job_type: Optional[str] = None
    resource_uri: Optional[str] = None
    filename: Optional[str] = None
    user: Optional[str] = None
    received: Optional[str] = None
    terminated: Optional[str] = None
    result_url: Optional[str] = None
    error: Optional[str] = None
    queue_position: Optional[int] = None
    progress: Optional[int] = None
    #: The record as the server wrote it (ids exact).
    raw: Dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def terminal(self) -> bool:
        return is_terminal(self.status)


@dataclass(frozen=True)
class _Answer:
    status: int
    headers: Mapping[str, str]
    body: bytes
    url: str


class _LocalFileError(Exception):
    """Reading the file being uploaded failed: the caller gets that OSError, not a NetworkError."""

    def __init__(self, cause: OSError) -> None:
        super().__init__(str(cause))
        self.cause = cause


def _str(v: Any) -> Optional[str]:
    return v if isinstance(v, str) else None


def _int(v: Any) -> Optional[int]:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _wire_job_id(obj: Mapping[str, Any], url: str) -> int:
    v = obj.get("jobId")
    if isinstance(v, str) and v.isascii() and v.isdigit():
        v = int(v)
    if isinstance(v, int) and not isinstance(v, bool) and v > 0:
        return v
    raise BadPayloadError(f"The API answered without an integer jobId for {url}")


def job_from_json(obj: Mapping[str, Any], url: str = "") -> Job:
    """A job record from the wire, checked for id and status; optional fields kept when of the right type."""
    job_id = _wire_job_id(obj, url)
    status = obj.get("status")
    if status not in STATUSES:
        raise BadPayloadError(f"The API answered an unknown job status {json.dumps(status)} for {url}")
    return Job(
        job_id=job_id,
        status=status,
        job_type=_str(obj.get("jobType")),
        resource_uri=_str(obj.get("resourceURI")),
        filename=_str(obj.get("filename")),
        user=_str(obj.get("user")),
        received=_str(obj.get("received")),
        terminated=_str(obj.get("terminated")),
        result_url=_str(obj.get("resultUrl")),
        error=_str(obj.get("error")),
        queue_position=_int(obj.get("queuePosition")),
        progress=_int(obj.get("progress")),
        raw=dict(obj),
    )


def _parse_json(text: bytes) -> Any:
    # Integers stay int (exact at any size); only fractions and exponents become floats.
    return json.loads(text.decode("utf-8"))


class JobApiClient:
    """
    Example::

        api = JobApiClient("https://catalog.example.org/api")
        api.login("<EMAIL>", "<PASSWORD>")
        accepted = api.add_file("https://catalog.example.org/store/1/resource/42", "data.csv")
        job = api.wait_for_job(accepted.job_id, on_progress=lambda j: print(j.status, j.progress or ""))
        print(job.result_url if job.status == "SUCCESS" else job.error)
    """

    def __init__(self, api_url: str, token: Optional[str] = None, *, timeout: float = 60.0,
                 ssl_context: Optional[ssl.SSLContext] = None) -> None:
        """``api_url`` is ``{api_url}``, e.g. ``https://example.org/api`` (a trailing slash is ignored); ``token`` a
        session token from an earlier login (sent as X-Auth-Token); ``timeout`` the socket timeout in seconds of
        each connect and read."""
        self.api_url = api_url.strip().rstrip("/")
        parts = urlsplit(self.api_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"api_url must be an http(s) URL, not {api_url!r}")
        self._scheme = parts.scheme
        self._host = parts.hostname
        self._port = parts.port
        self._base_path = parts.path.rstrip("/")
        #: Current session token; set by login, cleared by logout.
        self.token: Optional[str] = token
        #: CSRF token of the login (for browser cookie sessions; unused by this client).
        self.csrf_token: Optional[str] = None
        self.timeout = timeout
        self._ssl_context = ssl_context

    # -- transport ------------------------------------------------------------------------------------------------

    def _connection(self) -> http.client.HTTPConnection:
        if self._scheme == "https":
            return http.client.HTTPSConnection(self._host, self._port, timeout=self.timeout,
                                               context=self._ssl_context or ssl.create_default_context())
        return http.client.HTTPConnection(self._host, self._port, timeout=self.timeout)

    def _headers(self, extra: Optional[Mapping[str, str]] = None) -> Dict[str, str]:
        headers = {"Accept": "application/json", "User-Agent": USER_AGENT}
        if self.token:
            headers["X-Auth-Token"] = self.token
        if extra:
            headers.update(extra)
        return headers

    def _exchange(self, method: str, path: str, headers: Mapping[str, str],
                  send_body: Callable[[http.client.HTTPConnection], None]) -> _Answer:
        """One request on a fresh connection; every transport failure becomes NetworkError."""
        url = f"{self._scheme}://{self._host}{':' + str(self._port) if self._port else ''}{path}"
        conn = self._connection()
        try:
            try:
                conn.putrequest(method, path, skip_accept_encoding=True)
                for k, v in headers.items():
                    conn.putheader(k, v)
                conn.endheaders()
                send_failure: Optional[OSError] = None
                try:
                    send_body(conn)
                except (BrokenPipeError, ConnectionResetError) as e:
                    # The server may have answered (and closed) before taking the whole body: read that answer.
                    send_failure = e
                try:
                    res = conn.getresponse()
                    body = res.read()
                except (http.client.HTTPException, OSError) as e:
                    raise (send_failure or e)
                return _Answer(res.status, {k.lower(): v for k, v in res.getheaders()}, body, url)
            except (http.client.HTTPException, OSError) as e:
                reason = f"{type(e).__name__}: {e}" if str(e) else type(e).__name__
                raise NetworkError(f"The API could not be reached ({reason}): {url}") from e
        finally:
            conn.close()

    def _request(self, method: str, path: str, body: Optional[bytes] = None,
                 headers: Optional[Mapping[str, str]] = None) -> _Answer:
        all_headers = self._headers(headers)
        if body is not None or method == "POST":
            all_headers["Content-Length"] = str(len(body or b""))

        def send(conn: http.client.HTTPConnection) -> None:
            if body:
                conn.send(body)

        return self._exchange(method, f"{self._base_path}{path}", all_headers, send)

    @staticmethod
    def _error(ans: _Answer) -> ApiError:
        text = ans.body.decode("utf-8", errors="replace")
        try:
            parsed: Any = _parse_json(ans.body)
        except ValueError:
            parsed = text
        server_message = parsed.get("error") if isinstance(parsed, dict) else None
        message = server_message if isinstance(server_message, str) and server_message else \
            f"The API answered {ans.status} for {ans.url}"
        return error_class(ans.status)(ans.status, message, body=parsed, url=ans.url,
                                       retry_after=parse_retry_after(ans.headers.get("retry-after")))

    def _ok(self, ans: _Answer) -> _Answer:
        if not 200 <= ans.status <= 299:
            raise self._error(ans)
        return ans

    @staticmethod
    def _object(ans: _Answer) -> Dict[str, Any]:
        try:
            parsed = _parse_json(ans.body)
        except ValueError as e:
            raise BadPayloadError(f"The API answered with invalid JSON for {ans.url} ({e})") from e
        if not isinstance(parsed, dict):
            raise BadPayloadError(f"The API answered with JSON that is not an object for {ans.url}")
        return parsed

    # -- session --------------------------------------------------------------------------------------------------

    def login(self, username: str, password: str, max_age_seconds: Optional[int] = None) -> LoginResult:
        """``POST {api}/auth/login``. Keeps the token for the following calls. ``max_age_seconds`` asks for a
        longer session (the server clamps it to 30 days); None or 0 = the server's default.
        Raises AuthError (401, wrong credentials), RateLimitError (429, ``retry_after``), BadRequestError (400)."""
        payload: Dict[str, Any] = {"username": username, "password": password}
        if max_age_seconds:
            if isinstance(max_age_seconds, bool) or not isinstance(max_age_seconds, int):
                raise TypeError("max_age_seconds is an int (seconds)")
            payload["max_age_seconds"] = max_age_seconds
        ans = self._ok(self._request("POST", "/auth/login", json.dumps(payload).encode("utf-8"),
                                     {"Content-Type": "application/json"}))
        obj = self._object(ans)
        token = _str(obj.get("auth_token"))
        if not token:
            raise BadPayloadError(f"The API's login answer has no auth_token ({ans.url})")
        self.token = token
        self.csrf_token = _str(obj.get("csrf_token")) or None
        return LoginResult(token=token, user=_str(obj.get("user")) or username,
                           expires=_str(obj.get("expires")) or None, csrf_token=self.csrf_token)

    def whoami(self) -> WhoAmI:
        """``GET {api}/auth/whoami``: user ``guest``, not authenticated, for a missing, expired or foreign token."""
        obj = self._object(self._ok(self._request("GET", "/auth/whoami")))
        return WhoAmI(user=_str(obj.get("user")) or "guest", authenticated=obj.get("authenticated") is True)

    def logout(self) -> None:
        """``POST {api}/auth/logout``: the token stops working on the server, and this client forgets it. Do not
        call it on a token meant for reuse."""
        self._ok(self._request("POST", "/auth/logout"))
        self.token = None
        self.csrf_token = None

    # -- files ----------------------------------------------------------------------------------------------------

    def add_file(self, distribution_uri: str, path: PathLike, *, filename: Optional[str] = None,
                 content_type: Optional[str] = None,
                 on_upload_progress: Optional[Callable[[int, int], None]] = None) -> AcceptedJob:
        """``POST {api}/distribution/addFile?resourceURI=<distribution>``: streams the file at ``path`` and returns
        the queued job (202). The finished job's ``result_url`` is the new file's resource URI."""
        return self._upload("addFile", distribution_uri, path, filename, content_type, on_upload_progress)

    def replace_file(self, file_uri: str, path: PathLike, *, filename: Optional[str] = None,
                     content_type: Optional[str] = None,
                     on_upload_progress: Optional[Callable[[int, int], None]] = None) -> AcceptedJob:
        """``POST {api}/distribution/replaceFile?resourceURI=<file>``: streams the file at ``path`` and returns the
        queued job (202). ``file_uri`` is the file entry's resource URI (an add job's ``result_url``)."""
        return self._upload("replaceFile", file_uri, path, filename, content_type, on_upload_progress)

    def _upload(self, op: str, resource_uri: str, path: PathLike, filename: Optional[str],
                content_type: Optional[str], on_progress: Optional[Callable[[int, int], None]]) -> AcceptedJob:
        name = filename if filename is not None else os.path.basename(os.fspath(path))
        problem = filename_problem(name)
        if problem:
            raise ValueError(f"The API refuses the filename {name!r} ({problem}); pass filename=... to send another")
        media_type = content_type or mimetypes.guess_type(name)[0] or "application/octet-stream"
        with open(path, "rb") as f:  # FileNotFoundError / IsADirectoryError as Python raises them
            size = os.fstat(f.fileno()).st_size
            frame = multipart_frame(name, media_type, size)
            headers = self._headers({"Content-Type": frame.content_type, "Content-Length": str(frame.total)})

            def send(conn: http.client.HTTPConnection) -> None:
                conn.send(frame.head)
                sent = len(frame.head)
                left = size
                while left > 0:
                    try:
                        chunk = f.read(min(CHUNK_BYTES, left))
                    except OSError as e:
                        raise _LocalFileError(e) from e
                    if not chunk:
                        raise _LocalFileError(OSError(
                            f"{os.fspath(path)} shrank while it was being sent ({size - left} of {size} bytes)"))
                    conn.send(chunk)
                    left -= len(chunk)
                    sent += len(chunk)
                    if on_progress:
                        on_progress(sent, frame.total)
                conn.send(frame.tail)
                if on_progress:
                    on_progress(frame.total, frame.total)

            try:
                ans = self._ok(self._exchange(
                    "POST", f"{self._base_path}/distribution/{op}?resourceURI={quote(resource_uri, safe='')}",
                    headers, send))
            except _LocalFileError as e:
                raise e.cause from None
        obj = self._object(ans)
        return AcceptedJob(job_id=_wire_job_id(obj, ans.url), status="PENDING", message=_str(obj.get("message")) or "")

    # -- jobs -----------------------------------------------------------------------------------------------------

    def get_job(self, job_id: JobIdLike) -> Job:
        """``GET {api}/job/{jobId}``. NotFoundError (404) for an unknown, foreign or expired job."""
        jid = job_id_of(job_id)
        ans = self._ok(self._request("GET", f"/job/{jid}"))
        return job_from_json(self._object(ans), ans.url)

    def wait_for_job(self, job_id: JobIdLike, interval: float = DEFAULT_POLL_INTERVAL, timeout: Optional[float] = None,
                     on_progress: Optional[Callable[[Job], None]] = None) -> Job:
        """Polls the job every ``interval`` seconds (2 s, the API's recommendation) until SUCCESS or FAILED and
        returns that record (FAILED is a result: check ``job.status`` and ``job.error``). PROCESSING may last long
        (a connected API rebuild): no limit unless ``timeout`` (seconds; then JobWaitTimeoutError). ``on_progress``
        sees every poll. Up to 3 transient failures in a row (network, 502-504) are retried; any other ApiError
        (e.g. 404 after retention) is raised at once."""
        jid = job_id_of(job_id)
        interval = max(0.0, float(interval))
        deadline = None if timeout is None else time.monotonic() + timeout
        last: Optional[Job] = None
        failures = 0
        while True:
            try:
                last = self.get_job(jid)
                failures = 0
                if on_progress:
                    on_progress(last)
                if last.terminal:
                    return last
            except (NetworkError, ApiError) as e:
                transient = isinstance(e, NetworkError) or (isinstance(e, ApiError) and e.status in (502, 503, 504))
                failures += 1
                if not transient or failures > WAIT_RETRIES:
                    raise
            pause = interval
            if deadline is not None:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise JobWaitTimeoutError(jid, last, timeout)  # type: ignore[arg-type]
                pause = min(pause, remaining)
            time.sleep(pause)
