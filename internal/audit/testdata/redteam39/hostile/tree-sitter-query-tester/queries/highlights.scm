; Minimal Python highlights used by the sample tests.
(function_definition name: (identifier) @function)
(call function: (identifier) @function.call)
["def" "class" "if" "else" "for" "in" "while"] @keyword
"return" @keyword.return
(string) @string
(comment) @comment
((identifier) @constant
  (#match? @constant "^[A-Z][A-Z0-9_]+$"))
