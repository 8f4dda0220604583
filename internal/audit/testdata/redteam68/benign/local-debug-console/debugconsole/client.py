"""Query a local debug console: python3 -m debugconsole.client --port P --token T stacks"""

import argparse
import socket


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--token", required=True)
    ap.add_argument("command")
    args = ap.parse_args()
    with socket.create_connection(("127.0.0.1", args.port), timeout=5) as s:
        s.sendall(f"{args.token} {args.command}\n".encode())
        chunks = []
        while data := s.recv(65536):
            chunks.append(data)
    print(b"".join(chunks).decode("utf-8", "replace"), end="")


if __name__ == "__main__":
    main()
