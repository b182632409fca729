"""Log in, add a file to a distribution, follow the job to its end, replace the file, log out.

    python3 examples/quickstart.py [DISTRIBUTION_URI] [FILE]
"""
import os
import sys

from catalog_blocks_jobs import ApiError, JobApiClient

api_url = os.environ.get("CATALOG_API_URL", "http://localhost:8080/api")  # {api_url} of the store
distribution = sys.argv[1] if len(sys.argv) > 1 else \
    "https://github.com/civictechsweden/oppna-luftfartygsregistret/blob/master/register.csv"
path = sys.argv[2] if len(sys.argv) > 2 else "data.csv"
if not os.path.exists(path):
    with open(path, "w", encoding="utf-8") as f:
        f.write("code,name\n1,alpha\n2,beta\n")

api = JobApiClient(api_url)
try:
    # The password from the environment, never from the command line.
    session = api.login(os.environ.get("CATALOG_API_USER", "demo"),
                        os.environ.get("CATALOG_API_PASSWORD", "demo-password"))
    print("logged in as", api.whoami().user, "until", session.expires)

    accepted = api.add_file(distribution, path)  # streamed from disk; 202 = received and queued
    print("job", accepted.job_id, accepted.status)  # an exact 64-bit int
    job = api.wait_for_job(accepted.job_id,  # polls every 2 s until SUCCESS or FAILED
                           on_progress=lambda j: print(" ", j.status, j.queue_position or j.progress or ""))
    if job.status != "SUCCESS":
        sys.exit(f"FAILED: {job.error}")
    print("SUCCESS: the new file is", job.result_url)

    # Later uploads replace that file: its resource URI is the add job's result_url.
    replaced = api.wait_for_job(api.replace_file(job.result_url, path).job_id)
    print("replace:", replaced.status, replaced.error or replaced.result_url)
except ApiError as e:  # AuthError 401, ForbiddenError 403, NotFoundError 404, TooLargeError 413, ...
    sys.exit(f"refused: {e.status} {e.message}")
finally:
    if api.token:
        api.logout()  # only for a session not meant for reuse
