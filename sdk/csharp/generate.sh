#!/usr/bin/env bash
# Regenerates src/Generated/GeneratedJobApiClient.cs from the committed OpenAPI document with NSwag (the npm
# package's .NET Framework build, run on Mono: `nswag.js` itself would look for `dotnet`, which Debian lacks).
# Usage: sdk/csharp/generate.sh [OUTPUT_FILE]   (default: the committed file; the test writes to a temp file and compares)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${1:-$here/src/Generated/GeneratedJobApiClient.cs}"
nswag="$root/node_modules/nswag/bin/binaries/Win/NSwag.exe"
[ -f "$nswag" ] || { echo "NSwag not found at $nswag (run npm ci)" >&2; exit 1; }
command -v mono >/dev/null || { echo "mono not found (apt-get install mono-devel)" >&2; exit 1; }
# Options: nullable optional properties (max_age_seconds is omitted, not sent as 0); our own exception class name so
# the hand-written ApiException family stays the public one; the base URL and HttpClient come from JobApiClient.
mono "$nswag" openapi2csclient \
  "/input:$root/openapi/job-api.openapi.json" \
  "/output:$out" \
  /namespace:CatalogBlocks.JobApi.Generated \
  /className:GeneratedJobApiClient \
  /GenerateOptionalPropertiesAsNullable:true \
  /ExceptionClass:GeneratedApiException \
  /UseBaseUrl:true \
  /InjectHttpClient:true \
  /DisposeHttpClient:false >&2
