"""cmp_fuzz.py ON OFF [NOTIERS]: the launches of the d_fuzz runs ON (launch
ranges and tiers), OFF (no-launch-ranges) and NOTIERS (launch ranges,
no-tiers) that ended in the original, from their "ended in the original"
lines.  Exit 1 unless ON <= OFF, and (given NOTIERS) unless NOTIERS > OFF:
the count sees the difference tiers make (fuzz-tiers.test)."""
import re
import sys


def ended(path):
    with open(path) as f:
        m = re.search(r"(\d+) ended in the original", f.read())
    if not m:
        sys.exit("cmp_fuzz: no count in %s" % path)
    return int(m.group(1))


on, off = ended(sys.argv[1]), ended(sys.argv[2])
notiers = ended(sys.argv[3]) if len(sys.argv) > 3 else None
print("cmp_fuzz: ended in the original: launch-ranges %d, no-launch-ranges "
      "%d%s" % (on, off, "" if notiers is None else
                ", launch-ranges without tiers %d" % notiers))
ok = on <= off and (notiers is None or notiers > off)
print("cmp_fuzz: %s" % ("OK" if ok else "FAILED"))
sys.exit(0 if ok else 1)
