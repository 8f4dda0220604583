module finops-tools.example/aws-cost-snapshot

go 1.21
