terraform {
  required_providers {
    coder = {
      source  = "coder/coder"
      version = "~> 2.1"
    }
    docker = {
      source  = "kreuzwerker/docker"
      version = "~> 3.0"
    }
  }
}

provider "docker" {
  host = var.docker_socket
}

data "coder_provisioner" "me" {}
data "coder_workspace" "me" {}
data "coder_workspace_owner" "me" {}

locals {
  username = data.coder_workspace_owner.me.name
  # Shared agent defaults, rendered into one file per tool by the startup script.
  agent_defaults = jsondecode(file("${path.module}/agent-defaults.json"))
  agent_files = {
    for tool, cfg in local.agent_defaults : cfg.path =>
    cfg.format == "json" ? jsonencode(cfg.settings) : cfg.settings
  }
  agent_files_b64 = join(" ", [for p, body in local.agent_files : "${p}=${base64encode(body)}"])
}

resource "coder_agent" "main" {
  arch = data.coder_provisioner.me.arch
  os   = "linux"
  dir  = "/home/coder"

  env = {
    GIT_AUTHOR_NAME     = coalesce(data.coder_workspace_owner.me.full_name, local.username)
    GIT_AUTHOR_EMAIL    = data.coder_workspace_owner.me.email
    GIT_COMMITTER_NAME  = coalesce(data.coder_workspace_owner.me.full_name, local.username)
    GIT_COMMITTER_EMAIL = data.coder_workspace_owner.me.email
  }

  startup_script = <<-EOT
    set -eu
    # code-server ships in the image; start it in the background so the agent reports ready quickly
    code-server --auth none --bind-addr 127.0.0.1:13337 >/tmp/code-server.log 2>&1 &

    # dotfiles
    if [ -n "${data.coder_parameter.dotfiles_uri.value}" ]; then
      coder dotfiles -y "${data.coder_parameter.dotfiles_uri.value}" || true
    fi

    # team agent defaults (applied on every start so workspaces stay identical)
    for pair in ${local.agent_files_b64}; do
      rel="$${pair%%=*}"; body="$${pair#*=}"
      mkdir -p "$HOME/$(dirname "$rel")"
      printf '%s' "$body" | base64 -d > "$HOME/$rel"
    done
  EOT

  metadata {
    display_name = "CPU"
    key          = "cpu"
    script       = "coder stat cpu"
    interval     = 10
    timeout      = 1
  }
}

resource "coder_app" "code_server" {
  agent_id     = coder_agent.main.id
  slug         = "code-server"
  display_name = "VS Code"
  url          = "http://localhost:13337/?folder=/home/coder"
  icon         = "/icon/code.svg"
  subdomain    = false
  share        = "owner"

  healthcheck {
    url       = "http://localhost:13337/healthz"
    interval  = 5
    threshold = 6
  }
}

resource "docker_volume" "home" {
  name = "coder-${data.coder_workspace.me.id}-home"
  lifecycle {
    ignore_changes = all
  }
}

resource "docker_container" "workspace" {
  count      = data.coder_workspace.me.start_count
  image      = "registry.devimages.example/base/ubuntu:24.04"
  name       = "coder-${local.username}-${lower(data.coder_workspace.me.name)}"
  hostname   = data.coder_workspace.me.name
  entrypoint = ["sh", "-c", replace(coder_agent.main.init_script, "/localhost|127\\.0\\.0\\.1/", "host.docker.internal")]
  env        = ["CODER_AGENT_TOKEN=${coder_agent.main.token}"]
  cpu_shares = data.coder_parameter.cpu.value * 1024
  memory     = data.coder_parameter.memory.value * 1024

  host {
    host = "host.docker.internal"
    ip   = "host-gateway"
  }
  volumes {
    container_path = "/home/coder"
    volume_name    = docker_volume.home.name
    read_only      = false
  }
}
