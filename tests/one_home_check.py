#!/usr/bin/env python3
"""Every record kind and every server message has one home.

- A journal record can only be written or read where its "kind" member is spelled: the
  literal "kind" appears in the server's and the protocol's code only in
  server/room/records.cc, and there no kind's name is spelled: each is declared once, in
  server/room/records.h (`kind = "..."`), and written and read through that declaration.
- A server message can only be written where its "type" member is spelled: the literal
  "type" appears only in protocol/server_messages.cc (the writers), protocol/messages.cc
  (where a client message's type is read, once) and server/room/room_state.cc (an action's
  own "type", to tell a side action). In the writers each type is declared once, as a
  constant, and no "type" member is written with a literal.

(A kind's or a type's name may be an ordinary word elsewhere: "action" is a member of many
messages, "game_over" an error code and a log event. What cannot happen is a record or a
message put together away from its home.)

Prints every place that breaks this and exits 1; exits 0 when there is none.
usage: one_home_check.py [SOURCE_ROOT]
"""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
code_dirs = ["server", "protocol"]
kind_home = "server/room/records.cc"
kinds_file = "server/room/records.h"
type_homes = {
    "protocol/server_messages.cc": "the server's messages, one writer each",
    "protocol/messages.cc": "a client message's type, read once",
    "server/room/room_state.cc": "an action's own type (side actions)",
}


def code_lines(path):
    """The lines of a source file without its comments (// to the end of a line)."""
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        out, in_string, i = [], False, 0
        while i < len(line):
            c = line[i]
            if in_string:
                if c == "\\":
                    out.append(line[i:i + 2])
                    i += 2
                    continue
                if c == '"':
                    in_string = False
            elif c == '"':
                in_string = True
            elif line.startswith("//", i):
                break
            out.append(c)
            i += 1
        yield n, "".join(out)


def sources():
    for d in code_dirs:
        for p in sorted((root / d).rglob("*")):
            if p.suffix in (".cc", ".h") and p.is_file():
                yield p, p.relative_to(root).as_posix()


problems = []
kinds = re.findall(r'kind = "(\w+)"', (root / kinds_file).read_text(encoding="utf-8"))
if len(kinds) < 10:
    problems.append(f"{kinds_file}: found only {len(kinds)} record kinds")

for path, rel in sources():
    for n, line in code_lines(path):
        if '"kind"' in line and rel != kind_home:
            problems.append(f'{rel}:{n}: the record member "kind" is spelled outside {kind_home}: {line.strip()}')
        if '"type"' in line and rel not in type_homes:
            problems.append(f'{rel}:{n}: a message\'s "type" is spelled outside its homes: {line.strip()}')
        if rel == kind_home:
            # A kind's name as a value (a member's key of the same name, as the action record's
            # "action", is not the kind).
            for kind in kinds:
                for m in re.finditer(f'"{kind}"', line):
                    if not re.search(r'(\[|key\(|at\(|value\(|find\(|contains\()\s*$', line[:m.start()]):
                        problems.append(f"{rel}:{n}: the record kind {kind} is spelled, not taken from {kinds_file}")
        if rel == "protocol/server_messages.cc" and re.search(r'"type"\s*[,)]\s*(\.str\()?\s*"', line):
            problems.append(f'{rel}:{n}: a message type written as a literal, not its constant: {line.strip()}')

# Each kind and each server message type is declared once.
for what, names in (("record kind", kinds),
                    ("message type", re.findall(r'k[A-Z]\w* = "(\w+)"',
                                                (root / "protocol/server_messages.cc").read_text(encoding="utf-8")))):
    for name in sorted(set(n for n in names if names.count(n) > 1)):
        problems.append(f"the {what} {name} is declared {names.count(name)} times")

for p in problems:
    print(p)
print(f"one_home_check: {len(kinds)} record kinds, {len(problems)} problem(s)")
sys.exit(1 if problems else 0)
