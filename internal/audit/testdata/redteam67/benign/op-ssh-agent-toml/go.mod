module example.invalid/optoml

go 1.22
