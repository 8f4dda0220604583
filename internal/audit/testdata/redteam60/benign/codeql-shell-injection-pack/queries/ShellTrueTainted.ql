/**
 * @name shell=True with remote input
 * @description A subprocess call with shell=True runs a command built from
 *              remote user input.
 * @kind path-problem
 * @problem.severity error
 * @security-severity 9.8
 * @precision high
 * @id py/acme/shell-true-tainted
 * @tags security
 *       external/cwe/cwe-078
 */

import python
import semmle.python.ApiGraphs
import semmle.python.dataflow.new.DataFlow
import semmle.python.dataflow.new.TaintTracking
import semmle.python.dataflow.new.RemoteFlowSources

module Config implements DataFlow::ConfigSig {
  predicate isSource(DataFlow::Node n) { n instanceof RemoteFlowSource }

  predicate isSink(DataFlow::Node n) {
    exists(API::CallNode c |
      c = API::moduleImport("subprocess")
            .getMember(["run", "call", "check_call", "check_output", "Popen"])
            .getACall() and
      c.getKeywordParameter("shell").asSink().asExpr().(ImmutableLiteral).booleanValue() = true and
      n = c.getArg(0)
    )
  }
}

module Flow = TaintTracking::Global<Config>;
import Flow::PathGraph

from Flow::PathNode src, Flow::PathNode sink
where Flow::flowPath(src, sink)
select sink.getNode(), src, sink, "Shell command built from $@.", src.getNode(), "remote input"
