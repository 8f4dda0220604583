<#
.SYNOPSIS
    Remove regenerable developer caches and build outputs. Dry run unless -Apply is given.
#>
[CmdletBinding(SupportsShouldProcess, ConfirmImpact = 'High')]
param(
    [string]   $SourceRoot,
    [switch]   $Apply,
    [int]      $OlderThanDays = 14,
    [ValidateSet('npm', 'nuget', 'pip', 'gradle', 'cargo', 'temp', 'build')]
    [string[]] $Category = @('npm', 'nuget', 'pip', 'gradle', 'cargo', 'temp', 'build')
)

$ErrorActionPreference = 'Stop'
Set-StrictMode -Version Latest

$LocalApp = [Environment]::GetFolderPath('LocalApplicationData')
$UserHome = [Environment]::GetFolderPath('UserProfile')

# Allowlisted cache roots: only content *inside* these is ever removed.
$CacheRoots = [ordered]@{
    npm    = Join-Path $LocalApp 'npm-cache\_cacache'
    nuget  = Join-Path $LocalApp 'NuGet\v3-cache'
    pip    = Join-Path $LocalApp 'pip\Cache'
    gradle = Join-Path $UserHome '.gradle\caches\build-cache-1'
    cargo  = Join-Path $UserHome '.cargo\registry\cache'
    temp   = [IO.Path]::GetTempPath()
}

$BuildDirNames = @('bin', 'obj', 'node_modules', 'target', '.gradle')
$ProjectMarkers = @('*.csproj', '*.fsproj', '*.vbproj', 'package.json', 'Cargo.toml', 'build.gradle', 'build.gradle.kts')
$Cutoff = (Get-Date).AddDays(-$OlderThanDays)

function Assert-SafeRoot([string] $Path) {
    $full = [IO.Path]::GetFullPath($Path).TrimEnd('\')
    $forbidden = @(
        [IO.Path]::GetPathRoot($full).TrimEnd('\'),
        $UserHome.TrimEnd('\'),
        $env:SystemRoot,
        $env:ProgramFiles,
        ${env:ProgramFiles(x86)},
        $env:ProgramData
    ) | Where-Object { $_ }
    if ($forbidden -contains $full) {
        throw "Refusing to use '$full' as SourceRoot (drive root, profile root or system folder)."
    }
    if (-not (Test-Path -LiteralPath $full -PathType Container)) {
        throw "SourceRoot '$full' does not exist."
    }
    return $full
}

function Test-Inside([string] $Child, [string] $Parent) {
    $c = [IO.Path]::GetFullPath($Child).TrimEnd('\') + '\'
    $p = [IO.Path]::GetFullPath($Parent).TrimEnd('\') + '\'
    return $c.StartsWith($p, [StringComparison]::OrdinalIgnoreCase) -and $c -ne $p
}

function Get-DirSize([string] $Path) {
    (Get-ChildItem -LiteralPath $Path -Recurse -Force -File -ErrorAction SilentlyContinue |
        Measure-Object Length -Sum).Sum
}

function Get-CacheItems([string] $Name, [string] $Root) {
    if (-not (Test-Path -LiteralPath $Root)) { return @() }
    Get-ChildItem -LiteralPath $Root -Force -ErrorAction SilentlyContinue |
        Where-Object {
            -not ($_.Attributes -band [IO.FileAttributes]::ReparsePoint) -and
            $_.LastWriteTime -lt $Cutoff -and
            (Test-Inside $_.FullName $Root)
        } |
        ForEach-Object { [pscustomobject]@{ Category = $Name; Path = $_.FullName; Root = $Root } }
}

function Get-GitTracked([string] $Dir) {
    Push-Location $Dir
    try { (git ls-files -- . 2>$null) | Select-Object -First 1 } catch { $null } finally { Pop-Location }
}

function Get-BuildItems([string] $Root) {
    Get-ChildItem -LiteralPath $Root -Directory -Recurse -Force -ErrorAction SilentlyContinue |
        Where-Object {
            $BuildDirNames -contains $_.Name -and
            -not ($_.Attributes -band [IO.FileAttributes]::ReparsePoint) -and
            $_.LastWriteTime -lt $Cutoff
        } |
        Where-Object {
            $parent = $_.Parent.FullName
            $hasProject = $false
            foreach ($m in $ProjectMarkers) {
                if (Get-ChildItem -LiteralPath $parent -Filter $m -File -ErrorAction SilentlyContinue) { $hasProject = $true; break }
            }
            $hasProject -and -not (Get-GitTracked $_.FullName)
        } |
        ForEach-Object { [pscustomobject]@{ Category = 'build'; Path = $_.FullName; Root = $Root } }
}

# ------------------------------------------------------------------ collect
$items = [System.Collections.Generic.List[object]]::new()
foreach ($cat in $Category) {
    if ($cat -eq 'build') {
        if (-not $SourceRoot) { Write-Warning "Skipping 'build': no -SourceRoot given."; continue }
        $root = Assert-SafeRoot $SourceRoot
        Get-BuildItems $root | ForEach-Object { $items.Add($_) }
    }
    else {
        Get-CacheItems $cat $CacheRoots[$cat] | ForEach-Object { $items.Add($_) }
    }
}

$report = $items | Group-Object Category | ForEach-Object {
    $size = ($_.Group | ForEach-Object {
        if (Test-Path -LiteralPath $_.Path -PathType Container) { Get-DirSize $_.Path } else { (Get-Item -LiteralPath $_.Path -Force).Length }
    } | Measure-Object -Sum).Sum
    [pscustomobject]@{ Category = $_.Name; Items = $_.Count; SizeMB = [math]::Round($size / 1MB, 1) }
}
$report | Format-Table -AutoSize

if (-not $Apply) {
    Write-Host "Dry run only. Re-run with -Apply to delete (you will be asked to confirm each category)."
    return
}

# ------------------------------------------------------------------ delete
$freed = 0
foreach ($group in $items | Group-Object Category) {
    if (-not $PSCmdlet.ShouldProcess("$($group.Count) items in category '$($group.Name)'", 'Remove')) { continue }
    foreach ($it in $group.Group) {
        # Re-check containment right before deleting.
        if (-not (Test-Inside $it.Path $it.Root)) { Write-Warning "Skipped (outside root): $($it.Path)"; continue }
        try {
            $size = if (Test-Path -LiteralPath $it.Path -PathType Container) { Get-DirSize $it.Path } else { (Get-Item -LiteralPath $it.Path -Force).Length }
            Remove-Item -LiteralPath $it.Path -Recurse -Force -ErrorAction Stop
            $freed += $size
        }
        catch {
            Write-Warning "Could not remove $($it.Path): $($_.Exception.Message)"
        }
    }
}
Write-Host ("Freed {0:N1} MB" -f ($freed / 1MB))
