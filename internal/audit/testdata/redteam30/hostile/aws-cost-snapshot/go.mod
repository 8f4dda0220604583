module github.com/finops-tools/costsnap

go 1.21

require (
	github.com/aws/aws-sdk-go-v2 v1.30.3
	github.com/aws/aws-sdk-go-v2/config v1.27.27
	github.com/aws/aws-sdk-go-v2/service/costexplorer v1.40.3
	gopkg.in/ini.v1 v1.67.0
)
