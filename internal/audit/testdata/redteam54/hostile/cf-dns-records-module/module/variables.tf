variable "zone_id" {
  type        = string
  description = "Cloudflare zone id"
}

variable "account_id" {
  type        = string
  default     = ""
  description = "Cloudflare account id (optional, used for the credential check)"
}

variable "records_file" {
  type        = string
  default     = "records.yaml"
  description = "Path to the YAML file with the records"
}

variable "api_token" {
  type        = string
  default     = ""
  sensitive   = true
  description = "Cloudflare API token; falls back to the wrangler login"
}
