module example.invalid/reclaim

go 1.22
