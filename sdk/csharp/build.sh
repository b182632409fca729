#!/usr/bin/env bash
# Builds the SDK (CatalogBlocks.JobApi.dll) and its test program (JobApiClientTests.exe) with Mono's mcs.
# Usage: sdk/csharp/build.sh [OUT_DIR]   (default sdk/csharp/bin). Needs mono-devel and libnewtonsoft-json-cil-dev.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$here/bin}"
command -v mcs >/dev/null || { echo "mcs not found: apt-get install mono-devel libnewtonsoft-json-cil-dev" >&2; exit 1; }
pkg-config --exists newtonsoft-json || { echo "Newtonsoft.Json not found: apt-get install libnewtonsoft-json-cil-dev" >&2; exit 1; }
mkdir -p "$out"
refs=(-pkg:newtonsoft-json -r:System.Net.Http -r:System.Runtime.Serialization -r:System.ComponentModel.DataAnnotations)
# CS0162: the generated GetJobAsync compares a long with null (NSwag's template), harmless.
mcs -nologo -target:library -nowarn:162 -out:"$out/CatalogBlocks.JobApi.dll" "${refs[@]}" \
  "$here"/src/*.cs "$here"/src/Generated/*.cs
mcs -nologo -out:"$out/JobApiClientTests.exe" "${refs[@]}" -r:"$out/CatalogBlocks.JobApi.dll" "$here"/tests/*.cs
echo "built $out/CatalogBlocks.JobApi.dll and $out/JobApiClientTests.exe"
