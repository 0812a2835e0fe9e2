#!/usr/bin/env python3
# Memory per idle connection: opens N WebSocket connections to a running server on loopback,
# each says hello and then stays quiet, and prints the server's RSS before and after.
#   bench/idle_connections.py PORT SERVER_PID [N]   (N: 10,000 by default)
# The server needs --max-connections and --max-client-connections above N and a high
# --max-client-http-per-second (each upgrade is an HTTP request from 127.0.0.1), and both
# processes an open-files limit above N.
import base64
import json
import os
import socket
import struct
import sys
import time

PROTOCOL = 1  # protocol/messages.h: kProtocolVersion


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS"):
                return int(line.split()[1])
    raise SystemExit(f"no process {pid}")


def text_frame(text):
    """A client's masked text frame (RFC 6455 section 5.2)."""
    data = text.encode()
    mask = os.urandom(4)
    if len(data) < 126:
        header = bytes([0x81, 0x80 | len(data)])
    else:
        header = bytes([0x81, 0xFE]) + struct.pack(">H", len(data))
    return header + mask + bytes(c ^ mask[i % 4] for i, c in enumerate(data))


def open_connection(port):
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = s.recv(4096)
        if not chunk:
            raise SystemExit("the server closed a connection during its upgrade")
        answer += chunk
    status = answer.split(b"\r\n")[0]
    if b" 101 " not in status:
        raise SystemExit(f"upgrade refused: {status!r}")
    s.sendall(text_frame(json.dumps({"type": "hello", "protocol": PROTOCOL})))
    return s


def main():
    port, pid = int(sys.argv[1]), int(sys.argv[2])
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 10_000
    before = rss_kib(pid)
    connections = [open_connection(port) for _ in range(n)]
    time.sleep(2)  # every welcome written and its buffers settled
    after = rss_kib(pid)
    print(f"{n} idle connections: server RSS {before} KiB before, {after} KiB after, "
          f"{(after - before) / n:.2f} KiB each")
    for s in connections:
        s.close()


if __name__ == "__main__":
    main()
