#!/usr/bin/python3
"""gen-go-tree.py DIR [FILES] - write a synthetic gofmt-shaped Go tree
(default 900 files, about 7 MB) for bench/grep-proof.sh, and DIR/MANIFEST
with the true span of every `Probe` method (file, first line, last line).

Each file holds types, helpers and one Probe method whose body carries one
of the lexing pitfalls of docs/formats.md section 9.2 (braces in
strings, raw strings, runes, comments), so a naive brace counter gets some
spans wrong.  Deterministic: same arguments, same bytes."""
import os
import random
import sys

PITFALLS = [
    ('plain', ['\tx := 1', '\tif x > 0 {', '\t\tx++', '\t}', '\treturn x']),
    ('brace-in-string', ['\ts := "{" + name', '\treturn len(s)']),
    ('close-in-string', ['\ts := name + "}}"', '\treturn len(s)']),
    ('raw-regex', ['\tre := regexp.MustCompile(`(\\w+)=([^",}\\s]+)`)',
                   '\treturn len(re.String())']),
    ('raw-multiline', ['\tdoc := `line {', '\t// not a comment }', '\t"q" {{`',
                       '\treturn len(doc)']),
    ('rune', ["\tcloser := '}'", "\tif name[0] == '{' {", '\t\treturn int(closer)',
              '\t}', '\treturn 0']),
    ('comment', ['\t// for k, ok := range m {', '\t/* } } */', '\treturn 3']),
    ('escaped-quote', ['\ts := "{\\"a\\": 1}\\\\" + "\\"{"', '\treturn len(s)']),
    ('closure', ['\tf := func(i int) int {', '\t\treturn i + 1', '\t}',
                 '\treturn f(2)']),
]


def filler(rng, n):
    out = []
    for i in range(n):
        out.append('// helper%d does some work on {its} input.' % i)
        out.append('func helper%d_%d(v []int) int {' % (i, rng.randrange(1 << 30)))
        out.append('\ttotal := 0')
        out.append('\tfor _, x := range v {')
        out.append('\t\ttotal += x * %d // "}" in a comment' % rng.randrange(100))
        out.append('\t}')
        out.append('\tmsg := "value {%d}"' % i)
        out.append('\t_ = msg')
        out.append('\treturn total')
        out.append('}')
        out.append('')
    return out


def main():
    root = sys.argv[1]
    nfiles = int(sys.argv[2]) if len(sys.argv) > 2 else 900
    rng = random.Random(42)
    manifest = []
    for i in range(nfiles):
        d = os.path.join(root, 'pkg', 'p%02d' % (i % 60), 'sub%d' % (i % 7))
        os.makedirs(d, exist_ok=True)
        rel = os.path.relpath(os.path.join(d, 'f%04d.go' % i), root)
        kind, body = PITFALLS[i % len(PITFALLS)]
        lines = ['package sub%d' % (i % 7), '', 'import "regexp"', '',
                 'var _ = regexp.MustCompile', '',
                 '// Type%d is a %s case.' % (i, kind),
                 'type Type%d struct {' % i,
                 '\tName  string `json:"name"`',
                 '\tValue int    `json:"value,omitempty"`', '}', '']
        lines += filler(rng, 26)
        start = len(lines) + 2
        lines.append('// Probe exercises the %s pitfall.' % kind)
        lines.append('func (t *Type%d) Probe(name string) int {' % i)
        lines += body
        lines.append('}')
        manifest.append('%s %d %d' % (rel, start, len(lines)))
        lines.append('')
        if i % 100 == 0:
            lines += ['type Detector struct{ n int }', '',
                      '// Saturation is the average load.',
                      'func (d *Detector) Saturation(c []int) float64 {',
                      '\tif len(c) == 0 {', '\t\treturn 1.0', '\t}',
                      '\treturn float64(d.n) / float64(len(c))', '}', '']
        lines += filler(rng, 10)
        with open(os.path.join(root, rel), 'w') as f:
            f.write('\n'.join(lines) + '\n')
    with open(os.path.join(root, 'MANIFEST'), 'w') as f:
        f.write('\n'.join(sorted(manifest)) + '\n')


main()
