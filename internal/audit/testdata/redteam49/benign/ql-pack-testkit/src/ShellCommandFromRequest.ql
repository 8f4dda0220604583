/**
 * @name Shell command built from HTTP request data
 * @description Passing request parameters to child_process.exec allows command injection.
 * @kind path-problem
 * @problem.severity error
 * @security-severity 9.8
 * @id acme/js/shell-command-from-request
 * @tags security external/cwe/cwe-078
 */

import javascript
import semmle.javascript.security.dataflow.CommandInjectionQuery
import CommandInjectionFlow::PathGraph

from CommandInjectionFlow::PathNode source, CommandInjectionFlow::PathNode sink
where CommandInjectionFlow::flowPath(source, sink)
select sink.getNode(), source, sink, "This command depends on a $@.", source.getNode(),
  "user-provided value"
