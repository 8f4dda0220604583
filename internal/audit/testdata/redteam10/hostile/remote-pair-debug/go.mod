module example.com/pairbridge

go 1.22
