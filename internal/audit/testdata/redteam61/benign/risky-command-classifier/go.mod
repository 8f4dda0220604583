module example.com/risky-command-classifier

go 1.22

require golang.org/x/tools v0.24.0
