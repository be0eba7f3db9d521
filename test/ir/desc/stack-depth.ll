; Divisor programs must fit the runtime's evaluation stack (MD_STACK_MAX = 16):
; a long commutative sum is evaluated left-deep (2 slots) and transformed;
; a right-nested chain of 17 subtractions needs 18 slots and is left alone.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv,verify' -S %s \
; RUN:   -pass-remarks=magicdiv -pass-remarks-missed=magicdiv -o /dev/null 2>&1 | %FileCheck %s
; CHECK-DAG: kernel 'sum' cloned
; CHECK-DAG: udiv i32 left alone: divisor expression needs too deep an evaluation stack
; CHECK-NOT: kernel 'chain' cloned

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @sum(ptr %out, i32 %n, i32 %a0, i32 %a1, i32 %a2, i32 %a3, i32 %a4, i32 %a5, i32 %a6, i32 %a7, i32 %a8, i32 %a9, i32 %a10, i32 %a11, i32 %a12, i32 %a13, i32 %a14, i32 %a15, i32 %a16, i32 %a17, i32 %a18, i32 %a19) {
  %s18 = add i32 %a18, %a19
  %s17 = add i32 %a17, %s18
  %s16 = add i32 %a16, %s17
  %s15 = add i32 %a15, %s16
  %s14 = add i32 %a14, %s15
  %s13 = add i32 %a13, %s14
  %s12 = add i32 %a12, %s13
  %s11 = add i32 %a11, %s12
  %s10 = add i32 %a10, %s11
  %s9 = add i32 %a9, %s10
  %s8 = add i32 %a8, %s9
  %s7 = add i32 %a7, %s8
  %s6 = add i32 %a6, %s7
  %s5 = add i32 %a5, %s6
  %s4 = add i32 %a4, %s5
  %s3 = add i32 %a3, %s4
  %s2 = add i32 %a2, %s3
  %s1 = add i32 %a1, %s2
  %s0 = add i32 %a0, %s1
  %q = udiv i32 %n, %s0
  store i32 %q, ptr %out, align 4
  ret void
}

define ptx_kernel void @chain(ptr %out, i32 %n, i32 %a0, i32 %a1, i32 %a2, i32 %a3, i32 %a4, i32 %a5, i32 %a6, i32 %a7, i32 %a8, i32 %a9, i32 %a10, i32 %a11, i32 %a12, i32 %a13, i32 %a14, i32 %a15, i32 %a16, i32 %a17, i32 %a18, i32 %a19) {
  %c18 = sub i32 %a18, %a19
  %c17 = sub i32 %a17, %c18
  %c16 = sub i32 %a16, %c17
  %c15 = sub i32 %a15, %c16
  %c14 = sub i32 %a14, %c15
  %c13 = sub i32 %a13, %c14
  %c12 = sub i32 %a12, %c13
  %c11 = sub i32 %a11, %c12
  %c10 = sub i32 %a10, %c11
  %c9 = sub i32 %a9, %c10
  %c8 = sub i32 %a8, %c9
  %c7 = sub i32 %a7, %c8
  %c6 = sub i32 %a6, %c7
  %c5 = sub i32 %a5, %c6
  %c4 = sub i32 %a4, %c5
  %c3 = sub i32 %a3, %c4
  %c2 = sub i32 %a2, %c3
  %q = udiv i32 %n, %c2
  store i32 %q, ptr %out, align 4
  ret void
}
