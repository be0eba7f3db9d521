; Two versioned blocks, the second's sign guard on a value computed inside
; the first's range of sites (`%root = pid << 10` between entry's two
; divisions; `more`'s dividends are `%root | lane`).  Every block's
; condition is built before any block is versioned, so when entry's range
; is split the guard's use of %root is a use outside it, which the split
; turns into its PHI: `more` tests that PHI, the value its dividends are
; computed from.  (Built block by block -- the plugin up to e27a1ff and
; 5acc5a0 -- the guard referred to %root left in entry's slow copy, which
; does not dominate `more`: the verifier stopped the compiler.)
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<inkernel-args;inkernel-force>' \
; RUN:   -pass-remarks=magicdiv -pass-remarks-missed=magicdiv -S %s -o %t.ll 2> %t.rem
; RUN: %FileCheck %s --check-prefix=REM < %t.rem
; RUN: %FileCheck %s --check-prefix=IR < %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %llc -mcpu=sm_90 -O3 %t.ll -o %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90 -O3 %t.ptx -o %t.cubin %}

; REM-COUNT-2: remark: {{.*}}sdiv i32 by a divisor the host does not see -> magic s32 multiply-high
; REM-COUNT-2: remark: {{.*}}srem i32 by a divisor the host does not see -> magic s32 multiply-high{{.*}}; its dividend >= 0 when its block's sign guard passes
; REM-NOT: remark

; IR-LABEL: define ptx_kernel void @twoblocks(
; IR: md.ik.slow:
; IR: [[ROOT:%[0-9]+]] = shl i32 %{{[0-9]+}}, 10
; IR: [[P:%md.ik.res[0-9]*]] = phi i32 [ %{{[0-9]+}}, %md.ik.fast ], [ [[ROOT]], %md.ik.slow ]
; IR: md.ik.head{{[0-9]+}}:
; IR-NEXT: [[X0:%[0-9]+]] = or disjoint i32 [[P]],
; IR: [[G:%[0-9]+]] = freeze i32 [[P]]
; IR-NEXT: icmp sgt i32 [[G]], -1

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @twoblocks(ptr addrspace(1) %out, i32 %d, i32 %n) {
entry:
  %pid = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lo = and i32 %tid, 127
  %q0 = sdiv i32 %lo, %d
  %root = shl i32 %pid, 10
  %q1 = sdiv i32 %tid, %d
  %o0 = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %q0, ptr addrspace(1) %o0
  %o1 = getelementptr i32, ptr addrspace(1) %o0, i32 1024
  store i32 %q1, ptr addrspace(1) %o1
  %c = icmp slt i32 %tid, %n
  br i1 %c, label %more, label %exit

more:
  %x0 = or disjoint i32 %root, %lo
  %x1 = or disjoint i32 %x0, 128
  %r0 = srem i32 %x0, %d
  %r1 = srem i32 %x1, %d
  %o2 = getelementptr i32, ptr addrspace(1) %o0, i32 2048
  store i32 %r0, ptr addrspace(1) %o2
  %o3 = getelementptr i32, ptr addrspace(1) %o0, i32 3072
  store i32 %r1, ptr addrspace(1) %o3
  br label %exit

exit:
  ret void
}
