module tools.mcpm.example/mcpm

go 1.22
