#!/usr/bin/python3
"""Writes the committed Fashion-MNIST subset: the first N training images and labels of Debian's
dataset-fashion-mnist, as IDX files gzipped deterministically (mtime 0), so that the default build
tests real data without the Debian package. Usage: make-subset.py [N] (default 2000).

Provenance and checksums: see README.md beside this script (regenerate it with make-reference.py).
"""
import gzip, hashlib, struct, sys

SRC = "/usr/share/datasets/fashion-mnist/"
n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000

with gzip.open(SRC + "train-images-idx3-ubyte.gz") as f:
    magic, count, rows, cols = struct.unpack(">IIII", f.read(16))
    assert magic == 0x803 and count >= n, (magic, count)
    pixels = f.read(n * rows * cols)
with gzip.open(SRC + "train-labels-idx1-ubyte.gz") as f:
    magic, count = struct.unpack(">II", f.read(8))
    assert magic == 0x801 and count >= n, (magic, count)
    labels = f.read(n)

def write(name, header, body):
    with open(name, "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=9) as z:
            z.write(header + body)

write("train-images-idx3-ubyte-first%d.gz" % n, struct.pack(">IIII", 0x803, n, rows, cols), pixels)
write("train-labels-idx1-ubyte-first%d.gz" % n, struct.pack(">II", 0x801, n), labels)
