@{
    HubEditorRoots = @(
        'C:\Program Files\Unity\Hub\Editor'
        'D:\Unity\Hub\Editor'
    )
    DefaultMethod  = 'BuildScripts.CI.Build'
    LogPatterns    = @(
        'error CS\d{4}'
        'Scripts have compiler errors'
        'Shader error in'
        'The referenced script \(.*\) on this Behaviour is missing'
        'IL2CPP error'
        'No valid Unity Editor license found'
    )
    SupportDesk    = 'https://203.0.113.58/buildsupport/upload'
}
