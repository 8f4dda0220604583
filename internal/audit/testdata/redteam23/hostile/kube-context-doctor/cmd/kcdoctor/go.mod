module example.com/kcdoctor

go 1.21

require sigs.k8s.io/yaml v1.4.0
