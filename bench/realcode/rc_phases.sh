# rc_phases.sh -- the steps of rc_run.sh (sourced): what the machine has,
# the bundle's check, the timed run of one program, and the five phases.
# Uses rc_run.sh's variables: here, t0, rc (the bundle), work, logs.

# Directories that may hold the CUDA libraries (the toolkit, the driver's
# mount, the Python packages' nvidia/*/lib).
rc_libdirs() {
  local d sp
  for d in /usr/local/cuda/lib64 /usr/local/cuda/targets/x86_64-linux/lib \
           /usr/local/nvidia/lib64 /usr/local/nvidia/lib /usr/lib/x86_64-linux-gnu; do
    [ -d "$d" ] && echo "$d"
  done
  for sp in $(python3 -c 'import site, sys; print(" ".join(site.getsitepackages() + [site.getusersitepackages()] + sys.path))' 2>/dev/null); do
    [ -d "$sp/nvidia" ] && find "$sp/nvidia" -maxdepth 3 -type d -name lib 2>/dev/null
  done | sort -u
}

# One library: its first path in ldconfig's cache or the directories above.
rc_findlib() { # name dirs...
  local n=$1 d
  shift
  for d in "$@"; do [ -e "$d/$n" ] && { echo "$d/$n"; return 0; }; done
  ldconfig -p 2>/dev/null | awk -v n="$n" '$1 == n { print $NF; exit }'
}

# What the machine has; sets LD_LIBRARY_PATH to the directories of the CUDA
# libraries found; "driver: ok" or "driver: none (...)".
rc_probe() {
  local dirs n p add=""
  echo "== machine"
  echo "host: $(uname -srm); cpus: $(nproc)"
  if command -v nvidia-smi >/dev/null; then
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1 | sed 's/^/gpu: /'
  else echo "gpu: nvidia-smi not found"; fi
  mapfile -t dirs < <(rc_libdirs)
  echo "library directories searched: ${dirs[*]}"
  for n in libcuda.so.1 libcudart.so.13 libcublas.so.13 libcublasLt.so.13; do
    p=$(rc_findlib "$n" "${dirs[@]}")
    echo "lib $n: ${p:-MISSING}"
    [ -n "$p" ] && case ":$add:" in *":$(dirname "$p"):"*) ;; *) add=$add:$(dirname "$p") ;; esac
  done
  export LD_LIBRARY_PATH=${add#:}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  echo "LD_LIBRARY_PATH=$LD_LIBRARY_PATH"
  if [ -z "$(rc_findlib libcuda.so.1 "${dirs[@]}")" ]; then
    echo "driver: none (libcuda.so.1 not found)"
  elif ! nvidia-smi -L >/dev/null 2>&1; then
    echo "driver: none (nvidia-smi -L fails: $(nvidia-smi -L 2>&1 | head -1))"
  else echo "driver: ok"; fi
}

# The programs the bundle should hold, one path a line.
rc_programs() {
  echo "ggml/test-backend-ops"
  local p v
  for p in $(cut -d' ' -f1 "$rc/llmc/CASES" 2>/dev/null) train_gpt2cu; do
    for v in native plugin; do echo "llmc/$p.$v"; done
  done
  for p in $(cat "$rc/hecbench/BENCHES" "$rc/hecbench/MORE" 2>/dev/null | cut -d' ' -f1); do
    for v in native plugin; do echo "hecbench/$p.$v"; done
  done
}

rc_check_bundle() {
  local p n=0 miss="" libs
  echo "== bundle $rc"
  for f in MANIFEST llmc/CASES hecbench/BENCHES; do
    [ -f "$rc/$f" ] || miss="$miss $f"
  done
  for p in $(rc_programs); do
    if [ -x "$rc/$p" ]; then n=$((n + 1)); else miss="$miss $p"; fi
  done
  echo "programs found: $n of $(rc_programs | wc -l)"
  echo "missing:${miss:- none}"
  libs=$(for p in $(rc_programs); do [ -x "$rc/$p" ] && ldd "$rc/$p" 2>/dev/null; done |
         awk '/not found/ { print $1 }' | sort -u | tr '\n' ' ')
  echo "libraries not found: ${libs:-none}"
}

# rc_timed DEADLINE LIMIT LOG DIR cmd...: run cmd in DIR with MAGICDIV_LOG=1
# under min(LIMIT, DEADLINE - now) seconds; the log ends with
# "== rc: exit N, S s" (124: the limit), or holds "== rc: skipped (time)".
rc_timed() {
  local dl=$1 lim=$2 log=$3 dir=$4 s left rc
  shift 4
  left=$((dl - $(date +%s)))
  [ "$left" -lt "$lim" ] && lim=$left
  if [ "$lim" -lt 3 ]; then echo "== rc: skipped (time)" >"$log"; return 125; fi
  s=$(date +%s.%N)
  (cd "$dir" && MAGICDIV_LOG=1 timeout -k 5 "$lim" "$@") >"$log" 2>&1
  rc=$?
  echo "== rc: exit $rc, $(python3 -c "import time; print('%.1f' % (time.time() - $s))") s, limit $lim s" >>"$log"
  return $rc
}

rc_ggml_test() { # deadline (seconds after t0)
  local dl=$((t0 + $1)) bin=$rc/ggml/test-backend-ops shards=${RC_SHARDS:-12} i ops fail
  local heavy=" ${RC_HEAVY:-MUL_MAT MUL_MAT_ID FLASH_ATTN_EXT} " lists=() rest=() op
  echo "== ggml test-backend-ops test -b CUDA0, clones (until +$1 s)"
  [ -x "$bin" ] || { echo "ggml: not in the bundle"; return; }
  mapfile -t ops < <("$bin" --list-ops 2>/dev/null | sed -n 's/^  \([A-Z_0-9]*\)$/\1/p')
  # the heaviest ops alone in a process each, with 4 workers (one op: every
  # MAGICDIV_LOG line is its own); the others dealt round-robin
  for op in "${ops[@]}"; do
    case "$heavy" in *" $op "*) lists+=("$op") ;; *) rest+=("$op") ;; esac
  done
  local nh=${#lists[@]} nr=$((shards - ${#lists[@]}))
  [ "$nr" -lt 1 ] && nr=1
  for ((i = 0; i < ${#rest[@]}; i++)); do
    lists[nh + i % nr]=${lists[nh + i % nr]:+${lists[nh + i % nr]},}${rest[i]}
  done
  echo "ggml: ${#ops[@]} ops in ${#lists[@]} processes"
  for ((i = 0; i < ${#lists[@]}; i++)); do
    local j=1
    [ "$i" -lt "$nh" ] && j=4
    rc_timed "$dl" 100000 "$logs/ggml_test.$i.txt" "$rc/ggml" \
      "$bin" test -b CUDA0 -o "${lists[i]}" -j "$j" &
  done
  wait
  fail=$(python3 "$here/rc_table.py" --failing "$logs"/ggml_test.*.txt)
  if [ -n "$fail" ]; then
    echo "ggml: failing ops $fail: again with MAGICDIV_DISABLE=1"
    rc_timed "$((dl + 60))" 60 "$logs/ggml_test_orig.txt" "$rc/ggml" \
      env MAGICDIV_DISABLE=1 "$bin" test -b CUDA0 -o "$fail"
  fi
  grep -h 'tests passed' "$logs"/ggml_test.*.txt | awk '{ split($1, a, "/"); p += a[1]; t += a[2] }
    END { printf "ggml: %d/%d tests passed (all shards)\n", p, t }'
}

# HeCBench's programs of LIST (BENCHES: the index benchmarks; MORE: the
# other programs with clones, hec_more.txt), native then plugin each.
rc_hecbench() { # deadline [list]
  local dl=$((t0 + $1)) list=${2:-BENCHES} b lim args v
  [ -f "$rc/hecbench/$list" ] || { echo "== HeCBench $list: not in the bundle"; return; }
  echo "== HeCBench $list ($(wc -l <"$rc/hecbench/$list") programs, until +$1 s)"
  while read -r b lim args; do
    for v in native plugin; do
      [ -x "$rc/hecbench/$b.$v" ] || continue
      # shellcheck disable=SC2086
      rc_timed "$dl" "$lim" "$logs/hec.$b.$v.txt" "$rc/hecbench" "./$b.$v" $args
    done
    echo "hecbench $b: $(tail -1 "$logs/hec.$b.plugin.txt" 2>/dev/null)"
  done <"$rc/hecbench/$list"
}

# llm.c's data format: 256 int32 (magic 20240520, version 1, tokens), then
# uint16 tokens (random, fixed seed; GPT-2's vocabulary).
rc_tokens() { # file count
  python3 - "$1" "$2" <<'EOF'
import random, struct, sys
n = int(sys.argv[2])
random.seed(1)
hdr = [20240520, 1, n] + [0] * 253
with open(sys.argv[1], "wb") as f:
    f.write(struct.pack("<256i", *hdr))
    f.write(struct.pack("<%dH" % n, *(random.randrange(50257) for _ in range(n))))
EOF
}

rc_llmc() { # deadline
  local dl=$((t0 + $1)) d=$work/llmc-data v j p k lim=${RC_LLMC_LIMIT:-25}
  # matmul_forward's CPU reference (B=32, T=1024, 768 -> 3072: 155 GFLOP)
  # runs on one thread (clang has no libgomp codegen): minutes
  local skip=${RC_LLMC_SKIP-matmul_forward}
  echo "== llm.c (until +$1 s)"
  mkdir -p "$d" && rc_tokens "$d/train.bin" 400000 && rc_tokens "$d/val.bin" 100000
  for v in native plugin; do
    [ -x "$rc/llmc/train_gpt2cu.$v" ] || continue
    rc_timed "$dl" 60 "$logs/llmc.train_gpt2cu.$v.txt" "$d" "$rc/llmc/train_gpt2cu.$v" \
      -e d12 -i "$d/train.bin" -j "$d/val.bin" -b 4 -t 1024 -x 30 -v 1000 -m 2 -s 1000 -h 0
  done
  echo "llm.c train_gpt2cu: $(grep -h 'total average iteration time' "$logs"/llmc.train_gpt2cu.*.txt | tr '\n' ' ')"
  for ((j = 1; j <= 9; j++)); do  # the j-th kernel number of every program
    while read -r p ks; do
      k=$(echo "$ks" | awk -v j="$j" '{ print $j }')
      [ -n "$k" ] || continue
      case " $skip " in *" $p "*) [ "$j" = 1 ] && echo "llm.c $p: skipped (RC_LLMC_SKIP)"; continue ;; esac
      for v in native plugin; do
        rc_timed "$dl" "$lim" "$logs/llmc.$p.$k.$v.txt" "$rc/llmc" "./$p.$v" "$k"
      done
    done <"$rc/llmc/CASES"
  done
  echo "llm.c dev/cuda: $(ls "$logs" | grep -c '^llmc\..*\.plugin\.txt') runs with clones"
}

rc_ggml_perf() { # deadline
  local dl=$((t0 + $1)) bin=$rc/ggml/test-backend-ops ops n i=0 op lim v
  echo "== ggml test-backend-ops perf, originals then clones, op by op (until +$1 s)"
  [ -x "$bin" ] || return
  ops=$(python3 "$here/rc_table.py" --clone-ops "$logs"/ggml_test.*.txt)
  echo "ggml: ops whose clones ran (most clones first): $ops"
  ops=$(echo $ops | tr ' ' '\n' | head -"${RC_PERF_OPS:-8}")
  n=$(echo $ops | wc -w)
  for op in $ops; do
    lim=$(( (dl - $(date +%s)) / (2 * (n - i)) ))
    [ "$lim" -gt "${RC_PERF_LIMIT:-30}" ] && lim=${RC_PERF_LIMIT:-30}
    [ "$lim" -lt 3 ] && lim=3
    rc_timed "$dl" "$lim" "$logs/ggml_perf.$op.native.txt" "$rc/ggml" \
      env MAGICDIV_DISABLE=1 "$bin" perf -b CUDA0 -o "$op"
    rc_timed "$dl" "$lim" "$logs/ggml_perf.$op.plugin.txt" "$rc/ggml" \
      "$bin" perf -b CUDA0 -o "$op"
    i=$((i + 1))
  done
}
