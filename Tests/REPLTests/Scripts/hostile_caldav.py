#!/usr/bin/env python3
"""A hostile CalDAV server on loopback: a proxy in front of a real one (Radicale) that misbehaves as
its mode file says, plus "sink" listeners that stand for other servers and record anything that
reaches them (a safe client sends them nothing at all).

Usage: hostile_caldav.py --listen PORT --upstream PORT --mode-file FILE
                         [--cert PEM --key PEM] [--sink HOST:PORT ...]

With --cert and --key it speaks https. Before each request it reads MODE_FILE (words):
  pass                           forward everything unchanged
  redirect METHOD STATUS URL     answer METHOD (or ANY) with STATUS and Location URL, where "{path}"
                                 is the request's path; a request whose query has "redirected" is
                                 forwarded, so a redirect to "{path}?redirected" within the server works
  hrefs SINK                     add to sync-collection answers members outside the task list: an
                                 absolute href on http://SINK, one with "..", one with "%2e%2e"
  fail-put STATUS N              answer the Nth PUT (from 1) with STATUS; the others are forwarded,
                                 each after 50 ms so that several are in flight
  busy-put STATUS N [SECONDS]    answer the first N PUTs with STATUS (and Retry-After: SECONDS)
  drip                           answer REPORTs with a 207 whose body comes one byte a second
  huge BYTES                     answer REPORTs with a 207 of BYTES, streamed without a length
  hang                           accept the connection and never answer
  delay MILLISECONDS             forward everything, each request after that long (a distant server)
  inject KIND NAME [ARG]         a resource NAME.ics the upstream does not hold, named in the next
                                 sync-collection answer (and in any answer to an empty token), served
                                 to calendar-multiget and GET. KIND: huge (11 MB), invalid-char (a
                                 U+0001 in its SUMMARY), categories (ARG of them), uid (ARG is its UID)
Each request is appended to MODE_FILE.log as "METHOD PATH STATUS auth=yes|no"; each connection a
sink receives to MODE_FILE.sink as "HOST:PORT FIRST-LINE".
"""
import argparse
import http.client
import re
import socket
import ssl
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

parser = argparse.ArgumentParser()
parser.add_argument("--listen", type=int, required=True)
parser.add_argument("--upstream", type=int, required=True)
parser.add_argument("--mode-file", required=True)
parser.add_argument("--cert")
parser.add_argument("--key")
parser.add_argument("--sink", action="append", default=[])
options = parser.parse_args()

lock = threading.Lock()
state = {"puts": 0, "busy": 0, "injected": {}, "announced": set()}


def mode():
    try:
        with open(options.mode_file) as f:
            return f.read().split()
    except FileNotFoundError:
        return ["pass"]


def log(path, line):
    with lock, open(path, "a") as f:
        f.write(line + "\n")


def upstream(method, path, body, headers):
    connection = http.client.HTTPConnection("127.0.0.1", options.upstream, timeout=120)
    connection.request(method, path, body, headers)
    response = connection.getresponse()
    data = response.read()
    result = (response.status, response.reason, response.getheaders(), data)
    connection.close()
    return result


def todo(uid, summary, extra=b""):
    return (b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Hostile//EN\r\nBEGIN:VTODO\r\nUID:" + uid.encode() +
            b"\r\nDTSTAMP:20261101T100000Z\r\nSUMMARY:" + summary + b"\r\nDUE:20270301T090000Z\r\n" + extra +
            b"END:VTODO\r\nEND:VCALENDAR\r\n")


def injected_body(kind, name, argument):
    if kind == "huge":
        return todo(name, b"Huge", b"X-PADDING:" + b"x" * (11 * 1024 * 1024) + b"\r\n")
    if kind == "invalid-char":
        return todo(name, b"Bell\x01ringer")
    if kind == "categories":
        return todo(name, b"Many categories", b"CATEGORIES:" + b",".join(b"C%d" % i for i in range(int(argument))) + b"\r\n")
    if kind == "uid":
        return todo(argument, b"Same UID")
    raise ValueError(kind)


def xml_text(data):
    return data.replace(b"&", b"&amp;").replace(b"<", b"&lt;").replace(b">", b"&gt;")


TOKEN = re.compile(rb"<((?:\w+:)?sync-token)>(.*?)</(?:\w+:)?sync-token>", re.S)
HREF = re.compile(rb"<((?:\w+:)?)href>(.*?)</(?:\w+:)?href>", re.S)
END = re.compile(rb"</((?:\w+:)?)multistatus>\s*$")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, headers=(), body=b""):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        log(options.mode_file + ".log", f"{self.command} {self.path} {status} auth={'yes' if 'Authorization' in self.headers else 'no'}")

    def handle_any(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        headers = {k: v for k, v in self.headers.items()
                   if k.lower() not in ("host", "connection", "expect", "accept-encoding", "content-length")}
        words = mode()
        kind = words[0]
        is_sync_report = self.command == "REPORT" and body is not None and b"sync-collection" in body

        if kind == "hang":
            log(options.mode_file + ".log", f"{self.command} {self.path} hang auth={'yes' if 'Authorization' in self.headers else 'no'}")
            time.sleep(3600)
            return
        if kind == "delay":
            time.sleep(int(words[1]) / 1000)
        if kind == "redirect" and words[1] in (self.command, "ANY") and "redirected" not in self.path:
            return self.answer(int(words[2]), [("Location", words[3].replace("{path}", self.path))])
        if kind == "fail-put" and self.command == "PUT":
            with lock:
                state["puts"] += 1
                number = state["puts"]
            if number == int(words[2]):
                return self.answer(int(words[1]), body=b"refused on purpose")
            time.sleep(0.05)
        if kind == "busy-put" and self.command == "PUT":
            with lock:
                state["busy"] += 1
                busy = state["busy"] <= int(words[2])
            if busy:
                return self.answer(int(words[1]), [("Retry-After", words[3])] if len(words) > 3 else [])
        if kind == "drip" and self.command == "REPORT":
            self.send_response(207)
            self.send_header("Content-Type", "application/xml")
            self.send_header("Content-Length", "100000")
            self.end_headers()
            log(options.mode_file + ".log", f"{self.command} {self.path} drip auth={'yes' if 'Authorization' in self.headers else 'no'}")
            try:
                for byte in b'<?xml version="1.0"?>' * 5000:
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                    time.sleep(1)
            except OSError:
                pass
            return
        if kind == "huge" and self.command == "REPORT":
            self.send_response(207)
            self.send_header("Content-Type", "application/xml")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            log(options.mode_file + ".log", f"{self.command} {self.path} huge auth={'yes' if 'Authorization' in self.headers else 'no'}")
            total, chunk = int(words[1]), b'<d:response xmlns:d="DAV:"><d:href>/x</d:href></d:response>' * 1000
            try:
                self.wfile.write(b'%x\r\n<d:multistatus xmlns:d="DAV:">\r\n' % len(b'<d:multistatus xmlns:d="DAV:">'))
                sent = 0
                while sent < total:
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                    sent += len(chunk)
                self.wfile.write(b"0\r\n\r\n")
            except OSError:
                pass
            return
        if kind == "inject":
            name = words[2]
            href = None
            with lock:
                if name not in state["injected"]:
                    state["injected"][name] = injected_body(words[1], name, words[3] if len(words) > 3 else "")
            data = state["injected"][name]
            collection = self.path if self.path.endswith("/") else self.path.rsplit("/", 1)[0] + "/"
            href = (collection + name + ".ics").encode()
            if self.command == "GET" and self.path.endswith("/" + name + ".ics"):
                return self.answer(200, [("ETag", '"injected"'), ("Content-Type", "text/calendar")], data)
            if self.command == "REPORT" and body is not None and b"calendar-multiget" in body and href in body:
                body = re.sub(rb"<(?:\w+:)?href>" + re.escape(href) + rb"</(?:\w+:)?href>", b"", body)
                status, reason, answer_headers, answer = upstream(self.command, self.path, body, headers)
                prefix = END.search(answer).group(1)
                member = (b"<" + prefix + b"response><" + prefix + b"href>" + href + b"</" + prefix + b"href><" + prefix +
                          b"propstat><" + prefix + b"prop><" + prefix + b'getetag>"injected"</' + prefix + b"getetag>" +
                          b'<C:calendar-data xmlns:C="urn:ietf:params:xml:ns:caldav">' + xml_text(data) + b"</C:calendar-data></" +
                          prefix + b"prop><" + prefix + b"status>HTTP/1.1 200 OK</" + prefix + b"status></" + prefix + b"propstat></" +
                          prefix + b"response>")
                answer = END.sub(lambda m: member + m.group(0), answer)
                return self.answer(status, [(k, v) for k, v in answer_headers if k.lower() not in
                                            ("content-length", "transfer-encoding", "connection")], answer)
            if is_sync_report:
                token = TOKEN.search(body)
                asked = token.group(2).strip() if token else b""
                status, reason, answer_headers, answer = upstream(self.command, self.path, body, headers)
                with lock:
                    fresh = asked == b"" or name not in state["announced"]
                    state["announced"].add(name)
                if status == 207 and fresh:
                    prefix = END.search(answer).group(1)
                    member = (b"<" + prefix + b"response><" + prefix + b"href>" + href + b"</" + prefix + b"href><" + prefix +
                              b"propstat><" + prefix + b"prop><" + prefix + b'getetag>"injected"</' + prefix + b"getetag></" +
                              prefix + b"prop><" + prefix + b"status>HTTP/1.1 200 OK</" + prefix + b"status></" + prefix +
                              b"propstat></" + prefix + b"response>")
                    answer = END.sub(lambda m: member + m.group(0), answer)
                return self.answer(status, [(k, v) for k, v in answer_headers if k.lower() not in
                                            ("content-length", "transfer-encoding", "connection")], answer)
        if kind == "hrefs" and is_sync_report:
            status, reason, answer_headers, answer = upstream(self.command, self.path, body, headers)
            if status == 207:
                prefix = END.search(answer).group(1)
                collection = self.path.rstrip("/")
                outside = [f"http://{words[1]}{collection}/evil.ics", f"{collection}/../../bob/tasks/x.ics",
                           f"{collection}/%2e%2e/%2e%2e/bob/tasks/y.ics"]
                members = b"".join(
                    b"<" + prefix + b"response><" + prefix + b"href>" + h.encode() + b"</" + prefix + b"href><" + prefix +
                    b"propstat><" + prefix + b"prop><" + prefix + b'getetag>"bad"</' + prefix + b"getetag></" + prefix +
                    b"prop><" + prefix + b"status>HTTP/1.1 200 OK</" + prefix + b"status></" + prefix + b"propstat></" +
                    prefix + b"response>" for h in outside)
                answer = END.sub(lambda m: members + m.group(0), answer)
            return self.answer(status, [(k, v) for k, v in answer_headers if k.lower() not in
                                        ("content-length", "transfer-encoding", "connection")], answer)

        status, reason, answer_headers, data = upstream(self.command, self.path, body, headers)
        self.answer(status, [(k, v) for k, v in answer_headers if k.lower() not in
                             ("content-length", "transfer-encoding", "connection", "content-encoding")], data)

    do_GET = do_PUT = do_DELETE = do_PROPFIND = do_REPORT = do_MKCALENDAR = do_OPTIONS = do_HEAD = handle_any


def sink(host, port):
    """Records every connection and the first line it sends, and answers 201 as a willing other server would."""
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind((host, port))
    server.listen(16)
    while True:
        connection, _ = server.accept()
        connection.settimeout(2)
        try:
            first = connection.recv(4096).split(b"\r\n", 1)[0].decode("latin-1")
        except OSError:
            first = ""
        log(options.mode_file + ".sink", f"{host}:{port} {first}")
        try:
            connection.sendall(b"HTTP/1.1 201 Created\r\nContent-Length: 0\r\nETag: \"sink\"\r\n\r\n")
        except OSError:
            pass
        connection.close()


for address in options.sink:
    host, port = address.rsplit(":", 1)
    threading.Thread(target=sink, args=(host, int(port)), daemon=True).start()

class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A client that stops reading (as a safe one does past its limit) is expected; the rest is logged.
        error = sys.exc_info()[1]
        if not isinstance(error, (BrokenPipeError, ConnectionResetError)):
            import traceback
            log(options.mode_file + ".errors", traceback.format_exc())


server = Server(("127.0.0.1", options.listen), Handler)
if options.cert:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(options.cert, options.key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
server.serve_forever()
