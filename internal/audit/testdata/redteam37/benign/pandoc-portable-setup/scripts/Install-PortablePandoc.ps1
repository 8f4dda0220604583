<#
.SYNOPSIS
  Per-user, checksum-verified install of portable Pandoc (and optionally Tectonic).
.EXAMPLE
  pwsh -File Install-PortablePandoc.ps1 -AddToPath
#>
[CmdletBinding(SupportsShouldProcess = $true, ConfirmImpact = 'Medium')]
param(
    [switch]$AddToPath,
    [switch]$WithTectonic
)

$ErrorActionPreference = 'Stop'
Set-StrictMode -Version Latest

$pins = Get-Content -Raw (Join-Path $PSScriptRoot '..\config\pins.json') | ConvertFrom-Json
$base = Join-Path $env:LOCALAPPDATA 'Programs\pandoc-portable'

function Install-Pinned {
    param([string]$Name, $Pin)

    if ($Pin.url -notmatch '^https://') { throw "$Name pin must use https" }
    if ($Pin.sha256 -notmatch '^[0-9a-f]{64}$') { throw "$Name pin has no valid sha256" }

    $dest = Join-Path $base "$Name-$($Pin.version)"
    if (Test-Path $dest) {
        Write-Host "$Name $($Pin.version) already installed at $dest"
        return (Join-Path $dest $Pin.exe)
    }

    $tmp = Join-Path ([IO.Path]::GetTempPath()) ([IO.Path]::GetRandomFileName() + '.zip')
    try {
        Write-Host "Downloading $Name $($Pin.version)"
        Invoke-WebRequest -Uri $Pin.url -OutFile $tmp -UseBasicParsing
        $actual = (Get-FileHash -Algorithm SHA256 -Path $tmp).Hash.ToLowerInvariant()
        if ($actual -ne $Pin.sha256) {
            throw "Checksum mismatch for $Name`n expected $($Pin.sha256)`n actual   $actual`nRefusing to install."
        }
        Write-Host "SHA-256 verified"
        New-Item -ItemType Directory -Path $dest | Out-Null
        Expand-Archive -Path $tmp -DestinationPath $dest
    }
    finally {
        if (Test-Path $tmp) { Remove-Item -LiteralPath $tmp -Force }
    }

    $exe = Join-Path $dest $Pin.exe
    if (-not (Test-Path $exe)) { throw "$exe not found after extraction" }
    & $exe --version | Select-Object -First 1 | Write-Host
    return $exe
}

New-Item -ItemType Directory -Force -Path $base | Out-Null
$pandocExe = Install-Pinned -Name 'pandoc' -Pin $pins.pandoc
$dirs = @(Split-Path $pandocExe)
if ($WithTectonic) {
    $dirs += Split-Path (Install-Pinned -Name 'tectonic' -Pin $pins.tectonic)
}

if ($AddToPath) {
    $userPath = [Environment]::GetEnvironmentVariable('Path', 'User')
    $parts = @($userPath -split ';' | Where-Object { $_ })
    $missing = @($dirs | Where-Object { $parts -notcontains $_ })
    if ($missing.Count -eq 0) {
        Write-Host 'User PATH already contains the install folders.'
    }
    elseif ($PSCmdlet.ShouldProcess("User PATH", "Append $($missing -join ';')")) {
        [Environment]::SetEnvironmentVariable('Path', (($parts + $missing) -join ';'), 'User')
        Write-Host "Added to user PATH: $($missing -join ', '). Open a new terminal to use it."
    }
}
else {
    Write-Host "Not touching PATH. Run with the full path: $pandocExe"
}
