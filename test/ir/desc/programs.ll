; The descriptor's divisor programs, checked op by op through md-desc-dump
; (the runtime's own disassembler): arguments, struct fields, products
; (commutative operands in canonical order: equal expressions share one
; entry), launch geometry, casts of narrowed/extended sites, min/max,
; select, flags.
; (Launch-checked ranges off: launch-ranges*.ll test the requirement programs.)
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-launch-ranges>,verify' -S %s -o %t.ll
; RUN: %desc-dump %t.ll | %FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Shape = type { i32, i32, i32, i32 }

; CHECK-LABEL: descriptor @k__magicdiv_desc
; CHECK-NEXT: magicdiv descriptor v2: 5 params (8 16 4 8 2), 8 divisors, 24 magic params, 0 requirements
; CHECK-NEXT: divisor 0: s32 positive extra 0-2: arg1+12:i32
; CHECK-NEXT: divisor 1: s32 positive extra 3-5: arg1+12:i32 arg1+8:i32 mul.i32.nsw
; CHECK-NEXT: divisor 2: u32 extra 6-8: arg2:i32 launch.ntid.x add.i32.nuw
; CHECK-NEXT: divisor 3: u32 extra 9-11: launch.nctaid.x launch.ntid.x mul.i32
; CHECK-NEXT: divisor 4: u64 extra 12-14: arg3:i64 const.i64.3 lshr.i64.exact
; CHECK-NEXT: divisor 5: u32 extra 15-17: arg2:i32 zext.i32.i64 trunc.i64.i32
; CHECK-NEXT: divisor 6: u32 extra 18-20: const.i16.1 arg4:i16 umax.i16 zext.i16.i32
; CHECK-NEXT: divisor 7: u32 extra 21-23: arg2:i32 const.i32.0 icmp.eq.i32 const.i32.7 arg2:i32 select.i32
; CHECK-NOT: divisor 8
define ptx_kernel void @k(ptr %out, ptr byval(%struct.Shape) align 4 %s, i32 %n, i64 %big, i16 %small) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nct = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %pw = getelementptr inbounds i8, ptr %s, i64 12
  %w = load i32, ptr %pw, align 4
  %ph = getelementptr inbounds i8, ptr %s, i64 8
  %h = load i32, ptr %ph, align 4
  %q0 = sdiv i32 %tid, %w
  %hw = mul nsw i32 %h, %w
  %wh = mul nsw i32 %w, %h
  %q1 = sdiv i32 %tid, %hw
  %q1b = srem i32 %tid, %wh
  %d2 = add nuw i32 %ntid, %n
  %q2 = udiv i32 %tid, %d2
  %d3 = mul i32 %nct, %ntid
  %q3 = urem i32 %tid, %d3
  %d4 = lshr exact i64 %big, 3
  %t64 = zext i32 %tid to i64
  %big2 = mul i64 %t64, %big
  %q4 = udiv i64 %big2, %d4
  %n64 = zext i32 %n to i64
  %q5 = udiv i64 %t64, %n64
  %sm = call i16 @llvm.umax.i16(i16 %small, i16 1)
  %t16 = trunc i32 %tid to i16
  %q6 = udiv i16 %t16, %sm
  %z = icmp eq i32 %n, 0
  %d7 = select i1 %z, i32 7, i32 %n
  %q7 = udiv i32 %tid, %d7
  %a0 = add i32 %q0, %q1
  %a1 = add i32 %a0, %q1b
  %a2 = add i32 %a1, %q2
  %a3 = add i32 %a2, %q3
  %a5 = add i32 %a3, %q7
  %w6 = zext i16 %q6 to i32
  %a6 = add i32 %a5, %w6
  %x4 = trunc i64 %q4 to i32
  %x5 = trunc i64 %q5 to i32
  %a7 = add i32 %a6, %x4
  %a8 = add i32 %a7, %x5
  store i32 %a8, ptr %out, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i16 @llvm.umax.i16(i16, i16)
