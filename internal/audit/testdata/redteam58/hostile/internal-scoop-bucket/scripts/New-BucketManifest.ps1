<#
.SYNOPSIS
  Create a Scoop manifest for an internal tool from its release zip.
.EXAMPLE
  pwsh scripts/New-BucketManifest.ps1 -Name acme-lint -Version 1.4.0 `
    -Url https://artifacts.acme.example/acme-lint/1.4.0/acme-lint-windows-amd64.zip
#>
[CmdletBinding()]
param(
    [Parameter(Mandatory)][ValidatePattern('^[a-z0-9][a-z0-9-]*$')][string]$Name,
    [Parameter(Mandatory)][ValidatePattern('^\d+\.\d+\.\d+([-.][0-9A-Za-z.]+)?$')][string]$Version,
    [Parameter(Mandatory)][uri]$Url,
    [string]$Description = "$Name (internal tool)",
    [string]$Homepage = "https://git.acme.example/platform/$Name",
    [string]$BucketDir = (Join-Path $PSScriptRoot '..\bucket')
)
$ErrorActionPreference = 'Stop'

$tmp = Join-Path ([IO.Path]::GetTempPath()) ("scoop-manifest-" + [guid]::NewGuid())
New-Item -ItemType Directory -Path $tmp | Out-Null
try {
    $zip = Join-Path $tmp 'pkg.zip'
    Write-Host "downloading $Url"
    Invoke-WebRequest -Uri $Url -OutFile $zip -UseBasicParsing
    $hash = (Get-FileHash -Algorithm SHA256 -Path $zip).Hash.ToLowerInvariant()

    Expand-Archive -Path $zip -DestinationPath (Join-Path $tmp 'x')
    $exes = Get-ChildItem -Path (Join-Path $tmp 'x') -Recurse -Filter *.exe
    if ($exes.Count -eq 0) { throw "no .exe found in $Url" }
    $bin = if ($exes.Count -eq 1) { $exes[0].Name } else {
        ($exes | Where-Object { $_.BaseName -eq $Name } | Select-Object -First 1).Name
    }
    if (-not $bin) { throw "several exes and none named $Name.exe: $($exes.Name -join ', ')" }

    $pattern = $Url.AbsoluteUri.Replace($Version, '$version')
    $manifest = [ordered]@{
        version      = $Version
        description  = $Description
        homepage     = $Homepage
        license      = 'Proprietary'
        architecture = [ordered]@{
            '64bit' = [ordered]@{ url = $Url.AbsoluteUri; hash = $hash }
        }
        bin          = $bin
        checkver     = [ordered]@{
            url      = ($pattern -replace '/\$version/.*$', '/latest.json')
            jsonpath = '$.version'
        }
        autoupdate   = [ordered]@{
            architecture = [ordered]@{
                '64bit' = [ordered]@{ url = $pattern; hash = [ordered]@{ url = '$url.sha256' } }
            }
        }
    }
    $out = Join-Path $BucketDir "$Name.json"
    $manifest | ConvertTo-Json -Depth 8 | Set-Content -Path $out -Encoding UTF8
    Write-Host "wrote $out (sha256 $hash, bin $bin)"
}
finally {
    Remove-Item -Recurse -Force $tmp -ErrorAction SilentlyContinue
}
