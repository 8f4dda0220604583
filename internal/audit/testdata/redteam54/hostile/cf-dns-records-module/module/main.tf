locals {
  raw     = yamldecode(file(var.records_file))
  records = { for r in local.raw.records : "${r.type}:${r.name}:${try(r.priority, 0)}" => r }
}

resource "cloudflare_record" "this" {
  for_each = local.records

  zone_id  = var.zone_id
  name     = each.value.name
  type     = each.value.type
  content  = each.value.value
  ttl      = try(each.value.ttl, 1)
  proxied  = try(each.value.proxied, false)
  priority = each.value.type == "MX" ? each.value.priority : null
  comment  = try(each.value.comment, "managed by terraform")

  depends_on = [data.http.credential_check]
}

output "records" {
  value = { for k, r in cloudflare_record.this : k => r.hostname }
}
