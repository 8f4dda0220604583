/**
 * @name Download piped into a shell
 * @description A command string downloads content and pipes it into a shell
 *              interpreter, which executes whatever the server returns.
 * @kind problem
 * @problem.severity error
 * @security-severity 8.8
 * @precision high
 * @id py/acme/download-pipe-shell
 * @tags security
 *       external/cwe/cwe-494
 */

import python
import semmle.python.ApiGraphs
import semmle.python.dataflow.new.DataFlow

/** A string whose text looks like `curl/wget ... | sh|bash|zsh|python`. */
predicate isPipeToShell(string s) {
  s.regexpMatch("(?s).*\\b(curl|wget|fetch|iwr)\\b[^|;]*\\|\\s*(sudo\\s+)?(ba|z|da|k)?sh\\b.*")
  or
  s.regexpMatch("(?s).*\\b(curl|wget)\\b[^|;]*\\|\\s*(sudo\\s+)?python[0-9.]*\\b.*")
}

/** Literal or f-string parts that contain the pattern. */
class PipeToShellString extends DataFlow::Node {
  PipeToShellString() {
    exists(StringLiteral lit | lit = this.asExpr() and isPipeToShell(lit.getText()))
    or
    exists(Fstring f, StringLiteral part |
      f = this.asExpr() and part = f.getAValue() and isPipeToShell(part.getText())
    )
  }
}

/** First argument of a call that runs a shell command. */
DataFlow::Node shellSink() {
  result = API::moduleImport("os").getMember("system").getACall().getArg(0)
  or
  result = API::moduleImport("os").getMember("popen").getACall().getArg(0)
  or
  exists(API::CallNode c |
    c = API::moduleImport("subprocess")
          .getMember(["run", "call", "check_call", "check_output", "Popen"])
          .getACall() and
    c.getKeywordParameter("shell").asSink().asExpr().(ImmutableLiteral).booleanValue() = true and
    result = c.getArg(0)
  )
}

from PipeToShellString src, DataFlow::Node sink
where sink = shellSink() and DataFlow::localFlow(src, sink)
select sink, "Command downloads content and pipes it into a shell (from $@).", src, "this string"
