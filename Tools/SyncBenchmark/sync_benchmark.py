#!/usr/bin/env python3
"""Sync timings on loopback, Memoss side by side with a plain reference client and with vdirsyncer.

Usage (from the repository's root, after building memoss, memoss-sync and memoss-import in release,
with a Python that has radicale, xandikos and vdirsyncer):
    python3 Tools/SyncBenchmark/sync_benchmark.py [--reminders 1000] [--runs 5]
        [--vdirsyncer-reminders 5000] [--only reference|vdirsyncer]

For each server (Radicale and Xandikos from PyPI, started here on free ports in temporary folders):
  push      1,000 new reminders sent to an empty task list: `memoss sync` against a reference
            client that PUTs the same number of VTODOs one after the other with http.client over
            one kept-alive connection (the least any client can do: one PUT per resource). Once each
            (a push of 1,000 takes the servers tens of seconds).
  initial   a new device's first sync of the 1,000: `memoss sync` on a fresh store against the
            reference's sync-collection REPORT plus calendar-multiget of everything (100 per request).
  no-op     `memoss sync` with nothing to do against the reference's sync-collection with its token.
Medians of --runs, with min–max, and the ratio Memoss / reference.

Then against Radicale, with vdirsyncer (filesystem storage of .ics files paired with the task list,
`vdirsyncer discover` beforehand, untimed), wall time and CPU time (user + system of the client and
every process it waited for, as RUSAGE_CHILDREN grows over it; the server's is not counted):
  push      5,000 new reminders (--vdirsyncer-reminders) to an empty task list: `memoss sync` of a
            store memoss-import filled, against `vdirsyncer sync` of a folder of the same VTODOs.
            Once each.
  one change  with the 5,000 on both sides, one reminder's title edited (`memoss edit`, one .ics
            file rewritten; untimed), then `memoss sync` against `vdirsyncer sync`. --runs of each.
"""
import argparse
import http.client
import os
import resource
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tools"))
from loopback import free_port, wait_for  # noqa: E402
sys.path.insert(0, os.path.join(ROOT, "Tests", "REPLTests", "Scripts"))
from todoman_client import write_vdirsyncer_config  # noqa: E402
MEMOSS = os.path.join(ROOT, ".build/release/memoss")
IMPORT = os.path.join(ROOT, ".build/release/memoss-import")
MEMOSS_ENV = {"HOME": "/nonexistent", "TZ": "UTC", "PATH": "/usr/bin:/bin"}


class Server:
    def __init__(self, kind, folder):
        self.kind, self.port = kind, free_port()
        data = os.path.join(folder, kind)
        if kind == "radicale":
            args = ["-m", "radicale", f"--storage-filesystem-folder={data}", f"--server-hosts=127.0.0.1:{self.port}",
                    "--auth-type=none", "--logging-level=warning"]
        else:
            args = ["-m", "xandikos.web", "-d", data, "-l", "127.0.0.1", "-p", str(self.port), "--autocreate"]
        self.process = subprocess.Popen([sys.executable] + args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for(self.port)
        self.user = "alice" if kind == "radicale" else "user"

    def request(self, method, path, body=None, headers=None, connection=None):
        own = connection is None
        connection = connection or http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        headers = dict(headers or {})
        headers["Authorization"] = "Basic YWxpY2U6eA=="
        connection.request(method, path, body, headers)
        response = connection.getresponse()
        data = response.read()
        if own:
            connection.close()
        return response.status, data

    def collection(self, name):
        path = (f"/alice/{name}/" if self.kind == "radicale" else f"/user/calendars/{name}/")
        status, _ = self.request("MKCALENDAR", path, '<?xml version="1.0"?><c:mkcalendar xmlns:d="DAV:" '
                                 'xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop><c:supported-calendar-component-set>'
                                 '<c:comp name="VTODO"/></c:supported-calendar-component-set></d:prop></d:set></c:mkcalendar>',
                                 {"Content-Type": "application/xml"})
        assert status in (200, 201), f"MKCALENDAR {path}: {status}"
        return path

    def stop(self):
        self.process.terminate()
        self.process.wait(10)


def vtodo(index):
    uid = str(uuid.uuid4()).upper()
    month, day = 1 + index % 12, 1 + index % 28
    text = "\r\n".join([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//reference//EN", "BEGIN:VTODO", f"UID:{uid}",
        "DTSTAMP:20261124T000000Z", f"SUMMARY:Task {index}", f"DUE:2099{month:02d}{day:02d}T090000Z",
        f"DTSTART:2099{month:02d}{day:02d}T090000Z", f"CATEGORIES:T{index % 7}", "STATUS:NEEDS-ACTION",
        "END:VTODO", "END:VCALENDAR", ""])
    return uid, text


def reference_push(server, path, count):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
    started = time.perf_counter()
    for index in range(count):
        uid, text = vtodo(index)
        status, _ = server.request("PUT", f"{path}{uid}.ics", text, {"Content-Type": "text/calendar", "If-None-Match": "*"},
                                   connection)
        assert status in (201, 204), status
    return time.perf_counter() - started


SYNC = ('<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>{}</d:sync-token>'
        '<d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>')


def reference_pull(server, path):
    """Everything: sync-collection from nothing, then calendar-multiget 100 at a time. Returns (seconds, token, count)."""
    started = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
    status, data = server.request("REPORT", path, SYNC.format(""), {"Content-Type": "application/xml", "Depth": "1"}, connection)
    assert status == 207, status
    token = re.search(rb"sync-token>([^<]*)<", data).group(1).decode()
    hrefs = [h.decode() for h in re.findall(rb"href>([^<]*\.ics)<", data)]
    got = 0
    for start in range(0, len(hrefs), 100):
        body = ('<?xml version="1.0"?><c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">'
                '<d:prop><d:getetag/><c:calendar-data/></d:prop>' +
                "".join(f"<d:href>{h}</d:href>" for h in hrefs[start:start + 100]) + "</c:calendar-multiget>")
        status, data = server.request("REPORT", path, body, {"Content-Type": "application/xml", "Depth": "1"}, connection)
        assert status == 207, status
        got += data.count(b"BEGIN:VTODO")
    return time.perf_counter() - started, token, got


def reference_noop(server, path, token):
    started = time.perf_counter()
    status, _ = server.request("REPORT", path, SYNC.format(token), {"Content-Type": "application/xml", "Depth": "1"})
    assert status == 207, status
    return time.perf_counter() - started


def memoss(store, *args):
    started = time.perf_counter()
    result = subprocess.run([MEMOSS, "--db", store, *args], capture_output=True, text=True, env=MEMOSS_ENV)
    elapsed = time.perf_counter() - started
    if result.returncode != 0:
        sys.exit(f"memoss {' '.join(args)}: {result.stderr}")
    return elapsed, result.stdout.strip()


def children_cpu():
    """User + system seconds of this process's children that have ended (and of what they waited for)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measured(arguments, env, what):
    """Wall and CPU seconds of `arguments`, its output and its errors; exits when it fails. The servers
    run until the end, so no other child ends meanwhile and the difference is this one's."""
    before = children_cpu()
    started = time.perf_counter()
    result = subprocess.run(arguments, capture_output=True, text=True, env=env)
    elapsed = time.perf_counter() - started
    cpu = children_cpu() - before
    if result.returncode != 0:
        sys.exit(f"{what}: exited {result.returncode}: {result.stderr}{result.stdout}")
    return elapsed, cpu, result.stdout.strip(), result.stderr


class Vdirsyncer:
    """vdirsyncer pairing a folder of .ics files with a task list, configured as the todoman tests do."""

    def __init__(self, folder, url, user):
        self.local = os.path.join(folder, "tasks")
        os.makedirs(self.local)
        os.makedirs(os.path.join(folder, "status"))
        self.config = os.path.join(folder, "vdirsyncer.conf")
        write_vdirsyncer_config(self.config, f"{folder}/status", self.local, url, user, "x")
        found = shutil.which("vdirsyncer", path=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
        if not found:
            sys.exit("vdirsyncer is missing: pip install vdirsyncer")
        self.program = found
        self.env = {"HOME": folder, "TZ": "UTC", "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"}

    def run(self, *arguments):
        return measured([self.program, "-c", self.config, *arguments], self.env, f"vdirsyncer {' '.join(arguments)}")


def vdirsyncer_comparison(folder, count, runs):
    """Rows of (operation, memoss walls, memoss CPUs, vdirsyncer walls, vdirsyncer CPUs) against Radicale."""
    csv = os.path.join(folder, "vdirsyncer-reminders.csv")
    with open(csv, "w") as f:
        f.write("title,date,time,tags\n")
        for index in range(count):
            f.write(f"Task {index},2099-{1 + index % 12:02d}-{1 + index % 28:02d},09:00,T{index % 7}\n")
    os.makedirs(os.path.join(folder, "vdirsyncer-server"))
    server = Server("radicale", os.path.join(folder, "vdirsyncer-server"))
    rows = []
    try:
        memoss_path, vdir_path = server.collection("memoss"), server.collection("vdirsyncer")
        store = os.path.join(folder, "vdirsyncer-memoss.sqlite")
        subprocess.run([IMPORT, "--db", store, csv], check=True, capture_output=True)
        memoss(store, "sync", "add", "bench", f"http://127.0.0.1:{server.port}{memoss_path}", "--user", server.user)
        vdirsyncer = Vdirsyncer(os.path.join(folder, "vdirsyncer"), f"http://127.0.0.1:{server.port}{vdir_path}", server.user)
        files = []
        for index in range(count):
            uid, text = vtodo(index)
            files.append(os.path.join(vdirsyncer.local, f"{uid}.ics"))
            with open(files[-1], "w", newline="") as file:
                file.write(text)
        vdirsyncer.run("discover")
        print(f"pushing {count} new with memoss…", file=sys.stderr)
        our_wall, our_cpu, said, _ = measured([MEMOSS, "--db", store, "sync"], MEMOSS_ENV, "memoss sync")
        assert said == f"bench: sent {count} new.", said
        print(f"pushing {count} new with vdirsyncer…", file=sys.stderr)
        their_wall, their_cpu, _, log = vdirsyncer.run("sync")
        assert log.count("Copying (uploading)") == count, log[-300:]
        rows.append((f"push {count:,} new", [our_wall], [our_cpu], [their_wall], [their_cpu]))
        ours, theirs = ([], []), ([], [])
        for run in range(runs):
            memoss(store, "edit", "1", "--title", f"Task edited {run}")
            wall, cpu, said, _ = measured([MEMOSS, "--db", store, "sync"], MEMOSS_ENV, "memoss sync")
            assert said == "bench: sent 1 changed.", said
            ours[0].append(wall)
            ours[1].append(cpu)
            with open(files[0]) as file:
                text = file.read()
            with open(files[0], "w", newline="") as file:
                file.write(re.sub(r"SUMMARY:[^\r\n]*", f"SUMMARY:Task edited {run}", text))
            wall, cpu, _, log = vdirsyncer.run("sync")
            assert log.count("Copying (updating)") == 1, log
            theirs[0].append(wall)
            theirs[1].append(cpu)
        rows.append((f"one change among {count:,}", ours[0], ours[1], theirs[0], theirs[1]))
    finally:
        server.stop()
    return rows


def summary(values):
    return statistics.median(values), min(values), max(values)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reminders", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--vdirsyncer-reminders", type=int, default=5000)
    parser.add_argument("--only", choices=["reference", "vdirsyncer"])
    options = parser.parse_args()
    for binary in (MEMOSS, MEMOSS + "-sync", IMPORT):
        if not os.path.exists(binary):
            sys.exit(f"{binary} is missing: swift build -c release")
    folder = tempfile.mkdtemp(prefix="memoss-sync-bench-")
    count = options.reminders
    csv = os.path.join(folder, "reminders.csv")
    with open(csv, "w") as f:
        f.write("title,date,time,tags\n")
        for index in range(count):
            f.write(f"Task {index},2099-{1 + index % 12:02d}-{1 + index % 28:02d},09:00,T{index % 7}\n")
    rows, versus = [], []
    try:
        if options.only != "vdirsyncer":
            rows = reference_rows(folder, csv, count, options.runs)
        if options.only != "reference":
            versus = vdirsyncer_comparison(folder, options.vdirsyncer_reminders, options.runs)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if rows:
        print(f"| server | operation | memoss median (min–max) | reference median (min–max) | ratio |")
        print("| --- | --- | --- | --- | --- |")
        for kind, name, ours, theirs in rows:
            o, t = summary(ours), summary(theirs)
            print(f"| {kind} | {name} | {o[0]:.3f} s ({o[1]:.3f}–{o[2]:.3f}) | {t[0]:.3f} s ({t[1]:.3f}–{t[2]:.3f}) | {o[0] / t[0]:.2f}× |")
    if versus:
        if rows:
            print()
        print("| radicale | memoss wall | vdirsyncer wall | wall ratio | memoss CPU | vdirsyncer CPU | CPU ratio |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        for name, our_wall, our_cpu, their_wall, their_cpu in versus:
            cells = []
            for ours, theirs in ((our_wall, their_wall), (our_cpu, their_cpu)):
                o, t = summary(ours), summary(theirs)
                cells.append(f"{figure(o)} | {figure(t)} | {o[0] / t[0]:.2f}×")
            print(f"| {name} | {' | '.join(cells)} |")


def figure(values):
    """A median with its min–max, or the one value of a single run."""
    median, low, high = values
    return f"{median:.3f} s" if low == high else f"{median:.3f} s ({low:.3f}–{high:.3f})"


def reference_rows(folder, csv, count, runs):
    """Rows of (server, operation, memoss times, reference times): the push, initial sync and no-op on both servers."""
    rows = []
    for kind in ("radicale", "xandikos"):
        server = Server(kind, folder)
        try:
            reference_path, memoss_path = server.collection("reference"), server.collection("memoss")
            url = f"http://127.0.0.1:{server.port}{memoss_path}"
            source = os.path.join(folder, f"{kind}-source.sqlite")
            subprocess.run([IMPORT, "--db", source, csv], check=True, capture_output=True)
            memoss(source, "sync", "add", "bench", url, "--user", server.user)
            ref_push = reference_push(server, reference_path, count)
            our_push, said = memoss(source, "sync")
            assert said == f"bench: sent {count} new.", said
            rows.append((kind, f"push {count} new", [our_push], [ref_push]))
            ours, theirs, tokens = [], [], []
            for run in range(runs):
                store = os.path.join(folder, f"{kind}-device-{run}.sqlite")
                memoss(store, "sync", "add", "bench", url, "--user", server.user)
                elapsed, said = memoss(store, "sync")
                assert said == f"bench: received {count} new.", said
                ours.append(elapsed)
                elapsed, token, got = reference_pull(server, reference_path)
                assert got == count, got
                theirs.append(elapsed)
                tokens.append(token)
            rows.append((kind, f"initial sync of {count}", ours, theirs))
            ours = [memoss(os.path.join(folder, f"{kind}-device-0.sqlite"), "sync")[0] for _ in range(runs)]
            theirs = [reference_noop(server, reference_path, tokens[-1]) for _ in range(runs)]
            rows.append((kind, "sync with nothing to do", ours, theirs))
        finally:
            server.stop()
    return rows


if __name__ == "__main__":
    main()
