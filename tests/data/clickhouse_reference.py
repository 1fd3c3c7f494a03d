"""A second, independent reading of ClickHouse's bloom_filter parameter choice.

Source: ClickHouse/ClickHouse, src/Interpreters/BloomFilterHash.h,
BloomFilterHash::calculationBestPractices(double max_conflict_probability).
The table below is ClickHouse's probability_lookup_table, row = bits per row (row 0 is a
dummy), column = number of hash functions (column 0 is the k = 0 placeholder 1.0). C++
zero-fills the entries a row does not write; they are left out here.

Run: python3 tests/data/clickhouse_reference.py

It prints, for every entry, the formula (1 - e^(-k/c))^k rounded to 3 significant
figures next to ClickHouse's literal, flags the entries that differ, and then prints the
walk's answer at each table value and just below it (the only places the answer changes).
src/filter/clickhouse.rs pins the same facts in its tests.
"""
import math

MIN_INDEX = [0, 0, 1, 2, 3, 3, 4, 5, 6, 6, 7, 8, 8, 9, 10, 10, 11, 12, 12, 13, 14]
TABLE = [
    [1.0],
    [1.0, 1.0],
    [1.0, 0.393, 0.400],
    [1.0, 0.283, 0.237, 0.253],
    [1.0, 0.221, 0.155, 0.147, 0.160],
    [1.0, 0.181, 0.109, 0.092, 0.092, 0.101],
    [1.0, 0.154, 0.0804, 0.0609, 0.0561, 0.0578, 0.0638],
    [1.0, 0.133, 0.0618, 0.0423, 0.0359, 0.0347, 0.0364],
    [1.0, 0.118, 0.0489, 0.0306, 0.024, 0.0217, 0.0216, 0.0229],
    [1.0, 0.105, 0.0397, 0.0228, 0.0166, 0.0141, 0.0133, 0.0135, 0.0145],
    [1.0, 0.0952, 0.0329, 0.0174, 0.0118, 0.00943, 0.00844, 0.00819, 0.00846],
    [1.0, 0.0869, 0.0276, 0.0136, 0.00864, 0.0065, 0.00552, 0.00513, 0.00509],
    [1.0, 0.08, 0.0236, 0.0108, 0.00646, 0.00459, 0.00371, 0.00329, 0.00314],
    [1.0, 0.074, 0.0203, 0.00875, 0.00492, 0.00332, 0.00255, 0.00217, 0.00199, 0.00194],
    [1.0, 0.0689, 0.0177, 0.00718, 0.00381, 0.00244, 0.00179, 0.00146, 0.00129, 0.00121, 0.0012],
    [1.0, 0.0645, 0.0156, 0.00596, 0.003, 0.00183, 0.00128, 0.001, 0.000852, 0.000775, 0.000744],
    [1.0, 0.0606, 0.0138, 0.005, 0.00239, 0.00139, 0.000935, 0.000702, 0.000574, 0.000505, 0.00047, 0.000459],
    [1.0, 0.0571, 0.0123, 0.00423, 0.00193, 0.00107, 0.000692, 0.000499, 0.000394, 0.000335, 0.000302, 0.000287, 0.000284],
    [1.0, 0.054, 0.0111, 0.00362, 0.00158, 0.000839, 0.000519, 0.00036, 0.000275, 0.000226, 0.000198, 0.000183, 0.000176],
    [1.0, 0.0513, 0.00998, 0.00312, 0.0013, 0.000663, 0.000394, 0.000264, 0.000194, 0.000155, 0.000132, 0.000118, 0.000111, 0.000109],
    [1.0, 0.0488, 0.00906, 0.0027, 0.00108, 0.00053, 0.000303, 0.000196, 0.00014, 0.000108, 8.89e-05, 7.77e-05, 7.12e-05, 6.79e-05, 6.71e-05],
]


def at(b, k):
    """C++ semantics: entries a row does not write are 0."""
    row = TABLE[b]
    return row[k] if k < len(row) else 0.0


def walk(p):
    """calculationBestPractices, statement by statement."""
    if p >= 0.283:
        return (2, 2)
    for b in range(1, 20):
        if at(b, MIN_INDEX[b]) <= p:
            for k in range(MIN_INDEX[b], 0, -1):
                if at(b, k) > p:
                    return (b, k + 1)
    return (19, MIN_INDEX[19])


def sig3(x):
    return float("%.3g" % x)


def main():
    print("# entries that differ from (1 - e^(-k/c))^k at 3 significant figures")
    for c in range(1, 21):
        for k in range(1, len(TABLE[c])):
            f = (1.0 - math.exp(-k / c)) ** k
            if sig3(f) != TABLE[c][k]:
                print("bits %d hashes %d: table %r formula %.6g" % (c, k, TABLE[c][k], f))
    print("# walk at each table value v and just below it")
    values = sorted({v for row in TABLE for v in row} | {0.283})
    for v in values:
        below = math.nextafter(v, 0.0)
        print("%r\t%s\t%s" % (v, walk(v), walk(below)))


if __name__ == "__main__":
    main()
