; The sign guard tests what the sites divide (docs/MATH.md 11.2): no fact
; is taken through a `freeze` -- where x is poison (a violated `or
; disjoint`, a poison argument) freeze(x) may take any value, a negative
; one too, and the original divides that value exactly.  A frozen dividend
; of a paying signed site -- DivRemPairs' `freeze(x)` of an s32 site,
; Inductor's `freeze(sext i32 x)` (the narrow form), a frozen vector, a
; quotient's frozen dividend -- is first rebuilt over frozen roots
; (md_inkernel_freeze.c): its index math copied without poison-generating
; flags, every leaf that may be poison (the loop's PHI, a loaded value, a
; vector's undefined lanes) frozen once.  Equal to x where x is not
; poison, one value freeze(x) may take where it is; never poison.  So the
; guard tests the roots (`pid << 10`, which is never poison; the loop's
; frozen PHI), one value shared by every element, as before 2026-12-06 --
; now of the values the sites divide, in both copies.  The divisor of a
; quotient (x // ks0) is the group's own frozen divisor, which its test
; shows > 0: not tested again.  A frozen sext of i16 loaded from memory
; is no longer small by its form for a quotient's quotient, and its sign
; is data: that site stays 64-bit.  An insertelement past the vector's end
; (poison whatever its operands) is a root, frozen, not copied.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<inkernel-args;inkernel-force>' \
; RUN:   -pass-remarks=magicdiv -pass-remarks-missed=magicdiv -S %s -o %t.ll 2> %t.rem
; RUN: %FileCheck %s --check-prefix=REM < %t.rem
; RUN: %FileCheck %s --check-prefix=IR < %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %llc -mcpu=sm_90 -O3 %t.ll -o %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90 -O3 %t.ptx -o %t.cubin %}

; REM-COUNT-2: remark: {{.*}}sdiv i32 {{.*}}magic s32 multiply-high{{.*}}; its dividend >= 0 when its block's sign guard passes
; REM-COUNT-2: remark: {{.*}}sdiv i64 {{.*}}magic s32 multiply-high (dividend within signed 32 bits){{.*}}; its dividend >= 0 when its block's sign guard passes
; REM: remark: {{.*}}sdiv i64 {{.*}}magic s32 multiply-high (dividend within signed 32 bits){{.*}}; its dividend >= 0 when its block's sign guard passes
; REM-NEXT: remark: {{.*}}srem i64 {{.*}}magic s32 multiply-high (dividend a quotient within signed 32 bits when its block's sign guard passes)
; REM-NEXT: remark: {{.*}}sdiv i64 {{.*}}magic s32 multiply-high (dividend within signed 32 bits)
; REM-NEXT: remark: {{.*}}srem i64 {{.*}}magic s64 multiply-high, the magic computed in the kernel (1 site(s)
; REM-COUNT-4: remark: {{.*}}sdiv i64 {{.*}}magic s32 multiply-high (dividend within signed 32 bits){{.*}}; its dividend >= 0 when its block's sign guard passes
; REM-COUNT-2: remark: {{.*}}sdiv i64 {{.*}}magic s32 multiply-high (dividend within signed 32 bits){{.*}}; its dividend >= 0 when its block's sign guard passes
; REM-COUNT-4: remark: {{.*}}sdiv i64 {{.*}}magic s32 multiply-high (dividend within signed 32 bits)
; REM-NOT: remark

; The dividends are the rebuilt `or`s (no `disjoint`), in both copies; the
; guard tests their root.
; IR-LABEL: define ptx_kernel void @s32frozen(
; IR: [[SH:%[0-9]+]] = shl i32 %{{[0-9]+}}, 10
; IR: [[X0:%[0-9]+]] = or i32 [[SH]], %{{[0-9]+}}
; IR: [[X1:%[0-9]+]] = or i32 [[X0]], 128
; IR-NOT: freeze i32 [[X0]]
; IR-NOT: freeze i32 [[X1]]
; IR: [[G:%[0-9]+]] = freeze i32 [[SH]]
; IR-NEXT: [[S:%[0-9]+]] = icmp sgt i32 [[G]], -1
; IR-NEXT: [[OK:%[0-9]+]] = and i1 %{{[0-9]+}}, [[S]]
; IR-NEXT: br i1 [[OK]], label %md.ik.fast, label %md.ik.slow
; IR: md.ik.slow:
; IR-NEXT: sdiv i32 [[X0]],
; IR: sdiv i32 [[X1]],

; IR-LABEL: define ptx_kernel void @narrowfrozen(
; IR: [[SH:%[0-9]+]] = shl i32 %{{[0-9]+}}, 10
; IR: [[X0:%[0-9]+]] = or i32 [[SH]], %{{[0-9]+}}
; IR: [[X1:%[0-9]+]] = or i32 [[X0]], 128
; IR: [[N0:%[0-9]+]] = sext i32 [[X0]] to i64
; IR: [[G:%[0-9]+]] = freeze i32 [[SH]]
; IR-NEXT: [[S:%[0-9]+]] = icmp sgt i32 [[G]], -1
; IR-NEXT: [[OK:%[0-9]+]] = and i1 %{{[0-9]+}}, [[S]]
; IR-NEXT: br i1 [[OK]], label %md.ik.fast, label %md.ik.slow
; IR: md.ik.fast:
; IR-NEXT: trunc i64 [[N0]] to i32
; IR: md.ik.slow:
; IR-NEXT: sdiv i64 [[N0]],
; IR: [[N1:%[0-9]+]] = sext i32 [[X1]] to i64
; IR-NEXT: sdiv i64 [[N1]],

; The quotient's need (x >= 0) on the root; its divisor the group's d.
; IR-LABEL: define ptx_kernel void @chainfrozen(
; IR: [[SH:%[0-9]+]] = shl i32 %{{[0-9]+}}, 10
; IR: [[X0:%[0-9]+]] = or i32 [[SH]], %{{[0-9]+}}
; IR: [[H:%[0-9]+]] = freeze i16 %{{[0-9]+}}
; IR: [[N0:%[0-9]+]] = sext i32 [[X0]] to i64
; IR-NEXT: [[D0:%[0-9]+]] = freeze i64 %ks0
; IR-NEXT: [[D:%[0-9]+]] = freeze i64 [[D0]]
; IR-NOT: icmp sgt i64 {{.*}}, -1
; IR: [[G:%[0-9]+]] = freeze i32 [[SH]]
; IR-NEXT: [[S:%[0-9]+]] = icmp sgt i32 [[G]], -1
; IR-NEXT: [[OK:%[0-9]+]] = and i1 %{{[0-9]+}}, [[S]]
; IR-NEXT: br i1 [[OK]], label %md.ik.fast, label %md.ik.slow
; IR: md.ik.slow:
; IR-NEXT: [[Q0:%[0-9]+]] = sdiv i64 [[N0]], [[D]]
; IR: srem i64 [[Q0]],

; The vector rebuilt lane by lane (its undefined base frozen once); the
; guard on the lanes' root.
; IR-LABEL: define ptx_kernel void @lanesfrozen(
; IR: [[B:%[0-9]+]] = freeze <4 x i32> poison
; IR: [[SH:%[0-9]+]] = shl i32 %{{[0-9]+}}, 10
; IR: [[X0:%[0-9]+]] = or i32 [[SH]], %{{[0-9]+}}
; IR: insertelement <4 x i32> [[B]], i32 [[X0]], i64 0
; IR: [[G:%[0-9]+]] = freeze i32 [[SH]]
; IR-NEXT: [[S:%[0-9]+]] = icmp sgt i32 [[G]], -1
; IR-NEXT: [[OK:%[0-9]+]] = and i1 %{{[0-9]+}}, [[S]]
; IR-NEXT: br i1 [[OK]], label %md.ik.fast, label %md.ik.slow

; The loop's PHI frozen once per iteration, tested once for both elements.
; IR-LABEL: define ptx_kernel void @loopfrozen(
; IR: [[P:%[0-9]+]] = phi i32
; IR-NEXT: [[FP:%[0-9]+]] = freeze i32 [[P]]
; IR: [[X0:%[0-9]+]] = or i32 [[FP]], %lo
; IR: [[N0:%[0-9]+]] = sext i32 [[X0]] to i64
; IR: [[S:%[0-9]+]] = icmp sgt i32 [[FP]], -1
; IR-NEXT: [[OK:%[0-9]+]] = and i1 %md.ik.ok, [[S]]
; IR-NEXT: br i1 [[OK]], label %md.ik.fast, label %md.ik.slow
; IR: md.ik.slow:
; IR-NEXT: sdiv i64 [[N0]],

; IR-LABEL: define ptx_kernel void @lanepast(
; IR: [[V:%[0-9]+]] = insertelement <4 x i32> %{{[0-9]+}}, i32 %{{[0-9]+}}, i64 4
; IR-NEXT: [[Z:%[0-9]+]] = freeze <4 x i32> [[V]]
; IR-NOT: insertelement <4 x i32> {{.*}}, i64 4
; IR: sext <4 x i32> [[Z]] to <4 x i64>

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; s32: DivRemPairs' freeze of each dividend.
define ptx_kernel void @s32frozen(ptr addrspace(1) %out, i32 %d) {
entry:
  %pid = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = shl i32 %pid, 10
  %lo = and i32 %tid, 127
  %x0 = or disjoint i32 %base, %lo
  %x1 = or disjoint i32 %x0, 128
  %df = freeze i32 %d
  %f0 = freeze i32 %x0
  %q0 = sdiv i32 %f0, %df
  %m0 = mul i32 %q0, %df
  %r0 = sub i32 %f0, %m0
  %f1 = freeze i32 %x1
  %q1 = sdiv i32 %f1, %df
  %m1 = mul i32 %q1, %df
  %r1 = sub i32 %f1, %m1
  %o0 = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %q0, ptr addrspace(1) %o0
  %o1 = getelementptr i32, ptr addrspace(1) %o0, i32 1024
  store i32 %r0, ptr addrspace(1) %o1
  %o2 = getelementptr i32, ptr addrspace(1) %o0, i32 2048
  store i32 %q1, ptr addrspace(1) %o2
  %o3 = getelementptr i32, ptr addrspace(1) %o0, i32 3072
  store i32 %r1, ptr addrspace(1) %o3
  ret void
}

; Inductor's narrow sites: sdiv i64 (freeze (sext i32 x)), ks.
define ptx_kernel void @narrowfrozen(ptr addrspace(1) %out, i64 %ks) {
entry:
  %pid = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = shl i32 %pid, 10
  %lo = and i32 %tid, 127
  %x0 = or disjoint i32 %base, %lo
  %x1 = or disjoint i32 %x0, 128
  %s0 = sext i32 %x0 to i64
  %s1 = sext i32 %x1 to i64
  %kf = freeze i64 %ks
  %f0 = freeze i64 %s0
  %q0 = sdiv i64 %f0, %kf
  %m0 = mul i64 %q0, %kf
  %r0 = sub i64 %f0, %m0
  %f1 = freeze i64 %s1
  %q1 = sdiv i64 %f1, %kf
  %m1 = mul i64 %q1, %kf
  %r1 = sub i64 %f1, %m1
  %o0 = getelementptr i64, ptr addrspace(1) %out, i32 %tid
  store i64 %q0, ptr addrspace(1) %o0
  %o1 = getelementptr i64, ptr addrspace(1) %o0, i32 1024
  store i64 %r0, ptr addrspace(1) %o1
  %o2 = getelementptr i64, ptr addrspace(1) %o0, i32 2048
  store i64 %q1, ptr addrspace(1) %o2
  %o3 = getelementptr i64, ptr addrspace(1) %o0, i32 3072
  store i64 %r1, ptr addrspace(1) %o3
  ret void
}

; The quotient's quotient (x // ks0) % ks1 of a frozen dividend: a sext of
; i32 (the need: x >= 0) and of i16 (small by its form only unfrozen).
define ptx_kernel void @chainfrozen(ptr addrspace(1) %out, ptr addrspace(1) %in, i64 %ks0, i64 %ks1) {
entry:
  %pid = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = shl i32 %pid, 10
  %x0 = or disjoint i32 %base, %tid
  %s0 = sext i32 %x0 to i64
  %pin = getelementptr i16, ptr addrspace(1) %in, i32 %tid
  %h = load i16, ptr addrspace(1) %pin
  %s1 = sext i16 %h to i64
  %kf = freeze i64 %ks0
  %f0 = freeze i64 %s0
  %q0 = sdiv i64 %f0, %kf
  %m0 = mul i64 %q0, %kf
  %r0 = sub i64 %f0, %m0
  %c0 = srem i64 %q0, %ks1
  %f1 = freeze i64 %s1
  %q1 = sdiv i64 %f1, %kf
  %m1 = mul i64 %q1, %kf
  %r1 = sub i64 %f1, %m1
  %c1 = srem i64 %q1, %ks1
  %o0 = getelementptr i64, ptr addrspace(1) %out, i32 %tid
  store i64 %r0, ptr addrspace(1) %o0
  %o1 = getelementptr i64, ptr addrspace(1) %o0, i32 1024
  store i64 %c0, ptr addrspace(1) %o1
  %o2 = getelementptr i64, ptr addrspace(1) %o0, i32 2048
  store i64 %r1, ptr addrspace(1) %o2
  %o3 = getelementptr i64, ptr addrspace(1) %o0, i32 3072
  store i64 %c1, ptr addrspace(1) %o3
  ret void
}

; avg_pool2d's lanes: sdiv <4 x i64> (freeze (sext <4 x i32>)), splat ks.
define ptx_kernel void @lanesfrozen(ptr addrspace(1) %out, i64 %ks) {
entry:
  %pid = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = shl i32 %pid, 10
  %x0 = or disjoint i32 %base, %tid
  %x1 = or disjoint i32 %x0, 256
  %x2 = or disjoint i32 %x0, 512
  %x3 = or disjoint i32 %x0, 768
  %v0 = insertelement <4 x i32> poison, i32 %x0, i64 0
  %v1 = insertelement <4 x i32> %v0, i32 %x1, i64 1
  %v2 = insertelement <4 x i32> %v1, i32 %x2, i64 2
  %v3 = insertelement <4 x i32> %v2, i32 %x3, i64 3
  %vs = sext <4 x i32> %v3 to <4 x i64>
  %k0 = insertelement <4 x i64> poison, i64 %ks, i64 0
  %ksplat = shufflevector <4 x i64> %k0, <4 x i64> poison, <4 x i32> zeroinitializer
  %fv = freeze <4 x i64> %vs
  %fk = freeze <4 x i64> %ksplat
  %q = sdiv <4 x i64> %fv, %fk
  %m = mul <4 x i64> %q, %fk
  %r = sub <4 x i64> %fv, %m
  %o0 = getelementptr <4 x i64>, ptr addrspace(1) %out, i32 %tid
  store <4 x i64> %q, ptr addrspace(1) %o0
  %o1 = getelementptr <4 x i64>, ptr addrspace(1) %o0, i32 1024
  store <4 x i64> %r, ptr addrspace(1) %o1
  ret void
}

; Inductor's reduction: elements of a loop index p (no nsw: it may step
; into the negatives), each frozen by DivRemPairs.
define ptx_kernel void @loopfrozen(ptr addrspace(1) %out, i64 %ks, i32 %n) {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lo = and i32 %tid, 127
  br label %loop

loop:
  %p = phi i32 [ 0, %entry ], [ %pn, %loop ]
  %x0 = or disjoint i32 %p, %lo
  %x1 = or disjoint i32 %x0, 128
  %s0 = sext i32 %x0 to i64
  %s1 = sext i32 %x1 to i64
  %kf = freeze i64 %ks
  %f0 = freeze i64 %s0
  %q0 = sdiv i64 %f0, %kf
  %m0 = mul i64 %q0, %kf
  %r0 = sub i64 %f0, %m0
  %f1 = freeze i64 %s1
  %q1 = sdiv i64 %f1, %kf
  %m1 = mul i64 %q1, %kf
  %r1 = sub i64 %f1, %m1
  %o0 = getelementptr i64, ptr addrspace(1) %out, i32 %p
  store i64 %q0, ptr addrspace(1) %o0
  %o1 = getelementptr i64, ptr addrspace(1) %o0, i32 1
  store i64 %r0, ptr addrspace(1) %o1
  %o2 = getelementptr i64, ptr addrspace(1) %o0, i32 2
  store i64 %q1, ptr addrspace(1) %o2
  %o3 = getelementptr i64, ptr addrspace(1) %o0, i32 3
  store i64 %r1, ptr addrspace(1) %o3
  %pn = add i32 %p, 1024
  %c = icmp slt i32 %pn, %n
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

; An insertelement past the vector's end is poison whatever its operands:
; no copy of it is "never poison" -- it is a root, frozen.
define ptx_kernel void @lanepast(ptr addrspace(1) %out, i64 %ks) {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %x1 = or disjoint i32 %tid, 256
  %v0 = insertelement <4 x i32> zeroinitializer, i32 %tid, i64 0
  %v1 = insertelement <4 x i32> %v0, i32 %x1, i64 4
  %vs = sext <4 x i32> %v1 to <4 x i64>
  %k0 = insertelement <4 x i64> poison, i64 %ks, i64 0
  %ksplat = shufflevector <4 x i64> %k0, <4 x i64> poison, <4 x i32> zeroinitializer
  %fv = freeze <4 x i64> %vs
  %fk = freeze <4 x i64> %ksplat
  %q = sdiv <4 x i64> %fv, %fk
  %m = mul <4 x i64> %q, %fk
  %r = sub <4 x i64> %fv, %m
  %o0 = getelementptr <4 x i64>, ptr addrspace(1) %out, i32 %tid
  store <4 x i64> %q, ptr addrspace(1) %o0
  %o1 = getelementptr <4 x i64>, ptr addrspace(1) %o0, i32 1024
  store <4 x i64> %r, ptr addrspace(1) %o1
  ret void
}
