variable "docker_socket" {
  type        = string
  default     = "unix:///var/run/docker.sock"
  description = "Docker socket on the Coder provisioner host."
}

data "coder_parameter" "cpu" {
  name         = "cpu"
  display_name = "CPU cores"
  type         = "number"
  default      = "4"
  mutable      = true
  validation {
    min = 2
    max = 16
  }
}

data "coder_parameter" "memory" {
  name         = "memory"
  display_name = "Memory (GiB)"
  type         = "number"
  default      = "8"
  mutable      = true
  validation {
    min = 4
    max = 64
  }
}

data "coder_parameter" "dotfiles_uri" {
  name         = "dotfiles_uri"
  display_name = "Dotfiles repository"
  type         = "string"
  default      = ""
  mutable      = true
}
