"""Typed errors against a live dev store: each refusal is the ApiError subclass of its status and carries the
server's message."""

from __future__ import annotations

import socket
import time
import unittest
import uuid

from catalog_blocks_jobs import (
    ApiError, AuthError, BadRequestError, CatalogJobsError, ForbiddenError, JobApiClient, NetworkError, NotFoundError,
    PermissionDeniedError, RateLimitError, TooLargeError, WrongKindError,
)

from .support import (
    API_URL, DATASET, DISTRIBUTION, MAX_UPLOAD_BYTES, PASSWORD, READONLY_PASSWORD, READONLY_USER, UNKNOWN_URI, USER,
    TempFiles, require_store,
)


class StoreErrorsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        require_store()
        cls.files = TempFiles()
        cls.csv = cls.files.write("small.csv", b"a\n1\n")
        cls.api = JobApiClient(API_URL)
        cls.api.login(USER, PASSWORD)

    @classmethod
    def tearDownClass(cls) -> None:
        cls.files.cleanup()

    def assert_api_error(self, e: ApiError, status: int) -> None:
        self.assertEqual(e.status, status, e)
        self.assertIsInstance(e.body, dict)
        self.assertEqual(e.message, e.body["error"], "the message is the server's error text")
        self.assertEqual(str(e), e.message)
        self.assertTrue(e.url.startswith(API_URL), e.url)

    def test_wrong_password_is_auth_error_401_and_keeps_no_token(self) -> None:
        c = JobApiClient(API_URL)
        with self.assertRaises(AuthError) as caught:
            c.login(USER, "wrong-" + PASSWORD)
        self.assert_api_error(caught.exception, 401)
        self.assertEqual(caught.exception.message, "Wrong user name or password")
        self.assertIsNone(c.token)

    def test_missing_password_is_bad_request_400_naming_the_cause(self) -> None:
        with self.assertRaises(BadRequestError) as caught:
            JobApiClient(API_URL).login(USER, "")
        self.assert_api_error(caught.exception, 400)
        self.assertIn("password", caught.exception.message)

    def test_login_with_max_age_seconds(self) -> None:
        c = JobApiClient(API_URL)
        result = c.login(USER, PASSWORD, max_age_seconds=600)
        self.assertTrue(result.expires)
        self.assertTrue(c.whoami().authenticated)

    def test_upload_and_job_status_without_a_token_are_forbidden_403(self) -> None:
        guest = JobApiClient(API_URL)
        with self.assertRaises(ForbiddenError) as caught:
            guest.add_file(DISTRIBUTION, self.csv)
        self.assert_api_error(caught.exception, 403)
        self.assertEqual(caught.exception.message, "Authentication required")
        self.assertIs(PermissionDeniedError, ForbiddenError)
        with self.assertRaises(ForbiddenError):
            guest.get_job(12345678901234567)
        with self.assertRaises(ForbiddenError):
            JobApiClient(API_URL, token="x" * 64).replace_file(DISTRIBUTION, self.csv)

    def test_a_user_who_may_not_write_the_context_is_forbidden_403(self) -> None:
        if not READONLY_USER:
            self.skipTest("CATALOG_TEST_READONLY_USER not set (an account that may write no context of the catalog)")
        reader = JobApiClient(API_URL)
        reader.login(READONLY_USER, READONLY_PASSWORD or "")
        with self.assertRaises(ForbiddenError) as caught:
            reader.add_file(DISTRIBUTION, self.csv)
        self.assert_api_error(caught.exception, 403)
        self.assertIn("may not write", caught.exception.message)

    def test_unknown_resource_uri_is_not_found_404(self) -> None:
        with self.assertRaises(NotFoundError) as caught:
            self.api.add_file(UNKNOWN_URI, self.csv)
        self.assert_api_error(caught.exception, 404)
        self.assertIn(UNKNOWN_URI, caught.exception.message)

    def test_wrong_kind_is_422_with_the_kind_found(self) -> None:
        with self.assertRaises(WrongKindError) as caught:
            self.api.add_file(DATASET, self.csv)
        self.assert_api_error(caught.exception, 422)
        self.assertEqual(caught.exception.kind, "dataset")
        with self.assertRaises(WrongKindError) as caught:
            self.api.replace_file(DISTRIBUTION, self.csv)
        self.assertEqual(caught.exception.kind, "distribution")

    def test_a_file_over_the_limit_is_too_large_413(self) -> None:
        path = self.files.write("big.csv", b"0123456789abcdef\n", size=MAX_UPLOAD_BYTES + 1)
        with self.assertRaises(TooLargeError) as caught:
            self.api.add_file(DISTRIBUTION, path)
        self.assert_api_error(caught.exception, 413)
        self.assertEqual(caught.exception.limit_bytes, MAX_UPLOAD_BYTES)

    def test_a_filename_the_api_refuses_is_refused_before_sending(self) -> None:
        for bad in ("", "a/b.csv", "x" * 201 + ".csv", "tab\there.csv", "..", "trailing.csv."):
            with self.assertRaises(ValueError, msg=repr(bad)):
                self.api.add_file(DISTRIBUTION, self.csv, filename=bad)

    def test_a_missing_file_is_the_os_error_not_a_network_error(self) -> None:
        with self.assertRaises(FileNotFoundError):
            self.api.add_file(DISTRIBUTION, self.files.write("x.csv", b"") + ".missing")

    def test_an_unreachable_api_is_network_error(self) -> None:
        with socket.socket() as s:  # a port nobody listens on: bound, never listening
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
            with self.assertRaises(NetworkError) as caught:
                JobApiClient(f"http://127.0.0.1:{port}/api", timeout=5).whoami()
        self.assertNotIsInstance(caught.exception, ApiError)
        self.assertIsInstance(caught.exception, CatalogJobsError)
        self.assertIn(f"127.0.0.1:{port}", str(caught.exception))

    def test_zz_repeated_wrong_logins_are_rate_limited_429_with_retry_after(self) -> None:
        # Runs last in this class (name order): the lockout also covers the client address, so it waits it out.
        probe = f"probe-{uuid.uuid4().hex[:8]}"
        c = JobApiClient(API_URL)
        limited = None
        for _ in range(10):
            try:
                c.login(probe, "wrong")
            except RateLimitError as e:
                limited = e
                break
            except AuthError:
                continue
        self.assertIsNotNone(limited, "no 429 after 10 wrong logins")
        self.assert_api_error(limited, 429)
        self.assertIsInstance(limited.retry_after, int)
        self.assertGreaterEqual(limited.retry_after, 1)
        with self.assertRaises(RateLimitError):
            c.login(USER, PASSWORD)  # locked even with the right password (same client address)
        time.sleep(limited.retry_after + 0.5)
        self.assertEqual(c.login(USER, PASSWORD).user, USER, "accepted again after Retry-After")


if __name__ == "__main__":
    unittest.main()
