#!/usr/bin/env python3
"""todoman with vdirsyncer as a second client of a CalDAV task list, set up in a folder of its own.

    todoman_client.py FOLDER setup URL USER PASSWORD  writes FOLDER's vdirsyncer and todoman
                                                     configurations and runs vdirsyncer's first sync
    todoman_client.py FOLDER sync                    vdirsyncer sync (both ways)
    todoman_client.py FOLDER todo ARGUMENT...        todo with FOLDER's configuration (standard
                                                     input passed on, for `new -r`)
    todoman_client.py FOLDER id SUMMARY              todoman's id of the task titled SUMMARY

Everything (the local copy of the list, vdirsyncer's status, todoman's cache) stays under FOLDER,
which is also HOME for both programs. Both run in this interpreter, through their command lines.
"""
import contextlib
import io
import json
import os
import sys


def run(folder, arguments, stdin=None):
    """Runs `vdirsyncer ARGUMENTS` or `todoman ARGUMENTS` as its command would; what it printed."""
    program, *rest = arguments
    if program == "vdirsyncer":
        from vdirsyncer.cli import app as command
    else:
        from todoman.cli import cli as command
    output = io.StringIO()
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    with contextlib.redirect_stdout(output):
        try:
            code = command.main(rest, prog_name=program, standalone_mode=False)
        except SystemExit as exit:
            code = exit.code
    if code not in (None, 0):
        sys.exit(f"{program} {' '.join(rest[2:4])} failed ({code}): {output.getvalue().strip()}")
    return output.getvalue()


def write_vdirsyncer_config(config, status, local, url, user, password):
    """vdirsyncer's configuration at `config`: the folder of .ics files `local` paired with the
    task list at `url` (the server wins a conflict), its state kept in `status`."""
    with open(config, "w") as file:
        file.write(f"""[general]
status_path = "{status}"

[pair list]
a = "local"
b = "server"
collections = null
conflict_resolution = "b wins"

[storage local]
type = "filesystem"
path = "{local}"
fileext = ".ics"

[storage server]
type = "caldav"
url = "{url}"
username = "{user}"
password = "{password}"
item_types = ["VTODO"]
""")


def setup(folder, url, user, password):
    local = os.path.join(folder, "tasks", "list")
    os.makedirs(local, exist_ok=True)
    os.makedirs(os.path.join(folder, "status"), exist_ok=True)
    write_vdirsyncer_config(os.path.join(folder, "vdirsyncer.conf"), f"{folder}/status", local, url, user, password)
    # todoman reads a Python file; default_due = 0 so that a task made without --due has none.
    with open(os.path.join(folder, "todoman.py"), "w") as file:
        file.write(f"""path = "{folder}/tasks/*"
cache_path = "{folder}/todoman-cache.sqlite3"
default_list = "list"
default_due = 0
date_format = "%Y-%m-%d"
time_format = "%H:%M"
""")
    run(folder, ["vdirsyncer", "-c", f"{folder}/vdirsyncer.conf", "discover"])
    run(folder, ["vdirsyncer", "-c", f"{folder}/vdirsyncer.conf", "sync"])


def main(arguments):
    folder, command, *rest = arguments
    os.environ["HOME"] = folder
    if command == "setup":
        setup(folder, *rest)
    elif command == "sync":
        run(folder, ["vdirsyncer", "-c", f"{folder}/vdirsyncer.conf", "sync"])
    elif command == "todo":
        stdin = None if sys.stdin.isatty() else sys.stdin.read()
        print(run(folder, ["todoman", "-c", f"{folder}/todoman.py"] + rest, stdin=stdin), end="")
    elif command == "id":
        tasks = json.loads(run(folder, ["todoman", "-c", f"{folder}/todoman.py", "--porcelain", "list", "--status", "ANY"]))
        matches = [task["id"] for task in tasks if task["summary"] == rest[0]]
        if len(matches) != 1:
            sys.exit(f"todoman has {len(matches)} tasks titled {rest[0]!r}")
        print(matches[0])
    else:
        sys.exit(f"todoman_client.py: unknown command {command}")


if __name__ == "__main__":
    main(sys.argv[1:])
