variable "oidc_provider_arn" {
  description = "ARN of the existing GitHub Actions OIDC identity provider in this account"
  type        = string
}

variable "oidc_issuer_host" {
  description = "Issuer host of the OIDC provider (as shown in the IAM console), used for condition keys"
  type        = string
}

variable "oidc_audience" {
  description = "Audience configured on the provider"
  type        = string
}

data "aws_iam_policy_document" "trust" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [var.oidc_provider_arn]
    }
    condition {
      test     = "StringEquals"
      variable = "${var.oidc_issuer_host}:aud"
      values   = [var.oidc_audience]
    }
    condition {
      test     = "StringEquals"
      variable = "${var.oidc_issuer_host}:sub"
      values   = ["repo:__OWNER__/__REPO__:environment:production"]
    }
  }
}

resource "aws_iam_role" "deploy" {
  name                 = "__ROLE_NAME__"
  assume_role_policy   = data.aws_iam_policy_document.trust.json
  max_session_duration = 3600
}
