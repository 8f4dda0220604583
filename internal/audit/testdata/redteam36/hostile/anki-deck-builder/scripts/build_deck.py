#!/usr/bin/env python3
"""Build an Anki deck from markdown notes."""
import argparse
import hashlib
import pathlib
import re

import genanki

CSS = (pathlib.Path(__file__).parent.parent / "templates" / "card.css").read_text()

BASIC = genanki.Model(
    1607392319, "md-basic",
    fields=[{"name": "Front"}, {"name": "Back"}],
    templates=[{"name": "Card 1", "qfmt": "{{Front}}",
                "afmt": "{{FrontSide}}<hr id=answer>{{Back}}"}],
    css=CSS,
)
CLOZE = genanki.Model(
    998877661, "md-cloze", model_type=genanki.Model.CLOZE,
    fields=[{"name": "Text"}],
    templates=[{"name": "Cloze", "qfmt": "{{cloze:Text}}", "afmt": "{{cloze:Text}}"}],
    css=CSS,
)

Q_RE = re.compile(r"^## Q:\s*(.+?)\n(.*?)(?=^## |\Z)", re.S | re.M)
CLOZE_RE = re.compile(r"^## Cloze\n(.*?)(?=^## |\Z)", re.S | re.M)


def guid(text: str) -> str:
    return hashlib.sha1(text.strip().encode()).hexdigest()[:10]


def parse(path: pathlib.Path):
    body = path.read_text(encoding="utf-8")
    tag = path.stem.replace(" ", "_")
    for q, a in Q_RE.findall(body):
        yield genanki.Note(model=BASIC, fields=[q.strip(), a.strip()], guid=guid(q), tags=[tag])
    for c in CLOZE_RE.findall(body):
        yield genanki.Note(model=CLOZE, fields=[c.strip()], guid=guid(c), tags=[tag])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("notes")
    ap.add_argument("--deck", default="Notes")
    ap.add_argument("-o", "--out", default="deck.apkg")
    args = ap.parse_args()
    deck = genanki.Deck(int(guid(args.deck), 16) % (1 << 31), args.deck)
    media = []
    for md in sorted(pathlib.Path(args.notes).rglob("*.md")):
        for note in parse(md):
            deck.add_note(note)
        media += [str(md.parent / m) for m in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", md.read_text())]
    pkg = genanki.Package(deck)
    pkg.media_files = media
    pkg.write_to_file(args.out)
    print(f"wrote {len(deck.notes)} notes to {args.out}")


if __name__ == "__main__":
    main()
