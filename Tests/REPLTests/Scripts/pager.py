"""`memoss list` at a terminal: longer than the screen it goes through $PAGER, shorter it does not.
Prints one line per check; exits 1 on the first failure.

    MEMOSS_CLOCK=2026-11-21T20:00:00Z python3 pager.py MEMOSS_BINARY WORK_FOLDER
"""
import os
import subprocess
import sys

import pexpect

binary, folder = sys.argv[1], sys.argv[2]
store = os.path.join(folder, "pager.sqlite")
paged = os.path.join(folder, "paged.txt")
env = dict(os.environ, TZ="UTC", NO_COLOR="1", TERM="dumb", PAGER="cat > '%s'; echo PAGED" % paged)


def check(name, condition):
    print(("ok   " if condition else "FAIL ") + name)
    if not condition:
        sys.exit(1)


def add(title):
    subprocess.run([binary, "--db", store, "add", title, "--date", "2027-01-01"], env=env, check=True, capture_output=True)


add("First")
short = pexpect.spawn(binary, ["--db", store, "list"], env=env, encoding="utf-8", timeout=10, dimensions=(10, 100))
short.expect(pexpect.EOF)
check("a list that fits the screen is printed, not paged", "1. [ ] First" in short.before and "PAGED" not in short.before)

for number in range(2, 13):
    add("Reminder %d" % number)
long = pexpect.spawn(binary, ["--db", store, "list"], env=env, encoding="utf-8", timeout=10, dimensions=(10, 100))
long.expect_exact("PAGED")
long.expect(pexpect.EOF)
text = open(paged).read()
check("a list longer than the screen goes through the pager", " 12. [ ] " in text and text.startswith("To Do\n") and text.endswith("Nothing completed yet.\n"))

# The real pager takes the terminal: it reads keys (so it must be in the terminal's foreground
# process group, not stopped as a background job) and quitting it ends the listing.
real_env = {key: value for key, value in env.items() if key not in ("PAGER", "LESS")}
real_env["TERM"] = "xterm"
real = pexpect.spawn(binary, ["--db", store, "list"], env=real_env, encoding="utf-8", timeout=10, dimensions=(10, 100))
real.expect_exact("To Do")
real.send(" ")
real.expect_exact("(END)")
real.send("q")
real.expect(pexpect.EOF)
real.close()
check("less shows the list a screen at a time, takes keys and quits with q", real.exitstatus == 0)
