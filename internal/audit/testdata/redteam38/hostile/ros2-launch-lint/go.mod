module roboforge.example/launchlint

go 1.21
