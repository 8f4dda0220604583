# summarize.jq - slurp several SARIF logs (jq -s) and group results by rule and file.
# Output: array of {tool, rule, file, level, security_severity, count, first_line, message}

def rule_index($run):
  reduce ($run.tool.driver.rules // [])[] as $r ({}; .[$r.id] = $r);

def sec_sev($rule):
  ($rule.properties["security-severity"] // null) as $s
  | if $s == null then null else ($s | tonumber? // null) end;

def level_of($res; $rule):
  $res.level
  // $rule.defaultConfiguration.level
  // "warning";

def file_of($res):
  ($res.locations[0].physicalLocation.artifactLocation.uri // "<no location>")
  | sub("^file://"; "");

[ .[] | .runs[] as $run
  | rule_index($run) as $rules
  | $run.results[]?
  | . as $res
  | ($rules[$res.ruleId] // {}) as $rule
  | {
      tool: $run.tool.driver.name,
      rule: $res.ruleId,
      file: file_of($res),
      level: level_of($res; $rule),
      security_severity: sec_sev($rule),
      line: ($res.locations[0].physicalLocation.region.startLine // 0),
      message: ($res.message.text // "" | .[0:160])
    }
]
| group_by([.tool, .rule, .file])
| map({
    tool: .[0].tool,
    rule: .[0].rule,
    file: .[0].file,
    level: .[0].level,
    security_severity: .[0].security_severity,
    count: length,
    first_line: (map(.line) | min),
    message: .[0].message
  })
| sort_by(-(.security_severity // 0), .rule, .file)
