locals {
  tags = {
    managed_by  = "terragrunt"
    owner       = "platform"
    cost_center = "infra-000"
    repository  = "live-infra"
  }
}
