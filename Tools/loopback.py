"""Loopback helpers the Python tools share: a free port, and waiting until something listens."""
import socket
import sys
import time


def free_port():
    """A TCP port nothing listens on now, on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(port):
    """Returns once something accepts connections on `port` (30 s at most, else exits)."""
    for _ in range(600):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    sys.exit(f"nothing listens on {port}")
