module reclaimer

go 1.21
