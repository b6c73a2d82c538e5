#!/usr/bin/env python3
"""An HTTP server on loopback for the transport's tests, each path a behaviour:
  /echo        200 with "METHOD|AUTHORIZATION|BODY" (AUTHORIZATION "-" when none)
  /redirect    302 to http://127.0.0.1:SINK/stolen
  /hang        accepts and never answers
  /slow        answers "late" after 300 s
  /big?n=N     200 with N bytes, streamed in chunks without a length; when the client ends the
               transfer first, how many bytes were sent is written to LOG-streamed
  /long?n=N    200 with Content-Length N (and the bytes)
  /headers     200 with 10,000 headers of 100 bytes
A sink on SINK records every connection it gets in LOG ("connection").
Usage: http_fixture.py PORT SINK LOG
"""
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

PORT, SINK, LOG = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, body=b"", headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def handle_any(self):
        url = urlparse(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        if url.path == "/echo":
            return self.reply(200, b"|".join([self.command.encode(), (self.headers.get("Authorization") or "-").encode(), body]))
        if url.path == "/redirect":
            return self.reply(302, headers=[("Location", f"http://127.0.0.1:{SINK}/stolen")])
        if url.path == "/hang":
            time.sleep(3600)
            return
        if url.path == "/slow":
            time.sleep(300)
            return self.reply(200, b"late")
        if url.path == "/big":
            total = int(parse_qs(url.query)["n"][0])
            self.send_response(200)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            chunk = b"x" * 65536
            try:
                sent = 0
                while sent < total:
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                    sent += len(chunk)
                self.wfile.write(b"0\r\n\r\n")
            except OSError:
                with open(LOG + "-streamed", "w") as log:
                    log.write(str(sent))
            return
        if url.path == "/long":
            total = int(parse_qs(url.query)["n"][0])
            self.send_response(200)
            self.send_header("Content-Length", str(total))
            self.end_headers()
            try:
                for _ in range(total // 65536 + 1):
                    self.wfile.write(b"x" * 65536)
            except OSError:
                pass
            return
        if url.path == "/headers":
            self.send_response(200)
            for index in range(10000):
                self.send_header(f"X-Padding-{index}", "y" * 100)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.reply(404)

    do_GET = do_PUT = do_DELETE = do_PROPFIND = do_REPORT = handle_any


def sink():
    server = socket.socket()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", SINK))
    server.listen(8)
    while True:
        connection, _ = server.accept()
        with open(LOG, "a") as log:
            log.write("connection\n")
        connection.close()


threading.Thread(target=sink, daemon=True).start()
ThreadingHTTPServer.daemon_threads = True
ThreadingHTTPServer(("127.0.0.1", PORT), Handler).serve_forever()
