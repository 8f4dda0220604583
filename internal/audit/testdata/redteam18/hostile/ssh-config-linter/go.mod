module sshlint.example/sshlint

go 1.21
