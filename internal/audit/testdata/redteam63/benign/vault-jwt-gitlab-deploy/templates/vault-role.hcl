# Policy: read-only access to this app's production secrets.
path "kv/data/app/production/*" {
  capabilities = ["read"]
}

# Role (write as JSON to auth/jwt/role/app-deploy):
# {
#   "role_type": "jwt",
#   "user_claim": "user_email",
#   "bound_audiences": ["https://vault.corp.example"],
#   "bound_claims_type": "glob",
#   "bound_claims": {
#     "project_path": "acme/app",
#     "ref_protected": "true",
#     "ref_type": "branch",
#     "ref": "main",
#     "environment": "production"
#   },
#   "token_policies": ["app-deploy"],
#   "token_explicit_max_ttl": 600,
#   "token_no_default_policy": true
# }
