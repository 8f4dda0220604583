module kubetools.example/kubelint

go 1.22
