#!/usr/bin/python3
"""naive-extract.py DIR NAME - the baseline: find `func … NAME(` lines and
take the function's end where a plain brace counter (ignoring strings,
runes and comments) returns to zero.  Prints "file start end" per hit,
end 0 when the counter never closes."""
import os
import re
import sys

root, name = sys.argv[1], sys.argv[2]
pat = re.compile(r'^func (\([^)]*\) )?%s[\[(]' % re.escape(name))
for d, dirs, files in sorted(os.walk(root)):
    dirs.sort()
    for fn in sorted(files):
        if not fn.endswith('.go'):
            continue
        path = os.path.join(d, fn)
        with open(path, encoding='utf-8', errors='replace') as f:
            lines = f.read().split('\n')
        for i, line in enumerate(lines):
            if not pat.match(line):
                continue
            depth, end, opened = 0, 0, False
            for j in range(i, len(lines)):
                for c in lines[j]:
                    if c == '{':
                        depth += 1
                        opened = True
                    elif c == '}':
                        depth -= 1
                if opened and depth <= 0:
                    end = j + 1
                    break
            print('%s %d %d' % (os.path.relpath(path, root), i + 1, end))
