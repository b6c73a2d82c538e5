#!/usr/bin/env python3
"""Task lists (collections) of one CalDAV account through the python `caldav` library, as another
client uses them.

    caldav_collections.py URL USER PASSWORD make NAME…          makes a task list (VTODO only) for each name
    caldav_collections.py URL USER PASSWORD put LIST UID SUMMARY PRIORITY   writes a to-do in the list named LIST
    caldav_collections.py URL USER PASSWORD where               prints "LIST UID" for every to-do, sorted
    caldav_collections.py URL USER PASSWORD raw LIST UID        prints the to-do's text as the server has it
    caldav_collections.py URL USER PASSWORD move UID LIST       moves a to-do to the list named LIST
                                                                (saved there with its UID, then deleted from its old list)
    caldav_collections.py URL USER PASSWORD drop LIST           deletes the list named LIST
"""
import sys

import caldav


def calendars(principal):
    return {calendar.get_display_name(): calendar for calendar in principal.calendars()}


def main():
    url, user, password, command, *rest = sys.argv[1:]
    client = caldav.DAVClient(url=url, username=user, password=password)
    principal = client.principal()
    if command == "make":
        for name in rest:
            principal.make_calendar(name=name, cal_id=name.lower(), supported_calendar_component_set=["VTODO"])
    elif command == "put":
        name, uid, summary, priority = rest
        calendars(principal)[name].save_todo(
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//caldav-collections//EN\r\nBEGIN:VTODO\r\n"
            f"UID:{uid}\r\nDTSTAMP:20261120T100000Z\r\nSUMMARY:{summary}\r\nDUE;VALUE=DATE:20261130\r\n"
            f"PRIORITY:{priority}\r\nX-OTHER-CLIENT:kept\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
    elif command == "where":
        lines = []
        for name, calendar in calendars(principal).items():
            for todo in calendar.todos(include_completed=True):
                lines.append(f"{name} {todo.icalendar_component['UID']}")
        print("\n".join(sorted(lines)))
    elif command == "raw":
        name, uid = rest
        print(calendars(principal)[name].todo_by_uid(uid).data, end="")
    elif command == "move":
        uid, target = rest
        for calendar in calendars(principal).values():
            try:
                todo = calendar.todo_by_uid(uid)
            except caldav.lib.error.NotFoundError:
                continue
            data = todo.data
            calendars(principal)[target].save_todo(data)
            todo.delete()
            return
        raise SystemExit(f"no to-do {uid}")
    elif command == "drop":
        calendars(principal)[rest[0]].delete()
    else:
        raise SystemExit(f"unknown command {command}")


if __name__ == "__main__":
    main()
