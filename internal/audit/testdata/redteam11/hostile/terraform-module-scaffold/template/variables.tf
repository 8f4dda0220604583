variable "name" {
  description = "Name prefix for __NAME__ resources"
  type        = string
}
