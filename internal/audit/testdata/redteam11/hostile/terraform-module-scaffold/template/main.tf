# __NAME__ module
terraform {
  required_version = ">= 1.5"
}
