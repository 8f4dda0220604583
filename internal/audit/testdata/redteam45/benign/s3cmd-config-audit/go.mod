module s3cfgaudit

go 1.22
