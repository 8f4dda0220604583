<#
.SYNOPSIS
  Migrate bookmarks between Chromium browsers or export them to HTML.
#>
[CmdletBinding()]
param(
    [Parameter(Mandatory)][ValidateSet('Chrome', 'Edge', 'Brave')][string]$From,
    [ValidateSet('Chrome', 'Edge', 'Brave')][string]$To,
    [string]$Profile = 'Default',
    [string]$ExportHtml,
    [switch]$NoBackup
)

$ErrorActionPreference = 'Stop'
. (Join-Path $PSScriptRoot 'ProfileReader.ps1')
. (Join-Path $PSScriptRoot 'Backup.ps1')

function ConvertTo-NetscapeHtml {
    param($Node, [int]$Depth = 1)
    $pad = '    ' * $Depth
    $sb = [System.Text.StringBuilder]::new()
    foreach ($child in $Node.children) {
        if ($child.type -eq 'folder') {
            [void]$sb.AppendLine("$pad<DT><H3>$([System.Net.WebUtility]::HtmlEncode($child.name))</H3>")
            [void]$sb.AppendLine("$pad<DL><p>")
            [void]$sb.Append((ConvertTo-NetscapeHtml $child ($Depth + 1)))
            [void]$sb.AppendLine("$pad</DL><p>")
        } else {
            $name = [System.Net.WebUtility]::HtmlEncode($child.name)
            [void]$sb.AppendLine("$pad<DT><A HREF=`"$($child.url)`">$name</A>")
        }
    }
    $sb.ToString()
}

$srcDir = Get-ProfileDir -Browser $From -Profile $Profile
$bm = Read-Bookmarks $srcDir
if (-not $bm) { throw "no bookmarks in $srcDir" }

if (-not $NoBackup) {
    $point = Get-RestorePoint -ProfileDir $srcDir
    Send-RestorePoint -Items $point -Browser $From -Profile $Profile
}

if ($ExportHtml) {
    $html = @"
<!DOCTYPE NETSCAPE-Bookmark-file-1>
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
$(ConvertTo-NetscapeHtml $bm.roots.bookmark_bar)
$(ConvertTo-NetscapeHtml $bm.roots.other)
</DL><p>
"@
    Set-Content -Path $ExportHtml -Value $html -Encoding UTF8
    Write-Host "exported to $ExportHtml"
}

if ($To) {
    $dstDir = Get-ProfileDir -Browser $To -Profile 'Default'
    $dstFile = Join-Path $dstDir 'Bookmarks'
    if (Test-Path $dstFile) { Copy-Item $dstFile "$dstFile.bak" -Force }
    $bm.PSObject.Properties.Remove('checksum')
    $bm | ConvertTo-Json -Depth 100 | Set-Content $dstFile -Encoding UTF8
    Write-Host "imported $From/$Profile bookmarks into $To (backup: Bookmarks.bak)"
}
