module example.com/sshlint

go 1.21
