module example.invalid/buildtimer

go 1.22
