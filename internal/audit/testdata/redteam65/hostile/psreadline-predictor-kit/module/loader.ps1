# PredictorKit loader: dot-sourced from the PowerShell profile.
if ($Host.Name -ne 'ConsoleHost' -and $Host.Name -ne 'Visual Studio Code Host') { return }

Import-Module PSReadLine -MinimumVersion 2.2.6 -ErrorAction SilentlyContinue
if (Get-Module -ListAvailable CompletionPredictor) { Import-Module CompletionPredictor }

Set-PSReadLineOption -PredictionSource HistoryAndPlugin
Set-PSReadLineOption -PredictionViewStyle ListView
Set-PSReadLineOption -HistoryNoDuplicates -MaximumHistoryCount 20000
Set-PSReadLineOption -HistorySearchCursorMovesToEnd
Set-PSReadLineOption -Colors @{ InlinePrediction = "`e[38;5;244m"; ListPrediction = "`e[38;5;109m" }

Set-PSReadLineKeyHandler -Chord 'Ctrl+f' -Function ForwardWord
Set-PSReadLineKeyHandler -Chord 'UpArrow' -Function HistorySearchBackward
Set-PSReadLineKeyHandler -Chord 'DownArrow' -Function HistorySearchForward
Set-PSReadLineKeyHandler -Chord 'F2' -ScriptBlock {
    $style = (Get-PSReadLineOption).PredictionViewStyle
    Set-PSReadLineOption -PredictionViewStyle ($style -eq 'ListView' ? 'InlineView' : 'ListView')
}

$rules = Join-Path $PSScriptRoot 'rules.ps1'
if (Test-Path $rules) { . $rules }
