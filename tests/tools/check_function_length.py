#!/usr/bin/env python3
"""Fails when a function in src/ is longer than the limit (default 150 lines, from its header to its closing brace).

A function is a brace block at namespace or class scope whose header has a parameter list; lambdas and nested
blocks count towards the function that holds them. Strings, character literals and comments are skipped, so
braces inside them do not count. Usage: check_function_length.py SRC_DIR [--max N] [--top K]
"""
import os
import re
import sys

TRANSPARENT = re.compile(r'\b(namespace|struct|class|union|enum|extern\s*"C")\b[^(){};]*$')


def strip_code(text):
    """The text with comments, strings and character literals blanked (newlines kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            out.append(' ' * (j - i))
            i = j
        elif text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
        elif c == 'R' and text.startswith('R"', i):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            end = text.find(')' + m.group(1) + '"', i) + len(m.group(1)) + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:end]))
            i = end
        elif c == '"' or (c == "'" and not (i > 0 and text[i - 1].isalnum())):
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == '\\' else 1
            out.append(c + ' ' * (j - i - 1) + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def functions(path):
    code = strip_code(open(path, encoding='utf-8').read())
    stack = []  # each entry: (kind, start_line, name)
    header_start = 0
    line = 1
    for k, c in enumerate(code):
        if c == '\n':
            line += 1
        elif c in ';':
            if not any(s[0] == 'fn' for s in stack):
                header_start = k + 1
        elif c == '{':
            inside_fn = any(s[0] == 'fn' for s in stack)
            header = code[header_start:k].strip()
            if inside_fn:
                stack.append(('block', line, ''))
            elif TRANSPARENT.search(header) or header.endswith('=') or '(' not in header or re.search(r'=\s*[^=]*$', header.split('(')[0]):
                stack.append(('scope', line, ''))
                header_start = k + 1
            else:
                first = header_start
                start_line = code.count('\n', 0, first + len(code[first:k]) - len(code[first:k].lstrip())) + 1
                name = re.sub(r'\s+', ' ', header.split('(')[0]).strip().split(' ')[-1]
                stack.append(('fn', start_line, name))
        elif c == '}':
            kind, start, name = stack.pop()
            if kind == 'fn':
                yield name, start, line
            if not any(s[0] == 'fn' for s in stack):
                header_start = k + 1
    return


def main():
    args = sys.argv[1:]
    limit, top = 150, 0
    if '--max' in args:
        limit = int(args[args.index('--max') + 1])
    if '--top' in args:
        top = int(args[args.index('--top') + 1])
    root = args[0]
    found = []
    for d, _, files in os.walk(root):
        for f in files:
            if f.endswith(('.cpp', '.hpp', '.h')):
                p = os.path.join(d, f)
                for name, a, b in functions(p):
                    found.append((b - a + 1, os.path.relpath(p, root), a, name))
    found.sort(reverse=True)
    for length, p, a, name in found[:top]:
        print(f'{length:5d}  {p}:{a}  {name}')
    bad = [x for x in found if x[0] > limit]
    for length, p, a, name in bad:
        print(f'{p}:{a}: {name} is {length} lines long (limit {limit}): split it into named units', file=sys.stderr)
    if not found:
        print('no functions found: the checker is broken', file=sys.stderr)
        return 1
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
