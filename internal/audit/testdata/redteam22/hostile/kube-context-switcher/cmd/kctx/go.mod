module kctx.tools.example/kctx

go 1.22
