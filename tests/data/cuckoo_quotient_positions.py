"""Writes cuckoo_quotient_positions.tsv: cuckoo and quotient filter positions computed
independently of the Rust code, with MurmurHash3 x64_128 written out here in pure Python
(Austin Appleby's reference algorithm, seed 0).

Run: python3 tests/data/cuckoo_quotient_positions.py > tests/data/cuckoo_quotient_positions.tsv

Cuckoo (nb buckets, f-bit fingerprints):
    i1 = h1 mod nb;  fp = h2 >> (64 - f), or 1 where that is 0
    i2 = (i1 XOR (fp * 0x5bd1e995 mod 2^64)) mod nb
Quotient (q quotient bits, r remainder bits):
    fingerprint = h1 >> (64 - q - r);  quotient = fingerprint >> r;  remainder = fingerprint mod 2^r
"""

MASK = (1 << 64) - 1
C1, C2 = 0x87C37B91114253D5, 0x4CF5AD432745937F


def rotl(x, r):
    return ((x << r) | (x >> (64 - r))) & MASK


def fmix(k):
    k ^= k >> 33
    k = (k * 0xFF51AFD7ED558CCD) & MASK
    k ^= k >> 33
    k = (k * 0xC4CEB9FE1A85EC53) & MASK
    return k ^ (k >> 33)


def murmur3_x64_128(data, seed=0):
    """(h1, h2): the two 64-bit halves, h1 first (the low 64 bits of the 128-bit value)."""
    h1 = h2 = seed
    blocks = len(data) // 16
    for i in range(blocks):
        k1 = int.from_bytes(data[16 * i:16 * i + 8], "little")
        k2 = int.from_bytes(data[16 * i + 8:16 * i + 16], "little")
        k1 = (rotl((k1 * C1) & MASK, 31) * C2) & MASK
        h1 ^= k1
        h1 = (rotl(h1, 27) + h2) & MASK
        h1 = (h1 * 5 + 0x52DCE729) & MASK
        k2 = (rotl((k2 * C2) & MASK, 33) * C1) & MASK
        h2 ^= k2
        h2 = (rotl(h2, 31) + h1) & MASK
        h2 = (h2 * 5 + 0x38495AB5) & MASK
    tail = data[16 * blocks:]
    k1 = int.from_bytes(tail[:8], "little")
    k2 = int.from_bytes(tail[8:], "little")
    if len(tail) > 8:
        h2 ^= (rotl((k2 * C2) & MASK, 33) * C1) & MASK
    if len(tail) > 0:
        h1 ^= (rotl((k1 * C1) & MASK, 31) * C2) & MASK
    h1 ^= len(data)
    h2 ^= len(data)
    h1 = (h1 + h2) & MASK
    h2 = (h2 + h1) & MASK
    h1, h2 = fmix(h1), fmix(h2)
    h1 = (h1 + h2) & MASK
    h2 = (h2 + h1) & MASK
    return h1, h2


ITEMS = ["", "a", "apple", "banana", "cherry", "Bloom filter", "cuckoo filter",
         "quotient filter", "https://example.com/", "布隆过滤器", "ブルームフィルター",
         "🙂", "e\u0301", "nul\x00byte", "exactly sixteen!", "seventeen bytes!!"]
ITEMS += ["word%d" % i for i in range(284)]
# (nb, f, q, r): small and large tables, the smallest and largest fingerprints.
SETTINGS = [(1, 4, 1, 1), (16, 8, 6, 5), (1024, 12, 10, 8), (1 << 19, 16, 19, 32)]

print("# item as UTF-8 hex\tnb\tf\tq\tr\ti1\ti2\tfp\tquotient\tremainder")
for item in ITEMS:
    data = item.encode("utf-8")
    h1, h2 = murmur3_x64_128(data)
    for nb, f, q, r in SETTINGS:
        i1 = h1 % nb
        fp = (h2 >> (64 - f)) or 1
        i2 = (i1 ^ ((fp * 0x5BD1E995) & MASK)) % nb
        fingerprint = h1 >> (64 - q - r)
        print("\t".join(str(v) for v in [data.hex(), nb, f, q, r, i1, i2, fp,
                                           fingerprint >> r, fingerprint % (1 << r)]))
