"""Prints count-min sketch columns computed independently of the Rust code, as Rust tuples
for the table in tests/count_min.rs.

Item x adds to row j at column ((h1 + j*h2) mod 2^64) mod w, where h1 and h2 are the low
and high 32 bits of FNV-1a 64 of the item's UTF-8 bytes (written out below, no packages).
Regenerate: python3 tests/data/count_min_reference.py, then paste the output over the
table's rows.
"""

ITEMS = ["", "a", "apple", "count-min", "w1", "w2048", "布隆过滤器", "🙂"]
SHAPES = [(1, 1), (7, 4), (16, 3), (272, 5), (2048, 16)]  # (width w, depth d)


def fnv1a64(data):
    h = 0xcbf29ce484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001b3) % 2**64
    return h


for item in ITEMS:
    h = fnv1a64(item.encode("utf-8"))
    h1, h2 = h & 0xffffffff, h >> 32
    for w, d in SHAPES:
        columns = [((h1 + j * h2) % 2**64) % w for j in range(d)]
        print(f'    ("{item}", {w}, {d}, &[{", ".join(map(str, columns))}]),')

# The first draws of zipf_ranks(vocabulary=500, exponent=1.1, length=8, seed=9): SplitMix64
# written out, u = top 53 bits / 2^53, rank = smallest r with C_r > u*H.
MASK = 2**64 - 1


def splitmix64(z):
    z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & MASK
    z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & MASK
    return z ^ (z >> 31)


def zipf_ranks(vocabulary, exponent, length, seed):
    cumulative, total = [], 0.0
    for rank in range(1, vocabulary + 1):
        total += float(rank) ** -exponent
        cumulative.append(total)
    ranks = []
    for i in range(length):
        u = (splitmix64((seed + (i + 1) * 0x9e3779b97f4a7c15) & MASK) >> 11) * 2.0**-53
        target = u * total
        ranks.append(next(r for r, c in enumerate(cumulative, 1) if c > target))
    return ranks


print(f"    zipf_ranks(500, 1.1, 8, 9): {zipf_ranks(500, 1.1, 8, 9)}")
