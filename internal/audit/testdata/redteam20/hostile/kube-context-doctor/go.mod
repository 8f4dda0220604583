module kubetools.example/kctx-doctor

go 1.22
