; md_clone.c: the clone self-test (MAGICDIV_CLONE_SELFTEST=1 copies every
; clone_me* definition to clone_me*__clone with extra i32, i32, i64
; parameters) on the constructs the cloner must copy exactly: loops and
; multi-edge PHIs, switch, select, invoke/landingpad + personality, funclet
; pads, callbr, indirectbr with the function's own blockaddresses, constant
; GEPs, instruction metadata, parameter/return/function attributes, calling
; conventions, function properties and metadata, varargs, recursion.
; The cloner's test hook (plugin/testing/, built with -DMAGICDIV_TEST_HOOKS=ON):
; REQUIRES: test-hooks
; RUN: env MAGICDIV_CLONE_SELFTEST=1 %opt -load-pass-plugin=%plugin \
; RUN:   -passes=magicdiv,verify -S %s -o %t.ll 2>&1 | %FileCheck %s --check-prefix=ERR --allow-empty
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck %s --check-prefix=ORIG < %t.ll
; ERR-NOT: md_clone_selftest

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%S = type { i32, i32, i64 }
@g = global [4 x i32] [i32 1, i32 2, i32 3, i32 4]

declare i32 @ext(i32)
declare i32 @__gxx_personality_v0(...)
declare i32 @__CxxFrameHandler3(...)
declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_end.p0(ptr)

; --- loop, switch (two cases to one block), select, PHIs, metadata, attrs
; CHECK-LABEL: define internal fastcc noundef i32 @clone_me_loop__clone(
; CHECK-SAME: i32 noundef %n, ptr byval(%S) align 8 %s, ptr byref(%S) align 4 %r, ptr noalias nonnull dereferenceable(4) %out, i32 %0, i32 %1, i64 %2) unnamed_addr #[[A0:[0-9]+]] section ".text.mine" align 32 !prof ![[PROF:[0-9]+]] !md.custom ![[CUSTOM:[0-9]+]] {
; CHECK-NEXT: entry:
; CHECK-NEXT:   %f = load i32, ptr %s, align 4, !tbaa ![[TBAA:[0-9]+]], !range ![[RANGE:[0-9]+]]
; CHECK-NEXT:   %rr = load i32, ptr %r, align 4
; CHECK-NEXT:   br label %loop
; CHECK:      loop:
; CHECK-NEXT:   %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
; CHECK-NEXT:   %acc = phi i32 [ %f, %entry ], [ %acc.next, %latch ]
; CHECK-NEXT:   switch i32 %i, label %def [
; CHECK-NEXT:     i32 1, label %one
; CHECK-NEXT:     i32 2, label %two
; CHECK-NEXT:     i32 3, label %two
; CHECK-NEXT:   ]
; CHECK:      one:
; CHECK-NEXT:   %a1 = add nsw i32 %acc, %rr
; CHECK-NEXT:   br label %latch
; CHECK:      two:
; CHECK-NEXT:   %tw = phi i32 [ 3, %loop ], [ 3, %loop ]
; CHECK-NEXT:   %a2 = mul nuw i32 %acc, %tw
; CHECK-NEXT:   br label %latch
; CHECK:      def:
; CHECK-NEXT:   %p = getelementptr inbounds [4 x i32], ptr @g, i32 0, i32 %i
; CHECK-NEXT:   %gv = load i32, ptr getelementptr inbounds ([4 x i32], ptr @g, i32 0, i32 1), align 4, !noalias ![[NOALIAS:[0-9]+]]
; CHECK-NEXT:   %pv = load i32, ptr %p, align 4, !alias.scope ![[NOALIAS]]
; CHECK-NEXT:   %c = icmp ult i32 %i, 2
; CHECK-NEXT:   %a3 = select i1 %c, i32 %gv, i32 %pv
; CHECK-NEXT:   br label %latch
; CHECK:      latch:
; CHECK-NEXT:   %acc.next = phi i32 [ %a1, %one ], [ %a2, %two ], [ %a3, %def ]
; CHECK-NEXT:   %i.next = add i32 %i, 1
; CHECK-NEXT:   %done = icmp eq i32 %i.next, %n
; CHECK-NEXT:   br i1 %done, label %exit, label %loop, !llvm.loop ![[LOOP:[0-9]+]]
; CHECK:      exit:
; CHECK-NEXT:   store i32 %acc.next, ptr %out, align 4
; CHECK-NEXT:   ret i32 %acc.next
; CHECK-NEXT: }
define internal fastcc noundef i32 @clone_me_loop(i32 noundef %n, ptr byval(%S) align 8 %s, ptr byref(%S) align 4 %r, ptr noalias nonnull dereferenceable(4) %out) unnamed_addr #0 section ".text.mine" align 32 !prof !10 !md.custom !11 {
entry:
  %f = load i32, ptr %s, align 4, !tbaa !1, !range !5
  %rr = load i32, ptr %r, align 4
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi i32 [ %f, %entry ], [ %acc.next, %latch ]
  switch i32 %i, label %def [ i32 1, label %one
                              i32 2, label %two
                              i32 3, label %two ]
one:
  %a1 = add nsw i32 %acc, %rr
  br label %latch
two:
  %tw = phi i32 [ 3, %loop ], [ 3, %loop ]
  %a2 = mul nuw i32 %acc, %tw
  br label %latch
def:
  %p = getelementptr inbounds [4 x i32], ptr @g, i32 0, i32 %i
  %gv = load i32, ptr getelementptr inbounds ([4 x i32], ptr @g, i32 0, i32 1), align 4, !noalias !7
  %pv = load i32, ptr %p, align 4, !alias.scope !7
  %c = icmp ult i32 %i, 2
  %a3 = select i1 %c, i32 %gv, i32 %pv
  br label %latch
latch:
  %acc.next = phi i32 [ %a1, %one ], [ %a2, %two ], [ %a3, %def ]
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !12
exit:
  store i32 %acc.next, ptr %out, align 4
  ret i32 %acc.next
}

; --- invoke / landingpad with a personality; recursion calls the original
; CHECK-LABEL: define hidden i32 @clone_me_invoke__clone(i32 %x, i32 %0, i32 %1, i64 %2) gc "statepoint-example" personality ptr @__gxx_personality_v0 {
; CHECK-NEXT: entry:
; CHECK-NEXT:   %r = invoke i32 @ext(i32 %x)
; CHECK-NEXT:           to label %ok unwind label %lp
; CHECK:      ok:
; CHECK-NEXT:   %again = call i32 @clone_me_invoke(i32 %r)
; CHECK-NEXT:   ret i32 %again
; CHECK:      lp:
; CHECK-NEXT:   %l = landingpad { ptr, i32 }
; CHECK-NEXT:           cleanup
; CHECK-NEXT:   resume { ptr, i32 } %l
define hidden i32 @clone_me_invoke(i32 %x) gc "statepoint-example" personality ptr @__gxx_personality_v0 {
entry:
  %r = invoke i32 @ext(i32 %x) to label %ok unwind label %lp
ok:
  %again = call i32 @clone_me_invoke(i32 %r)
  ret i32 %again
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}

; --- funclet pads (catchswitch / catchpad / cleanuppad), token operands
; CHECK-LABEL: define void @clone_me_funclet__clone(i32 %x, i32 %0, i32 %1, i64 %2) personality ptr @__CxxFrameHandler3 {
; CHECK:        %cs = catchswitch within none [label %handler] unwind label %cleanup
; CHECK:        %cp = catchpad within %cs [ptr null, i32 64, ptr null]
; CHECK-NEXT:   catchret from %cp to label %done
; CHECK:        %cl = cleanuppad within none []
; CHECK-NEXT:   call i32 @ext(i32 %x) [ "funclet"(token %cl) ]
; CHECK-NEXT:   cleanupret from %cl unwind to caller
define void @clone_me_funclet(i32 %x) personality ptr @__CxxFrameHandler3 {
entry:
  %r = invoke i32 @ext(i32 %x) to label %done unwind label %dispatch
dispatch:
  %cs = catchswitch within none [label %handler] unwind label %cleanup
handler:
  %cp = catchpad within %cs [ptr null, i32 64, ptr null]
  catchret from %cp to label %done
cleanup:
  %cl = cleanuppad within none []
  call i32 @ext(i32 %x) [ "funclet"(token %cl) ]
  cleanupret from %cl unwind to caller
done:
  ret void
}

; --- indirectbr on the function's own block addresses; callbr
; CHECK-LABEL: define i32 @clone_me_ba__clone(i1 %c, i32 %0, i32 %1, i64 %2) {
; CHECK-NEXT: entry:
; CHECK-NEXT:   %t = select i1 %c, ptr blockaddress(@clone_me_ba__clone, %l1), ptr blockaddress(@clone_me_ba__clone, %l2)
; CHECK-NEXT:   indirectbr ptr %t, [label %l1, label %l2]
; CHECK:      l1:
; CHECK-NEXT:   %v = phi ptr [ blockaddress(@clone_me_ba__clone, %l2), %entry ], [ blockaddress(@clone_me_ba__clone, %l1), %l2 ]
; CHECK-NEXT:   callbr void asm "", "!i"()
; CHECK-NEXT:           to label %l3 [label %l2]
; CHECK:      l2:
; CHECK-NEXT:   indirectbr ptr blockaddress(@clone_me_ba__clone, %l1), [label %l1]
; CHECK:      l3:
; CHECK-NEXT:   %pi = ptrtoint ptr %v to i32
; CHECK-NEXT:   ret i32 %pi
define i32 @clone_me_ba(i1 %c) {
entry:
  %t = select i1 %c, ptr blockaddress(@clone_me_ba, %l1), ptr blockaddress(@clone_me_ba, %l2)
  indirectbr ptr %t, [label %l1, label %l2]
l1:
  %v = phi ptr [ blockaddress(@clone_me_ba, %l2), %entry ], [ blockaddress(@clone_me_ba, %l1), %l2 ]
  callbr void asm "", "!i"() to label %l3 [label %l2]
l2:
  indirectbr ptr blockaddress(@clone_me_ba, %l1), [label %l1]
l3:
  %pi = ptrtoint ptr %v to i32
  ret i32 %pi
}

; --- calling conventions (cc 71 = ptx_kernel, cc 91 = amdgpu_kernel),
; prefix/prologue data, DLL storage, fast-math flags on a PHI, unnamed
; values, unreachable blocks, varargs
; CHECK-LABEL: define {{ptx_kernel|cc 71}} void @clone_me_ptx__clone(ptr %p, i32 %0, i32 %1, i64 %2) {
define cc 71 void @clone_me_ptx(ptr %p) {
  ret void
}
; CHECK-LABEL: define amdgpu_kernel void @clone_me_amd__clone(
; CHECK-SAME: ptr addrspace(1) %p, i32 %0, i32 %1, i64 %2) #[[A1:[0-9]+]] {
define amdgpu_kernel void @clone_me_amd(ptr addrspace(1) %p) #1 {
  ret void
}
; CHECK-LABEL: define dllexport double @clone_me_data__clone(double %0, i32 %1, i32 %2, i32 %3, i64 %4) prefix i32 123 prologue i8 -112 {
; CHECK-NEXT:   br label %6
; CHECK:        %7 = phi fast double [ %0, %5 ], [ %8, %6 ]
; CHECK-NEXT:   %8 = fadd fast double %7, 1.000000e+00
; CHECK-NEXT:   %9 = fcmp olt double %8, 1.000000e+01
; CHECK-NEXT:   br i1 %9, label %6, label %10
; CHECK:        ret double %8
; CHECK:        unreachable
define dllexport double @clone_me_data(double %0, i32 %1) prefix i32 123 prologue i8 144 {
  br label %3
3:
  %4 = phi fast double [ %0, %2 ], [ %5, %3 ]
  %5 = fadd fast double %4, 1.0
  %6 = fcmp olt double %5, 10.0
  br i1 %6, label %3, label %7
7:
  ret double %5
8:
  unreachable
}
; CHECK-LABEL: define i32 @clone_me_va__clone(i32 %n, i32 %0, i32 %1, i64 %2, ...) {
; CHECK:        call void @llvm.va_start.p0(ptr %ap)
; CHECK:        %v = va_arg ptr %ap, i32
define i32 @clone_me_va(i32 %n, ...) {
  %ap = alloca [24 x i8], align 8
  call void @llvm.va_start.p0(ptr %ap)
  %v = va_arg ptr %ap, i32
  call void @llvm.va_end.p0(ptr %ap)
  ret i32 %v
}

; The originals are still there, unchanged, before their clones.
; ORIG: define internal fastcc noundef i32 @clone_me_loop(i32 noundef %n, ptr byval(%S) align 8 %s, ptr byref(%S) align 4 %r, ptr noalias nonnull dereferenceable(4) %out) unnamed_addr #[[A0:[0-9]+]] section ".text.mine" align 32 !prof ![[PROF:[0-9]+]] !md.custom ![[CUSTOM:[0-9]+]] {
; ORIG: define i32 @clone_me_ba(i1 %c) {
; ORIG-NEXT: entry:
; ORIG-NEXT:   %t = select i1 %c, ptr blockaddress(@clone_me_ba, %l1), ptr blockaddress(@clone_me_ba, %l2)
; ORIG: define internal fastcc noundef i32 @clone_me_loop__clone({{.*}} unnamed_addr #[[A0]] section ".text.mine" align 32 !prof ![[PROF]] !md.custom ![[CUSTOM]] {
; CHECK-DAG: attributes #[[A0]] = { nounwind "frame-pointer"="all" "magicdiv-kernel" }
; CHECK-DAG: attributes #[[A1]] = { "amdgpu-flat-work-group-size"="1,256" }
; CHECK-DAG: ![[TBAA]] = !{![[INT:[0-9]+]], ![[INT]], i64 0}
; CHECK-DAG: ![[RANGE]] = !{i32 0, i32 100}
; CHECK-DAG: ![[NOALIAS]] = !{![[SCOPE:[0-9]+]]}
; CHECK-DAG: ![[SCOPE]] = distinct !{![[SCOPE]], ![[DOM:[0-9]+]], !"scope"}
; CHECK-DAG: ![[PROF]] = !{!"function_entry_count", i64 100}
; CHECK-DAG: ![[CUSTOM]] = !{!"custom"}
; CHECK-DAG: ![[LOOP]] = distinct !{![[LOOP]], ![[MP:[0-9]+]]}
; CHECK-DAG: ![[MP]] = !{!"llvm.loop.mustprogress"}

attributes #0 = { nounwind "frame-pointer"="all" "magicdiv-kernel" }
attributes #1 = { "amdgpu-flat-work-group-size"="1,256" }
!1 = !{!2, !2, i64 0}
!2 = !{!"int", !3, i64 0}
!3 = !{!"omnipotent char", !4, i64 0}
!4 = !{!"Simple C/C++ TBAA"}
!5 = !{i32 0, i32 100}
!6 = distinct !{!6, !"dom"}
!7 = !{!8}
!8 = distinct !{!8, !6, !"scope"}
!10 = !{!"function_entry_count", i64 100}
!11 = !{!"custom"}
!12 = distinct !{!12, !13}
!13 = !{!"llvm.loop.mustprogress"}
