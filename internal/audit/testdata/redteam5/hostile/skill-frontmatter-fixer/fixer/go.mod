module skill-lint/fixer

go 1.22
