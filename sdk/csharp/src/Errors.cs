using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Newtonsoft.Json.Linq;

namespace CatalogBlocks.JobApi
{
    /// <summary>
    /// The API answered with an error status. Message is the server's own message (the body's "error"), as in the
    /// TypeScript client's JobApiError; Status the HTTP status; Body the raw response text.
    /// </summary>
    public class ApiException : Exception
    {
        public int Status { get; private set; }
        /// <summary>The response body exactly as received (may be empty).</summary>
        public string Body { get; private set; }
        /// <summary>422: the kind of entry found (file, distribution, dataset …); otherwise null.</summary>
        public string Kind { get; private set; }
        /// <summary>413: the size limit in bytes when the server names it; otherwise null.</summary>
        public long? LimitBytes { get; private set; }

        public ApiException(int status, string message, string body, string kind = null, long? limitBytes = null, Exception inner = null)
            : base(message, inner)
        {
            Status = status;
            Body = body ?? "";
            Kind = kind;
            LimitBytes = limitBytes;
        }

        /// <summary>
        /// The typed exception for an error answer: 401 Auth, 403 Forbidden, 404 NotFound, 413 TooLarge, 429 RateLimit
        /// (with Retry-After), 5xx Server, 400 BadRequest, 422 WrongKind, any other status ApiException itself.
        /// </summary>
        public static ApiException FromResponse(int status, string body, IEnumerable<KeyValuePair<string, IEnumerable<string>>> headers, Exception inner = null)
        {
            string message = null, kind = null;
            long? limit = null;
            try
            {
                var obj = string.IsNullOrWhiteSpace(body) ? null : JToken.Parse(body) as JObject;
                if (obj != null)
                {
                    var err = obj["error"];
                    if (err != null && err.Type == JTokenType.String) message = (string)err;
                    var k = obj["kind"];
                    if (k != null && k.Type == JTokenType.String) kind = (string)k;
                    var l = obj["limitBytes"];
                    if (l != null && l.Type == JTokenType.Integer) limit = (long)l;
                }
            }
            catch (Newtonsoft.Json.JsonException)
            {
                // Not JSON (a proxy's HTML page, say): the status line below says what happened.
            }
            if (string.IsNullOrEmpty(message)) message = "HTTP " + status + (string.IsNullOrWhiteSpace(body) ? "" : ": " + Shorten(body));
            switch (status)
            {
                case 400: return new BadRequestException(message, body, inner);
                case 401: return new AuthException(message, body, inner);
                case 403: return new ForbiddenException(message, body, inner);
                case 404: return new NotFoundException(message, body, inner);
                case 413: return new TooLargeException(message, body, limit, inner);
                case 422: return new WrongKindException(message, body, kind, inner);
                case 429: return new RateLimitException(message, body, RetryAfterOf(headers), inner);
            }
            if (status >= 500 && status <= 599) return new ServerException(status, message, body, inner);
            return new ApiException(status, message, body, kind, limit, inner);
        }

        static string Shorten(string s)
        {
            s = s.Trim();
            return s.Length <= 200 ? s : s.Substring(0, 200) + "…";
        }

        /// <summary>Retry-After in seconds (the API sends delta-seconds); null when absent or not a number.</summary>
        static TimeSpan? RetryAfterOf(IEnumerable<KeyValuePair<string, IEnumerable<string>>> headers)
        {
            if (headers == null) return null;
            foreach (var h in headers)
            {
                if (!string.Equals(h.Key, "Retry-After", StringComparison.OrdinalIgnoreCase) || h.Value == null) continue;
                long seconds;
                var v = h.Value.FirstOrDefault();
                if (v != null && long.TryParse(v.Trim(), NumberStyles.None, CultureInfo.InvariantCulture, out seconds)) return TimeSpan.FromSeconds(seconds);
            }
            return null;
        }
    }

    /// <summary>400: the request is malformed; the message names the cause.</summary>
    public class BadRequestException : ApiException
    {
        public BadRequestException(string message, string body, Exception inner = null) : base(400, message, body, null, null, inner) { }
    }

    /// <summary>401: wrong user name or password.</summary>
    public class AuthException : ApiException
    {
        public AuthException(string message, string body, Exception inner = null) : base(401, message, body, null, null, inner) { }
    }

    /// <summary>403: no, expired or logged-out token, or no write permission on the entry's context.</summary>
    public class ForbiddenException : ApiException
    {
        public ForbiddenException(string message, string body, Exception inner = null) : base(403, message, body, null, null, inner) { }
    }

    /// <summary>404: unknown resource URI, or an unknown, foreign or expired job.</summary>
    public class NotFoundException : ApiException
    {
        public NotFoundException(string message, string body, Exception inner = null) : base(404, message, body, null, null, inner) { }
    }

    /// <summary>413: the file is larger than the store's limit (LimitBytes).</summary>
    public class TooLargeException : ApiException
    {
        public TooLargeException(string message, string body, long? limitBytes, Exception inner = null) : base(413, message, body, null, limitBytes, inner) { }
    }

    /// <summary>422: the resource URI names an entry of the wrong kind (Kind); nothing was queued.</summary>
    public class WrongKindException : ApiException
    {
        public WrongKindException(string message, string body, string kind, Exception inner = null) : base(422, message, body, kind, null, inner) { }
    }

    /// <summary>429: too many failed logins; RetryAfter says when to try again (even with the right password).</summary>
    public class RateLimitException : ApiException
    {
        public TimeSpan? RetryAfter { get; private set; }

        public RateLimitException(string message, string body, TimeSpan? retryAfter, Exception inner = null) : base(429, message, body, null, null, inner)
        {
            RetryAfter = retryAfter;
        }
    }

    /// <summary>5xx: the server failed; WaitForJob retries 502–504 a few times before giving up.</summary>
    public class ServerException : ApiException
    {
        public ServerException(int status, string message, string body, Exception inner = null) : base(status, message, body, null, null, inner) { }
    }

    /// <summary>A success status whose body is not what the API promises (not JSON, no jobId …).</summary>
    public class BadPayloadException : Exception
    {
        public BadPayloadException(string message, Exception inner = null) : base(message, inner) { }
    }

    /// <summary>WaitForJob's timeout passed before the job ended; LastJob is the last record seen (may be null).</summary>
    public class JobWaitTimeoutException : TimeoutException
    {
        public long JobId { get; private set; }
        public Generated.Job LastJob { get; private set; }

        public JobWaitTimeoutException(long jobId, Generated.Job lastJob, TimeSpan timeout)
            : base("Job " + jobId.ToString(CultureInfo.InvariantCulture) + " did not end within " + timeout.TotalSeconds.ToString(CultureInfo.InvariantCulture) + " s" + (lastJob != null ? " (last status " + lastJob.Status + ")" : ""))
        {
            JobId = jobId;
            LastJob = lastJob;
        }
    }
}
