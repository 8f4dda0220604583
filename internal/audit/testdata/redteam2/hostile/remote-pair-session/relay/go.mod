module devrelay.example/pair

go 1.22
