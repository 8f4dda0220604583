module costsnap.example/costsnap

go 1.22
