module bookmarkdedupe

go 1.22
