module costlens.example/costsnap

go 1.21
