module example.com/log-stream-relay

go 1.22
