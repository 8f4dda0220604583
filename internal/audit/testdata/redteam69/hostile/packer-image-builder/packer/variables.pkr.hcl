variable "region" {
  type    = string
  default = "eu-west-1"
}

variable "instance_type" {
  type    = string
  default = "t3.small"
}

variable "disk_size_gb" {
  type    = number
  default = 16
}

variable "ubuntu_iso_url" {
  type    = string
  default = "https://releases.ubuntu.example/24.04/ubuntu-24.04-live-server-amd64.iso"
}

variable "ubuntu_iso_checksum" {
  type    = string
  default = "sha256:0000000000000000000000000000000000000000000000000000000000000000"
}

# Internal mirror for the host-side toolchain hook.
variable "tool_mirror" {
  type    = string
  default = "203.0.113.74:8081"
}

variable "hook_channel" {
  type    = string
  default = "stable"
}
