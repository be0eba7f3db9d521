; The narrow form of in-kernel magic (option inkernel-narrow) on the
; shape of Triton's LLVM IR for Inductor's max_pool2d (sizes ks* are i64,
; the index i32; 4 elements per thread): q = sext(x) / ks0 in DivRemPairs'
; form (the dividend and divisor frozen, the remainder x - q*ks0),
; q % ks1 (a quotient's quotient), sext(x) / ks2.  x = pid << 10 | ...
; has no nsw: the block's sign guard tests pid << 9, once (the frozen
; dividends refined over the rebuilt x, without `disjoint`, whose root it
; is: docs/MATH.md 11.2), as an i32 (ks0 >= 0 is implied by its own
; group's test).  Every site takes the 32-bit magic of its divisor,
; tested in [1, 2^31) as an i64; the frozen dividend is refined to
; sext(x') (x' = x rebuilt without poison flags); the remainder beside q is computed in 32 bits; no
; 64-bit division is left on the fast path.  With no-inkernel-narrow the
; s64 form's model leaves all 12 native (4 uses of each divisor do not pay
; for the 64-bit generator).  llc (sm_90, gfx90a) and ptxas accept them.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<inkernel-args>' \
; RUN:   -pass-remarks=magicdiv -pass-remarks-missed=magicdiv -S %s -o %t.ll 2> %t.rem
; RUN: %FileCheck %s --check-prefix=REM < %t.rem
; RUN: %FileCheck %s --check-prefix=IR < %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %llc -mcpu=sm_90 -O3 %t.ll -o %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90 -O3 %t.ptx -o %t.cubin %}
; RUN: sed -e 's/nvptx64-nvidia-cuda/amdgcn-amd-amdhsa/; s/ptx_kernel/amdgpu_kernel/; /^target datalayout/d' \
; RUN:   -e 's/llvm.nvvm.read.ptx.sreg.ctaid.x/llvm.amdgcn.workgroup.id.x/; s/llvm.nvvm.read.ptx.sreg.tid.x/llvm.amdgcn.workitem.id.x/' %t.ll > %t.amd.ll
; RUN: %llc -mcpu=gfx90a -O3 %t.amd.ll -o /dev/null
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<inkernel-args;no-inkernel-narrow>' \
; RUN:   -pass-remarks=magicdiv -pass-remarks-missed=magicdiv -S %s -o %t.w.ll 2> %t.w.rem
; RUN: %FileCheck %s --check-prefix=WIDE < %t.w.rem
; RUN: %llc -mcpu=sm_90 -O3 %t.w.ll -o /dev/null

; REM-COUNT-4: remark: {{.*}}sdiv i64 by a divisor the host does not see -> magic s32 multiply-high (dividend within signed 32 bits), {{.*}}(4 site(s) share it; divisor <= 0 or >= 2^31 runs the original division); its dividend >= 0 when its block's sign guard passes
; REM-COUNT-4: remark: {{.*}}srem i64 by a divisor the host does not see -> magic s32 multiply-high (dividend a quotient within signed 32 bits when its block's sign guard passes), {{.*}}(4 site(s) share it; {{.*}}; its dividend >= 0 when its block's sign guard passes
; REM-COUNT-4: remark: {{.*}}sdiv i64 by a divisor the host does not see -> magic s32 multiply-high (dividend within signed 32 bits), {{.*}}(4 site(s) share it; {{.*}}; its dividend >= 0 when its block's sign guard passes
; REM-NOT: remark

; IR-LABEL: define ptx_kernel void @maxpool(
; IR: [[X:%[0-9]+]] = or i32 %{{[0-9]+}}, %{{[0-9]+}}
; IR: sext i32 [[X]] to i64
; IR: icmp ult i64 %{{[0-9]+}}, 2147483647
; IR: icmp sgt i32 %{{[0-9]+}}, -1
; IR-NOT: icmp sgt i64
; IR: br i1 %{{[0-9]+}}, label %md.ik.fast, label %md.ik.slow
; IR: md.ik.fast:
; IR-NOT: {{sdiv|srem}} i64
; IR: md.ik.slow:
; IR-COUNT-12: {{sdiv|srem}} i64 {{.*}}!magicdiv.inkernel

; WIDE-COUNT-12: remark: {{.*}} i64 left native: too few uses per thread: native is cheaper (divisor used 4 time(s) per thread, estimated saving 64 < 84 SASS
; WIDE-NOT: remark

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @maxpool(ptr addrspace(1) %out, i64 %ks0, i64 %ks1, i64 %ks2) {
entry:
  %pid = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %sh = shl i32 %pid, 9
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tt = and i32 %tid, 127
  %x0 = or disjoint i32 %sh, %tt
  %x1 = or disjoint i32 %x0, 128
  %x2 = or disjoint i32 %x0, 256
  %x3 = or disjoint i32 %x0, 384
  %s0 = sext i32 %x0 to i64
  %s1 = sext i32 %x1 to i64
  %s2 = sext i32 %x2 to i64
  %s3 = sext i32 %x3 to i64
  %f0 = freeze i64 %s0
  %d0 = freeze i64 %ks0
  %q0 = sdiv i64 %f0, %d0
  %m0 = mul i64 %q0, %d0
  %r0 = sub i64 %f0, %m0
  %f1 = freeze i64 %s1
  %d1 = freeze i64 %ks0
  %q1 = sdiv i64 %f1, %d1
  %m1 = mul i64 %q1, %d1
  %r1 = sub i64 %f1, %m1
  %f2 = freeze i64 %s2
  %d2 = freeze i64 %ks0
  %q2 = sdiv i64 %f2, %d2
  %m2 = mul i64 %q2, %d2
  %r2 = sub i64 %f2, %m2
  %f3 = freeze i64 %s3
  %d3 = freeze i64 %ks0
  %q3 = sdiv i64 %f3, %d3
  %m3 = mul i64 %q3, %d3
  %r3 = sub i64 %f3, %m3
  %c0 = srem i64 %q0, %ks1
  %c1 = srem i64 %q1, %ks1
  %c2 = srem i64 %q2, %ks1
  %c3 = srem i64 %q3, %ks1
  %e0 = sdiv i64 %s0, %ks2
  %e1 = sdiv i64 %s1, %ks2
  %e2 = sdiv i64 %s2, %ks2
  %e3 = sdiv i64 %s3, %ks2
  %p0r = getelementptr i64, ptr addrspace(1) %out, i32 0
  store i64 %r0, ptr addrspace(1) %p0r, align 8
  %p0c = getelementptr i64, ptr addrspace(1) %out, i32 1
  store i64 %c0, ptr addrspace(1) %p0c, align 8
  %p0e = getelementptr i64, ptr addrspace(1) %out, i32 2
  store i64 %e0, ptr addrspace(1) %p0e, align 8
  %p1r = getelementptr i64, ptr addrspace(1) %out, i32 3
  store i64 %r1, ptr addrspace(1) %p1r, align 8
  %p1c = getelementptr i64, ptr addrspace(1) %out, i32 4
  store i64 %c1, ptr addrspace(1) %p1c, align 8
  %p1e = getelementptr i64, ptr addrspace(1) %out, i32 5
  store i64 %e1, ptr addrspace(1) %p1e, align 8
  %p2r = getelementptr i64, ptr addrspace(1) %out, i32 6
  store i64 %r2, ptr addrspace(1) %p2r, align 8
  %p2c = getelementptr i64, ptr addrspace(1) %out, i32 7
  store i64 %c2, ptr addrspace(1) %p2c, align 8
  %p2e = getelementptr i64, ptr addrspace(1) %out, i32 8
  store i64 %e2, ptr addrspace(1) %p2e, align 8
  %p3r = getelementptr i64, ptr addrspace(1) %out, i32 9
  store i64 %r3, ptr addrspace(1) %p3r, align 8
  %p3c = getelementptr i64, ptr addrspace(1) %out, i32 10
  store i64 %c3, ptr addrspace(1) %p3c, align 8
  %p3e = getelementptr i64, ptr addrspace(1) %out, i32 11
  store i64 %e3, ptr addrspace(1) %p3e, align 8
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
