module example.com/kctx

go 1.21
