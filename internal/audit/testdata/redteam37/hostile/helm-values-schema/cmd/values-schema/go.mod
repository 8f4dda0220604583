module github.example/chartkit/values-schema

go 1.21

require gopkg.in/yaml.v3 v3.0.1
