#!/usr/bin/env python3
"""A second client of a CalDAV task list through the python `caldav` library, as a script would use it.

    caldav_client.py URL USER PASSWORD write      writes its to-dos (below), prints {shape: href}
    caldav_client.py URL USER PASSWORD read UID…  prints the to-dos as the library reads them, as JSON by UID
    caldav_client.py URL USER PASSWORD cancel UID cancels the to-do (STATUS:CANCELLED) and saves it

The to-dos are written in the library's own shapes: `add_todo` with its keyword arguments (dates
as Python dates and datetimes, a DURATION, STATUS and PERCENT-COMPLETE, an RRULE as a dict, an alarm
through alarm_*, a parent through `parent`, PRIORITY, and X- properties), dated for the tests'
day, Saturday 21 November 2026 in New York.
"""
import datetime
import json
import sys
from zoneinfo import ZoneInfo

import caldav

NEW_YORK = ZoneInfo("America/New_York")
UTC = datetime.timezone.utc


def shapes():
    """Each shape: its UID and the keyword arguments of `add_todo`."""
    return {
        "undated": dict(uid="caldav-undated@example.org", summary="Learn Welsh",
                        description="Ten minutes a day", **{"x-example-source": "caldav-lib"}),
        "all-day": dict(uid="caldav-all-day@example.org", summary="Renew library card",
                        due=datetime.date(2026, 11, 27), priority=5),
        "start-duration": dict(uid="caldav-start-duration@example.org", summary="Write report",
                               dtstart=datetime.datetime(2026, 11, 30, 9, 0, tzinfo=NEW_YORK),
                               duration=datetime.timedelta(hours=3)),
        "in-progress": dict(uid="caldav-in-progress@example.org", summary="Tax return",
                            due=datetime.datetime(2026, 12, 1, 17, 0, tzinfo=NEW_YORK), status="IN-PROCESS",
                            **{"percent-complete": 40}),
        "cancelled": dict(uid="caldav-cancelled@example.org", summary="Old plan",
                          due=datetime.datetime(2026, 11, 28, 10, 0, tzinfo=NEW_YORK), status="CANCELLED"),
        "rrule-utc": dict(uid="caldav-rrule-utc@example.org", summary="Team call",
                          dtstart=datetime.datetime(2026, 11, 23, 15, 0, tzinfo=UTC),
                          due=datetime.datetime(2026, 11, 23, 15, 0, tzinfo=UTC),
                          rrule={"FREQ": "WEEKLY", "BYDAY": "MO", "COUNT": 20}),
        "valarm": dict(uid="caldav-valarm@example.org", summary="Dentist",
                       due=datetime.datetime(2026, 11, 25, 14, 30, tzinfo=NEW_YORK),
                       alarm_trigger=datetime.timedelta(minutes=-30), alarm_action="DISPLAY",
                       alarm_description="Dentist in half an hour"),
        "parent": dict(uid="caldav-parent@example.org", summary="Paint the fence",
                       due=datetime.datetime(2026, 12, 5, 10, 0, tzinfo=NEW_YORK)),
        "related-to": dict(uid="caldav-related-to@example.org", summary="Buy paint",
                           due=datetime.datetime(2026, 12, 3, 18, 0, tzinfo=NEW_YORK), priority=1,
                           parent=["caldav-parent@example.org"],
                           **{"x-example-source": "caldav-lib", "x-example-colour": "green"}),
    }


def read(todo):
    """What the library makes of a to-do: its properties as Python values, as JSON can hold them."""
    component = todo.icalendar_component

    def value(name):
        if name not in component:
            return None
        item = component[name]
        if isinstance(item, list):
            return [str(one) for one in item]
        decoded = component.decoded(name)
        if isinstance(decoded, (datetime.datetime, datetime.date, datetime.timedelta)):
            return item.to_ical().decode() if not isinstance(decoded, datetime.datetime) else decoded.isoformat()
        if isinstance(decoded, bytes):
            return decoded.decode()
        return decoded if isinstance(decoded, (int, str)) else str(item.to_ical().decode())

    alarms = [{"action": str(alarm.get("ACTION")), "trigger": alarm["TRIGGER"].to_ical().decode(),
               "description": str(alarm.get("DESCRIPTION"))} for alarm in component.subcomponents
              if alarm.name == "VALARM"]
    due = todo.get_due()
    related = component.get("RELATED-TO")
    related = related if isinstance(related, list) else [related] if related is not None else []
    return {
        "summary": value("SUMMARY"), "description": value("DESCRIPTION"), "status": value("STATUS"),
        "percent": value("PERCENT-COMPLETE"), "priority": value("PRIORITY"), "dtstart": value("DTSTART"),
        "due": due.isoformat() if due is not None else None, "duration": value("DURATION"),
        "rrule": component["RRULE"].to_ical().decode() if "RRULE" in component else None,
        "completed": value("COMPLETED"), "alarms": alarms,
        "related": [{"uid": str(one), "reltype": one.params.get("RELTYPE", "PARENT")} for one in related],
        "x": {name: str(component[name]) for name in component if name.startswith("X-")},
        "sequence": value("SEQUENCE"),
    }


def main(arguments):
    url, user, password, command, *rest = arguments
    client = caldav.DAVClient(url=url, username=user, password=password)
    calendar = client.calendar(url=url)
    if command == "write":
        written = {}
        for shape, properties in shapes().items():
            todo = calendar.add_todo(**properties)
            written[shape] = str(todo.url.path)
        print(json.dumps(written, sort_keys=True))
    elif command == "read":
        print(json.dumps({uid: read(calendar.todo_by_uid(uid)) for uid in rest}, sort_keys=True))
    elif command == "cancel":
        todo = calendar.todo_by_uid(rest[0])
        todo.icalendar_component["STATUS"] = "CANCELLED"
        todo.save()
        print(json.dumps(read(todo), sort_keys=True))
    else:
        sys.exit(f"caldav_client.py: unknown command {command}")


if __name__ == "__main__":
    main(sys.argv[1:])
