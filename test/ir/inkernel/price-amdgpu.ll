; The in-kernel benefit model prices per target (md_inkernel_price.h): the
; same kernels -- 8 and 4 straight-line s64 `/` and 8 u64 `/` of loaded
; values by the fields of a constant struct -- on AMDGPU and, retargeted, on
; NVPTX.  gfx90a's s64 form has no 32-bit path (23 instructions a site
; against the native bypass's 30: bench/sass/amdinkernel.py), so 8 s64
; sites stay native there (saving 2 + 8 * 5 = 42 < 99) while sm_90 takes
; them (its s64 sites take the 32-bit path: 16 each against 84); 4 stay
; native on both; 8 u64 sites pay on both.
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -pass-remarks=magicdiv \
; RUN:   -pass-remarks-missed=magicdiv -S %s -o %t.amd.ll 2>&1 | %FileCheck %s --check-prefix=AMD
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -O3 %t.amd.ll -o /dev/null
; RUN: sed -e 's/amdgcn-amd-amdhsa/nvptx64-nvidia-cuda/' -e 's/amdgpu_kernel/ptx_kernel/' \
; RUN:   -e 's/llvm.amdgcn.workitem.id.x/llvm.nvvm.read.ptx.sreg.tid.x/' %s \
; RUN: | %opt -load-pass-plugin=%plugin -passes=magicdiv -pass-remarks=magicdiv \
; RUN:   -pass-remarks-missed=magicdiv -disable-output 2>&1 | %FileCheck %s --check-prefix=NV
; AMD-COUNT-8: sdiv i64 left native: too few uses per thread: native is cheaper (divisor used 8 time(s) per thread, estimated saving 42 < 99 SASS
; AMD-COUNT-8: udiv i64 by a divisor read from constant memory -> magic u64 multiply-high, the magic computed in the kernel (8 site(s) share it
; AMD-COUNT-4: sdiv i64 left native: too few uses per thread: native is cheaper (divisor used 4 time(s) per thread, estimated saving 22 < 99 SASS
; AMD-NOT: magic s64
; NV-COUNT-8: sdiv i64 by a divisor read from constant memory -> magic s64 multiply-high, the magic computed in the kernel (8 site(s) share it
; NV-COUNT-8: udiv i64 by a divisor read from constant memory -> magic u64 multiply-high, the magic computed in the kernel (8 site(s) share it
; NV-COUNT-4: sdiv i64 left native: too few uses per thread: native is cheaper (divisor used 4 time(s) per thread, estimated saving 64 < 84 SASS

target triple = "amdgcn-amd-amdhsa"

@P = addrspace(4) externally_initialized global { i64, i64 } zeroinitializer, align 8

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @s64x8(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %tb = shl i32 %t, 4
  %i0 = add nuw nsw i32 %tb, 0
  %e0 = zext i32 %i0 to i64
  %p0 = getelementptr i64, ptr addrspace(1) %in, i64 %e0
  %x0 = load i64, ptr addrspace(1) %p0, align 8
  %d0 = load i64, ptr addrspace(4) @P, align 8
  %q0 = sdiv i64 %x0, %d0
  %o0 = getelementptr i64, ptr addrspace(1) %out, i64 %e0
  store i64 %q0, ptr addrspace(1) %o0, align 8
  %i1 = add nuw nsw i32 %tb, 1
  %e1 = zext i32 %i1 to i64
  %p1 = getelementptr i64, ptr addrspace(1) %in, i64 %e1
  %x1 = load i64, ptr addrspace(1) %p1, align 8
  %d1 = load i64, ptr addrspace(4) @P, align 8
  %q1 = sdiv i64 %x1, %d1
  %o1 = getelementptr i64, ptr addrspace(1) %out, i64 %e1
  store i64 %q1, ptr addrspace(1) %o1, align 8
  %i2 = add nuw nsw i32 %tb, 2
  %e2 = zext i32 %i2 to i64
  %p2 = getelementptr i64, ptr addrspace(1) %in, i64 %e2
  %x2 = load i64, ptr addrspace(1) %p2, align 8
  %d2 = load i64, ptr addrspace(4) @P, align 8
  %q2 = sdiv i64 %x2, %d2
  %o2 = getelementptr i64, ptr addrspace(1) %out, i64 %e2
  store i64 %q2, ptr addrspace(1) %o2, align 8
  %i3 = add nuw nsw i32 %tb, 3
  %e3 = zext i32 %i3 to i64
  %p3 = getelementptr i64, ptr addrspace(1) %in, i64 %e3
  %x3 = load i64, ptr addrspace(1) %p3, align 8
  %d3 = load i64, ptr addrspace(4) @P, align 8
  %q3 = sdiv i64 %x3, %d3
  %o3 = getelementptr i64, ptr addrspace(1) %out, i64 %e3
  store i64 %q3, ptr addrspace(1) %o3, align 8
  %i4 = add nuw nsw i32 %tb, 4
  %e4 = zext i32 %i4 to i64
  %p4 = getelementptr i64, ptr addrspace(1) %in, i64 %e4
  %x4 = load i64, ptr addrspace(1) %p4, align 8
  %d4 = load i64, ptr addrspace(4) @P, align 8
  %q4 = sdiv i64 %x4, %d4
  %o4 = getelementptr i64, ptr addrspace(1) %out, i64 %e4
  store i64 %q4, ptr addrspace(1) %o4, align 8
  %i5 = add nuw nsw i32 %tb, 5
  %e5 = zext i32 %i5 to i64
  %p5 = getelementptr i64, ptr addrspace(1) %in, i64 %e5
  %x5 = load i64, ptr addrspace(1) %p5, align 8
  %d5 = load i64, ptr addrspace(4) @P, align 8
  %q5 = sdiv i64 %x5, %d5
  %o5 = getelementptr i64, ptr addrspace(1) %out, i64 %e5
  store i64 %q5, ptr addrspace(1) %o5, align 8
  %i6 = add nuw nsw i32 %tb, 6
  %e6 = zext i32 %i6 to i64
  %p6 = getelementptr i64, ptr addrspace(1) %in, i64 %e6
  %x6 = load i64, ptr addrspace(1) %p6, align 8
  %d6 = load i64, ptr addrspace(4) @P, align 8
  %q6 = sdiv i64 %x6, %d6
  %o6 = getelementptr i64, ptr addrspace(1) %out, i64 %e6
  store i64 %q6, ptr addrspace(1) %o6, align 8
  %i7 = add nuw nsw i32 %tb, 7
  %e7 = zext i32 %i7 to i64
  %p7 = getelementptr i64, ptr addrspace(1) %in, i64 %e7
  %x7 = load i64, ptr addrspace(1) %p7, align 8
  %d7 = load i64, ptr addrspace(4) @P, align 8
  %q7 = sdiv i64 %x7, %d7
  %o7 = getelementptr i64, ptr addrspace(1) %out, i64 %e7
  store i64 %q7, ptr addrspace(1) %o7, align 8
  ret void
}

define amdgpu_kernel void @u64x8(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %tb = shl i32 %t, 4
  %i0 = add nuw nsw i32 %tb, 0
  %e0 = zext i32 %i0 to i64
  %p0 = getelementptr i64, ptr addrspace(1) %in, i64 %e0
  %x0 = load i64, ptr addrspace(1) %p0, align 8
  %d0 = load i64, ptr addrspace(4) getelementptr inbounds (i8, ptr addrspace(4) @P, i64 8), align 8
  %q0 = udiv i64 %x0, %d0
  %o0 = getelementptr i64, ptr addrspace(1) %out, i64 %e0
  store i64 %q0, ptr addrspace(1) %o0, align 8
  %i1 = add nuw nsw i32 %tb, 1
  %e1 = zext i32 %i1 to i64
  %p1 = getelementptr i64, ptr addrspace(1) %in, i64 %e1
  %x1 = load i64, ptr addrspace(1) %p1, align 8
  %d1 = load i64, ptr addrspace(4) getelementptr inbounds (i8, ptr addrspace(4) @P, i64 8), align 8
  %q1 = udiv i64 %x1, %d1
  %o1 = getelementptr i64, ptr addrspace(1) %out, i64 %e1
  store i64 %q1, ptr addrspace(1) %o1, align 8
  %i2 = add nuw nsw i32 %tb, 2
  %e2 = zext i32 %i2 to i64
  %p2 = getelementptr i64, ptr addrspace(1) %in, i64 %e2
  %x2 = load i64, ptr addrspace(1) %p2, align 8
  %d2 = load i64, ptr addrspace(4) getelementptr inbounds (i8, ptr addrspace(4) @P, i64 8), align 8
  %q2 = udiv i64 %x2, %d2
  %o2 = getelementptr i64, ptr addrspace(1) %out, i64 %e2
  store i64 %q2, ptr addrspace(1) %o2, align 8
  %i3 = add nuw nsw i32 %tb, 3
  %e3 = zext i32 %i3 to i64
  %p3 = getelementptr i64, ptr addrspace(1) %in, i64 %e3
  %x3 = load i64, ptr addrspace(1) %p3, align 8
  %d3 = load i64, ptr addrspace(4) getelementptr inbounds (i8, ptr addrspace(4) @P, i64 8), align 8
  %q3 = udiv i64 %x3, %d3
  %o3 = getelementptr i64, ptr addrspace(1) %out, i64 %e3
  store i64 %q3, ptr addrspace(1) %o3, align 8
  %i4 = add nuw nsw i32 %tb, 4
  %e4 = zext i32 %i4 to i64
  %p4 = getelementptr i64, ptr addrspace(1) %in, i64 %e4
  %x4 = load i64, ptr addrspace(1) %p4, align 8
  %d4 = load i64, ptr addrspace(4) getelementptr inbounds (i8, ptr addrspace(4) @P, i64 8), align 8
  %q4 = udiv i64 %x4, %d4
  %o4 = getelementptr i64, ptr addrspace(1) %out, i64 %e4
  store i64 %q4, ptr addrspace(1) %o4, align 8
  %i5 = add nuw nsw i32 %tb, 5
  %e5 = zext i32 %i5 to i64
  %p5 = getelementptr i64, ptr addrspace(1) %in, i64 %e5
  %x5 = load i64, ptr addrspace(1) %p5, align 8
  %d5 = load i64, ptr addrspace(4) getelementptr inbounds (i8, ptr addrspace(4) @P, i64 8), align 8
  %q5 = udiv i64 %x5, %d5
  %o5 = getelementptr i64, ptr addrspace(1) %out, i64 %e5
  store i64 %q5, ptr addrspace(1) %o5, align 8
  %i6 = add nuw nsw i32 %tb, 6
  %e6 = zext i32 %i6 to i64
  %p6 = getelementptr i64, ptr addrspace(1) %in, i64 %e6
  %x6 = load i64, ptr addrspace(1) %p6, align 8
  %d6 = load i64, ptr addrspace(4) getelementptr inbounds (i8, ptr addrspace(4) @P, i64 8), align 8
  %q6 = udiv i64 %x6, %d6
  %o6 = getelementptr i64, ptr addrspace(1) %out, i64 %e6
  store i64 %q6, ptr addrspace(1) %o6, align 8
  %i7 = add nuw nsw i32 %tb, 7
  %e7 = zext i32 %i7 to i64
  %p7 = getelementptr i64, ptr addrspace(1) %in, i64 %e7
  %x7 = load i64, ptr addrspace(1) %p7, align 8
  %d7 = load i64, ptr addrspace(4) getelementptr inbounds (i8, ptr addrspace(4) @P, i64 8), align 8
  %q7 = udiv i64 %x7, %d7
  %o7 = getelementptr i64, ptr addrspace(1) %out, i64 %e7
  store i64 %q7, ptr addrspace(1) %o7, align 8
  ret void
}

define amdgpu_kernel void @s64x4(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %tb = shl i32 %t, 4
  %i0 = add nuw nsw i32 %tb, 0
  %e0 = zext i32 %i0 to i64
  %p0 = getelementptr i64, ptr addrspace(1) %in, i64 %e0
  %x0 = load i64, ptr addrspace(1) %p0, align 8
  %d0 = load i64, ptr addrspace(4) @P, align 8
  %q0 = sdiv i64 %x0, %d0
  %o0 = getelementptr i64, ptr addrspace(1) %out, i64 %e0
  store i64 %q0, ptr addrspace(1) %o0, align 8
  %i1 = add nuw nsw i32 %tb, 1
  %e1 = zext i32 %i1 to i64
  %p1 = getelementptr i64, ptr addrspace(1) %in, i64 %e1
  %x1 = load i64, ptr addrspace(1) %p1, align 8
  %d1 = load i64, ptr addrspace(4) @P, align 8
  %q1 = sdiv i64 %x1, %d1
  %o1 = getelementptr i64, ptr addrspace(1) %out, i64 %e1
  store i64 %q1, ptr addrspace(1) %o1, align 8
  %i2 = add nuw nsw i32 %tb, 2
  %e2 = zext i32 %i2 to i64
  %p2 = getelementptr i64, ptr addrspace(1) %in, i64 %e2
  %x2 = load i64, ptr addrspace(1) %p2, align 8
  %d2 = load i64, ptr addrspace(4) @P, align 8
  %q2 = sdiv i64 %x2, %d2
  %o2 = getelementptr i64, ptr addrspace(1) %out, i64 %e2
  store i64 %q2, ptr addrspace(1) %o2, align 8
  %i3 = add nuw nsw i32 %tb, 3
  %e3 = zext i32 %i3 to i64
  %p3 = getelementptr i64, ptr addrspace(1) %in, i64 %e3
  %x3 = load i64, ptr addrspace(1) %p3, align 8
  %d3 = load i64, ptr addrspace(4) @P, align 8
  %q3 = sdiv i64 %x3, %d3
  %o3 = getelementptr i64, ptr addrspace(1) %out, i64 %e3
  store i64 %q3, ptr addrspace(1) %o3, align 8
  ret void
}
