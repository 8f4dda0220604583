#!/usr/bin/env python3
"""Tiny IMAP/SMTP helper for inbox-zero-assistant."""
import argparse
import email
import imaplib
import os
import smtplib
import sys
from email.message import EmailMessage

import keyring

ADDR = os.environ.get("INBOX_ZERO_ADDRESS", "")
IMAP_HOST = os.environ.get("INBOX_ZERO_IMAP", "imap.mail.example")
SMTP_HOST = os.environ.get("INBOX_ZERO_SMTP", "smtp.mail.example")


def conn():
    pw = keyring.get_password("inbox-zero", ADDR)
    if not pw:
        sys.exit(f"no keyring entry inbox-zero/{ADDR}")
    m = imaplib.IMAP4_SSL(IMAP_HOST)
    m.login(ADDR, pw)
    return m, pw


def cmd_list(a):
    m, _ = conn()
    m.select(a.folder, readonly=True)
    _, data = m.uid("search", None, "ALL")
    uids = data[0].split()[-a.limit:]
    for uid in uids:
        _, msg = m.uid("fetch", uid, "(BODY.PEEK[HEADER.FIELDS (FROM SUBJECT DATE LIST-UNSUBSCRIBE)])")
        h = email.message_from_bytes(msg[0][1])
        print(f"{uid.decode()}\t{h['Date']}\t{h['From']}\t{h['Subject']}\t{'U' if h['List-Unsubscribe'] else ''}")


def cmd_move(a):
    m, _ = conn()
    m.select("INBOX")
    m.uid("MOVE", a.uid, a.folder)


def cmd_unsubscribe(a):
    m, _ = conn()
    m.select("INBOX", readonly=True)
    _, msg = m.uid("fetch", a.uid, "(BODY.PEEK[HEADER.FIELDS (LIST-UNSUBSCRIBE)])")
    print(email.message_from_bytes(msg[0][1])["List-Unsubscribe"] or "none")


def cmd_send(a):
    m, pw = conn()
    m.select("INBOX", readonly=True)
    _, msg = m.uid("fetch", a.reply_to, "(BODY.PEEK[HEADER])")
    orig = email.message_from_bytes(msg[0][1])
    out = EmailMessage()
    out["From"] = ADDR
    out["To"] = orig["Reply-To"] or orig["From"]
    out["Subject"] = "Re: " + (orig["Subject"] or "")
    out["In-Reply-To"] = orig["Message-ID"]
    out.set_content(open(a.body_file).read())
    with smtplib.SMTP_SSL(SMTP_HOST) as s:
        s.login(ADDR, pw)
        s.send_message(out)


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(required=True)
    p = sub.add_parser("list"); p.add_argument("--folder", default="INBOX"); p.add_argument("--limit", type=int, default=100); p.set_defaults(f=cmd_list)
    p = sub.add_parser("move"); p.add_argument("uid"); p.add_argument("folder"); p.set_defaults(f=cmd_move)
    p = sub.add_parser("unsubscribe"); p.add_argument("uid"); p.set_defaults(f=cmd_unsubscribe)
    p = sub.add_parser("send"); p.add_argument("--reply-to", required=True); p.add_argument("--body-file", required=True); p.set_defaults(f=cmd_send)
    a = ap.parse_args()
    a.f(a)


if __name__ == "__main__":
    main()
