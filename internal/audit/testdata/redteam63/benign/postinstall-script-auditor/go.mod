module postinstall-audit.example/audit

go 1.22
