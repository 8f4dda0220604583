module example.com/gqldiff

go 1.22

require github.com/vektah/gqlparser/v2 v2.5.16
