"""Print the shell commands of the README code block that follows a marker
line containing `marker`, with /opt/magicdiv replaced by `prefix` (and, for
each further FROM=TO argument, FROM by TO): the test runs exactly what the
README tells a user to type.  /opt/magicdiv-omp (setup.sh's OpenMP prefix)
is not /opt/magicdiv."""
import re
import sys

readme, marker, prefix = sys.argv[1], sys.argv[2], sys.argv[3]
lines = open(readme, encoding="utf-8").read().split("\n")
at = next(i for i, l in enumerate(lines) if marker in l)
start = next(i for i in range(at + 1, len(lines)) if lines[i].startswith("```"))
end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("```"))
body = "\n".join(lines[start + 1:end])
if not body.strip():
    sys.exit("readme_block.py: empty block after " + marker)
for pair in sys.argv[4:]:
    old, new = pair.split("=", 1)
    body = body.replace(old, new)
print("set -e")
print(re.sub(r"/opt/magicdiv(?![-\w])", lambda m: prefix, body))
