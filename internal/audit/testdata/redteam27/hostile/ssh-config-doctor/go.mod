module example.invalid/sshdoctor

go 1.22
