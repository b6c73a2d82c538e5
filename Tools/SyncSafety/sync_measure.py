#!/usr/bin/env python3
"""What `memoss-sync` costs while it waits, and its peak memory against answers too large to read.

Usage (from the repository's root, after building memoss, memoss-sync and memoss-import in release):
    python3 Tools/SyncSafety/sync_measure.py [--build .build/release] [--compare OTHER/.build/release] [--runs 3]

Per build (and per --compare build, e.g. an older checkout's, side by side), against Radicale on a
free loopback port behind Tests/REPLTests/Scripts/hostile_caldav.py:
  silent 10 s     a server that accepts and never answers, --timeout 10: CPU time while waiting
  200 PUTs        200 new reminders sent through the proxy with 50 ms added to each request
                  (a distant server): wall time and CPU time
  500 MB answer   the sync-collection answered with 500 MB of XML, streamed: peak memory (VmHWM
                  as getrusage reports it), wall time, and what the user reads
  31 MiB answer   just under the answer limit, every byte a tiny <response>: the worst a server can
                  make Memoss hold (peak memory)
memoss-sync is run directly (what `memoss sync` runs), so the figures are its own. Medians of --runs.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tools"))
from loopback import free_port, wait_for  # noqa: E402
HOSTILE = os.path.join(ROOT, "Tests/REPLTests/Scripts/hostile_caldav.py")
MKCALENDAR = ('<?xml version="1.0"?><c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>'
              '<d:displayname>Tasks</d:displayname><c:supported-calendar-component-set><c:comp name="VTODO"/>'
              '</c:supported-calendar-component-set></d:prop></d:set></c:mkcalendar>')


class Servers:
    """Radicale in a temporary folder, and the hostile proxy in front of it."""

    def __init__(self, folder):
        import http.client
        self.folder = folder
        self.radicale_port, self.port = free_port(), free_port()
        self.mode = os.path.join(folder, "mode")
        self.set("pass")
        self.radicale = subprocess.Popen([sys.executable, "-m", "radicale", f"--storage-filesystem-folder={folder}/data",
                                          f"--server-hosts=127.0.0.1:{self.radicale_port}", "--auth-type=none",
                                          "--logging-level=warning"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for(self.radicale_port)
        connection = http.client.HTTPConnection("127.0.0.1", self.radicale_port)
        connection.request("MKCALENDAR", "/alice/tasks/", MKCALENDAR, {"Authorization": "Basic YWxpY2U6eA==",
                                                                      "Content-Type": "application/xml"})
        if connection.getresponse().status != 201:
            sys.exit("MKCALENDAR failed")
        self.proxy = subprocess.Popen([sys.executable, HOSTILE, "--listen", str(self.port), "--upstream", str(self.radicale_port),
                                       "--mode-file", self.mode], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for(self.port)
        self.url = f"http://127.0.0.1:{self.port}/alice/tasks/"

    def set(self, mode):
        with open(self.mode, "w") as f:
            f.write(mode)

    def stop(self):
        for process in (self.proxy, self.radicale):
            process.kill()
            process.wait()


def environment():
    return {"HOME": "/nonexistent", "TZ": "UTC", "PATH": "/usr/bin:/bin"}


def store(build, folder, servers, name, reminders=1):
    """A store with the account `home` and `reminders` reminders."""
    path = os.path.join(folder, name + ".sqlite")
    subprocess.run([os.path.join(build, "memoss"), "--db", path, "sync", "add", "home", servers.url, "--user", "alice"],
                   env=environment(), check=True, stdout=subprocess.DEVNULL)
    csv = os.path.join(folder, name + ".csv")
    with open(csv, "w") as f:
        f.write("title,date,time\n")
        for index in range(reminders):
            f.write(f"Task {index},2099-{1 + index % 12:02d}-{1 + index % 28:02d},09:00\n")
    subprocess.run([os.path.join(build, "memoss-import"), "--db", path, csv], env=environment(), check=True, stdout=subprocess.DEVNULL)
    return path


def run_sync(build, path, timeout):
    """memoss-sync on `path`: (exit status, wall s, CPU s, peak KiB, standard error)."""
    with tempfile.TemporaryFile() as errors:
        started = time.monotonic()
        process = subprocess.Popen([os.path.join(build, "memoss-sync"), "--db", path, "--timeout", str(timeout), "--"],
                                   env=environment(), stdout=subprocess.DEVNULL, stderr=errors)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.monotonic() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        errors.seek(0)
        error = errors.read().decode(errors="replace")
    return process.returncode, wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, error


def measure(build, runs):
    results = {}
    for run in range(runs):
        folder = tempfile.mkdtemp(prefix="memoss-measure-")
        servers = Servers(folder)
        try:
            path = store(build, folder, servers, "silent")
            servers.set("hang")
            results.setdefault("silent", []).append(run_sync(build, path, 10))
            servers.set("pass")
            path = store(build, folder, servers, "push", reminders=200)
            servers.set("delay 50")
            results.setdefault("push", []).append(run_sync(build, path, 30))
            servers.set("pass")
            path = store(build, folder, servers, "huge")
            servers.set("huge 524288000")
            results.setdefault("huge", []).append(run_sync(build, path, 120))
            path = store(build, folder, servers, "worst")
            servers.set("huge 33000000")
            results.setdefault("worst", []).append(run_sync(build, path, 120))
        finally:
            servers.stop()
            shutil.rmtree(folder, ignore_errors=True)
    return results


def median(values):
    return statistics.median(values)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default=os.path.join(ROOT, ".build/release"))
    parser.add_argument("--compare")
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    builds = [("this build", options.build)] + ([("compared", options.compare)] if options.compare else [])
    table = {name: measure(path, options.runs) for name, path in builds}
    print("| measure | " + " | ".join(name for name, _ in builds) + " |")
    print("| --- |" + " --- |" * len(builds))
    rows = [
        ("silent server, --timeout 10: wall", "silent", lambda r: f"{median([x[1] for x in r]):.2f} s"),
        ("silent server, --timeout 10: CPU", "silent", lambda r: f"{median([x[2] for x in r]):.3f} s"),
        ("200 PUTs, 50 ms each: wall", "push", lambda r: f"{median([x[1] for x in r]):.2f} s"),
        ("200 PUTs, 50 ms each: CPU", "push", lambda r: f"{median([x[2] for x in r]):.3f} s"),
        ("500 MB answer: peak memory", "huge", lambda r: f"{median([x[3] for x in r]) / 1024:.0f} MiB"),
        ("500 MB answer: wall", "huge", lambda r: f"{median([x[1] for x in r]):.2f} s"),
        ("31 MiB of tiny responses: peak memory", "worst", lambda r: f"{median([x[3] for x in r]) / 1024:.0f} MiB"),
    ]
    for label, key, show in rows:
        print(f"| {label} | " + " | ".join(show(table[name][key]) for name, _ in builds) + " |")
    print()
    for name, _ in builds:
        for key in ("silent", "push", "huge", "worst"):
            status, _, _, _, error = table[name][key][-1]
            print(f"{name}, {key}: exit {status}: {error.strip()[:300]}")


if __name__ == "__main__":
    main()
