module example.com/relnotes

go 1.21
