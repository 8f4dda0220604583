module relnotes

go 1.21
