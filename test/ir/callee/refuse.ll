; Called functions that get no clone: every division in them has
; a missed remark naming the function, the kernel and why; the kernel's own
; division is still transformed, and the module verifies.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv,verify' -S %s -o %t.ll \
; RUN:   -pass-remarks=magicdiv -pass-remarks-missed=magicdiv 2>%t.remarks
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks

target triple = "nvptx64-nvidia-cuda"

@g = global ptr blockaddress(@blockaddr, %bb)

; the cloner refuses it: the address of one of its blocks is used outside
define i32 @blockaddr(i32 %x, i32 %d) noinline {
entry:
  br label %bb
bb:
  %q = udiv i32 %x, %d
  ret i32 %q
}

define i32 @variadic(i32 %x, ...) noinline {
  %q = udiv i32 %x, %x
  ret i32 %q
}

; reached only through @weak, which may be replaced: left alone with its reason
define i32 @inner(i32 %x, i32 %d) noinline {
  %q = urem i32 %x, %d
  ret i32 %q
}

define weak i32 @weak(i32 %x, i32 %d) noinline {
  %a = call i32 @inner(i32 %x, i32 %d)
  %q = sdiv i32 %x, %d
  %s = add i32 %a, %q
  ret i32 %s
}

define ptx_kernel void @k(ptr %out, i32 %d, i32 %e) {
  %a = call i32 @blockaddr(i32 %e, i32 %d)
  %b = udiv i32 %e, %d
  %c = call i32 (i32, ...) @variadic(i32 %b)
  %w = call i32 @weak(i32 %e, i32 %d)
  %s = add i32 %a, %c
  %t = add i32 %s, %w
  store i32 %t, ptr %out
  ret void
}

; CHECK-LABEL: define ptx_kernel void @k__magicdiv(
; CHECK: call i32 @blockaddr(i32 %e, i32 %d)
; CHECK-NOT: udiv
; CHECK: call i32 (i32, ...) @variadic(
; CHECK: call i32 @weak(i32 %e, i32 %d)
; CHECK-NOT: magicdiv.0

; REMARK-DAG: magicdiv: udiv in device function 'blockaddr' (called from kernel 'k') left alone: it cannot be cloned (address of a block used outside the function)
; REMARK-DAG: magicdiv: udiv in device function 'variadic' (called from kernel 'k') left alone: it is variadic
; REMARK-DAG: magicdiv: sdiv in device function 'weak' (called from kernel 'k') left alone: its definition may be replaced at link time
; REMARK-DAG: magicdiv: urem in device function 'inner' (called from kernel 'k') left alone: it is reached through 'weak', which gets no clone: its definition may be replaced at link time
; REMARK-DAG: magicdiv: udiv i32 by launch-invariant divisor #0 -> magic u32 multiply-high
; REMARK-DAG: magicdiv: kernel 'k' cloned as 'k__magicdiv': 1 division site(s), 1 distinct divisor(s), 3 magic parameter(s)
