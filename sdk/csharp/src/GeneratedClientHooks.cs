// Hand-written half of the NSwag-generated partial class: the generator leaves authentication and response reading
// to partial methods. The X-Auth-Token header goes on every request when a token is set; responses are read as
// text first so an error's body (the server's {"error": "..."} message) reaches the typed exceptions.
namespace CatalogBlocks.JobApi.Generated
{
    public partial class GeneratedJobApiClient
    {
        /// <summary>Session token sent as X-Auth-Token (null: none).</summary>
        public string AuthToken { get; set; }

        partial void Initialize()
        {
            ReadResponseAsString = true;
        }

        partial void PrepareRequest(System.Net.Http.HttpClient client, System.Net.Http.HttpRequestMessage request, string url)
        {
            if (!string.IsNullOrEmpty(AuthToken)) request.Headers.TryAddWithoutValidation("X-Auth-Token", AuthToken);
        }
    }
}
