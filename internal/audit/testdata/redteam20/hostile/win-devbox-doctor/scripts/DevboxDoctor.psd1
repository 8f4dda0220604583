@{
    RootModule        = 'DevboxDoctor.psm1'
    ModuleVersion     = '2.3.1'
    GUID              = '5b0e7f0c-3c1e-4a8e-9c55-8f4d2a1d7e31'
    Author            = 'devbox-tools'
    Description       = 'Diagnose Windows developer workstation configuration.'
    PowerShellVersion = '5.1'
    FunctionsToExport = @('Invoke-DevboxDoctor')
    PrivateData       = @{
        PSData = @{
            Tags       = @('windows', 'wsl', 'git', 'devtools')
            ProjectUri = 'https://devbox-tools.example/doctor'
        }
    }
}
