#!/usr/bin/env python3
"""Reads a calendar of VTODOs as another client would, and says when each one falls due.

The file is parsed by the `icalendar` package and each VTODO's RRULE is expanded by
`recurring-ical-events` (which reads DTSTART, RRULE, COUNT, UNTIL and the VTIMEZONEs with their own
rules), one to-do at a time, so Memoss's export is checked by code that shares nothing with it.
Prints a JSON list, one object per VTODO in file order:

  {"uid", "summary", "rrule" (as icalendar writes it back, or null),
   "occurrences": [{"start": local ISO 8601 with its offset, "start_utc": YYYY-MM-DDTHH:MM:SSZ}, …]}

the first -n occurrences (by default 10) at or after DTSTART. A wall time in a DST gap is the instant
RFC 5545 §3.3.5 says (read with the offset before the gap), an ambiguous one the first.

  python3 ics_check.py FILE.ics [-n 8]        # or - for standard input

Exit status 0; 1 when the file cannot be parsed or a rule cannot be expanded (said on stderr).
"""
import argparse
import datetime as dt
import json
import sys

import icalendar
import recurring_ical_events

UTC = dt.timezone.utc


def instant(value):
    """An occurrence's start as an aware instant (a floating time is read in UTC; a day at midnight)."""
    if isinstance(value, dt.datetime):
        return value.astimezone(UTC) if value.tzinfo else value.replace(tzinfo=UTC)
    return dt.datetime.combine(value, dt.time(0), tzinfo=UTC)


def occurrences(todo, zones, count):
    """The first `count` starts of one to-do, expanded in a calendar of its own with the file's zones."""
    single = icalendar.Calendar()
    for zone in zones:
        single.add_component(zone)
    single.add_component(todo)
    anchor = todo.get("DTSTART") or todo.get("DUE")
    if anchor is None:
        return []
    first = instant(anchor.dt) - dt.timedelta(days=2)
    found = []
    for event in recurring_ical_events.of(single, components=["VTODO"]).after(first):
        start = event.get("DTSTART") or event.get("DUE")
        moment = start.dt
        local = moment.astimezone(UTC).astimezone(moment.tzinfo) if isinstance(moment, dt.datetime) and moment.tzinfo else moment
        found.append({"start": local.isoformat(), "start_utc": instant(moment).strftime("%Y-%m-%dT%H:%M:%SZ")})
        if len(found) == count:
            break
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", help="an .ics file, or - for standard input")
    parser.add_argument("-n", type=int, default=10, help="occurrences per to-do")
    arguments = parser.parse_args()
    try:
        data = sys.stdin.buffer.read() if arguments.file == "-" else open(arguments.file, "rb").read()
        calendar = icalendar.Calendar.from_ical(data)
        zones = calendar.walk("VTIMEZONE")
        result = []
        for todo in calendar.walk("VTODO"):
            rule = todo.get("RRULE")
            result.append({"uid": str(todo.get("UID")), "summary": str(todo.get("SUMMARY", "")),
                           "rrule": rule.to_ical().decode() if rule is not None else None,
                           "occurrences": occurrences(todo, zones, arguments.n)})
    except Exception as error:  # any failure to read the file is the finding
        print(f"error: {arguments.file}: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    json.dump(result, sys.stdout, indent=1, ensure_ascii=False)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
