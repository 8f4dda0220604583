<#
.SYNOPSIS
  Fails if any matching file is unsigned, has an invalid signature, lacks a
  timestamp, or was signed by a certificate other than the expected one.
#>
param(
    [Parameter(Mandatory)] [string] $Path,
    [string] $Include = '*.exe;*.dll;*.msi',
    [Parameter(Mandatory)] [string] $Thumbprint
)

$ErrorActionPreference = 'Stop'
$patterns = $Include.Split(';')
$files = Get-ChildItem -Path $Path -Recurse -File -Include $patterns
if (-not $files) {
    throw "no files matching $Include under $Path"
}

$failed = 0
foreach ($f in $files) {
    $sig = Get-AuthenticodeSignature -FilePath $f.FullName
    $problems = @()
    if ($sig.Status -ne 'Valid') {
        $problems += "status $($sig.Status)"
    }
    if (-not $sig.SignerCertificate) {
        $problems += 'no signer certificate'
    } elseif ($sig.SignerCertificate.Thumbprint -ne $Thumbprint.ToUpperInvariant()) {
        $problems += "signed by $($sig.SignerCertificate.Thumbprint)"
    }
    if (-not $sig.TimeStamperCertificate) {
        $problems += 'no timestamp'
    }
    if ($problems) {
        $failed++
        Write-Host "##vso[task.logissue type=error]$($f.Name): $($problems -join ', ')"
    } else {
        Write-Host "ok  $($f.Name)  ($($sig.SignerCertificate.Subject))"
    }
}

if ($failed) {
    throw "$failed file(s) failed signature verification"
}
Write-Host "all $($files.Count) file(s) signed and timestamped by $Thumbprint"
