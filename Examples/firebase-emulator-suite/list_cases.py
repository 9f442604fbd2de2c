"""Lists the cases of the Auth emulator's spec files, one line each: `<spec file> :: <describe> > ... :: <title>`.

    python3 list_cases.py DIR      # DIR: firebase-tools' src/emulator/auth at the commit the suite ports

cases.txt is this script's output at commit a786bda73b48196fce1df22fe2b1cbc9e463b2d0; test_mapping.py checks that every
line of it has a test here and that every test here names a line of it. A title built from a template
(`${providerId}`) is listed as written, once; the tests that expand it name it with their parameter. A title
that occurs twice in one describe is listed the second time with ` #2`.
"""

import pathlib
import re
import sys

CALL = re.compile(r"^(\s*)(describeAuthEmulator|describe|it)\(\s*$|^(\s*)(describeAuthEmulator|describe|it)\(\s*([\"'`])")


def string_at(text, start):
    """The string literal that starts at `start` (a quote), and where it ends."""
    quote = text[start]
    out, i = [], start + 1
    while text[i] != quote:
        if text[i] == "\\":
            out.append(text[i + 1])
            i += 2
            continue
        out.append(text[i])
        i += 1
    return "".join(out), i + 1


def cases(path):
    text = path.read_text()
    stack = []  # (indent, title)
    for match in re.finditer(r"^([ \t]*)(describeAuthEmulator|describe|it)\(\s*", text, re.M):
        indent, kind = len(match.group(1)), match.group(2)
        start = match.end()
        if text[start] not in "\"'`":
            continue
        title, _ = string_at(text, start)
        while stack and stack[-1][0] >= indent:
            stack.pop()
        if kind == "it":
            yield path.name, " > ".join(t for _, t in stack), title
        else:
            stack.append((indent, title))


def main():
    folder = pathlib.Path(sys.argv[1])
    for spec in sorted(folder.glob("*.spec.ts")):
        seen = {}
        for name, describe, title in cases(spec):
            # Two cases with one title in one describe (deleteAccount has one) are told apart by their order.
            seen[(describe, title)] = seen.get((describe, title), 0) + 1
            suffix = f" #{seen[(describe, title)]}" if seen[(describe, title)] > 1 else ""
            print(f"{name} :: {describe} :: {title}{suffix}")


if __name__ == "__main__":
    main()
