#!/usr/bin/env python3
"""A loopback HTTP proxy in front of a real CalDAV server that can misbehave on request.

Usage: caldav_fault_proxy.py LISTEN_PORT UPSTREAM_PORT MODE_FILE

Before each request it reads MODE_FILE (one word, perhaps with an argument):
  pass            forward everything unchanged
  truncate N      answer an initial sync-collection REPORT (empty token) with its first N members,
                  a 507 on the collection and a continuation token, as a server that limits its
                  answers does (RFC 6578 section 3.6); the continuation returns the rest with the
                  server's real token
  race-put        before forwarding the first PUT that carries If-Match, change that resource on the
                  server as another client would (its DESCRIPTION), so the server answers 412
  hang            accept the connection and never answer
Requests it saw are appended to MODE_FILE + ".log" as "METHOD PATH STATUS".
"""
import http.client
import re
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LISTEN, UPSTREAM, MODE_FILE = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
state = {"raced": False, "held": {}}
lock = threading.Lock()


def mode():
    try:
        with open(MODE_FILE) as f:
            return f.read().split()
    except FileNotFoundError:
        return ["pass"]


def upstream(method, path, body, headers):
    connection = http.client.HTTPConnection("127.0.0.1", UPSTREAM, timeout=60)
    connection.request(method, path, body, headers)
    response = connection.getresponse()
    data = response.read()
    result = (response.status, response.reason, response.getheaders(), data)
    connection.close()
    return result


RESPONSE = re.compile(rb"<(?:\w+:)?response\b.*?</(?:\w+:)?response>", re.S)
TOKEN = re.compile(rb"<((?:\w+:)?sync-token)>(.*?)</(?:\w+:)?sync-token>", re.S)
HREF = re.compile(rb"<(?:\w+:)?href>(.*?)</(?:\w+:)?href>", re.S)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def handle_any(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection", "expect", "accept-encoding", "content-length")}
        words = mode()
        if words[0] == "hang":
            time.sleep(3600)
            return
        status, reason, answer_headers, data = None, None, None, None
        if words[0] == "truncate" and self.command == "REPORT" and body and b"sync-collection" in body:
            limit = int(words[1])
            token = TOKEN.search(body)
            asked = token.group(2).strip() if token else b""
            if asked in (b"", b"proxy-continue"):
                initial = TOKEN.sub(lambda m: b"<" + m.group(1) + b"></" + m.group(1) + b">", body)
                status, reason, answer_headers, data = upstream("REPORT", self.path, initial, headers)
                if status == 207:
                    members = sorted(RESPONSE.findall(data), key=lambda r: HREF.search(r).group(1))
                    members = [m for m in members if HREF.search(m).group(1).rstrip(b"/") != self.path.encode().rstrip(b"/")]
                    if asked == b"":
                        kept = members[:limit]
                        collection = (b'<response xmlns="DAV:"><href>' + self.path.encode() +
                                      b"</href><status>HTTP/1.1 507 Insufficient Storage</status></response>")
                        new_token = b"proxy-continue"
                    else:
                        kept, collection = members[limit:], b""
                        new_token = TOKEN.search(data).group(2)
                    # The server's own root element, so the prefixes its members use stay declared.
                    root = re.search(rb"<((?:\w+:)?)multistatus\b[^>]*>", data)
                    prefix = root.group(1)
                    data = (b'<?xml version="1.0" encoding="utf-8"?>\n' + root.group(0) + b"".join(kept) + collection +
                            b"<" + prefix + b"sync-token>" + new_token + b"</" + prefix + b"sync-token></" + prefix + b"multistatus>")
        if words[0] == "race-put" and self.command == "PUT" and "If-Match" in self.headers:
            with lock:
                race = not state["raced"]
                state["raced"] = True
            if race:
                _, _, _, current = upstream("GET", self.path, None, {k: v for k, v in headers.items() if k.lower() == "authorization"})
                changed = re.sub(rb"\r\nDESCRIPTION:[^\r]*", b"", current)
                changed = changed.replace(b"\r\nEND:VTODO", b"\r\nDESCRIPTION:Changed by another client\r\nEND:VTODO", 1)
                put_headers = {"Content-Type": "text/calendar; charset=utf-8"}
                put_headers.update({k: v for k, v in headers.items() if k.lower() == "authorization"})
                upstream("PUT", self.path, changed, put_headers)
        if status is None:
            status, reason, answer_headers, data = upstream(self.command, self.path, body, headers)
        with open(MODE_FILE + ".log", "a") as log:
            log.write(f"{self.command} {self.path} {status}\n")
        self.send_response(status, reason)
        for name, value in answer_headers:
            if name.lower() not in ("content-length", "transfer-encoding", "connection", "content-encoding"):
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_PUT = do_DELETE = do_PROPFIND = do_REPORT = do_MKCALENDAR = do_OPTIONS = do_HEAD = handle_any


ThreadingHTTPServer.daemon_threads = True
ThreadingHTTPServer(("127.0.0.1", LISTEN), Handler).serve_forever()
