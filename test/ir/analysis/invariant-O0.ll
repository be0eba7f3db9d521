; -O0 code keeps arguments and locals in stack slots.  A slot written once,
; in the entry block, before any load, with a launch-invariant value, reads
; as that value; any other slot is memory.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv,verify' -S %s -o /dev/null \
; RUN:   -pass-remarks=magicdiv -pass-remarks-missed=magicdiv -pass-remarks-analysis=magicdiv 2>&1 | %FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-DAG: kernel 'once' cloned as 'once__magicdiv': 2 division site(s), 2 distinct divisor(s)
define ptx_kernel void @once(ptr %out, i32 %n, i32 %d) {
entry:
  %d.addr = alloca i32, align 4
  %bd = alloca i32, align 4
  store i32 %d, ptr %d.addr, align 4
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  store i32 %ntid, ptr %bd, align 4
  br label %body
body:
  %0 = load i32, ptr %d.addr, align 4
  %q = udiv i32 %n, %0
  %1 = load i32, ptr %bd, align 4
  %r = urem i32 %n, %1
  %s = add i32 %q, %r
  store i32 %s, ptr %out, align 4
  ret void
}

; CHECK-DAG: remark: {{.*}}nvptx kernel 'twice': no division
define ptx_kernel void @twice(ptr %out, i32 %n, i32 %d) {
entry:
  %d.addr = alloca i32, align 4
  store i32 %d, ptr %d.addr, align 4
  store i32 %n, ptr %d.addr, align 4
  %0 = load i32, ptr %d.addr, align 4
  %q = udiv i32 %n, %0
  store i32 %q, ptr %out, align 4
  ret void
}

; CHECK-DAG: remark: {{.*}}nvptx kernel 'late': no division
define ptx_kernel void @late(ptr %out, i32 %n, i32 %d, i1 %c) {
entry:
  %d.addr = alloca i32, align 4
  br i1 %c, label %set, label %use
set:
  store i32 %d, ptr %d.addr, align 4
  br label %use
use:
  %0 = load i32, ptr %d.addr, align 4
  %q = udiv i32 %n, %0
  store i32 %q, ptr %out, align 4
  ret void
}

; CHECK-DAG: remark: {{.*}}nvptx kernel 'early': no division
define ptx_kernel void @early(ptr %out, i32 %n, i32 %d) {
entry:
  %d.addr = alloca i32, align 4
  %0 = load i32, ptr %d.addr, align 4
  store i32 %d, ptr %d.addr, align 4
  %q = udiv i32 %n, %0
  store i32 %q, ptr %out, align 4
  ret void
}

; CHECK-DAG: remark: {{.*}}nvptx kernel 'escapes': no division
define ptx_kernel void @escapes(ptr %out, i32 %n, i32 %d) {
entry:
  %d.addr = alloca i32, align 4
  store i32 %d, ptr %d.addr, align 4
  call void @clobber(ptr %d.addr)
  %0 = load i32, ptr %d.addr, align 4
  %q = udiv i32 %n, %0
  store i32 %q, ptr %out, align 4
  ret void
}

; CHECK-DAG: udiv i32 left alone: divisor is loaded from a stack slot

declare void @clobber(ptr)
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
