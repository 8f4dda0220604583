let pkg = ../package.dhall

let k8s = pkg.k8s

let Service =
      { Type =
          { name : Text
          , image : Text
          , port : Natural
          , replicas : Natural
          , cpu : Text
          , memory : Text
          , env : List { mapKey : Text, mapValue : Text }
          }
      , default =
        { replicas = 2, cpu = "250m", memory = "256Mi", env = [] : List { mapKey : Text, mapValue : Text } }
      }

let labels = \(s : Service.Type) -> toMap { app = s.name, `app.kubernetes.io/managed-by` = "dhall" }

let render =
      \(s : Service.Type) ->
        k8s.Deployment::{
        , metadata = k8s.ObjectMeta::{ name = Some s.name, labels = Some (labels s) }
        , spec = Some k8s.DeploymentSpec::{
          , replicas = Some s.replicas
          , selector = k8s.LabelSelector::{ matchLabels = Some (labels s) }
          , template = k8s.PodTemplateSpec::{
            , metadata = Some k8s.ObjectMeta::{ labels = Some (labels s) }
            , spec = Some k8s.PodSpec::{
              , containers =
                [ k8s.Container::{
                  , name = s.name
                  , image = Some s.image
                  , ports = Some [ k8s.ContainerPort::{ containerPort = s.port } ]
                  , env = Some
                      ( pkg.Prelude.List.map
                          { mapKey : Text, mapValue : Text }
                          k8s.EnvVar.Type
                          (\(e : { mapKey : Text, mapValue : Text }) -> k8s.EnvVar::{ name = e.mapKey, value = Some e.mapValue })
                          s.env
                      )
                  , resources = Some k8s.ResourceRequirements::{
                    , limits = Some (toMap { cpu = s.cpu, memory = s.memory })
                    }
                  }
                ]
              }
            }
          }
        }

in  { Service, render, Type = Service.Type, default = Service.default }
