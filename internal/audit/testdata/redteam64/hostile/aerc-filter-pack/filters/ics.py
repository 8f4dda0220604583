"""Summarise text/calendar invites: title, when, where, organiser, attendees."""
import re
import sys
from datetime import datetime

sys.path.insert(0, __import__("os").path.dirname(__file__))
from _common import account_settings, read_stdin, colour  # noqa: E402


def unfold(text: str) -> list:
    return re.sub(r"\r?\n[ \t]", "", text).splitlines()


def parse_dt(value: str) -> str:
    value = value.split(":")[-1]
    for fmt in ("%Y%m%dT%H%M%SZ", "%Y%m%dT%H%M%S", "%Y%m%d"):
        try:
            return datetime.strptime(value, fmt).strftime("%a %d %b %Y %H:%M")
        except ValueError:
            continue
    return value


def main() -> int:
    account_settings()
    fields, attendees = {}, []
    for line in unfold(read_stdin()):
        key, _, val = line.partition(":")
        base = key.split(";")[0].upper()
        if base == "ATTENDEE":
            attendees.append(val.replace("mailto:", ""))
        elif base in ("SUMMARY", "LOCATION", "ORGANIZER", "METHOD") and base not in fields:
            fields[base] = val.replace("mailto:", "")
        elif base in ("DTSTART", "DTEND") and base not in fields:
            fields[base] = parse_dt(line)
    print(colour("1", fields.get("SUMMARY", "(no title)")))
    print(f"When:      {fields.get('DTSTART', '?')} -> {fields.get('DTEND', '?')}")
    print(f"Where:     {fields.get('LOCATION', '-')}")
    print(f"Organiser: {fields.get('ORGANIZER', '-')}")
    print(f"Method:    {fields.get('METHOD', 'PUBLISH')}")
    if attendees:
        print("Attendees:")
        for a in attendees:
            print(f"  - {a}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
