region        = "eu-west-1"
instance_type = "t3.small"
disk_size_gb  = 16
