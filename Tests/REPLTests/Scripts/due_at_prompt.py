"""Drives `memoss` through a pseudo-terminal: while the prompt waits with a half-typed line, a
reminder falls due (another process moves its time to a second from now); the notification is
shown above the line within a second of its time, and the half-typed line is redrawn and still
works. Prints one line per check; exits 1 on the first failure.

The prompt's clock starts at the tests' instant (MEMOSS_CLOCK) and runs from when it is started;
this script keeps the same clock, so "a second from now" is the prompt's now, whatever the day.

    MEMOSS_CLOCK=2026-11-21T20:00:00Z python3 due_at_prompt.py MEMOSS_BINARY WORK_FOLDER
"""
import datetime
import os
import subprocess
import sys
import time

import pexpect

binary, folder = sys.argv[1], sys.argv[2]
env = dict(os.environ, XDG_STATE_HOME=os.path.join(folder, "state"), TZ="UTC", NO_COLOR="1", TERM="dumb")
store = os.path.join(folder, "prompt.sqlite")
PROMPT = "memoss> "


def check(name, condition):
    print(("ok   " if condition else "FAIL ") + name)
    if not condition:
        sys.exit(1)


clock = os.environ["MEMOSS_CLOCK"]
origin = datetime.datetime.fromisoformat(clock.replace("Z", "+00:00"))


def prompt_now():
    """The prompt's clock: the tests' instant plus the time since it was started (a hair ahead
    of the prompt's own, which starts when its process has)."""
    return origin + datetime.timedelta(seconds=time.monotonic() - started)


subprocess.run([binary, "--db", store, "add", "Tea", "--date", "2027-01-01"], env=env, check=True, capture_output=True)
started = time.monotonic()
child = pexpect.spawn(binary, ["--db", store], env=dict(env, MEMOSS_CLOCK=clock + "+"), encoding="utf-8", timeout=10,
                      dimensions=(40, 200))
child.expect_exact(PROMPT)
child.send("lis")
time.sleep(0.3)
due = prompt_now() + datetime.timedelta(seconds=1)
subprocess.run(["sqlite3", "-cmd", ".timeout 5000", store, "UPDATE reminder SET scheduledAt = %d" % (due.timestamp() * 1000)], check=True)
child.expect_exact("Reminder: Tea", timeout=5)
shown = prompt_now()
delay = (shown - due).total_seconds()
print("delay %.3f s" % delay)
check("the notification is shown at the prompt within a second of its time", -0.1 < delay < 1.0)
child.expect_exact(PROMPT + "lis")
check("the half-typed line is redrawn after it", True)
child.sendline("t")
child.expect_exact("1. [ ] Tea")
child.expect_exact(PROMPT)
check("the line typed around the notification still works", True)
# Snoozed from another process, it fires again while the same prompt waits (its time moved to a
# second from now): shown again, under the id it had.
notification = subprocess.run(["sqlite3", "-cmd", ".timeout 5000", store, "SELECT id FROM deliveredNotification"], check=True, capture_output=True,
                              text=True).stdout.strip()
subprocess.run([binary, "--db", store, "snooze", notification, "10"], check=True, capture_output=True,
               env=dict(env, MEMOSS_CLOCK=prompt_now().strftime("%Y-%m-%dT%H:%M:%SZ")))
again = prompt_now() + datetime.timedelta(seconds=1)
subprocess.run(["sqlite3", "-cmd", ".timeout 5000", store, "UPDATE notificationRequest SET fireAt = %d WHERE isSnoozed = 1" % (again.timestamp() * 1000)],
               check=True)
child.expect_exact("Reminder: Tea", timeout=5)
check("a snoozed notification that fires again is shown again", True)
child.sendline("quit")
child.expect(pexpect.EOF)
