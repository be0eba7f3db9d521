# Sourced by bench/omp/*.sh: md_omp_pair BUILD OMP_PREFIX SOURCE DIR builds
# SOURCE for host offloading (libomptarget's x86_64 plugin) twice, without
# the plugin (DIR/plain) and with it, linked with the runtime (DIR/md).
md_omp_pair() {
  local B="$1" O="$2" S="$3" T="$4"
  local F=(-O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -I"$O/include/22")
  local L=(-fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -L"$O/lib" -Wl,-rpath,"$O/lib")
  clang-22 "${F[@]}" -c "$S" -o "$T/plain.o"
  clang-22 "${L[@]}" "$T/plain.o" -o "$T/plain"
  clang-22 "${F[@]}" -fpass-plugin="$B/lib/MagicDiv.so" -c "$S" -o "$T/md.o"
  clang-22 "${L[@]}" "$T/md.o" "$B/runtime/libmagicdiv_rt.a" -ldl -lpthread -o "$T/md"
}
