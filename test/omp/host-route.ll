; The OpenMP host pass on a host module without embedded device code: every
; __tgt_target_kernel of a target region (offload entries of clang 20+,
; "llvm_offload_entries" kind 1, and of clang <= 19, "omp_offloading_entries")
; becomes md_omp_launch with a null clone region (the original runs), with
; an analysis remark saying why; a launch of a region id that is no entry of
; the module and a variable's entry (size > 0) are left alone.  The rerouted
; call keeps its name and the call-site attributes of the forwarded
; operands; an invoke (a launch in a C++ try block) stays an invoke with the
; same destinations (md_host_replace_call).
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %s -o %t.ll \
; RUN:   -pass-remarks=magicdiv -pass-remarks-missed=magicdiv \
; RUN:   -pass-remarks-analysis=magicdiv 2> %t.rem
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck %s --check-prefix=REM < %t.rem
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %t.ll | %FileCheck %s --check-prefix=TWICE

; CHECK-DAG: @.magicdiv.omp.name = private constant [4 x i8] c"k22\00"
; CHECK-DAG: @.magicdiv.omp = private constant { i32, i32, ptr, ptr, ptr, ptr, ptr, ptr, i64 } { i32 2, i32 0, ptr null, ptr null, ptr @.magicdiv.omp.name, ptr @__tgt_target_kernel, ptr null, ptr null, i64 0 }
; CHECK-DAG: @[[N19:.magicdiv.omp.name.[0-9]+]] = private constant [4 x i8] c"k19\00"
; CHECK-DAG: @[[I19:.magicdiv.omp.[0-9]+]] = private constant { i32, i32, ptr, ptr, ptr, ptr, ptr, ptr, i64 } { i32 2, i32 0, ptr null, ptr null, ptr @[[N19]], ptr @__tgt_target_kernel, ptr null, ptr null, i64 0 }
; CHECK-LABEL: define i32 @launch(
; CHECK: %r1 = call i32 @md_omp_launch(ptr @ident, i64 -1, i32 0, i32 0, ptr @.k22.region_id, ptr %args, ptr @.magicdiv.omp)
; CHECK: %r2 = call i32 @md_omp_launch(ptr @ident, i64 -1, i32 0, i32 0, ptr @.k22.region_id, ptr %args, ptr @.magicdiv.omp)
; CHECK: %r3 = call i32 @md_omp_launch(ptr @ident, i64 -1, i32 4, i32 64, ptr @.k19.region_id, ptr %args, ptr @[[I19]])
; CHECK: %r4 = call i32 @__tgt_target_kernel(ptr @ident, i64 -1, i32 0, i32 0, ptr @other, ptr %args)
; CHECK: %r5 = call i32 @__tgt_target_kernel(ptr @ident, i64 -1, i32 0, i32 0, ptr @var, ptr %args)
; CHECK-LABEL: define i32 @launch_eh(
; CHECK: %r6 = invoke i32 @md_omp_launch(ptr nonnull @ident, i64 -1, i32 0, i32 0, ptr nonnull @.k22.region_id, ptr nonnull %args, ptr @.magicdiv.omp)
; CHECK-NEXT: to label %ok unwind label %lp
; CHECK-NOT: __magicdiv

; REM-DAG: remark: <unknown>:0:0: magicdiv: target region 'k22' keeps its original: the device code is not embedded in the host module
; REM-DAG: remark: <unknown>:0:0: magicdiv: target region 'k19' keeps its original: the device code is not embedded in the host module
; REM-COUNT-2: remark: <unknown>:0:0: magicdiv: __tgt_target_kernel of a region id that is no target region of this module left alone
; REM-DAG: remark: <unknown>:0:0: magicdiv: host module: 4 OpenMP target region launch(es) routed through the runtime, 0 clone(s) registered

; TWICE-COUNT-2: = private constant { i32, i32, ptr, ptr, ptr, ptr, ptr, ptr, i64 }
; TWICE-NOT: = private constant { i32, i32, ptr, ptr, ptr, ptr, ptr, ptr, i64 }
; TWICE: %r1 = call i32 @md_omp_launch(
; TWICE: %r4 = call i32 @__tgt_target_kernel(

target triple = "x86_64-pc-linux-gnu"

%ent22 = type { i64, i16, i16, i32, ptr, ptr, i64, i64, ptr }
%ent19 = type { ptr, ptr, i64, i32, i32 }

@ident = private constant [24 x i8] zeroinitializer
@.k22.region_id = weak constant i8 0
@.k19.region_id = weak constant i8 0
@other = weak constant i8 0
@var = global i32 0
@.name22 = internal unnamed_addr constant [4 x i8] c"k22\00"
@.name19 = internal unnamed_addr constant [4 x i8] c"k19\00"
@.namev = internal unnamed_addr constant [4 x i8] c"var\00"
@.e22 = weak constant %ent22 { i64 0, i16 1, i16 1, i32 0, ptr @.k22.region_id, ptr @.name22, i64 0, i64 0, ptr null }, section "llvm_offload_entries"
@.e19 = weak constant %ent19 { ptr @.k19.region_id, ptr @.name19, i64 0, i32 0, i32 0 }, section "omp_offloading_entries"
@.ev = weak constant %ent22 { i64 0, i16 1, i16 1, i32 0, ptr @var, ptr @.namev, i64 4, i64 0, ptr null }, section "llvm_offload_entries"

declare i32 @__tgt_target_kernel(ptr, i64, i32, i32, ptr, ptr)

define i32 @launch(ptr %args) {
  %r1 = call i32 @__tgt_target_kernel(ptr @ident, i64 -1, i32 0, i32 0, ptr @.k22.region_id, ptr %args)
  %r2 = call i32 @__tgt_target_kernel(ptr @ident, i64 -1, i32 0, i32 0, ptr @.k22.region_id, ptr %args)
  %r3 = call i32 @__tgt_target_kernel(ptr @ident, i64 -1, i32 4, i32 64, ptr @.k19.region_id, ptr %args)
  %r4 = call i32 @__tgt_target_kernel(ptr @ident, i64 -1, i32 0, i32 0, ptr @other, ptr %args)
  %r5 = call i32 @__tgt_target_kernel(ptr @ident, i64 -1, i32 0, i32 0, ptr @var, ptr %args)
  %s = add i32 %r1, %r2
  ret i32 %s
}

define i32 @launch_eh(ptr %args) personality ptr @__gxx_personality_v0 {
entry:
  %r6 = invoke i32 @__tgt_target_kernel(ptr nonnull @ident, i64 -1, i32 0, i32 0, ptr nonnull @.k22.region_id, ptr nonnull %args)
          to label %ok unwind label %lp
ok:
  ret i32 %r6
lp:
  %e = landingpad { ptr, i32 } cleanup
  ret i32 -1
}

declare i32 @__gxx_personality_v0(...)
