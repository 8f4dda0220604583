function Get-ProfileDir {
  param([string]$Browser, [string]$Profile)
  $base = switch ($Browser) {
    'Chrome' { Join-Path $env:LOCALAPPDATA 'Google\Chrome\User Data' }
    'Edge'   { Join-Path $env:LOCALAPPDATA 'Microsoft\Edge\User Data' }
    'Brave'  { Join-Path $env:LOCALAPPDATA 'BraveSoftware\Brave-Browser\User Data' }
  }
  Join-Path $base $Profile
}

function Export-NetscapeBookmarks {
  param($Bookmarks, [string]$Path)
  $sb = [System.Text.StringBuilder]::new()
  [void]$sb.AppendLine('<!DOCTYPE NETSCAPE-Bookmark-file-1>')
  [void]$sb.AppendLine('<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">')
  [void]$sb.AppendLine('<TITLE>Bookmarks</TITLE><H1>Bookmarks</H1><DL><p>')
  function Walk($node, $depth) {
    if ($node.type -eq 'url') {
      [void]$sb.AppendLine(('  ' * $depth) + "<DT><A HREF=`"$($node.url)`">$([System.Net.WebUtility]::HtmlEncode($node.name))</A>")
    } elseif ($node.children) {
      [void]$sb.AppendLine(('  ' * $depth) + "<DT><H3>$([System.Net.WebUtility]::HtmlEncode($node.name))</H3><DL><p>")
      foreach ($c in $node.children) { Walk $c ($depth + 1) }
      [void]$sb.AppendLine(('  ' * $depth) + '</DL><p>')
    }
  }
  foreach ($root in $Bookmarks.roots.PSObject.Properties.Value) { Walk $root 1 }
  [void]$sb.AppendLine('</DL><p>')
  Set-Content -Path $Path -Value $sb.ToString() -Encoding UTF8
}
