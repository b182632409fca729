"""Python client of the catalog-blocks / EntryStore file-upload job API (standard library only).

    from catalog_blocks_jobs import JobApiClient
    api = JobApiClient("https://catalog.example.org/api")
    api.login("<EMAIL>", "<PASSWORD>")
    job = api.wait_for_job(api.add_file(distribution_uri, "data.csv").job_id)
"""

from .client import (
    DEFAULT_POLL_INTERVAL,
    AcceptedJob,
    Job,
    JobApiClient,
    LoginResult,
    WhoAmI,
    is_terminal,
    job_from_json,
    job_id_of,
)
from .errors import (
    ApiError,
    AuthError,
    BadPayloadError,
    BadRequestError,
    CatalogJobsError,
    ForbiddenError,
    JobWaitTimeoutError,
    NetworkError,
    NotFoundError,
    RateLimitError,
    ServerError,
    TooLargeError,
    WrongKindError,
    error_class,
)
from .filename import MAX_FILENAME_CHARS, filename_problem

#: Alias named after the status's meaning (a subclass of ApiError, not of the built-in PermissionError).
PermissionDeniedError = ForbiddenError

__version__ = "1.0.0"

__all__ = [
    "AcceptedJob", "ApiError", "AuthError", "BadPayloadError", "BadRequestError", "CatalogJobsError",
    "DEFAULT_POLL_INTERVAL", "ForbiddenError", "Job", "JobApiClient", "JobWaitTimeoutError", "LoginResult",
    "MAX_FILENAME_CHARS", "NetworkError", "NotFoundError", "PermissionDeniedError", "RateLimitError", "ServerError",
    "TooLargeError", "WhoAmI", "WrongKindError", "error_class", "filename_problem", "is_terminal", "job_from_json",
    "job_id_of",
]
