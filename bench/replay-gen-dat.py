#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""replay-gen-dat.py TEMPLATE.dat OUT.dat < TEXT: a trace.dat (file
version 6, uncompressed) of the events of a trace-cmd report -t text,
for make bench's trace.dat rows (bench/replay.sh).

The events are written as the kernel writes them: each CPU's records in
ring-buffer pages (the header_page and header_event of TEMPLATE), each
record laid out by the event's format in TEMPLATE (its id, every field
at its offset and size), pointers to functions by TEMPLATE's kallsyms.
TEMPLATE is a real recording converted to version 6 (trace-cmd convert
--file-version 6 --compression none): the formats are a 6.12 kernel's;
its kallsyms is cut to the functions the text names, its per-CPU
statistics left out. trace-cmd report reads the result back, to the
text it was made from (bench/replay.sh compares the replays of both).
"""
import re
import struct
import sys

PAGE = 4096
PAGE_HDR = 16			# u64 timestamp, local_t commit
DELTA_MAX = (1 << 27) - 1	# time_delta's 27 bits
LINE = re.compile(r'^\s*(.*?)-(\d+)\s+\[(\d+)\]\s+(?:\S+\s+)?(\d+)\.(\d+):\s+(\w+):\s*(.*)$')
FIELD = re.compile(r'field:(.*?);\s*offset:(\d+);\s*size:(\d+);\s*signed:(\d+);')


def die(msg):
    sys.exit('replay-gen-dat.py: ' + msg)


class Template:
    """The sections of a version 6 trace.dat, up to its CPU data."""

    def __init__(self, path):
        b = open(path, 'rb').read()
        if b[:10] != b'\x17\x08Dtracing' or b[10:12] != b'6\0' or b[12] != 0:
            die('%s: not a little-endian version 6 trace.dat (trace-cmd convert --file-version 6)' % path)
        self.b = b
        p = 18
        self.head_start = p
        for name in (b'header_page\0', b'header_event\0'):
            p += len(name)
            n, = struct.unpack_from('<Q', b, p)
            p += 8 + n
        self.events = {}	# name -> (id, {field: (offset, size, signed, is_str)})
        n, = struct.unpack_from('<I', b, p)
        p += 4
        for _ in range(n):
            p = self._format(p)
        n, = struct.unpack_from('<I', b, p)
        p += 4
        for _ in range(n):
            p = b.index(b'\0', p) + 1
            m, = struct.unpack_from('<I', b, p)
            p += 4
            for _ in range(m):
                p = self._format(p)
        self.formats_end = p
        n, = struct.unpack_from('<I', b, p)
        self.kallsyms = b[p + 4:p + 4 + n].decode()
        p += 4 + n
        n, = struct.unpack_from('<I', b, p)
        self.printk = b[p:p + 4 + n]
        p += 4 + n
        n, = struct.unpack_from('<Q', b, p)
        p += 8 + n
        self.cpus, = struct.unpack_from('<I', b, p)
        p += 4
        if b[p:p + 10] != b'options  \0':
            die('%s: no options section where version 6 has it' % path)
        p += 10
        self.options = []
        while True:
            oid, = struct.unpack_from('<H', b, p)
            p += 2
            if not oid:
                break
            sz, = struct.unpack_from('<I', b, p)
            self.options.append((oid, b[p + 4:p + 4 + sz]))
            p += 4 + sz

    def _format(self, p):
        n, = struct.unpack_from('<Q', self.b, p)
        text = self.b[p + 8:p + 8 + n].decode()
        name = re.search(r'^name: (\S+)', text, re.M).group(1)
        eid = int(re.search(r'^ID: (\d+)', text, re.M).group(1))
        fields = {}
        for decl, off, size, sgn in FIELD.findall(text):
            fname = re.sub(r'\[.*\]', '', decl.split()[-1])
            fields[fname] = (int(off), int(size), int(sgn), '[' in decl and 'char' in decl)
        self.events[name] = (eid, fields)
        return p + 8 + n


class Symbols(dict):
    """Function name -> address, from kallsyms; the names used, kept."""

    def __init__(self, kallsyms):
        super().__init__()
        self.all = {}
        for line in kallsyms.splitlines():
            a, _, sym = line.split()[:3]
            self.all.setdefault(sym, int(a, 16))

    def __contains__(self, name):
        if not dict.__contains__(self, name) and name in self.all:
            self[name] = self.all[name]
        return dict.__contains__(self, name)


def record(t, ev, pid, kv, sym):
    eid, fields = t.events[ev]
    size = max(o + s for o, s, _, _ in fields.values())
    data = bytearray((size + 3) & ~3)
    struct.pack_into('<Hxxi', data, 0, eid, pid)
    for k, v in kv.items():
        if k not in fields:
            continue
        off, sz, sgn, is_str = fields[k]
        if is_str:
            raw = v.encode()[:sz - 1]
            data[off:off + len(raw)] = raw
            continue
        v = v.split('/')[0]
        if v in sym:
            x = sym[v]
        else:
            try:
                x = int(v, 0) if not re.match(r'^0\d', v) else int(v, 10)
            except ValueError:
                continue	# a symbolic value (mode=ABS): 0
        data[off:off + sz] = (x & ((1 << (8 * sz)) - 1)).to_bytes(sz, 'little')
    return bytes(data)


def pages(recs):
    """One CPU's (ts, data) records into ring-buffer pages."""
    out = bytearray()
    page, base, last = bytearray(), None, None
    for ts, data in recs + [(None, None)]:
        ev = b''
        if ts is not None:
            if base is not None:
                delta = ts - last
                if delta > DELTA_MAX:
                    # a time extend (type_len 30): the delta's upper bits
                    ev += struct.pack('<II', 30 | (delta & DELTA_MAX) << 5, delta >> 27)
                    delta = 0
            else:
                base, delta = ts, 0
            if len(data) > 28 * 4:
                die('a record of %d bytes: longer than this writer packs' % len(data))
            ev += struct.pack('<I', (len(data) // 4) | delta << 5) + data
        if ts is None or len(page) + len(ev) > PAGE - PAGE_HDR:
            if page:
                out += struct.pack('<QQ', base, len(page)) + page
                out += bytes(PAGE - PAGE_HDR - len(page))
            if ts is None:
                break
            page, base = bytearray(), ts
            ev = struct.pack('<I', len(data) // 4) + data
        page += ev
        last = ts
    return bytes(out)


def main():
    if len(sys.argv) != 3:
        die('usage: replay-gen-dat.py TEMPLATE.dat OUT.dat < TEXT')
    t = Template(sys.argv[1])
    per_cpu = [[] for _ in range(t.cpus)]
    sym = Symbols(t.kallsyms)
    for line in sys.stdin:
        m = LINE.match(line)
        if not m:
            continue
        _, pid, cpu, secs, frac, ev, rest = m.groups()
        if ev not in t.events:
            die('event %s: not in the template\'s formats' % ev)
        cpu = int(cpu)
        if cpu >= t.cpus:
            die('cpu %d: the template has %d CPUs' % (cpu, t.cpus))
        kv = dict(re.findall(r'(\w+)=(\S+)', rest))
        fn = kv.get('function', '').split('/')[0]
        if fn and fn not in sym:
            die('function %s: not in the template\'s kallsyms' % fn)
        ts = int(secs) * 1000000000 + int(frac.ljust(9, '0')[:9])
        per_cpu[cpu].append((ts, record(t, ev, int(pid), kv, sym)))
    data = [pages(r) for r in per_cpu]

    out = bytearray(t.b[:t.formats_end])
    ks = ''.join('%016x T %s\n' % (a, s) for s, a in sorted(sym.items())).encode()
    out += struct.pack('<I', len(ks)) + ks + t.printk
    out += struct.pack('<Q', 0)				# no cmdlines
    out += struct.pack('<I', t.cpus) + b'options  \0'
    for oid, val in t.options:
        if oid in (2, 11):	# the recording's CPU statistics, its trace id
            continue
        out += struct.pack('<HI', oid, len(val)) + val
    out += struct.pack('<H', 0) + b'flyrecord\0'
    off = (len(out) + 16 * t.cpus + PAGE - 1) // PAGE * PAGE
    table = bytearray()
    for d in data:
        table += struct.pack('<QQ', off, len(d))
        off += len(d)
    out += table
    out += bytes((len(out) + PAGE - 1) // PAGE * PAGE - len(out))
    for d in data:
        out += d
    with open(sys.argv[2], 'wb') as f:
        f.write(out)


if __name__ == '__main__':
    main()
