"""Writes positions.tsv: Bloom filter positions computed independently of the Rust code.

FNV-1a 64 is written out here; murmur3 x64_128 comes from the `mmh3` package
(pip install mmh3). Run: python3 tests/data/positions.py > tests/data/positions.tsv
"""
import mmh3

ITEMS = ["", "a", "apple", "banana", "cherry", "Bloom filter", "https://example.com/",
         "布隆过滤器", "ブルームフィルター", "🙂", "e\u0301", "\u05e9\u05dc\u05d5\u05dd", "nul\x00byte"]
SHAPES = [(16, 3), (100, 4), (1000, 7), (4096, 5), (1 << 20, 8), (33554432, 64)]


def fnv1a64(data):
    h = 0xcbf29ce484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001b3) % 2**64
    return h


def pair(family, data):
    if family == "fnv":
        h = fnv1a64(data)
        return h & 0xffffffff, h >> 32
    digest = mmh3.hash_bytes(data, 0)  # canonical 16 bytes: h1 then h2, little-endian
    return int.from_bytes(digest[:8], "little"), int.from_bytes(digest[8:], "little")


print("# family\titem as UTF-8 hex\tm\tk\th1\th2\tpositions")
for family in ("fnv", "murmur3"):
    for item in ITEMS:
        data = item.encode("utf-8")
        h1, h2 = pair(family, data)
        for m, k in SHAPES:
            positions = [((h1 + i * h2) % 2**64) % m for i in range(k)]
            print(f"{family}\t{data.hex()}\t{m}\t{k}\t{h1}\t{h2}\t{','.join(map(str, positions))}")
