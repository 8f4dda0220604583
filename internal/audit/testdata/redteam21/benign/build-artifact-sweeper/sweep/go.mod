module sweep.devtools.example/sweep

go 1.22
