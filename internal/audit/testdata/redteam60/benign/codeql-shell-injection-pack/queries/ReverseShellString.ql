/**
 * @name Reverse shell command string
 * @description A string literal contains a command that connects an interactive
 *              shell to a remote host.
 * @kind problem
 * @problem.severity error
 * @security-severity 9.8
 * @precision high
 * @id py/acme/reverse-shell-string
 * @tags security
 *       external/cwe/cwe-506
 */

import python

predicate reverseShellText(string s) {
  s.regexpMatch("(?s).*\\b(ba)?sh\\s+-i\\s*>&\\s*/dev/tcp/.*")
  or
  s.regexpMatch("(?s).*\\bnc(at)?\\b.*\\s-e\\s+/bin/(ba)?sh\\b.*")
  or
  s.regexpMatch("(?s).*\\bsocat\\b.*\\bexec:['\"]?(ba)?sh\\b.*")
  or
  s.regexpMatch("(?s).*\\bmkfifo\\b.*\\|\\s*(/bin/)?(ba)?sh\\s+-i.*\\|\\s*nc\\b.*")
}

from StringLiteral lit
where reverseShellText(lit.getText())
select lit, "String contains a reverse-shell command."
