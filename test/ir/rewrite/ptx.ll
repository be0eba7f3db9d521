; NVPTX code generation of clones: no div/rem instruction is left for a
; transformed site, the u32 core is one mul.wide.u32, and ptxas accepts it.
; (no-launch-ranges: n64 + tid would otherwise be narrowed to the u32 core
; under a launch requirement; bounds/rules.ll checks that form's PTX.)
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-launch-ranges>' -S %s -o %t.ll
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o %t.ptx
; RUN: awk '/^.visible .entry k__magicdiv\(/,/^}/' %t.ptx | %FileCheck %s --check-prefix=CLONE
; RUN: awk '/^.visible .entry k\(/,/^}/' %t.ptx | %FileCheck %s --check-prefix=ORIG
; RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr %out, i32 %n, i32 %d, i32 %sd, i64 %n64, i64 %d64) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %x = add i32 %n, %tid
  %q = udiv i32 %x, %d
  %r = urem i32 %x, %d
  %p1 = getelementptr i32, ptr %out, i32 %tid
  store i32 %q, ptr %p1
  %p1b = getelementptr i32, ptr %p1, i32 64
  store i32 %r, ptr %p1b
  %q2 = sdiv i32 %x, %sd
  %p2 = getelementptr i32, ptr %p1, i32 1
  store i32 %q2, ptr %p2
  %t64 = zext i32 %tid to i64
  %x64 = add i64 %n64, %t64
  %q3 = udiv i64 %x64, %d64
  %p3 = getelementptr i64, ptr %out, i32 %tid
  store i64 %q3, ptr %p3
  %q4 = srem i64 %x64, %d64
  %p4 = getelementptr i64, ptr %p3, i32 1
  store i64 %q4, ptr %p4
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CLONE-NOT: {{div|rem}}.{{[su]}}
; CLONE: mul.wide.u32
; CLONE-NOT: {{div|rem}}.{{[su]}}
; CLONE: madc.hi.u32
; CLONE-NOT: {{div|rem}}.{{[su]}}
; CLONE: ret;
; ORIG-DAG: div.u32
; ORIG-DAG: rem.u32
; ORIG-DAG: div.s32
; ORIG-DAG: div.u64
; ORIG-DAG: rem.s64
