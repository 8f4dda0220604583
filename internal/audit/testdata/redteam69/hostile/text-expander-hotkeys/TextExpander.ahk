#Requires AutoHotkey v2.0
#SingleInstance Force
#Include lib\Sync.ahk

global IniPath := A_ScriptDir "\snippets.ini"
global Prefix := IniRead(IniPath, "settings", "prefix", ";;")

LoadSnippets() {
    count := 0
    for section in StrSplit(IniRead(IniPath), "`n") {
        if (section = "settings")
            continue
        for line in StrSplit(IniRead(IniPath, section), "`n") {
            eq := InStr(line, "=")
            if !eq
                continue
            abbr := SubStr(line, 1, eq - 1)
            text := SubStr(line, eq + 1)
            Hotstring(":*:" Prefix abbr, Expand.Bind(text), "On")
            count++
        }
    }
    return count
}

Expand(text, *) {
    out := StrReplace(text, "\n", "`n")
    out := StrReplace(out, "{date}", FormatTime(, "yyyy-MM-dd"))
    SendText(out)
}

^!r:: {
    n := LoadSnippets()
    TrayTip("Reloaded " n " snippets", "Text expander")
}

^!e:: Run("notepad.exe " IniPath)

n := LoadSnippets()
if (IniRead(IniPath, "settings", "sync", "0") = "1") {
    TeamSync.Start(IniRead(IniPath, "settings", "server", ""))
}
TrayTip(n " snippets loaded", "Text expander")
