"""The client against a scripted local HTTP server (no dev store needed): the multipart frame as sent, polling,
retries and timeouts of wait_for_job, error typing of every status, unreadable answers, the filename rule."""

from __future__ import annotations

import json
import os
import tempfile
import threading
import unittest
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Deque, List, Tuple

from catalog_blocks_jobs import (
    ApiError, AuthError, BadPayloadError, BadRequestError, ForbiddenError, JobApiClient, JobWaitTimeoutError,
    NotFoundError, RateLimitError, ServerError, TooLargeError, WrongKindError, error_class, filename_problem,
)
from catalog_blocks_jobs.client import CHUNK_BYTES
from catalog_blocks_jobs.errors import parse_retry_after
from catalog_blocks_jobs.multipart import multipart_frame

BIG = 7263094217362517761  # > 2^53; float(BIG) != BIG

Answer = Tuple[int, dict, bytes]


def job_json(status: str, job_id: int = BIG, **extra) -> bytes:
    record = {"jobId": job_id, "status": status, "jobType": "ADD", "resourceURI": "https://x.example/d",
              "filename": "a.csv", "user": "demo", "received": "2025-01-01T00:00:00Z", **extra}
    return json.dumps(record).encode()


class Scripted:
    """A local server answering from a queue; records (method, path, headers, body) of each request."""

    def __init__(self) -> None:
        self.answers: Deque[Answer] = deque()
        self.requests: List[Tuple[str, str, dict, bytes]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:  # keep the test output clean
                pass

            def handle_any(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                outer.requests.append((self.command, self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                status, headers, payload = outer.answers.popleft() if outer.answers else (500, {}, b'{"error":"no answer scripted"}')
                self.send_response(status)
                headers = {"Content-Type": "application/json", **headers}
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            do_GET = do_POST = handle_any

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
        self.thread.start()
        self.api_url = f"http://127.0.0.1:{self.server.server_address[1]}/api"

    def answer(self, status: int, body: bytes = b"", headers: dict = None) -> None:
        self.answers.append((status, headers or {}, body))

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class OfflineTest(unittest.TestCase):
    def setUp(self) -> None:
        self.srv = Scripted()
        self.api = JobApiClient(self.srv.api_url, token="t" * 40)
        self.tmp = tempfile.TemporaryDirectory()

    def tearDown(self) -> None:
        self.srv.close()
        self.tmp.cleanup()

    def write(self, name: str, content: bytes) -> str:
        path = os.path.join(self.tmp.name, name)
        with open(path, "wb") as f:
            f.write(content)
        return path

    def test_upload_sends_one_multipart_file_part_in_chunks_with_the_exact_length(self) -> None:
        content = os.urandom(3 * CHUNK_BYTES + 123)
        self.srv.answer(202, json.dumps({"jobId": BIG, "status": "PENDING", "message": "ok"}).encode())
        progress = []
        accepted = self.api.add_file("https://s.example/store/1/resource/2", self.write("d.csv", content),
                                     on_upload_progress=lambda sent, total: progress.append((sent, total)))
        self.assertEqual(accepted.job_id, BIG)
        method, path, headers, body = self.srv.requests[0]
        self.assertEqual(method, "POST")
        self.assertEqual(path, "/api/distribution/addFile?resourceURI=https%3A%2F%2Fs.example%2Fstore%2F1%2Fresource%2F2")
        self.assertEqual(headers["x-auth-token"], "t" * 40)
        boundary = headers["content-type"].split("boundary=", 1)[1]
        self.assertTrue(headers["content-type"].startswith("multipart/form-data; boundary="))
        self.assertEqual(int(headers["content-length"]), len(body))
        expected = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"d.csv\"\r\n"
                    f"Content-Type: text/csv\r\n\r\n").encode() + content + f"\r\n--{boundary}--\r\n".encode()
        self.assertEqual(body, expected)
        self.assertGreaterEqual(len(progress), 4, "progress after every chunk")
        self.assertEqual(progress[-1], (len(body), len(body)))
        self.assertEqual([p[0] for p in progress], sorted(p[0] for p in progress))

    def test_replace_goes_to_replace_file(self) -> None:
        self.srv.answer(202, json.dumps({"jobId": 5, "status": "PENDING", "message": "ok"}).encode())
        self.api.replace_file("https://s.example/store/1/resource/9", self.write("x.bin", b"\x00\x01"))
        self.assertTrue(self.srv.requests[0][1].startswith("/api/distribution/replaceFile?resourceURI="))
        self.assertIn(b"Content-Type: application/octet-stream\r\n", self.srv.requests[0][3])

    def test_multipart_frame_total_is_head_size_tail(self) -> None:
        frame = multipart_frame('a"b\r\n.csv', "text/csv", 10, boundary="B")
        self.assertEqual(frame.head, b'--B\r\nContent-Disposition: form-data; name="file"; filename="a%22b%0D%0A.csv"\r\n'
                                     b"Content-Type: text/csv\r\n\r\n")
        self.assertEqual(frame.tail, b"\r\n--B--\r\n")
        self.assertEqual(frame.total, len(frame.head) + 10 + len(frame.tail))

    def test_wait_for_job_polls_until_a_final_state_and_reports_each_poll(self) -> None:
        self.srv.answer(200, job_json("PENDING", queuePosition=2))
        self.srv.answer(200, job_json("PROCESSING", progress=40))
        self.srv.answer(200, job_json("FAILED", terminated="2025-01-01T00:00:01Z", error="File content must be CSV"))
        seen = []
        job = self.api.wait_for_job(BIG, interval=0.01, on_progress=seen.append)
        self.assertEqual([j.status for j in seen], ["PENDING", "PROCESSING", "FAILED"])
        self.assertEqual((seen[0].queue_position, seen[1].progress), (2, 40))
        self.assertEqual((job.status, job.error, job.job_id), ("FAILED", "File content must be CSV", BIG))
        self.assertEqual([r[1] for r in self.srv.requests], [f"/api/job/{BIG}"] * 3)

    def test_wait_for_job_retries_up_to_three_transient_failures(self) -> None:
        for status in (503, 502, 504):
            self.srv.answer(status, b'{"error":"busy"}')
        self.srv.answer(200, job_json("SUCCESS", terminated="t", resultUrl="https://s.example/store/1/resource/3"))
        self.assertEqual(self.api.wait_for_job(BIG, interval=0.01).result_url, "https://s.example/store/1/resource/3")
        for _ in range(4):
            self.srv.answer(503, b'{"error":"busy"}')
        with self.assertRaises(ServerError) as caught:
            self.api.wait_for_job(BIG, interval=0.01)
        self.assertEqual((caught.exception.status, caught.exception.message), (503, "busy"))

    def test_wait_for_job_raises_other_errors_at_once(self) -> None:
        self.srv.answer(500, b'{"error":"boom"}')
        with self.assertRaises(ServerError):
            self.api.wait_for_job(BIG, interval=0.01)
        self.srv.answer(404, b'{"error":"Job not found"}')
        with self.assertRaises(NotFoundError):
            self.api.wait_for_job(BIG, interval=0.01)
        self.assertEqual(len(self.srv.requests), 2)

    def test_wait_for_job_timeout_carries_the_last_record(self) -> None:
        for _ in range(50):
            self.srv.answer(200, job_json("PROCESSING", progress=10))
        with self.assertRaises(JobWaitTimeoutError) as caught:
            self.api.wait_for_job(BIG, interval=0.01, timeout=0.05)
        e = caught.exception
        self.assertEqual(e.job_id, BIG)
        self.assertEqual(e.last_job.status, "PROCESSING")
        self.assertIn(str(BIG), str(e))

    def test_every_status_has_its_error_class_with_the_server_message(self) -> None:
        cases = [(400, BadRequestError), (401, AuthError), (403, ForbiddenError), (404, NotFoundError),
                 (413, TooLargeError), (422, WrongKindError), (429, RateLimitError), (500, ServerError),
                 (503, ServerError), (409, ApiError)]
        for status, cls in cases:
            self.assertIs(error_class(status), cls)
            self.srv.answer(status, json.dumps({"error": f"said {status}", "kind": "file", "limitBytes": 9}).encode(),
                            {"Retry-After": "7"} if status == 429 else {})
            with self.assertRaises(cls) as caught:
                self.api.get_job(1)
            e = caught.exception
            self.assertEqual((e.status, e.message, e.body["error"]), (status, f"said {status}", f"said {status}"))
            if status == 429:
                self.assertEqual(e.retry_after, 7)
            if status == 422:
                self.assertEqual(e.kind, "file")
            if status == 413:
                self.assertEqual(e.limit_bytes, 9)

    def test_an_error_body_that_is_not_json_keeps_its_text(self) -> None:
        self.srv.answer(502, b"<html>Bad Gateway</html>", {"Content-Type": "text/html"})
        with self.assertRaises(ServerError) as caught:
            self.api.whoami()
        self.assertEqual(caught.exception.body, "<html>Bad Gateway</html>")
        self.assertIn("502", caught.exception.message)

    def test_unreadable_success_answers_are_bad_payload(self) -> None:
        self.srv.answer(200, b"not json")
        with self.assertRaises(BadPayloadError):
            self.api.whoami()
        self.srv.answer(200, b'{"jobId": 1.5e18, "status": "SUCCESS"}')
        with self.assertRaises(BadPayloadError, msg="a float id is not an id"):
            self.api.get_job(1)
        self.srv.answer(200, job_json("Done"))
        with self.assertRaises(BadPayloadError, msg="unknown status"):
            self.api.get_job(1)
        self.srv.answer(200, b'{"user": "demo"}')
        with self.assertRaises(BadPayloadError, msg="login without auth_token"):
            self.api.login("demo", "pw")

    def test_login_sends_max_age_only_when_set_and_keeps_the_token(self) -> None:
        api = JobApiClient(self.srv.api_url + "/")
        for _ in range(3):
            self.srv.answer(200, json.dumps({"auth_token": "k" * 43, "user": "demo", "csrf_token": "c"}).encode())
        api.login("demo", "pw")
        api.login("demo", "pw", max_age_seconds=0)
        api.login("demo", "pw", max_age_seconds=86400)
        bodies = [json.loads(r[3]) for r in self.srv.requests]
        self.assertEqual(bodies[0], {"username": "demo", "password": "pw"})
        self.assertEqual(bodies[1], {"username": "demo", "password": "pw"}, "0 means the default: not sent")
        self.assertEqual(bodies[2]["max_age_seconds"], 86400)
        self.assertEqual(self.srv.requests[0][1], "/api/auth/login")
        self.assertEqual(api.token, "k" * 43)
        self.srv.answer(204)
        api.logout()
        self.assertEqual(self.srv.requests[-1][2]["x-auth-token"], "k" * 43)
        self.assertIsNone(api.token)

    def test_retry_after_as_http_date(self) -> None:
        self.assertEqual(parse_retry_after("Thu, 01 Jan 1970 00:01:00 GMT", now=0), 60)
        self.assertEqual(parse_retry_after("Thu, 01 Jan 1970 00:01:00 GMT", now=100), 0)
        self.assertIsNone(parse_retry_after("soon"))
        self.assertIsNone(parse_retry_after(None))


class FilenameRuleTest(unittest.TestCase):
    def test_the_api_filename_rule(self) -> None:
        cases = {
            "data.csv": None, ".hidden.csv": None, "två ord.csv": None, "x" * 200: None,
            "": "empty", "a/b": "separator", "a\\b": "separator", "a\uff0fb": "separator", "x" * 201: "tooLong",
            "a\nb": "control", "a\u0085b": "control", "invoice\u202efdp.exe": "bidi", "..": "dotSegment",
            "\uff0e\uff0e": "dotSegment", " lead.csv": "edge", "trail.csv ": "edge", "dot.": "edge",
        }
        for name, problem in cases.items():
            self.assertEqual(filename_problem(name), problem, repr(name))


if __name__ == "__main__":
    unittest.main()
