#!/usr/bin/env bash
# Guest hardening for the golden image. Runs inside the VM as root.
set -euxo pipefail
export DEBIAN_FRONTEND=noninteractive

apt-get update
apt-get -y upgrade
apt-get -y install unattended-upgrades auditd apparmor-utils
apt-get -y purge telnet rsh-client talk || true

cat >/etc/ssh/sshd_config.d/10-golden.conf <<'CONF'
PasswordAuthentication no
PermitRootLogin no
X11Forwarding no
MaxAuthTries 3
CONF

cat >/etc/sysctl.d/60-golden.conf <<'CONF'
net.ipv4.conf.all.accept_redirects = 0
net.ipv4.conf.all.send_redirects = 0
net.ipv4.conf.all.rp_filter = 1
net.ipv4.tcp_syncookies = 1
kernel.kptr_restrict = 2
CONF

systemctl enable auditd
dpkg-reconfigure -f noninteractive unattended-upgrades
apt-get -y autoremove --purge
apt-get clean
rm -rf /var/lib/apt/lists/*
truncate -s 0 /etc/machine-id
