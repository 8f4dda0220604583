module godeplicenses.example/go-dep-licenses

go 1.21
