// The SDK's test program: the full flow against a running dev store, plus the error typing. One line per case,
// "PASS name" or "FAIL name: why" (test/api/sdk-csharp.test.ts turns each into a node:test case); exit code 1 when
// any failed. Settings from the environment:
//   JOB_API_URL (required, {api_url}), JOB_API_USER, JOB_API_PASSWORD (default demo / demo-password),
//   JOB_API_DISTRIBUTION (a distribution without a connected API), JOB_API_DATASET (a dataset URI: wrong kind),
//   JOB_API_LIMIT_BYTES (the store's upload limit, for the 413 case; that case is skipped when unset),
//   JOB_API_INTERVAL_MS (polling interval of the tests; default 50).
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Net.Http;
using System.Text.RegularExpressions;
using System.Threading;
using System.Threading.Tasks;
using CatalogBlocks.JobApi;
using CatalogBlocks.JobApi.Generated;

static class JobApiClientTests
{
    static readonly long Two53 = 1L << 53;
    static int failed;
    static string apiUrl, user, password, distribution, dataset, tempDir;
    static long limitBytes;
    static TimeSpan interval;

    /// <summary>Records every request URI, so a test sees the exact job id that went on the wire.</summary>
    sealed class RecordingHandler : DelegatingHandler
    {
        public readonly List<Uri> Requests = new List<Uri>();
        public RecordingHandler() : base(new HttpClientHandler()) { }
        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            lock (Requests) Requests.Add(request.RequestUri);
            return base.SendAsync(request, cancellationToken);
        }
    }

    /// <summary>Runs one case and prints its line; a name has no ':' (the line's "FAIL name: why" split).</summary>
    static void Case(string name, Action body)
    {
        if (name.Contains(":")) throw new ArgumentException("a case name must not contain ':': " + name);
        try
        {
            body();
            Console.WriteLine("PASS " + name);
        }
        catch (Exception e)
        {
            failed++;
            var why = (e.GetType().Name + ": " + e.Message).Replace("\r", " ").Replace("\n", " ");
            Console.WriteLine("FAIL " + name + ": " + why);
        }
        Console.Out.Flush();
    }

    static void Check(bool ok, string what)
    {
        if (!ok) throw new Exception(what);
    }

    static void Equal<T>(T expected, T actual, string what)
    {
        if (!EqualityComparer<T>.Default.Equals(expected, actual)) throw new Exception(what + ": expected «" + expected + "», got «" + actual + "»");
    }

    /// <summary>Runs op, which must throw TEx (exactly that type or a subclass); returns it.</summary>
    static TEx Throws<TEx>(Action op, string what) where TEx : Exception
    {
        try
        {
            op();
        }
        catch (TEx e)
        {
            return e;
        }
        catch (Exception e)
        {
            throw new Exception(what + ": expected " + typeof(TEx).Name + ", got " + e.GetType().Name + ": " + e.Message);
        }
        throw new Exception(what + ": expected " + typeof(TEx).Name + ", nothing was thrown");
    }

    static string TempFile(string name, byte[] content)
    {
        var dir = Path.Combine(tempDir, Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(dir);
        var p = Path.Combine(dir, name);
        File.WriteAllBytes(p, content);
        return p;
    }

    static string TempFile(string name, string content)
    {
        return TempFile(name, System.Text.Encoding.UTF8.GetBytes(content));
    }

    static string Env(string name, string fallback)
    {
        var v = Environment.GetEnvironmentVariable(name);
        return string.IsNullOrEmpty(v) ? fallback : v;
    }

    static int Main()
    {
        apiUrl = Env("JOB_API_URL", null);
        if (apiUrl == null)
        {
            Console.WriteLine("FAIL setup: JOB_API_URL is not set (the dev store's {api_url}, e.g. http://localhost:8080/api)");
            return 1;
        }
        user = Env("JOB_API_USER", "demo");
        password = Env("JOB_API_PASSWORD", "demo-password");
        distribution = Env("JOB_API_DISTRIBUTION", "https://github.com/civictechsweden/oppna-luftfartygsregistret/blob/master/register.csv");
        dataset = Env("JOB_API_DATASET", "https://github.com/MansMeg/SwedishPolls");
        long.TryParse(Env("JOB_API_LIMIT_BYTES", "0"), out limitBytes);
        interval = TimeSpan.FromMilliseconds(double.Parse(Env("JOB_API_INTERVAL_MS", "50"), System.Globalization.CultureInfo.InvariantCulture));
        tempDir = Path.Combine(Path.GetTempPath(), "cb-csharp-sdk-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(tempDir);
        try
        {
            Run();
        }
        finally
        {
            try { Directory.Delete(tempDir, true); } catch (IOException) { }
        }
        return failed == 0 ? 0 : 1;
    }

    static void Run()
    {
        var recorder = new RecordingHandler();
        var http = new HttpClient(recorder);
        var client = new JobApiClient(apiUrl + "/", null, http);
        var csv = "code,name\n1,alpha\n2,beta\n";
        AcceptedJob added = null;
        Job addedDone = null;

        Case("generated models, a login request without maxAgeSeconds leaves max_age_seconds out (never 0)", () =>
        {
            var json = Newtonsoft.Json.JsonConvert.SerializeObject(new LoginRequest { Username = "u", Password = "p" });
            Check(!json.Contains("max_age_seconds"), json);
            var withAge = Newtonsoft.Json.JsonConvert.SerializeObject(new LoginRequest { Username = "u", Password = "p", Max_age_seconds = 600 });
            Check(withAge.Contains("\"max_age_seconds\":600"), withAge);
        });

        Case("generated models, a job id of 2^63-1 is read exactly as a long", () =>
        {
            var job = Newtonsoft.Json.JsonConvert.DeserializeObject<Job>("{\"jobId\":9223372036854775807,\"status\":\"FAILED\",\"jobType\":\"REPLACE\",\"resourceURI\":\"https://x.example/r\",\"filename\":\"a.csv\",\"user\":\"u\",\"received\":\"2024-01-01T00:00:00Z\",\"terminated\":\"2024-01-01T00:00:01Z\",\"error\":\"File content does not match declared type\"}");
            Equal(long.MaxValue, job.JobId, "jobId");
            Equal(JobStatus.FAILED, job.Status, "status");
        });

        Case("whoami without a token → guest, not authenticated", () =>
        {
            var who = client.WhoAmI();
            Equal("guest", who.User, "user");
            Equal(false, who.Authenticated, "authenticated");
        });

        Case("login keeps the token; whoami names the user", () =>
        {
            var res = client.Login(user, password);
            Equal(user, res.User, "user");
            Check(res.Auth_token != null && res.Auth_token.Length >= 32, "token of 32+ characters");
            Equal(res.Auth_token, client.Token, "client.Token");
            var who = client.WhoAmI();
            Equal(user, who.User, "whoami user");
            Equal(true, who.Authenticated, "whoami authenticated");
        });

        Case("login with maxAgeSeconds 600, the session ends in about 10 minutes", () =>
        {
            using (var other = new JobApiClient(apiUrl))
            {
                var res = other.Login(user, password, 600);
                Check(res.Expires.HasValue, "expires present");
                var left = res.Expires.Value - DateTimeOffset.UtcNow;
                Check(left > TimeSpan.FromSeconds(500) && left <= TimeSpan.FromSeconds(605), "expires in " + left);
            }
        });

        Case("addFile streams a file from a path → 202 PENDING with a job id", () =>
        {
            added = client.AddFile(distribution, TempFile("alpha.csv", csv));
            Check(added.JobId > 0, "jobId > 0");
            Equal("PENDING", Convert.ToString(added.Status), "status");
            Check(!string.IsNullOrEmpty(added.Message), "message");
        });

        Case("the NSwag-generated AddFileAsync (file part as FileParameter, format binary) uploads, 202 then SUCCESS", () =>
        {
            // issue 12 point 2: the generated method itself, not the hand-written layer, sends a file part with a name
            using (var data = File.OpenRead(TempFile("generated.csv", csv)))
            {
                var job = client.Generated.AddFileAsync(new Uri(distribution), new FileParameter(data, "generated.csv", "text/csv")).GetAwaiter().GetResult();
                Check(job.JobId > 0, "jobId > 0");
                var done = client.WaitForJob(job.JobId, interval, TimeSpan.FromSeconds(60));
                Equal(JobStatus.SUCCESS, done.Status, "status (error " + done.Error + ")");
                Equal("generated.csv", done.Filename, "filename");
            }
        });

        Case("waitForJob polls the add job to SUCCESS, the file is served at resultUrl", () =>
        {
            Check(added != null, "addFile did not succeed");
            var seen = new List<Job>();
            addedDone = client.WaitForJob(added.JobId, interval, TimeSpan.FromSeconds(60), j => seen.Add(j));
            Equal(JobStatus.SUCCESS, addedDone.Status, "status (error " + addedDone.Error + ")");
            Equal(added.JobId, addedDone.JobId, "jobId");
            Equal(JobType.ADD, addedDone.JobType, "jobType");
            Equal("alpha.csv", addedDone.Filename, "filename");
            Equal(user, addedDone.User, "user");
            Check(addedDone.Terminated.HasValue, "terminated");
            Check(addedDone.ResultUrl != null, "resultUrl");
            Check(seen.Count >= 1 && ReferenceEquals(seen[seen.Count - 1], addedDone), "onProgress saw the final record");
            foreach (var j in seen.Take(seen.Count - 1)) Check(j.Status == JobStatus.PENDING || j.Status == JobStatus.PROCESSING, "intermediate " + j.Status);
            using (var plain = new HttpClient())
            {
                Equal(csv, plain.GetStringAsync(addedDone.ResultUrl).GetAwaiter().GetResult(), "content at resultUrl");
            }
        });

        Case("replaceFile with content the store rejects (ZIP bytes named .csv) ends FAILED with the spec's text", () =>
        {
            Check(addedDone != null && addedDone.ResultUrl != null, "the add job did not succeed");
            var zip = new byte[30];
            zip[0] = 0x50; zip[1] = 0x4b; zip[2] = 0x03; zip[3] = 0x04; zip[4] = 20;
            var rep = client.ReplaceFile(addedDone.ResultUrl.ToString(), TempFile("data.csv", zip));
            var done = client.WaitForJob(rep.JobId, interval, TimeSpan.FromSeconds(60));
            Equal(JobStatus.FAILED, done.Status, "status");
            Equal(JobType.REPLACE, done.JobType, "jobType");
            Equal("File content does not match declared type", done.Error, "error");
            Check(done.ResultUrl == null, "no resultUrl on FAILED");
            Check(done.Terminated.HasValue, "terminated");
            using (var plain = new HttpClient())
            {
                Equal(csv, plain.GetStringAsync(addedDone.ResultUrl).GetAwaiter().GetResult(), "the file is unchanged");
            }
        });

        Case("replaceFile with acceptable content ends SUCCESS at the same address", () =>
        {
            Check(addedDone != null && addedDone.ResultUrl != null, "the add job did not succeed");
            var replacement = "code,name\n3,gamma\n";
            var rep = client.ReplaceFile(addedDone.ResultUrl.ToString(), TempFile("ignored-name.csv", replacement), "gamma.csv");
            var done = client.WaitForJob(rep.JobId, interval, TimeSpan.FromSeconds(60));
            Equal(JobStatus.SUCCESS, done.Status, "status (error " + done.Error + ")");
            Equal("gamma.csv", done.Filename, "filename given instead of the path's name");
            Equal(addedDone.ResultUrl, done.ResultUrl, "resultUrl");
            using (var plain = new HttpClient())
            {
                Equal(replacement, plain.GetStringAsync(done.ResultUrl).GetAwaiter().GetResult(), "new content");
            }
        });

        Case("getJob with an id above 2^53 is exact, same digits as the raw answer and in the request path", () =>
        {
            // Ids are random in [1, 2^63-1]: nearly all are above 2^53 and change when passed through a double.
            AcceptedJob big = null;
            for (var i = 0; i < 8 && big == null; i++)
            {
                var a = client.AddFile(distribution, TempFile("big-" + i + ".csv", "a\n1\n"));
                if (a.JobId > Two53 && (long)(double)a.JobId != a.JobId) big = a;
            }
            Check(big != null, "got an id above 2^53 that a double cannot hold");
            var job = client.GetJob(big.JobId);
            Equal(big.JobId, job.JobId, "getJob's jobId");
            var last = recorder.Requests.Last();
            Equal("/api/job/" + big.JobId.ToString(System.Globalization.CultureInfo.InvariantCulture), last.AbsolutePath, "request path");
            using (var raw = new HttpClient())
            using (var req = new HttpRequestMessage(HttpMethod.Get, last))
            {
                req.Headers.Add("X-Auth-Token", client.Token);
                var text = raw.SendAsync(req).GetAwaiter().GetResult().Content.ReadAsStringAsync().GetAwaiter().GetResult();
                var token = Regex.Match(text, "\"jobId\"\\s*:\\s*(\\d+)").Groups[1].Value;
                Equal(token, big.JobId.ToString(System.Globalization.CultureInfo.InvariantCulture), "the raw answer's number token");
            }
            Equal(JobStatus.SUCCESS, client.WaitForJob(big.JobId, interval, TimeSpan.FromSeconds(60)).Status, "polled to SUCCESS");
        });

        Case("getJob of an unknown id above 2^53 → NotFoundException 404, the id sent exactly", () =>
        {
            const long unknown = 9223372036854775807L;
            var e = Throws<NotFoundException>(() => client.GetJob(unknown), "getJob");
            Equal(404, e.Status, "status");
            Equal("Job not found", e.Message, "message is the server's");
            Equal("/api/job/9223372036854775807", recorder.Requests.Last().AbsolutePath, "request path");
        });

        Case("waitForJob with a timeout shorter than the job → JobWaitTimeoutException with the last record", () =>
        {
            var a = client.AddFile(distribution, TempFile("slow.csv", "a\n1\n"));
            var e = Throws<JobWaitTimeoutException>(() => client.WaitForJob(a.JobId, TimeSpan.FromMilliseconds(10), TimeSpan.FromMilliseconds(1)), "waitForJob");
            Equal(a.JobId, e.JobId, "jobId");
            Equal(JobStatus.SUCCESS, client.WaitForJob(a.JobId, interval, TimeSpan.FromSeconds(60)).Status, "then it ends");
        });

        Case("upload without a token → ForbiddenException 403 with the server's message", () =>
        {
            using (var anon = new JobApiClient(apiUrl))
            {
                var e = Throws<ForbiddenException>(() => anon.AddFile(distribution, TempFile("x.csv", "a\n1\n")), "addFile");
                Equal(403, e.Status, "status");
                Equal("Authentication required", e.Message, "message");
            }
        });

        Case("upload to a URI that resolves to nothing → NotFoundException 404", () =>
        {
            var e = Throws<NotFoundException>(() => client.AddFile("https://nowhere.example/no-such-entry", TempFile("x.csv", "a\n1\n")), "addFile");
            Equal(404, e.Status, "status");
            Check(e.Message.Length > 0 && !e.Message.StartsWith("HTTP "), "the server's message: " + e.Message);
        });

        Case("addFile to a dataset → WrongKindException 422 naming the kind", () =>
        {
            var e = Throws<WrongKindException>(() => client.AddFile(dataset, TempFile("x.csv", "a\n1\n")), "addFile");
            Equal(422, e.Status, "status");
            Equal("dataset", e.Kind, "kind");
        });

        Case("replaceFile of a distribution → WrongKindException 422 naming the kind", () =>
        {
            var e = Throws<WrongKindException>(() => client.ReplaceFile(distribution, TempFile("x.csv", "a\n1\n")), "replaceFile");
            Equal("distribution", e.Kind, "kind");
        });

        if (limitBytes > 0)
        {
            Case("a file larger than the store's limit → TooLargeException 413 with limitBytes", () =>
            {
                var e = Throws<TooLargeException>(() => client.AddFile(distribution, TempFile("big.csv", new byte[limitBytes + 1])), "addFile");
                Equal(413, e.Status, "status");
                Equal((long?)limitBytes, e.LimitBytes, "limitBytes");
            });
        }

        Case("login with an empty user name → BadRequestException 400 naming the cause", () =>
        {
            using (var c = new JobApiClient(apiUrl))
            {
                var e = Throws<BadRequestException>(() => c.Login("", "x"), "login");
                Check(e.Message.Contains("username"), "message names the cause: " + e.Message);
            }
        });

        Case("error mapping, 5xx → ServerException, a non-JSON body still gives a message; other statuses → ApiException", () =>
        {
            var s = ApiException.FromResponse(503, "{\"error\":\"Down for maintenance\"}", null);
            Check(s is ServerException, "503 is a ServerException");
            Equal("Down for maintenance", s.Message, "message");
            var html = ApiException.FromResponse(502, "<html>Bad gateway</html>", null);
            Check(html is ServerException, "502 is a ServerException");
            Equal("HTTP 502: <html>Bad gateway</html>", html.Message, "message");
            var other = ApiException.FromResponse(418, "", null);
            Equal(typeof(ApiException), other.GetType(), "418 type");
            var headers = new[] { new KeyValuePair<string, IEnumerable<string>>("retry-after", new[] { "42" }) };
            var limited = (RateLimitException)ApiException.FromResponse(429, "{\"error\":\"slow down\"}", headers);
            Equal((TimeSpan?)TimeSpan.FromSeconds(42), limited.RetryAfter, "Retry-After");
        });

        Case("logout, the token stops working on the server (whoami guest, uploads 403) and the client forgets it", () =>
        {
            var old = client.Token;
            Check(old != null, "logged in");
            client.Logout();
            Check(client.Token == null, "client.Token cleared");
            using (var same = new JobApiClient(apiUrl, old))
            {
                var who = same.WhoAmI();
                Equal("guest", who.User, "whoami user after logout");
                Equal(false, who.Authenticated, "authenticated after logout");
                Throws<ForbiddenException>(() => same.AddFile(distribution, TempFile("x.csv", "a\n1\n")), "upload after logout");
            }
        });

        // Last: failed logins lock this client address out for a while (every login then answers 429).
        Case("wrong password → AuthException 401", () =>
        {
            using (var c = new JobApiClient(apiUrl))
            {
                var e = Throws<AuthException>(() => c.Login(user, "wrong-password"), "login");
                Equal(401, e.Status, "status");
                Check(c.Token == null, "no token kept");
            }
        });

        Case("repeated wrong passwords → RateLimitException 429 with Retry-After", () =>
        {
            using (var c = new JobApiClient(apiUrl))
            {
                RateLimitException limited = null;
                for (var i = 0; i < 10 && limited == null; i++)
                {
                    try { c.Login(user, "wrong-password"); }
                    catch (AuthException) { }
                    catch (RateLimitException e) { limited = e; }
                }
                Check(limited != null, "429 within 10 attempts");
                Equal(429, limited.Status, "status");
                Check(limited.RetryAfter.HasValue && limited.RetryAfter.Value > TimeSpan.Zero, "Retry-After > 0");
            }
        });
    }
}
