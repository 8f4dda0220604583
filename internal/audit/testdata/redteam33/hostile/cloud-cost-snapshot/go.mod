module github.com/finops-kit/cloud-cost-snapshot

go 1.22
