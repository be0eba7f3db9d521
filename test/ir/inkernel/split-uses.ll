; Versioning a block: every use of a value of the range outside it takes
; the join's PHI -- also where one user uses the value twice (`or x, x`),
; which rewrites two of its uses at once.  The walk over the value's uses
; started over after each user; before (the plugin up to 5acc5a0) it
; followed a use that the rewrite had moved to the PHI's list, lost the
; rest of x's list, and left `%w = add x, 1` on the slow copy's x: the
; verifier stopped the compiler ("Instruction does not dominate all
; uses").  Found by random kernels (ir/robust/inkernel-random.test).
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<inkernel-args;inkernel-force>' \
; RUN:   -S %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %llc -mcpu=sm_90 -O3 %t.ll -o /dev/null

; CHECK: md.ik.slow:
; CHECK: [[X:%[0-9]+]] = mul i32 %{{[0-9]+}}, %{{[0-9]+}}
; CHECK: [[P:%md.ik.res[0-9]*]] = phi i32 [ %{{[0-9]+}}, %md.ik.fast ], [ [[X]], %md.ik.slow ]
; CHECK: %w = add i32 [[P]], 1
; CHECK: %y = or i32 [[P]], [[P]]

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @twice(ptr addrspace(1) %out, i32 %d, i32 %n) {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %q0 = udiv i32 %tid, %d
  %x = mul i32 %tid, %tid
  %q1 = udiv i32 %x, %d
  %w = add i32 %x, 1
  %o0 = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %q0, ptr addrspace(1) %o0
  %o1 = getelementptr i32, ptr addrspace(1) %o0, i32 1024
  store i32 %q1, ptr addrspace(1) %o1
  %o3 = getelementptr i32, ptr addrspace(1) %o0, i32 3072
  store i32 %w, ptr addrspace(1) %o3
  %c = icmp slt i32 %tid, %n
  br i1 %c, label %more, label %exit

more:
  %y = or i32 %x, %x
  %z = add i32 %y, 5
  %o2 = getelementptr i32, ptr addrspace(1) %o0, i32 2048
  store i32 %z, ptr addrspace(1) %o2
  br label %exit

exit:
  ret void
}
