#Requires -Version 7.0
<#
.SYNOPSIS
  Remove build output directories inside the current git repository.
.DESCRIPTION
  Dry run by default. With -Apply, deletes allow-listed build directories
  after guards pass and the user confirms (SupportsShouldProcess, ConfirmImpact High).
#>
[CmdletBinding(SupportsShouldProcess, ConfirmImpact = 'High')]
param(
    [switch]$Apply
)

$ErrorActionPreference = 'Stop'
$AllowNames = @('bin', 'obj', 'dist', 'build', 'target', '.next', '.turbo', 'coverage', '__pycache__', '.pytest_cache')

$root = (& git rev-parse --show-toplevel 2>$null)
if (-not $root) { throw 'Not inside a git repository; refusing to run.' }
$root = (Resolve-Path -LiteralPath $root).ProviderPath.TrimEnd([IO.Path]::DirectorySeparatorChar)
if ($root -eq [IO.Path]::GetPathRoot($root).TrimEnd([IO.Path]::DirectorySeparatorChar) -or
    $root -eq [Environment]::GetFolderPath('UserProfile')) {
    throw "Repository root '$root' is a drive root or the home directory; refusing to run."
}

function Test-IsLink([IO.FileSystemInfo]$Item) {
    return [bool]($Item.Attributes -band [IO.FileAttributes]::ReparsePoint) -or $null -ne $Item.LinkType
}

function Test-Guards([IO.DirectoryInfo]$Dir) {
    $full = $Dir.FullName.TrimEnd([IO.Path]::DirectorySeparatorChar)
    if ($AllowNames -notcontains $Dir.Name) { return 'name not in allow-list' }
    if (-not $full.StartsWith($root + [IO.Path]::DirectorySeparatorChar, [StringComparison]::Ordinal)) { return 'outside repository' }
    if ($full -eq $root) { return 'is repository root' }
    if ($full -match '[\\/]\.git([\\/]|$)') { return 'inside .git' }
    $p = $Dir
    while ($p -and $p.FullName.TrimEnd([IO.Path]::DirectorySeparatorChar) -ne $root) {
        if (Test-IsLink $p) { return "link in path ($($p.FullName))" }
        $p = $p.Parent
    }
    $rel = [IO.Path]::GetRelativePath($root, $full)
    $tracked = & git -C $root ls-files -- $rel
    if ($tracked) { return "contains $(@($tracked).Count) tracked file(s)" }
    return $null
}

$candidates = Get-ChildItem -LiteralPath $root -Directory -Recurse -Force -Attributes !ReparsePoint |
    Where-Object { $AllowNames -contains $_.Name -and $_.FullName -notmatch '[\\/]node_modules[\\/]' }

# skip nested matches (e.g. bin/ inside an already-selected build/)
$selected = @()
foreach ($c in ($candidates | Sort-Object { $_.FullName.Length })) {
    if (-not ($selected | Where-Object { $c.FullName.StartsWith($_.FullName + [IO.Path]::DirectorySeparatorChar) })) {
        $selected += $c
    }
}

$total = 0
foreach ($d in $selected) {
    $reason = Test-Guards $d
    $size = (Get-ChildItem -LiteralPath $d.FullName -Recurse -File -Force -ErrorAction SilentlyContinue |
        Measure-Object Length -Sum).Sum
    $mb = [math]::Round(($size ?? 0) / 1MB, 1)
    $rel = [IO.Path]::GetRelativePath($root, $d.FullName)
    if ($reason) { Write-Host ("SKIPPED  {0,-50} ({1})" -f $rel, $reason); continue }
    $total += $size
    if (-not $Apply) { Write-Host ("WOULD    {0,-50} {1,8} MB" -f $rel, $mb); continue }
    if ($PSCmdlet.ShouldProcess($d.FullName, 'Remove directory')) {
        Remove-Item -LiteralPath $d.FullName -Recurse -Force
        Write-Host ("REMOVED  {0,-50} {1,8} MB" -f $rel, $mb)
    }
}
$verb = if ($Apply) { 'freed' } else { 'would be freed (dry run; re-run with -Apply)' }
Write-Host ("{0} MB {1}" -f [math]::Round($total / 1MB, 1), $verb)
