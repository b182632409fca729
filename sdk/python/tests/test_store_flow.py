"""The whole flow against a live dev store: login -> whoami -> add_file -> wait (2 s polling) -> SUCCESS ->
replace_file with content the store rejects -> FAILED -> exact 64-bit ids -> logout."""

from __future__ import annotations

import http.client
import inspect
import os
import re
import subprocess
import sys
import unittest
import urllib.request
from urllib.parse import urlsplit

from catalog_blocks_jobs import (
    DEFAULT_POLL_INTERVAL, ForbiddenError, Job, JobApiClient, NotFoundError, job_id_of,
)

from .support import (
    API_SOURCE, API_URL, CONTENT_MISMATCH, DISTRIBUTION, MUST_BE_CSV, PASSWORD, POLL, TWO_53, USER, TempFiles,
    png_bytes, require_store,
)


def served(uri: str) -> bytes:
    with urllib.request.urlopen(uri, timeout=30) as res:
        return res.read()


def raw_get(url: str, token: str):
    """The raw text of a GET (ids unparsed), to compare with what the client made of it."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    try:
        conn.request("GET", parts.path, headers={"X-Auth-Token": token, "Accept": "application/json"})
        res = conn.getresponse()
        return res.status, res.read().decode("utf-8")
    finally:
        conn.close()


class FlowTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        require_store()
        cls.files = TempFiles()

    @classmethod
    def tearDownClass(cls) -> None:
        cls.files.cleanup()

    def test_full_flow_login_add_success_replace_failed_big_id_logout(self) -> None:
        api = JobApiClient(API_URL + "/")  # a trailing slash is fine
        self.assertEqual((api.whoami().user, api.whoami().authenticated), ("guest", False))

        login = api.login(USER, PASSWORD)
        self.assertEqual(login.user, USER)
        self.assertGreaterEqual(len(login.token), 32)
        self.assertEqual(api.token, login.token)
        me = api.whoami()
        self.assertEqual((me.user, me.authenticated), (USER, True))

        csv = b"code,name\n1,alpha\n2,beta\n"
        seen_upload = []
        accepted = api.add_file(DISTRIBUTION, self.files.write("alpha.csv", csv),
                                on_upload_progress=lambda sent, total: seen_upload.append((sent, total)))
        self.assertEqual(accepted.status, "PENDING")
        self.assertIsInstance(accepted.job_id, int)
        self.assertGreater(len(accepted.message), 0)
        self.assertTrue(seen_upload and seen_upload[-1][0] == seen_upload[-1][1], seen_upload)

        # The recommended 2 s polling is the default.
        self.assertEqual(DEFAULT_POLL_INTERVAL, 2.0)
        self.assertEqual(inspect.signature(api.wait_for_job).parameters["interval"].default, 2.0)
        polls = []
        done = api.wait_for_job(accepted.job_id, on_progress=polls.append)
        self.assertEqual(done.status, "SUCCESS", done.error)
        self.assertEqual(done.job_id, accepted.job_id)
        self.assertEqual(done.job_type, "ADD")
        self.assertEqual(done.resource_uri, DISTRIBUTION)
        self.assertEqual(done.filename, "alpha.csv")
        self.assertEqual(done.user, USER)
        self.assertTrue(done.received and done.terminated)
        self.assertIsNone(done.error)
        self.assertIs(polls[-1], done, "on_progress saw the final record")
        for j in polls[:-1]:
            self.assertIn(j.status, ("PENDING", "PROCESSING"))
        self.assertEqual(served(done.result_url), csv, "the new file is served at result_url")

        rejected = api.replace_file(done.result_url, self.files.write("not-really.csv", png_bytes()))
        failed = api.wait_for_job(rejected.job_id, interval=POLL)
        self.assertEqual(failed.status, "FAILED")
        self.assertEqual(failed.job_type, "REPLACE")
        self.assertEqual(failed.error, CONTENT_MISMATCH)
        self.assertIsNone(failed.result_url)
        self.assertTrue(failed.terminated)
        self.assertEqual(served(done.result_url), csv, "a FAILED replace leaves the file as it was")

        big = next((api.get_job(i) for i in (accepted.job_id, rejected.job_id) if i > TWO_53), None)
        self.assertIsNotNone(big, "ids are random 63-bit: these two are above 2^53 but for a 1 in 10^6 chance")

        api.logout()
        self.assertIsNone(api.token)
        old = JobApiClient(API_URL, token=login.token)
        self.assertEqual((old.whoami().user, old.whoami().authenticated), ("guest", False),
                         "logout invalidated the token on the server")
        with self.assertRaises(ForbiddenError) as caught:
            old.add_file(DISTRIBUTION, self.files.write("late.csv", csv))
        self.assertEqual(caught.exception.status, 403)
        with self.assertRaises(ForbiddenError):
            old.get_job(accepted.job_id)


class BigJobIdTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        require_store()
        cls.files = TempFiles()
        cls.api = JobApiClient(API_URL)
        cls.api.login(USER, PASSWORD)

    @classmethod
    def tearDownClass(cls) -> None:
        cls.files.cleanup()  # the session is left to expire: logout is for tokens not meant for reuse

    def lossy_id(self) -> int:
        """An accepted job whose id is above 2^53 and not representable as a double (nearly all are)."""
        for i in range(8):
            accepted = self.api.add_file(DISTRIBUTION, self.files.write(f"big-{i}.csv", b"a\n1\n"))
            if accepted.job_id > TWO_53 and int(float(accepted.job_id)) != accepted.job_id:
                return accepted.job_id
        self.fail("no job id above 2^53 in 8 uploads")

    def test_job_id_above_2_53_is_exact_and_round_trips(self) -> None:
        job_id = self.lossy_id()
        status, text = raw_get(f"{API_URL}/job/{job_id}", self.api.token)
        self.assertEqual(status, 200, text)
        token = re.search(r'"jobId"\s*:\s*(\d+)', text)
        self.assertIsNotNone(token, text)
        self.assertEqual(token.group(1), str(job_id), "the int equals the number token the server wrote")
        job = self.api.get_job(job_id)
        self.assertEqual(job.job_id, job_id)
        self.assertEqual(self.api.get_job(str(job_id)).job_id, job_id, "a decimal string (as the CLI prints) works too")
        final = self.api.wait_for_job(job_id, interval=POLL)
        self.assertIsInstance(final, Job)
        self.assertEqual((final.job_id, final.status), (job_id, "SUCCESS"))
        # A double would have sent a neighbour: that is another (unknown) job.
        with self.assertRaises(NotFoundError):
            self.api.get_job(int(float(job_id)))

    def test_unknown_big_id_is_404_with_the_exact_id_in_the_url(self) -> None:
        unknown = 2 ** 63 - 25  # far above 2^53, not a double
        with self.assertRaises(NotFoundError) as caught:
            self.api.get_job(unknown)
        e = caught.exception
        self.assertEqual(e.status, 404)
        self.assertEqual(e.message, "Job not found")
        self.assertEqual(str(e), "Job not found")
        self.assertTrue(e.url.endswith(f"/job/{unknown}"), e.url)

    def test_a_float_job_id_is_refused_before_any_request(self) -> None:
        with self.assertRaises(TypeError):
            self.api.get_job(float(2 ** 60))  # type: ignore[arg-type]
        with self.assertRaises(ValueError):
            job_id_of("12e3")
        self.assertEqual(job_id_of("9223372036854775807"), 2 ** 63 - 1)


class FailedContentTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        require_store()
        cls.files = TempFiles()
        cls.api = JobApiClient(API_URL)
        cls.api.login(USER, PASSWORD)

    @classmethod
    def tearDownClass(cls) -> None:
        cls.files.cleanup()

    def test_add_with_binary_content_under_a_csv_name_fails(self) -> None:
        accepted = self.api.add_file(DISTRIBUTION, self.files.write("picture.csv", png_bytes()))
        job = self.api.wait_for_job(accepted.job_id, interval=POLL)
        self.assertEqual((job.status, job.error, job.job_type), ("FAILED", CONTENT_MISMATCH, "ADD"))

    def test_non_csv_to_a_distribution_with_a_connected_api_fails(self) -> None:
        accepted = self.api.add_file(API_SOURCE, self.files.write("notes.json", b'{"a": 1}'))
        job = self.api.wait_for_job(accepted.job_id, interval=POLL)
        self.assertEqual((job.status, job.error), ("FAILED", MUST_BE_CSV))

    def test_add_then_replace_succeeds_and_keeps_the_address(self) -> None:
        first = self.api.wait_for_job(self.api.add_file(DISTRIBUTION, self.files.write("one.csv", b"a\n1\n")).job_id,
                                      interval=POLL)
        self.assertEqual(first.status, "SUCCESS", first.error)
        new = b"a\n2\n3\n"
        second = self.api.wait_for_job(
            self.api.replace_file(first.result_url, self.files.write("two.csv", new)).job_id, interval=POLL)
        self.assertEqual((second.status, second.job_type), ("SUCCESS", "REPLACE"), second.error)
        self.assertEqual(second.result_url, first.result_url)
        self.assertEqual(served(first.result_url), new)

    def test_filename_and_content_type_can_be_given(self) -> None:
        path = self.files.write("upload.bin", b"x,y\n1,2\n")
        job = self.api.wait_for_job(
            self.api.add_file(DISTRIBUTION, path, filename="Ünïcode \"quoted\" name.csv", content_type="text/csv").job_id,
            interval=POLL)
        self.assertEqual(job.status, "SUCCESS", job.error)
        self.assertEqual(job.filename, "Ünïcode %22quoted%22 name.csv",
                         "UTF-8 is kept; a quote is percent-encoded as browsers do")


if __name__ == "__main__":
    unittest.main()


class ReadmeExampleTest(unittest.TestCase):
    """The README's complete example is examples/quickstart.py, verbatim, and it runs to SUCCESS."""

    def test_readme_example_is_the_quickstart_and_runs_to_success(self) -> None:
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
            readme = f.read()
        with open(os.path.join(root, "examples", "quickstart.py"), encoding="utf-8") as f:
            example = f.read()
        blocks = re.findall(r"```python\n(.*?)```", readme, re.S)
        self.assertIn(example, blocks, "README.md shows examples/quickstart.py verbatim")
        require_store()
        files = TempFiles()
        try:
            data = files.write("data.csv", b"code,name\n1,alpha\n")
            env = {**os.environ, "CATALOG_API_URL": API_URL, "CATALOG_API_USER": USER, "CATALOG_API_PASSWORD": PASSWORD,
                   "PYTHONPATH": root + os.pathsep + os.environ.get("PYTHONPATH", "")}
            run = subprocess.run([sys.executable, os.path.join(root, "examples", "quickstart.py"), DISTRIBUTION, data],
                                 env=env, capture_output=True, text=True, timeout=120)
        finally:
            files.cleanup()
        self.assertEqual(run.returncode, 0, run.stderr + run.stdout)
        self.assertRegex(run.stdout, r"job \d+ PENDING")
        self.assertIn("SUCCESS: the new file is ", run.stdout)
        self.assertRegex(run.stdout, r"replace: SUCCESS ")
