#!/usr/bin/env python3
"""Recurrence cases at every UTC-offset change of every zone of the system tz database in
2025-2030, for RecurrenceOracleTests (any oracle that reads the cases computes their occurrences).

Transitions and zones come from gen_cases.py beside this file. For each transition it takes, sampled
with --seed: wall times at the window's first minute, one inside it, its last minute and the first
minute after it (a window that runs to midnight gives 23:xx, where the shift crosses midnight), each
with a rule that lands on the transition day (daily from a day or two before, weekly on its weekday,
monthly on its day, or none), an end date on the transition day or the day after in about one case
in four, and an `after` instant in about one in eight.

    python3 transition_cases.py --seed 7 [--per 3]
"""
import argparse
import datetime as dt
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_cases  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--per", type=int, default=3, help="cases per transition")
    arguments = parser.parse_args()
    r = random.Random(arguments.seed)
    cases = []
    for zone in gen_cases.zones_with_transitions():
        for year in gen_cases.YEARS:
            for kind, first, last in gen_cases.transitions(zone, year):
                if last.date() != first.date():
                    last = dt.datetime.combine(first.date(), dt.time(23, 59))
                width = max(1, int((last - first).total_seconds() // 60))
                offsets = sorted({0, r.randrange(width), width - 1, width})
                day = first.date()
                for offset in r.sample(offsets, min(arguments.per, len(offsets))):
                    wall = (first + dt.timedelta(minutes=offset)).time()
                    rule = r.choice(["daily", "weekly", "monthly", "none"])
                    extra = {}
                    if rule == "daily":
                        start_day = day - dt.timedelta(days=r.randint(0, 2))
                    elif rule == "weekly":
                        start_day = day - dt.timedelta(days=r.randint(0, 13))
                        extra["weekday"] = gen_cases.sunday_first(day)
                    elif rule == "monthly":
                        start_day = day - dt.timedelta(days=r.randint(0, 40))
                        extra["day"] = day.day
                    else:
                        start_day = day
                    start = dt.datetime.combine(start_day, wall)
                    if rule != "none" and r.random() < 0.25:
                        extra["end"] = (day + dt.timedelta(days=r.randint(0, 1))).isoformat()
                    if r.random() < 0.125:
                        extra["after"] = gen_cases.minute(start + dt.timedelta(minutes=r.randint(1, 1500)))
                    cases.append({"id": f"{zone} {kind} {day} +{offset}m", "tz": zone,
                                  "start": gen_cases.minute(start), "rule": rule, "count": r.randint(2, 5), **extra})
    json.dump(cases, sys.stdout)


if __name__ == "__main__":
    main()
