; Graph kernel-node calls in hand-written host IR: the driver API's v1 ABI
; names (CUDA_KERNEL_NODE_PARAMS_v1) get MD_GRAPH_CU_V1 (1) in their
; md_graph_api, cudaGraphNodeGetParams is routed, a call inside a try block
; stays an invoke with the same destinations, and a call with an unexpected
; prototype is left alone with a missed remark.  Run twice: nothing changes.
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %s -o %t.ll -pass-remarks=magicdiv -pass-remarks-missed=magicdiv 2> %t.remarks
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck %s --check-prefix=REM < %t.remarks
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %t.ll | grep -v ModuleID > %t2.ll
; RUN: grep -v ModuleID %t.ll | diff - %t2.ll
; CHECK-DAG: @__magicdiv_graph_kernels = private constant [1 x { ptr, ptr, ptr }] [{ ptr, ptr, ptr } { ptr @stub_k, ptr @name_k, ptr null }]
; CHECK-DAG: @[[V1:__magicdiv_graph_api[.0-9]*]] = private constant { i32, i32, ptr, ptr, ptr, i64 } { i32 1, i32 1, ptr @cuGraphKernelNodeGetParams, ptr null, ptr @__magicdiv_graph_kernels, i64 1 }
; CHECK-DAG: @[[V1S:__magicdiv_graph_api[.0-9]*]] = private constant {{.*}} { i32 1, i32 1, ptr @cuGraphKernelNodeSetParams, ptr null,
; CHECK-DAG: @[[V1X:__magicdiv_graph_api[.0-9]*]] = private constant {{.*}} { i32 1, i32 1, ptr @cuGraphExecKernelNodeSetParams, ptr null,
; CHECK-DAG: @[[V1A:__magicdiv_graph_api[.0-9]*]] = private constant {{.*}} { i32 1, i32 1, ptr @cuGraphAddKernelNode, ptr null,
; CHECK-DAG: @[[NG:__magicdiv_graph_api[.0-9]*]] = private constant {{.*}} { i32 1, i32 0, ptr @cudaGraphNodeGetParams, ptr @cudaGetFuncBySymbol,
; CHECK-DAG: @[[KS:__magicdiv_graph_api[.0-9]*]] = private constant {{.*}} { i32 1, i32 0, ptr @cudaGraphKernelNodeSetParams, ptr @cudaGetFuncBySymbol,
; CHECK-LABEL: define i32 @edit(
; CHECK: call i32 @md_cuGraphKernelNodeGetParams(ptr %n, ptr %p, ptr @[[V1]])
; CHECK: call i32 @md_cuGraphKernelNodeSetParams(ptr %n, ptr %p, ptr @[[V1S]])
; CHECK: call i32 @md_cuGraphExecKernelNodeSetParams(ptr %x, ptr %n, ptr %p, ptr @[[V1X]])
; CHECK: call i32 @md_cuGraphAddKernelNode(ptr %o, ptr %g, ptr %d, i64 1, ptr %p, ptr @[[V1A]])
; CHECK: call i32 @md_cudaGraphNodeGetParams(ptr %n, ptr %p, ptr @[[NG]])
; CHECK: call i32 @cudaGraphExecNodeSetParams(ptr %x, ptr %n)
; CHECK-LABEL: define i32 @edit_eh(
; CHECK: = invoke i32 @md_cudaGraphKernelNodeSetParams(ptr %n, ptr %p, ptr @[[KS]])
; CHECK-NEXT: to label %ok unwind label %bad
; REM-DAG: magicdiv: cuGraphKernelNodeGetParams routed through md_cuGraphKernelNodeGetParams
; REM-DAG: magicdiv: cudaGraphExecNodeSetParams call with an unexpected prototype: not rerouted
; REM-DAG: magicdiv: cudaGraphKernelNodeSetParams routed through md_cudaGraphKernelNodeSetParams

target triple = "x86_64-pc-linux-gnu"

@name_k = private constant [2 x i8] c"k\00"

declare i32 @__cudaRegisterFunction(ptr, ptr, ptr, ptr, i32, ptr, ptr, ptr, ptr, ptr)
declare i32 @cuGraphKernelNodeGetParams(ptr, ptr)
declare i32 @cuGraphKernelNodeSetParams(ptr, ptr)
declare i32 @cuGraphExecKernelNodeSetParams(ptr, ptr, ptr)
declare i32 @cuGraphAddKernelNode(ptr, ptr, ptr, i64, ptr)
declare i32 @cudaGraphNodeGetParams(ptr, ptr)
declare i32 @cudaGraphExecNodeSetParams(ptr, ptr)
declare i32 @cudaGraphKernelNodeSetParams(ptr, ptr)
declare void @may_throw()
declare i32 @__gxx_personality_v0(...)

define void @stub_k() {
  ret void
}

define void @ctor(ptr %h) {
  %r = call i32 @__cudaRegisterFunction(ptr %h, ptr @stub_k, ptr @name_k, ptr @name_k, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  ret void
}

define i32 @edit(ptr %g, ptr %x, ptr %n, ptr %p, ptr %o, ptr %d) {
  %a = call i32 @cuGraphKernelNodeGetParams(ptr %n, ptr %p)
  %b = call i32 @cuGraphKernelNodeSetParams(ptr %n, ptr %p)
  %c = call i32 @cuGraphExecKernelNodeSetParams(ptr %x, ptr %n, ptr %p)
  %e = call i32 @cuGraphAddKernelNode(ptr %o, ptr %g, ptr %d, i64 1, ptr %p)
  %f = call i32 @cudaGraphNodeGetParams(ptr %n, ptr %p)
  %w = call i32 @cudaGraphExecNodeSetParams(ptr %x, ptr %n)
  %s1 = or i32 %a, %b
  %s2 = or i32 %s1, %c
  %s3 = or i32 %s2, %e
  %s4 = or i32 %s3, %f
  %s5 = or i32 %s4, %w
  ret i32 %s5
}

define i32 @edit_eh(ptr %n, ptr %p) personality ptr @__gxx_personality_v0 {
  call void @may_throw()
  %r = invoke i32 @cudaGraphKernelNodeSetParams(ptr %n, ptr %p)
          to label %ok unwind label %bad
ok:
  ret i32 %r
bad:
  %lp = landingpad { ptr, i32 } cleanup
  ret i32 -1
}
